import Foundation

// What a generated struct's `init(from:)` and `encode(to:)` are written with: one method per kind of field,
// named after its type (`string`, `optionalDate`), keyed by the field's wire name.
//
// Generated structs do not let the compiler synthesize `Codable`: a synthesized `init(from:)` resolves
// `KeyedDecodingContainer`'s overloaded `decode` once per field and costs about six milliseconds of type
// checking per struct, more than the rest of the struct together. Calls with one candidate each are cheap
// to check, and need no `CodingKeys` enum (docs/performance.md, "Compile cost").

/// The members of one JSON object, read by a generated `init(from:)`.
///
/// Under ``WireDecoder`` (what generated clients decode with) the members are read straight from the parsed
/// payload; under any other `Decoder` (`JSONDecoder`, say) through its keyed container, with the same
/// results and the same `DecodingError`s.
@_spi(Generated) public struct WireFields {
    /// Another decoder's container, boxed: `KeyedDecodingContainer` is resilient, and holding it inline (in an
    /// enum beside the wire container, say) made every field read go through the runtime's value witnesses,
    /// a tenth of decoding.
    private final class Keyed {
        let container: KeyedDecodingContainer<WireCodingKey>
        init(_ container: KeyedDecodingContainer<WireCodingKey>) { self.container = container }
    }

    // Under WireDecoder (`keyed` nil) the object is read from the document directly, not through a
    // `WireKeyedContainer` copied per field: the copy retained and released the document and the path for every
    // field, a tenth of dispatch (docs/performance.md). `document` is not optional for the same reason: binding
    // an optional one retained it once per field.
    private let document: WireDocument
    private let object: Int
    private let path: WireCodingPath
    private let keyed: Keyed?

    /// The object `decoder` holds; throws `DecodingError.typeMismatch` when it holds something else.
    public init(_ decoder: any Decoder) throws {
        if let decoder = WireValueDecoder.unwrapping(decoder) {
            let wire: WireKeyedContainer<WireCodingKey> = try decoder.keyedContainer()
            document = wire.document
            object = wire.object
            path = wire.path
            keyed = nil
        } else {
            document = WireDocument()
            object = 0
            path = .root
            keyed = Keyed(try decoder.container(keyedBy: WireCodingKey.self))
        }
    }

    /// Whether the object has a member named `key` (`null` included).
    public func contains(_ key: String) -> Bool {
        if let keyed { return keyed.container.contains(WireCodingKey(stringValue: key)) }
        return document.member(of: object, named: key) != nil
    }

    public func string(_ key: String) throws -> String {
        if let keyed { return try keyed.container.decode(String.self, forKey: WireCodingKey(stringValue: key)) }
        return try document.read(WireCodingKey(stringValue: key), of: object, at: path) {
            token throws(WireValueFailure) in try document.read(String.self, token)
        }
    }

    public func int(_ key: String) throws -> Int {
        if let keyed { return try keyed.container.decode(Int.self, forKey: WireCodingKey(stringValue: key)) }
        return try document.read(WireCodingKey(stringValue: key), of: object, at: path) {
            token throws(WireValueFailure) in try document.read(Int.self, token)
        }
    }

    public func double(_ key: String) throws -> Double {
        if let keyed { return try keyed.container.decode(Double.self, forKey: WireCodingKey(stringValue: key)) }
        return try document.read(WireCodingKey(stringValue: key), of: object, at: path) {
            token throws(WireValueFailure) in try document.read(Double.self, token)
        }
    }

    public func bool(_ key: String) throws -> Bool {
        if let keyed { return try keyed.container.decode(Bool.self, forKey: WireCodingKey(stringValue: key)) }
        return try document.read(WireCodingKey(stringValue: key), of: object, at: path) {
            token throws(WireValueFailure) in try document.read(Bool.self, token)
        }
    }

    /// A date in the decoder's date encoding (the contract's, under ``WireDecoder``).
    // Read like the scalars, not through `value(_:as:)`: its coding path node and boxed key, made before the
    // value is read, were two of a payload's few allocations.
    public func date(_ key: String) throws -> Date {
        if let keyed { return try keyed.container.decode(Date.self, forKey: WireCodingKey(stringValue: key)) }
        return try document.read(WireCodingKey(stringValue: key), of: object, at: path) {
            token throws(WireValueFailure) in try document.read(Date.self, token)
        }
    }

    /// `nil` when the member is absent or `null`; likewise for the other `optional…` methods.
    public func optionalString(_ key: String) throws -> String? {
        if let keyed {
            return try keyed.container.decodeIfPresent(String.self, forKey: WireCodingKey(stringValue: key))
        }
        return try document.readIfPresent(WireCodingKey(stringValue: key), of: object, at: path) {
            token throws(WireValueFailure) in
            try document.read(String.self, token)
        }
    }

    public func optionalInt(_ key: String) throws -> Int? {
        if let keyed { return try keyed.container.decodeIfPresent(Int.self, forKey: WireCodingKey(stringValue: key)) }
        return try document.readIfPresent(WireCodingKey(stringValue: key), of: object, at: path) {
            token throws(WireValueFailure) in
            try document.read(Int.self, token)
        }
    }

    public func optionalDouble(_ key: String) throws -> Double? {
        if let keyed {
            return try keyed.container.decodeIfPresent(Double.self, forKey: WireCodingKey(stringValue: key))
        }
        return try document.readIfPresent(WireCodingKey(stringValue: key), of: object, at: path) {
            token throws(WireValueFailure) in
            try document.read(Double.self, token)
        }
    }

    public func optionalBool(_ key: String) throws -> Bool? {
        if let keyed { return try keyed.container.decodeIfPresent(Bool.self, forKey: WireCodingKey(stringValue: key)) }
        return try document.readIfPresent(WireCodingKey(stringValue: key), of: object, at: path) {
            token throws(WireValueFailure) in
            try document.read(Bool.self, token)
        }
    }

    public func optionalDate(_ key: String) throws -> Date? {
        if let keyed { return try keyed.container.decodeIfPresent(Date.self, forKey: WireCodingKey(stringValue: key)) }
        return try document.readIfPresent(WireCodingKey(stringValue: key), of: object, at: path) {
            token throws(WireValueFailure) in
            try document.read(Date.self, token)
        }
    }

    /// A member of any other type (arrays, dictionaries, the contract's types, the runtime's wrappers).
    public func value<T: Decodable>(_ key: String, as type: T.Type) throws -> T {
        if let keyed { return try keyed.container.decode(T.self, forKey: WireCodingKey(stringValue: key)) }
        let key = WireCodingKey(stringValue: key)
        return try document.decode(
            T.self, at: try document.member(key, of: object, at: path), path: path.appending(key))
    }

    public func optionalValue<T: Decodable>(_ key: String, as type: T.Type) throws -> T? {
        if let keyed { return try keyed.container.decodeIfPresent(T.self, forKey: WireCodingKey(stringValue: key)) }
        guard let token = document.member(of: object, named: key), !document.isNull(token) else { return nil }
        return try document.decode(T.self, at: token, path: path.appending(WireCodingKey(stringValue: key)))
    }

    /// A member that may be absent (`nil`) or present and `null` (`.null`): the two are different values.
    public func nullable<T: Codable>(_ key: String, as type: T.Type) throws -> Nullable<T>? {
        contains(key) ? try value(key, as: Nullable<T>.self) : nil
    }

    /// Checks a constant member: the frame is another event's when it holds another value.
    public func expect<T: Decodable & Equatable>(_ key: String, equals expected: T) throws {
        let found = try value(key, as: T.self)
        guard found == expected else {
            let codingKey = WireCodingKey(stringValue: key)
            let description =
                "expected the constant \(String(reflecting: expected)), found \(String(reflecting: found))"
            if let keyed {
                throw DecodingError.dataCorruptedError(
                    forKey: codingKey, in: keyed.container, debugDescription: description)
            }
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: path.keys + [codingKey], debugDescription: description))
        }
    }
}

/// Writes the members of one JSON object, in a generated `encode(to:)`: each method writes one member and
/// returns the writer, so a struct's fields are one chain of calls.
@_spi(Generated) public struct WireFieldWriter {
    private let container: KeyedEncodingContainer<WireCodingKey>

    public init(_ encoder: any Encoder) {
        container = encoder.container(keyedBy: WireCodingKey.self)
    }

    // A keyed container shares its storage with its copies (it is a reference to the encoder's box), so each
    // method writes through a copy and the writer stays immutable.
    private func writing(
        _ write: (inout KeyedEncodingContainer<WireCodingKey>) throws -> Void
    ) rethrows -> WireFieldWriter {
        var container = container
        try write(&container)
        return self
    }

    @discardableResult public func string(_ key: String, _ value: String) throws -> WireFieldWriter {
        try writing { try $0.encode(value, forKey: WireCodingKey(stringValue: key)) }
    }

    @discardableResult public func int(_ key: String, _ value: Int) throws -> WireFieldWriter {
        try writing { try $0.encode(value, forKey: WireCodingKey(stringValue: key)) }
    }

    @discardableResult public func double(_ key: String, _ value: Double) throws -> WireFieldWriter {
        try writing { try $0.encode(value, forKey: WireCodingKey(stringValue: key)) }
    }

    @discardableResult public func bool(_ key: String, _ value: Bool) throws -> WireFieldWriter {
        try writing { try $0.encode(value, forKey: WireCodingKey(stringValue: key)) }
    }

    @discardableResult public func date(_ key: String, _ value: Date) throws -> WireFieldWriter {
        try writing { try $0.encode(value, forKey: WireCodingKey(stringValue: key)) }
    }

    /// Writes nothing for `nil`; likewise for the other `optional…` methods.
    @discardableResult public func optionalString(_ key: String, _ value: String?) throws -> WireFieldWriter {
        try writing { try $0.encodeIfPresent(value, forKey: WireCodingKey(stringValue: key)) }
    }

    @discardableResult public func optionalInt(_ key: String, _ value: Int?) throws -> WireFieldWriter {
        try writing { try $0.encodeIfPresent(value, forKey: WireCodingKey(stringValue: key)) }
    }

    @discardableResult public func optionalDouble(_ key: String, _ value: Double?) throws -> WireFieldWriter {
        try writing { try $0.encodeIfPresent(value, forKey: WireCodingKey(stringValue: key)) }
    }

    @discardableResult public func optionalBool(_ key: String, _ value: Bool?) throws -> WireFieldWriter {
        try writing { try $0.encodeIfPresent(value, forKey: WireCodingKey(stringValue: key)) }
    }

    @discardableResult public func optionalDate(_ key: String, _ value: Date?) throws -> WireFieldWriter {
        try writing { try $0.encodeIfPresent(value, forKey: WireCodingKey(stringValue: key)) }
    }

    /// A member of any other type; an `Optional` is written as `null` when `nil`.
    @discardableResult public func value<T: Encodable>(_ key: String, _ value: T) throws -> WireFieldWriter {
        try writing { try $0.encode(value, forKey: WireCodingKey(stringValue: key)) }
    }

    @discardableResult public func optionalValue<T: Encodable>(_ key: String, _ value: T?) throws -> WireFieldWriter {
        try writing { try $0.encodeIfPresent(value, forKey: WireCodingKey(stringValue: key)) }
    }
}
