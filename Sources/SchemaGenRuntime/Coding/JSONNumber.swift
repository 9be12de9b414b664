import Foundation

/// A JSON number exactly as the wire wrote it, so `9007199254740993` or `0.0010` in a `JSON` field is not
/// rounded through `Double` (docs/decoding.md).
///
/// Two numbers are equal when they are the same whole number, or otherwise have the same `Double` value
/// (`1` and `1.0` are equal).
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral
{
    /// The number in JSON's grammar: as received, or as Swift writes the value it was made from.
    public let text: String

    /// A number from JSON text; `nil` unless `text` is a JSON number (`-0.5e3`, not `+1`, `.5` or `NaN`).
    public init?(text: String) {
        guard Self.isJSONNumber(text.utf8) else { return nil }
        self.text = text
    }

    /// Text the JSON tape already validated.
    init(validated text: String) {
        self.text = text
    }

    public init(_ value: Int64) { text = String(value) }
    public init(_ value: Int) { text = String(value) }
    /// A number from a finite `Double`, written as Swift's shortest exact form; infinities and NaN, which JSON
    /// cannot hold, become `0`.
    public init(_ value: Double) { text = value.isFinite ? Self.text(of: value) : "0" }
    public init(_ value: Decimal) { text = value.isFinite ? value.description : "0" }
    public init(integerLiteral value: Int) { self.init(value) }
    public init(floatLiteral value: Double) { self.init(value) }

    /// The nearest `Double` (how `JSONDecoder` reads every number).
    public var double: Double { Double(text) ?? 0 }

    /// The value as a 64-bit integer, when `text` is a whole number written without fraction or exponent
    /// that fits.
    public var int64: Int64? { Int64(text) }

    /// The value as a `Decimal` (38 significant digits, exact for amounts written as decimals).
    public var decimal: Decimal? { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) }

    public var description: String { text }

    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if let left = lhs.int64, let right = rhs.int64 { return left == right }
        return lhs.double == rhs.double
    }

    public func hash(into hasher: inout Hasher) {
        // Equal numbers have equal `Double`s (whole numbers beyond 2^53 may share one, which only costs a collision).
        hasher.combine(double == 0 ? 0 : double)
    }

    /// Whether `bytes` are one number as RFC 8259 writes it: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isJSONNumber<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var index = bytes.startIndex
        func digits() -> Int {
            var count = 0
            while index != bytes.endIndex, bytes[index] &- UInt8(ascii: "0") < 10 {
                count += 1
                index = bytes.index(after: index)
            }
            return count
        }
        func skip(_ byte: UInt8) -> Bool {
            guard index != bytes.endIndex, bytes[index] == byte else { return false }
            index = bytes.index(after: index)
            return true
        }
        _ = skip(UInt8(ascii: "-"))
        guard index != bytes.endIndex else { return false }
        if bytes[index] == UInt8(ascii: "0") {
            index = bytes.index(after: index)
        } else if digits() == 0 {
            return false
        }
        if skip(UInt8(ascii: ".")), digits() == 0 { return false }
        if skip(UInt8(ascii: "e")) || skip(UInt8(ascii: "E")) {
            if !skip(UInt8(ascii: "+")) { _ = skip(UInt8(ascii: "-")) }
            if digits() == 0 { return false }
        }
        return index == bytes.endIndex
    }

    /// Swift's shortest form of a finite double, which is JSON but for `Double`'s `inf` and `nan`.
    private static func text(of value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}

extension JSONNumber: Codable {
    /// Reads a number: exactly with `WireDecoder`; with another decoder as a whole number when it is one, else
    /// as a `Double`.
    public init(from decoder: any Decoder) throws {
        if let wire = WireValueDecoder.unwrapping(decoder) {
            self = try wire.number()
            return
        }
        let container = try decoder.singleValueContainer()
        let value = try container.decode(Double.self)
        // `JSONDecoder` reads `9007199254740993.5` as the `Int64` 9007199254740993 (dropping the fraction): its whole
        // number is only taken where it agrees with the number's `Double`, which keeps `9007199254740993` exact.
        if value == value.rounded(), abs(value) < 0x1p63, let whole = try? container.decode(Int64.self),
            Double(whole) == value
        {
            self.init(whole)
        } else {
            self.init(value)
        }
    }

    /// Writes the number as received where the encoder allows: whole numbers and decimals exactly (`Decimal`,
    /// which `JSONEncoder` writes digit for digit), anything else through `Double`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let whole = int64 {
            try container.encode(whole)
        } else if !text.contains(where: { $0 == "e" || $0 == "E" }), let decimal, decimal.isFinite {
            try container.encode(decimal)
        } else {
            try container.encode(double)
        }
    }
}
