import Foundation

// How generated code reads and writes fields whose wire form is not the Swift type's own: numbers carried as
// strings, dates in another encoding than the contract's, JSON carried inside a string, and values that may be
// `null` while present. Each is a small `Codable` wrapper that generated `init(from:)` and `encode(to:)` go
// through, so the Swift property keeps its plain type.

/// A number an API writes as a JSON string (`"0.0010"`, a 64-bit id `"80351110224678912"`).
public protocol StringEncodableNumber: Sendable, Hashable {
    /// The value of `text`, already checked to be a JSON number; `nil` when it does not fit.
    init?(numberText text: String)
    /// The value written as a JSON number.
    var numberText: String { get }
}

extension Int: StringEncodableNumber {
    public init?(numberText text: String) { self.init(text) }
    public var numberText: String { String(self) }
}

extension Int64: StringEncodableNumber {
    public init?(numberText text: String) { self.init(text) }
    public var numberText: String { String(self) }
}

extension UInt64: StringEncodableNumber {
    public init?(numberText text: String) { self.init(text) }
    public var numberText: String { String(self) }
}

extension Double: StringEncodableNumber {
    public init?(numberText text: String) {
        guard let value = Double(text), value.isFinite else { return nil }
        self = value
    }
    public var numberText: String { JSONNumber(self).text }
}

extension Decimal: StringEncodableNumber {
    public init?(numberText text: String) {
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), value.isFinite else {
            return nil
        }
        self = value
    }
    public var numberText: String { description }
}

/// Bit flags (a generated `OptionSet`) are numbers too, and some APIs write them as strings.
extension StringEncodableNumber where Self: RawRepresentable, RawValue == UInt64 {
    public init?(numberText text: String) {
        guard let raw = UInt64(text) else { return nil }
        self.init(rawValue: raw)
    }
    public var numberText: String { String(rawValue) }
}

/// A number written as a JSON string. Decoding accepts exactly a JSON number inside the quotes (no spaces,
/// no `+`, no `NaN`); encoding writes the value's plain decimal form (`Decimal` drops trailing zeros: `"0.001"`).
public struct NumberString<Value: StringEncodableNumber>: Codable, Hashable, Sendable {
    public var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard JSONNumber.isJSONNumber(text.utf8), let value = Value(numberText: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not a number that fits in \(Value.self).")
        }
        self.value = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value.numberText)
    }
}

/// One of the date encodings, as a type, so a field can name its own (`CodedDate<WireDateEncoding.UnixMilliseconds>`).
public protocol WireDateFormat: Sendable {
    static var encoding: WireDateEncoding { get }
}

extension WireDateEncoding {
    public enum ISO8601: WireDateFormat { public static var encoding: WireDateEncoding { .iso8601 } }
    public enum ISO8601Fractional: WireDateFormat {
        public static var encoding: WireDateEncoding { .iso8601Fractional }
    }
    public enum UnixSeconds: WireDateFormat { public static var encoding: WireDateEncoding { .unixSeconds } }
    public enum UnixMilliseconds: WireDateFormat { public static var encoding: WireDateEncoding { .unixMilliseconds } }
    public enum UnixMicroseconds: WireDateFormat { public static var encoding: WireDateEncoding { .unixMicroseconds } }
}

/// A date in its own encoding, whatever the contract's `dates:` says.
public struct CodedDate<Format: WireDateFormat>: Codable, Hashable, Sendable {
    public var value: Date

    public init(_ value: Date) {
        self.value = value
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        switch Format.encoding {
        case .iso8601, .iso8601Fractional:
            let text = try container.decode(String.self)
            guard let date = WireDateEncoding.parseISO8601(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text)' is not an ISO 8601 date")
            }
            value = date
        case .unixSeconds, .unixMilliseconds, .unixMicroseconds:
            value = Format.encoding.date(fromUnixNumber: try container.decode(Double.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try Format.encoding.encode(value, into: &container)
    }
}

/// A value whose JSON is carried as text inside a JSON string (`"{\"a\":1}"`), as some APIs nest documents.
/// The inner JSON is read with the same date encoding as the payload around it.
public struct EmbeddedJSON<Value: Codable & Sendable>: Codable, Sendable {
    public var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        let dates =
            WireValueDecoder.unwrapping(decoder)?.document.dates
            ?? (decoder.userInfo[.wireDateEncoding] as? WireDateEncoding) ?? .iso8601
        do {
            value = try WireDecoder(dates: dates).decode(Value.self, from: Data(text.utf8))
        } catch {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "the JSON inside the string does not decode as \(Value.self): \(error)"
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        let dates = encoder.userInfo[.wireDateEncoding] as? WireDateEncoding ?? .iso8601
        let data = try dates.makeEncoder().encode(value)
        var container = encoder.singleValueContainer()
        try container.encode(String(decoding: data, as: UTF8.self))
    }
}

extension EmbeddedJSON: Equatable where Value: Equatable {}
extension EmbeddedJSON: Hashable where Value: Hashable {}

/// A field that may be absent, `null` or a value, where absent and `null` mean different things (a contract's
/// `(T | null)?`): the property is `Nullable<T>?`, `nil` when absent.
public enum Nullable<Wrapped> {
    case null
    case value(Wrapped)

    /// The value, or `nil` for `null`.
    public var wrapped: Wrapped? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// `.value` for a value, `.null` for `nil`.
    public init(_ wrapped: Wrapped?) {
        self = wrapped.map(Self.value) ?? .null
    }

    public func map<T>(_ transform: (Wrapped) throws -> T) rethrows -> Nullable<T> {
        switch self {
        case .null: .null
        case .value(let value): .value(try transform(value))
        }
    }
}

extension Nullable: Sendable where Wrapped: Sendable {}
extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}

extension Nullable: Codable where Wrapped: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Wrapped.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .value(let value): try container.encode(value)
        }
    }
}

extension CodingUserInfoKey {
    /// The contract's date encoding, set by `WireDateEncoding.makeEncoder()` and `makeJSONDecoder()`, for values
    /// that encode JSON of their own (`EmbeddedJSON`).
    public static let wireDateEncoding = CodingUserInfoKey(rawValue: "schemagen.wireDateEncoding")!
}
