import Foundation

/// How a contract writes dates on the wire. Decoding ISO 8601 accepts both forms (with and without
/// fractional seconds), so a server that changes its precision does not break apps; encoding writes the
/// declared form.
public enum WireDateEncoding: String, Hashable, Sendable {
    case iso8601 = "iso8601"
    case iso8601Fractional = "iso8601-fractional"
    case unixSeconds = "unix-seconds"
    case unixMilliseconds = "unix-milliseconds"

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
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an ISO 8601 date")
            }
        case .unixSeconds: decoder.dateDecodingStrategy = .secondsSince1970
        case .unixMilliseconds: decoder.dateDecodingStrategy = .millisecondsSince1970
        }
        return decoder
    }

    /// An encoder that writes payloads as this contract's server expects, with sorted keys so the same
    /// value always gives the same bytes.
    public func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        switch self {
        case .iso8601:
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(date.formatted(Self.whole))
            }
        case .iso8601Fractional:
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(date.formatted(Self.fractional))
            }
        case .unixSeconds: encoder.dateEncodingStrategy = .secondsSince1970
        case .unixMilliseconds: encoder.dateEncodingStrategy = .millisecondsSince1970
        }
        return encoder
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
