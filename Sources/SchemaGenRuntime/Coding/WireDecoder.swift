import Foundation

/// Decodes payloads the way generated clients receive them: JSON into `Decodable` types, with the contract's
/// date encoding.
///
/// It reads the same JSON as Foundation's `JSONDecoder` and fails in the same cases with the same kind of
/// `DecodingError` (coding paths included), but parses each payload once into a flat token list and reads
/// fields straight from the bytes: no dictionary per object, no string per key. That makes dispatch through a
/// generated client faster than a hand-written `JSONSerialization` handler (see docs/performance.md).
/// When an object repeats a key, a dictionary keeps the first value (as `JSONDecoder` does); a field of a
/// `Decodable` type reads one of them, which one is unspecified (as RFC 8259 warns).
public struct WireDecoder: Sendable {
    /// How dates are written in the payloads this decoder reads.
    public var dates: WireDateEncoding

    public init(dates: WireDateEncoding) {
        self.dates = dates
    }

    /// Decodes a value of `type` from one JSON document.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let document: WireDocument
        do {
            document = try WireDocument(copying: data, dates: dates)
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [], debugDescription: "The given data was not valid JSON: \(error.message) at byte \(error.offset)."))
        }
        return try document.decode(T.self, at: 0, path: .root)
    }
}

/// One payload being decoded: its bytes, their tape, and how to read each token as a Swift value.
///
/// The decoder, containers and nested decoders of one `decode` call share it; it lives as long as the
/// longest of them, so a decoder kept by a type's `init(from:)` never reads freed bytes.
final class WireDocument {
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    // Only written by key lookups (where the next lookup starts); unchecked because the dynamic exclusivity
    // checks on every token read were a tenth of dispatch, and a document is only used by one decode at a time.
    @exclusivity(unchecked) private var tape: JSONTape
    let dates: WireDateEncoding

    init(copying data: Data, dates: WireDateEncoding) throws(JSONSyntaxError) {
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(data.count, 1))
        _ = data.copyBytes(to: bytes)
        do {
            tape = try JSONTape(parsing: UnsafeBufferPointer(rebasing: bytes[0..<data.count]))
        } catch {
            bytes.deallocate()
            throw error
        }
        self.bytes = bytes
        self.dates = dates
    }

    deinit {
        bytes.deallocate()
    }

    func kind(_ token: Int) -> JSONTape.Token.Kind { tape.tokens[token].kind }

    func count(_ token: Int) -> Int { tape.tokens[token].count }

    /// The token after `token`'s value, whatever it holds.
    func next(_ token: Int) -> Int { tape.tokens[token].next }

    // MARK: Objects

    /// The value of the member named `name`, if the object has one.
    func member(of object: Int, named name: String) -> Int? {
        let objectToken = tape.tokens[object]
        guard objectToken.count > 0 else { return nil }
        var name = name
        return name.withUTF8 { name in
            // Start after the member found last, then wrap around: in-order reads find every key first try.
            let first = object + 1
            var key = objectToken.lookupStart < objectToken.next ? objectToken.lookupStart : first
            for _ in 0..<objectToken.count {
                let value = key + 1
                let after = tape.tokens[value].next
                if keyEquals(key, name) {
                    tape.resumeLookups(in: object, at: after)
                    return value
                }
                key = after < objectToken.next ? after : first
            }
            return nil
        }
    }

    private func keyEquals(_ key: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let token = tape.tokens[key]
        guard token.kind == .string else { return Array(string(key).utf8).elementsEqual(name) }
        guard token.end - token.start == name.count else { return false }
        guard let base = name.baseAddress else { return true }
        return memcmp(bytes.baseAddress! + token.start, base, name.count) == 0
    }

    /// The keys of an object, each once, in the order they first appear: a dictionary decoded from an object
    /// that repeats a key keeps the first value, as with `JSONDecoder`.
    func keys(of object: Int) -> [String] {
        var keys: [String] = []
        var seen: Set<String> = []
        keys.reserveCapacity(count(object))
        var key = object + 1
        for _ in 0..<count(object) {
            let name = string(key)
            if seen.insert(name).inserted { keys.append(name) }
            key = next(key + 1)
        }
        return keys
    }

    // MARK: Scalars

    /// Reads a string token (its kind already checked), unescaping if needed.
    private func string(_ token: Int) -> String {
        let token = tape.tokens[token]
        if token.kind == .string {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self)
        }
        return JSONString.decode(UnsafeBufferPointer(bytes), from: token.start, to: token.end)
    }

    func string(at token: Int) throws(WireValueFailure) -> String {
        switch kind(token) {
        case .string, .escapedString: return string(token)
        default: throw mismatch(String.self, token)
        }
    }

    func bool(at token: Int) throws(WireValueFailure) -> Bool {
        switch kind(token) {
        case .true: return true
        case .false: return false
        default: throw mismatch(Bool.self, token)
        }
    }

    /// An integer of any width: exact integers only (`3`, `3.0` and `3e0` read as 3, `3.5` and out-of-range
    /// values fail), as `JSONDecoder` reads them.
    func integer<T: FixedWidthInteger>(at token: Int, as type: T.Type) throws(WireValueFailure) -> T {
        let item = tape.tokens[token]
        switch item.kind {
        case .integer:
            var index = item.start
            let negative = bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            var value: T = 0
            while index < item.end {
                let digit = T(bytes[index] &- UInt8(ascii: "0"))
                let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
                guard !overflow, !overflow2 else { throw doesNotFit(T.self, token) }
                value = sum
                index += 1
            }
            return value
        case .number:
            guard let double = Double(numberText(token)), let value = T(exactly: double) else { throw doesNotFit(T.self, token) }
            return value
        default:
            throw mismatch(T.self, token)
        }
    }

    func double(at token: Int) throws(WireValueFailure) -> Double {
        let item = tape.tokens[token]
        switch item.kind {
        case .integer where item.end - item.start < 16:
            // Up to 15 digits an integer is exact in a Double.
            return Double(try integer(at: token, as: Int.self))
        case .integer, .number:
            guard let value = Double(numberText(token)), value.isFinite else { throw doesNotFit(Double.self, token) }
            return value
        default:
            throw mismatch(Double.self, token)
        }
    }

    func float(at token: Int) throws(WireValueFailure) -> Float {
        switch kind(token) {
        case .integer, .number:
            guard let value = Float(numberText(token)), value.isFinite else { throw doesNotFit(Float.self, token) }
            return value
        default:
            throw mismatch(Float.self, token)
        }
    }

    private func numberText(_ token: Int) -> String {
        let item = tape.tokens[token]
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[item.start..<item.end]), as: UTF8.self)
    }

    func isNull(_ token: Int) -> Bool { kind(token) == .null }

    // MARK: Values of any type

    /// Decodes the value at `token` as `T`. Dates follow the contract's encoding; URLs, `Data` (base 64) and
    /// `Decimal` read as `JSONDecoder` reads them; every other type through its `init(from:)`.
    func decode<T: Decodable>(_ type: T.Type, at token: Int, path: WireCodingPath) throws -> T {
        do throws(WireValueFailure) {
            if T.self == Date.self { return unsafeBitCast(try date(at: token), to: T.self) }
            if T.self == URL.self { return unsafeBitCast(try url(at: token), to: T.self) }
            if T.self == Data.self { return unsafeBitCast(try base64(at: token), to: T.self) }
            if T.self == Decimal.self { return unsafeBitCast(try decimal(at: token), to: T.self) }
        } catch {
            throw error.decodingError(at: path)
        }
        return try T(from: WireValueDecoder(document: self, token: token, path: path))
    }

    private func date(at token: Int) throws(WireValueFailure) -> Date {
        switch dates {
        case .iso8601, .iso8601Fractional:
            let item = tape.tokens[token]
            if item.kind == .string, let date = ISO8601Parser.parse(bytes: UnsafeBufferPointer(rebasing: bytes[item.start..<item.end])) {
                return date
            }
            let text = try string(at: token)
            // The fast parser already failed on these bytes: only Foundation's parser is left to try.
            guard let date = WireDateEncoding.parseISO8601WithFoundation(text) else { throw .dataCorrupted("'\(text)' is not an ISO 8601 date") }
            return date
        case .unixSeconds:
            return Date(timeIntervalSince1970: try double(at: token))
        case .unixMilliseconds:
            return Date(timeIntervalSince1970: try double(at: token) / 1000)
        }
    }

    private func url(at token: Int) throws(WireValueFailure) -> URL {
        let text = try string(at: token)
        guard let url = URL(string: text) else { throw .dataCorrupted("Invalid URL string.") }
        return url
    }

    private func base64(at token: Int) throws(WireValueFailure) -> Data {
        guard let data = Data(base64Encoded: try string(at: token)) else { throw .dataCorrupted("Encountered Data is not valid Base64.") }
        return data
    }

    private func decimal(at token: Int) throws(WireValueFailure) -> Decimal {
        switch kind(token) {
        case .integer, .number:
            guard let value = Decimal(string: numberText(token), locale: Locale(identifier: "en_US_POSIX")) else {
                throw doesNotFit(Decimal.self, token)
            }
            return value
        default:
            throw mismatch(Decimal.self, token)
        }
    }

    // MARK: Failures

    /// `token` is not a `type`: null is a missing value, anything else the wrong kind.
    func mismatch(_ type: Any.Type, _ token: Int) -> WireValueFailure {
        if kind(token) == .null { return .valueNotFound(type) }
        return .typeMismatch(type, found: describe(token))
    }

    private func doesNotFit(_ type: Any.Type, _ token: Int) -> WireValueFailure {
        .dataCorrupted("Parsed JSON number <\(numberText(token))> does not fit in \(type).")
    }

    /// The token's kind as `JSONDecoder`'s messages name it.
    func describe(_ token: Int) -> String {
        switch kind(token) {
        case .object: "a dictionary"
        case .array: "an array"
        case .string, .escapedString: "a string"
        case .integer, .number: "a number"
        case .true, .false: "bool"
        case .null: "null"
        }
    }
}

/// Why a token cannot be read as the type asked for, before the coding path is known: containers add it
/// when they turn this into a `DecodingError`, so paths are only built for errors.
enum WireValueFailure: Error, @unchecked Sendable {
    case typeMismatch(Any.Type, found: String)
    case valueNotFound(Any.Type)
    case dataCorrupted(String)

    func decodingError(at path: WireCodingPath) -> DecodingError {
        let codingPath = path.keys
        switch self {
        case .typeMismatch(let type, let found):
            return .typeMismatch(type, DecodingError.Context(codingPath: codingPath,
                                                             debugDescription: "Expected to decode \(type) but found \(found) instead."))
        case .valueNotFound(let type):
            return .valueNotFound(type, DecodingError.Context(codingPath: codingPath,
                                                              debugDescription: "Cannot get value of type \(type) -- found null value instead"))
        case .dataCorrupted(let message):
            return .dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: message))
        }
    }
}

/// The coding path of a value, as a list from the value up to the root: a node is only made when a decoder
/// descends into a nested value, and the `[any CodingKey]` array only when something asks for it.
indirect enum WireCodingPath {
    case root
    case key(any CodingKey, WireCodingPath)
    case index(Int, WireCodingPath)

    func appending(_ key: some CodingKey) -> WireCodingPath { .key(key, self) }

    func appending(index: Int) -> WireCodingPath { .index(index, self) }

    var keys: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = self
        while true {
            switch node {
            case .root: return keys.reversed()
            case .key(let key, let parent): keys.append(key); node = parent
            case .index(let index, let parent): keys.append(WireCodingKey(index: index)); node = parent
            }
        }
    }
}

/// A key of a coding path that is not one of the decoded type's keys: array indices (named as `JSONDecoder`
/// names them) and `super`.
struct WireCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init?(intValue: Int) {
        self.init(index: intValue)
    }
}
