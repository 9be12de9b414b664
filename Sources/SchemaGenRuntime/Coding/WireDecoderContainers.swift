import Foundation

// The `Decoder` and containers `WireDecoder` hands to `init(from:)`. Each is a few words over the shared
// `WireDocument` (a token index and a coding path), so descending into a value allocates nothing.

/// The decoder of one value of a payload.
struct WireValueDecoder: Decoder {
    let document: WireDocument
    let token: Int
    let path: WireCodingPath

    /// `decoder` when it is this type: told by its type, not with `as?`, whose dynamic cast (with a copy of the
    /// existential) was a twentieth of decoding a payload, and runs once per object and per coded value.
    static func unwrapping<D: Decoder>(_ decoder: D) -> WireValueDecoder? {
        guard D.self == WireValueDecoder.self else { return nil }
        return unsafeBitCast(decoder, to: WireValueDecoder.self)
    }

    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(try keyedContainer())
    }

    /// The object's container itself, for ``WireFields``: read without `KeyedDecodingContainer`'s box.
    func keyedContainer<Key: CodingKey>() throws -> WireKeyedContainer<Key> {
        guard document.kind(token) == .object else {
            throw document.mismatch([String: Any].self, token).decodingError(at: path)
        }
        return WireKeyedContainer<Key>(document: document, object: token, path: path)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard document.kind(token) == .array else { throw document.mismatch([Any].self, token).decodingError(at: path) }
        return WireUnkeyedContainer(document: document, array: token, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        WireSingleValueContainer(document: document, token: token, path: path)
    }
}

/// Reads a token as one of the types every container reads; shared by the three containers and ``WireFields``.
extension WireDocument {
    func read(_ type: Bool.Type, _ token: Int) throws(WireValueFailure) -> Bool { try bool(at: token) }
    func read(_ type: String.Type, _ token: Int) throws(WireValueFailure) -> String { try string(at: token) }
    func read(_ type: Double.Type, _ token: Int) throws(WireValueFailure) -> Double { try double(at: token) }
    func read(_ type: Float.Type, _ token: Int) throws(WireValueFailure) -> Float { try float(at: token) }
    func read<T: FixedWidthInteger>(_ type: T.Type, _ token: Int) throws(WireValueFailure) -> T {
        try integer(at: token, as: T.self)
    }
    /// In the document's date encoding.
    func read(_ type: Date.Type, _ token: Int) throws(WireValueFailure) -> Date { try date(at: token) }

    /// The value of member `key` of `object`; `DecodingError.keyNotFound` when it has none.
    func member(_ key: some CodingKey, of object: Int, at path: WireCodingPath) throws -> Int {
        guard let value = member(of: object, named: key.stringValue) else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: path.keys,
                    debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return value
    }

    /// The value of member `key` of `object` read by `reader`; a failure is reported at the key's path.
    @inline(__always)
    func read<T>(
        _ key: some CodingKey, of object: Int, at path: WireCodingPath, _ reader: (Int) throws(WireValueFailure) -> T
    ) throws -> T {
        let token = try member(key, of: object, at: path)
        do {
            return try reader(token)
        } catch {
            throw error.decodingError(at: path.appending(key))
        }
    }

    /// Like `read`, but `nil` when the key is absent or null.
    @inline(__always)
    func readIfPresent<T>(
        _ key: some CodingKey, of object: Int, at path: WireCodingPath,
        _ reader: (Int) throws(WireValueFailure) -> T
    ) throws -> T? {
        guard let token = member(of: object, named: key.stringValue), !isNull(token) else { return nil }
        do {
            return try reader(token)
        } catch {
            throw error.decodingError(at: path.appending(key))
        }
    }
}

/// The members of one JSON object, by key.
struct WireKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let document: WireDocument
    let object: Int
    let path: WireCodingPath

    var codingPath: [any CodingKey] { path.keys }

    var allKeys: [Key] { document.keys(of: object).compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { document.member(of: object, named: key.stringValue) != nil }

    private func value(for key: Key) throws -> Int { try document.member(key, of: object, at: path) }

    private func read<T>(_ key: Key, _ reader: (Int) throws(WireValueFailure) -> T) throws -> T {
        try document.read(key, of: object, at: path, reader)
    }

    private func readIfPresent<T>(_ key: Key, _ reader: (Int) throws(WireValueFailure) -> T) throws -> T? {
        try document.readIfPresent(key, of: object, at: path, reader)
    }

    func decodeNil(forKey key: Key) throws -> Bool { document.isNull(try value(for: key)) }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try read(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try read(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try read(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try read(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try read(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try read(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try read(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try read(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try read(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try read(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try read(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try read(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try read(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try read(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try document.decode(T.self, at: try value(for: key), path: path.appending(key))
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try readIfPresent(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try readIfPresent(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try readIfPresent(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try readIfPresent(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try readIfPresent(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try readIfPresent(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try readIfPresent(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try readIfPresent(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try readIfPresent(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try readIfPresent(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try readIfPresent(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try readIfPresent(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try readIfPresent(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try readIfPresent(key) { token throws(WireValueFailure) in try document.read(type, token) }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let token = document.member(of: object, named: key.stringValue), !document.isNull(token) else {
            return nil
        }
        return try document.decode(T.self, at: token, path: path.appending(key))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try WireValueDecoder(document: document, token: try value(for: key), path: path.appending(key)).container(
            keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try WireValueDecoder(document: document, token: try value(for: key), path: path.appending(key))
            .unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let superKey = WireCodingKey(stringValue: "super")
        guard let token = document.member(of: object, named: superKey.stringValue) else {
            throw DecodingError.keyNotFound(
                superKey,
                DecodingError.Context(
                    codingPath: path.keys, debugDescription: "No value associated with key \"super\"."))
        }
        return WireValueDecoder(document: document, token: token, path: path.appending(superKey))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        WireValueDecoder(document: document, token: try value(for: key), path: path.appending(key))
    }
}

/// The elements of one JSON array, in order.
struct WireUnkeyedContainer: UnkeyedDecodingContainer {
    let document: WireDocument
    let array: Int
    let path: WireCodingPath
    private(set) var currentIndex = 0
    /// The token of the element at `currentIndex`.
    private var element: Int

    init(document: WireDocument, array: Int, path: WireCodingPath) {
        self.document = document
        self.array = array
        self.path = path
        element = array + 1
    }

    var codingPath: [any CodingKey] { path.keys }
    var count: Int? { document.count(array) }
    var isAtEnd: Bool { currentIndex >= document.count(array) }

    private func current(_ type: Any.Type) throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: path.appending(index: currentIndex).keys,
                    debugDescription: "Unkeyed container is at end."))
        }
        return element
    }

    private mutating func advance() {
        element = document.next(element)
        currentIndex += 1
    }

    /// The current element read by `reader`, then the next one.
    private mutating func read<T>(_ reader: (Int) throws(WireValueFailure) -> T) throws -> T {
        let token = try current(T.self)
        do {
            let value = try reader(token)
            advance()
            return value
        } catch {
            throw error.decodingError(at: path.appending(index: currentIndex))
        }
    }

    mutating func decodeNil() throws -> Bool {
        guard document.isNull(try current(Never.self)) else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        try read { [document] token throws(WireValueFailure) in try document.read(type, token) }
    }
    mutating func decode(_ type: String.Type) throws -> String {
        try read { [document] token throws(WireValueFailure) in try document.read(type, token) }
    }
    mutating func decode(_ type: Double.Type) throws -> Double {
        try read { [document] token throws(WireValueFailure) in try document.read(type, token) }
    }
    mutating func decode(_ type: Float.Type) throws -> Float {
        try read { [document] token throws(WireValueFailure) in try document.read(type, token) }
    }
    mutating func decode(_ type: Int.Type) throws -> Int {
        try read { [document] token throws(WireValueFailure) in try document.read(type, token) }
    }
    mutating func decode(_ type: Int8.Type) throws -> Int8 {
        try read { [document] token throws(WireValueFailure) in try document.read(type, token) }
    }
    mutating func decode(_ type: Int16.Type) throws -> Int16 {
        try read { [document] token throws(WireValueFailure) in try document.read(type, token) }
    }
    mutating func decode(_ type: Int32.Type) throws -> Int32 {
        try read { [document] token throws(WireValueFailure) in try document.read(type, token) }
    }
    mutating func decode(_ type: Int64.Type) throws -> Int64 {
        try read { [document] token throws(WireValueFailure) in try document.read(type, token) }
    }
    mutating func decode(_ type: UInt.Type) throws -> UInt {
        try read { [document] token throws(WireValueFailure) in try document.read(type, token) }
    }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
        try read { [document] token throws(WireValueFailure) in try document.read(type, token) }
    }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
        try read { [document] token throws(WireValueFailure) in try document.read(type, token) }
    }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
        try read { [document] token throws(WireValueFailure) in try document.read(type, token) }
    }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
        try read { [document] token throws(WireValueFailure) in try document.read(type, token) }
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try document.decode(T.self, at: try current(T.self), path: path.appending(index: currentIndex))
        advance()
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try WireValueDecoder(
            document: document, token: try current(KeyedDecodingContainer<NestedKey>.self),
            path: path.appending(index: currentIndex)
        ).container(keyedBy: type)
        advance()
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try WireValueDecoder(
            document: document, token: try current((any UnkeyedDecodingContainer).self),
            path: path.appending(index: currentIndex)
        ).unkeyedContainer()
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = WireValueDecoder(
            document: document, token: try current((any Decoder).self), path: path.appending(index: currentIndex))
        advance()
        return decoder
    }
}

/// One JSON value read as a whole.
struct WireSingleValueContainer: SingleValueDecodingContainer {
    let document: WireDocument
    let token: Int
    let path: WireCodingPath

    var codingPath: [any CodingKey] { path.keys }

    private func read<T>(_ reader: (Int) throws(WireValueFailure) -> T) throws -> T {
        do {
            return try reader(token)
        } catch {
            throw error.decodingError(at: path)
        }
    }

    func decodeNil() -> Bool { document.isNull(token) }

    func decode(_ type: Bool.Type) throws -> Bool {
        try read { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: String.Type) throws -> String {
        try read { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: Double.Type) throws -> Double {
        try read { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: Float.Type) throws -> Float {
        try read { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: Int.Type) throws -> Int {
        try read { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: Int8.Type) throws -> Int8 {
        try read { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: Int16.Type) throws -> Int16 {
        try read { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: Int32.Type) throws -> Int32 {
        try read { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: Int64.Type) throws -> Int64 {
        try read { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: UInt.Type) throws -> UInt {
        try read { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: UInt8.Type) throws -> UInt8 {
        try read { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: UInt16.Type) throws -> UInt16 {
        try read { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: UInt32.Type) throws -> UInt32 {
        try read { token throws(WireValueFailure) in try document.read(type, token) }
    }
    func decode(_ type: UInt64.Type) throws -> UInt64 {
        try read { token throws(WireValueFailure) in try document.read(type, token) }
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try document.decode(T.self, at: token, path: path)
    }
}
