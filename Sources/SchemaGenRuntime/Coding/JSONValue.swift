/// Any JSON value: the Swift type of contract fields typed `JSON`, for parts of a payload an API leaves open.
/// Numbers keep the text they were written with (`JSONNumber`), so no digit is lost.
public enum JSONValue: Hashable, Sendable, Codable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(JSONNumber.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The member `key` of an object, if this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON, keys sorted: `{"a":[1,"x",null]}`.
    public var description: String {
        guard let data = try? WireDateEncoding.iso8601.makeEncoder().encode(self) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// The payload of an event that carries none.
public struct NoPayload: Hashable, Sendable, Codable {
    public init() {}
}

extension JSONValue {
    /// Writes `value` at `path` through nested objects, making an object of whatever is in the way.
    mutating func set(_ value: JSONValue, at path: ArraySlice<String>) {
        guard let key = path.first else { return self = value }
        var members = if case .object(let members) = self { members } else { [String: JSONValue]() }
        var member = members[key] ?? .null
        member.set(value, at: path.dropFirst())
        members[key] = member
        self = .object(members)
    }
}
