import Foundation

/// How a contract writes dates on the wire. Decoding ISO 8601 accepts both forms (with and without
/// fractional seconds), so a server that changes its precision does not break apps; encoding writes the
/// declared form.
public enum WireDateEncoding: String, Hashable, Sendable {
    case iso8601 = "iso8601"
    case iso8601Fractional = "iso8601-fractional"
    case unixSeconds = "unix-seconds"
    case unixMilliseconds = "unix-milliseconds"
    case unixMicroseconds = "unix-microseconds"

    /// The decoder generated clients read this contract's payloads with.
    public func makeDecoder() -> WireDecoder {
        WireDecoder(dates: self)
    }

    /// A Foundation `JSONDecoder` that reads dates as `makeDecoder()` does, for app code that needs
    /// `JSONDecoder` itself.
    public func makeJSONDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        switch self {
        case .iso8601, .iso8601Fractional:
            decoder.dateDecodingStrategy = .custom { decoder in
                let container = try decoder.singleValueContainer()
                let text = try container.decode(String.self)
                if let date = Self.parseISO8601(text) { return date }
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text)' is not an ISO 8601 date")
            }
        case .unixSeconds, .unixMilliseconds, .unixMicroseconds:
            decoder.dateDecodingStrategy = .custom { decoder in
                self.date(fromUnixNumber: try decoder.singleValueContainer().decode(Double.self))
            }
        }
        decoder.userInfo[.wireDateEncoding] = self
        return decoder
    }

    /// An encoder that writes payloads as this contract's server expects, with sorted keys so the same
    /// value always gives the same bytes.
    public func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.userInfo[.wireDateEncoding] = self
        encoder.dataEncodingStrategy = .custom(BytePathRecorder.write)
        switch self {
        case .unixSeconds: encoder.dateEncodingStrategy = .secondsSince1970
        case .unixMilliseconds: encoder.dateEncodingStrategy = .millisecondsSince1970
        case .iso8601, .iso8601Fractional, .unixMicroseconds:
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try self.encode(date, into: &container)
            }
        }
        return encoder
    }

    /// The date a unix timestamp in this encoding's unit stands for.
    func date(fromUnixNumber number: Double) -> Date {
        switch self {
        case .unixMilliseconds: Date(timeIntervalSince1970: number / 1000)
        case .unixMicroseconds: Date(timeIntervalSince1970: number / 1_000_000)
        default: Date(timeIntervalSince1970: number)
        }
    }

    /// Writes `date` as this encoding does: ISO 8601 text, or a number of seconds, milliseconds or
    /// microseconds (a whole number when the date has no finer part, as `JSONEncoder` writes it).
    func encode(_ date: Date, into container: inout any SingleValueEncodingContainer) throws {
        switch self {
        case .iso8601: try container.encode(date.formatted(Self.whole))
        case .iso8601Fractional: try container.encode(date.formatted(Self.fractional))
        case .unixSeconds: try container.encode(date.timeIntervalSince1970)
        case .unixMilliseconds: try container.encode(date.timeIntervalSince1970 * 1000)
        case .unixMicroseconds:
            let micros = (date.timeIntervalSince1970 * 1_000_000).rounded()
            try container.encode(Int64(exactly: micros) ?? 0)
        }
    }

    private static let whole = Date.ISO8601FormatStyle()
    private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// Parses `2025-01-31T09:30:00Z` and `2025-01-31T09:30:00.123Z` (and offsets such as `+02:00`): the
    /// common shapes with a fast parser, anything else ISO 8601 allows with `ISO8601FormatStyle`.
    static func parseISO8601(_ text: String) -> Date? {
        ISO8601Parser.parse(text) ?? parseISO8601WithFoundation(text)
    }

    /// The shapes the fast parser leaves to Foundation.
    static func parseISO8601WithFoundation(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: fractional) { return date }
        return try? Date(text, strategy: whole)
    }
}
