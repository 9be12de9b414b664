import Foundation

/// Decodes payloads the way generated clients receive them: JSON into `Decodable` types, with the contract's
/// date encoding.
///
/// It reads the same JSON as Foundation's `JSONDecoder` and fails in the same cases with the same kind of
/// `DecodingError` (coding paths included), but parses each payload once into a flat token list and reads
/// fields straight from the bytes: no dictionary per object, no string per key. That makes dispatch through a
/// generated client faster than a hand-written `JSONSerialization` handler (see docs/performance.md).
/// When an object repeats a key, every reader takes the first value, as `JSONDecoder` does.
public struct WireDecoder: Sendable {
    /// How dates are written in the payloads this decoder reads.
    public var dates: WireDateEncoding

    public init(dates: WireDateEncoding) {
        self.dates = dates
    }

    /// Decodes a frame's value of `type` from `source`; a payload the framing already parsed (Socket.IO's) is
    /// read from that parse, so its bytes are scanned once per frame.
    public func decode<T: Decodable>(
        _ type: T.Type, from frame: WireFraming.ParsedFrame, source: WireFraming.PayloadSource
    ) throws -> T {
        if source == .payload, let parsed = frame.parsedPayload {
            return try WireDocument(copying: frame.frame, parsed: parsed.tokens, dates: dates).decode(
                T.self, at: 0, path: .root)
        }
        return try decode(T.self, from: source.bytes(of: frame))
    }

    /// Decodes a value of `type` from one JSON document.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let document: WireDocument
        do {
            document = try WireDocument(copying: data, dates: dates)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: [],
                    debugDescription: "The given data was not valid JSON: \(error.message) at byte \(error.offset)."))
        }
        return try document.decode(T.self, at: 0, path: .root)
    }
}

/// One payload being decoded: its bytes, their tape, and how to read each token as a Swift value.
///
/// The decoder, containers and nested decoders of one `decode` call share it; it lives as long as the
/// longest of them, so a decoder kept by a type's `init(from:)` never reads freed bytes.
final class WireDocument {
    let bytes: UnsafeMutableBufferPointer<UInt8>
    /// Never written after parsing: a tape the framing made is shared with the frame, and writing to it would
    /// copy its tokens once per decode.
    let tape: JSONTape
    /// Where lookups in one object stand. They resume after the member found last, since decoders mostly read
    /// keys in the order servers write them, so an in-order read compares one key per member.
    private struct ObjectLookup {
        let object: Int
        /// The key token the next lookup starts at.
        var start: Int
        /// `passed` holds the keys from the object's first up to this key token.
        var filteredUpTo: Int
        var passed = KeyFilter()
        /// Lookups whose key `passed` could not rule out: each compares the keys before `start` one by one.
        var exactChecks = 0

        init(of object: Int) {
            self.object = object
            start = object + 1
            filteredUpTo = object + 1
        }
    }

    /// Past this many exact checks in one object (keys crafted to collide in the filter, or an object of many
    /// keys), the object's first-occurrence table is built instead, so any object costs linear time.
    static let exactChecksPerObject = 8

    // Unchecked: dynamic exclusivity checks on the decoding path cost a tenth of dispatch, and a document is
    // only used by one decode at a time.
    @exclusivity(unchecked) private var lookup = ObjectLookup(of: -1)
    /// The lookups of the objects that contain `lookup.object`, outermost first: a nested value's lookups take
    /// over, and the outer object's resume where they stopped when it is read again (a dictionary of objects
    /// reads each key once, not from its first member every time).
    @exclusivity(unchecked) private var enclosingLookups: [ObjectLookup] = []
    let dates: WireDateEncoding
    /// First-occurrence tables of objects whose lookups passed ``exactChecksPerObject``, by object token; empty
    /// for nearly every payload.
    @exclusivity(unchecked) private var firstOccurrenceIndexes: [Int: [String: Int]] = [:]

    /// Where the stack was when decoding started: nested values are refused once decoding has used
    /// ``stackBudget`` bytes below it.
    let stackBase = currentStackAddress()

    /// How much stack nested `init(from:)` calls may use. A secondary thread on iOS has 512 KiB, and a debug
    /// build spends a few KiB per nesting level of a generated type; counting bytes rather than levels keeps
    /// types with large frames safe too (docs/decoding.md).
    static let stackBudget = 256 * 1024

    /// Nested `init(from:)` calls that are always allowed: a few KiB each even in debug builds. Only past them is
    /// the stack measured, which also keeps shallow documents safe where addresses of locals do not tell the
    /// stack's depth (AddressSanitizer's fake stacks put them on the heap).
    static let levelsAlwaysAllowed = 32

    /// How many `init(from:)` calls are under way; one decode uses a document at a time.
    var nestedDecodes = 0

    init(copying data: Data, dates: WireDateEncoding) throws(JSONSyntaxError) {
        let bytes = Self.copy(data)
        do {
            tape = try JSONTape(parsing: UnsafeBufferPointer(rebasing: bytes[0..<data.count]))
        } catch {
            bytes.deallocate()
            throw error
        }
        self.bytes = bytes
        self.dates = dates
    }

    /// The document of a frame whose value at token 0 was parsed while the frame was taken apart.
    init(copying frame: Data, parsed tokens: [JSONTape.Token], dates: WireDateEncoding) {
        self.bytes = Self.copy(frame)
        tape = JSONTape(tokens: tokens)
        self.dates = dates
    }

    /// `data`'s bytes in memory of the document's own, with one `memcpy`: `Data.copyBytes(to:)` took a generic
    /// path of about 420 instructions for a 224-byte payload.
    static func copy(_ data: Data) -> UnsafeMutableBufferPointer<UInt8> {
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(data.count, 1))
        data.withUnsafeBytes { UnsafeMutableRawBufferPointer(bytes).copyMemory(from: $0) }
        return bytes
    }

    /// A document of nothing, held by a ``WireFields`` that reads another decoder's container.
    convenience init() {
        self.init(copying: Data(), parsed: [], dates: .iso8601)
    }

    deinit {
        bytes.deallocate()
    }

    func kind(_ token: Int) -> JSONTape.Token.Kind { tape.tokens[token].kind }

    func count(_ token: Int) -> Int { tape.tokens[token].count }

    /// The token after `token`'s value, whatever it holds.
    func next(_ token: Int) -> Int { tape.tokens[token].next }

    // MARK: Objects

    /// The value of the member named `name`, if the object has one; the first, when the key repeats.
    ///
    /// Repeated keys are found when a lookup needs to know, not while parsing: a match at or after where the
    /// lookup started is the first only if no key before that start is the same, which ``KeyFilter`` of the
    /// keys passed so far answers without comparing them; a match found after wrapping around had every key
    /// before it compared.
    func member(of object: Int, named name: String) -> Int? {
        let objectToken = tape.tokens[object]
        guard objectToken.count > 0 else { return nil }
        if !firstOccurrenceIndexes.isEmpty, let index = firstOccurrenceIndexes[object] { return index[name] }
        if lookup.object != object { takeLookup(of: object) }
        var text = name
        return text.withUTF8 { utf8 in
            let first = object + 1
            let start = lookup.start < objectToken.next ? lookup.start : first
            var key = start
            for _ in 0..<objectToken.count {
                let value = key + 1
                let after = tape.tokens[value].next
                if keyEquals(key, utf8) {
                    if key >= start {
                        if start > first {
                            let bits = KeyFilter.Bits(utf8)
                            if mayRepeat(bits, before: start) {
                                if lookup.exactChecks == Self.exactChecksPerObject {
                                    return firstOccurrences(in: object)[name]
                                }
                                lookup.exactChecks += 1
                                if let earlier = self.key(utf8, in: object, before: start) { return earlier + 1 }
                            }
                            // The key found is the name: its bits are known without hashing it again.
                            if lookup.filteredUpTo == key {
                                lookup.passed.insert(bits)
                                lookup.filteredUpTo = after
                            }
                        }
                    } else if lookup.filteredUpTo > after {
                        // Wrapped around: the filter holds keys past the new start, which would only raise false alarms.
                        lookup.filteredUpTo = first
                        lookup.passed = KeyFilter()
                    }
                    lookup.start = after
                    return value
                }
                key = after < objectToken.next ? after : first
            }
            return nil
        }
    }

    /// Makes `object`'s lookup the current one: a new one for an object inside the current one (pushing the
    /// current), the saved one of an enclosing object, or a new one for any other object.
    func takeLookup(of object: Int) {
        func contains(_ container: Int) -> Bool { container < object && object < tape.tokens[container].next }
        if lookup.object >= 0, contains(lookup.object) {
            enclosingLookups.append(lookup)
            lookup = ObjectLookup(of: object)
            return
        }
        while let outer = enclosingLookups.last {
            if outer.object == object {
                lookup = enclosingLookups.removeLast()
                return
            }
            if contains(outer.object) { break }
            enclosingLookups.removeLast()
        }
        lookup = ObjectLookup(of: object)
    }

    /// Whether a key before the key token `start` may be the one of `bits`: the filter, first extended to every
    /// key up to `start`.
    func mayRepeat(_ bits: KeyFilter.Bits, before start: Int) -> Bool {
        var key = lookup.filteredUpTo
        while key < start {
            let token = tape.tokens[key]
            if token.kind == .string {
                lookup.passed.insert(KeyFilter.Bits(UnsafeBufferPointer(rebasing: bytes[token.start..<token.end])))
            } else {
                // An escaped key would have to be decoded to be hashed; it makes every later check exact.
                lookup.passed = .everything
            }
            key = tape.tokens[key + 1].next
        }
        lookup.filteredUpTo = max(lookup.filteredUpTo, start)
        return lookup.passed.mayContain(bits)
    }

    /// The first key token of `object` before `end` that is `name`.
    func key(_ name: UnsafeBufferPointer<UInt8>, in object: Int, before end: Int) -> Int? {
        var key = object + 1
        while key < end {
            if keyEquals(key, name) { return key }
            key = tape.tokens[key + 1].next
        }
        return nil
    }

    /// Each key's first value, for objects whose keys may repeat: built once per object, so reading every
    /// member of a large object stays linear.
    func firstOccurrences(in object: Int) -> [String: Int] {
        if let index = firstOccurrenceIndexes[object] { return index }
        var index: [String: Int] = [:]
        index.reserveCapacity(count(object))
        var key = object + 1
        for _ in 0..<count(object) {
            let name = string(key)
            if index[name] == nil { index[name] = key + 1 }
            key = next(key + 1)
        }
        firstOccurrenceIndexes[object] = index
        return index
    }

    func keyEquals(_ key: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
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
    func string(_ token: Int) -> String {
        let token = tape.tokens[token]
        if token.kind == .string {
            let count = token.end - token.start
            if count <= 15, count > 0 {
                // A string that fits in a `String` inline is built in place: the standard library then checks
                // only whether it is ASCII (one test of two words) where `String(decoding:as:)` validated it byte
                // by byte, a tenth of decoding a payload of short strings. The tape validated it already.
                let source = bytes.baseAddress! + token.start
                return String(unsafeUninitializedCapacity: count) { buffer in
                    buffer.baseAddress!.update(from: source, count: count)
                    return count
                }
            }
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

    /// An integer of any width: a number whose exact value is a whole number in range (`3`, `3.0`, `3e2`,
    /// `1.5e1`); fractions (`3.5`, `9007199254740993.5`) and out-of-range values fail. Exact, where
    /// `JSONDecoder` goes through `Double` for large numbers with a fraction or exponent (docs/decoding.md).
    func integer<T: FixedWidthInteger>(at token: Int, as type: T.Type) throws(WireValueFailure) -> T {
        let item = tape.tokens[token]
        switch item.kind {
        case .integer:
            var index = item.start
            let negative = bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            guard let value = Self.accumulate(T.self, 0, digits: index..<item.end, negative: negative, in: bytes) else {
                throw doesNotFit(T.self, token)
            }
            return value
        case .number:
            guard let value = exactInteger(T.self, token) else { throw doesNotFit(T.self, token) }
            return value
        default:
            throw mismatch(T.self, token)
        }
    }

    /// `value` followed by the decimal digits at `positions`, or `nil` on overflow.
    static func accumulate<T: FixedWidthInteger>(
        _ type: T.Type, _ value: T, digits positions: some Sequence<Int>, negative: Bool,
        in bytes: UnsafeMutableBufferPointer<UInt8>
    ) -> T? {
        var value = value
        for index in positions {
            let digit = T(bytes[index] &- UInt8(ascii: "0"))
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) =
                negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflow, !overflow2 else { return nil }
            value = sum
        }
        return value
    }

    /// A number with a fraction or exponent read as a whole number, exactly: its digits scaled by its
    /// exponent; `nil` when a nonzero digit is left after the decimal point or the value is out of range.
    func exactInteger<T: FixedWidthInteger>(_ type: T.Type, _ token: Int) -> T? {
        let item = tape.tokens[token]
        func isDigit(_ index: Int) -> Bool { bytes[index] &- UInt8(ascii: "0") < 10 }
        var index = item.start
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        // The value is digits × 10^scale; digits are the integer part's, then the fraction's.
        var digits: [Int] = []
        var scale = 0
        while index < item.end, isDigit(index) { digits.append(index); index += 1 }
        if index < item.end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < item.end, isDigit(index) { digits.append(index); scale -= 1; index += 1 }
        }
        if index < item.end {
            // `e` or `E`, an optional sign, digits (the tape checked the shape). Capped: past it nothing fits.
            index += 1
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            if !isDigit(index) { index += 1 }
            var exponent = 0
            while index < item.end {
                exponent = min(exponent * 10 + Int(bytes[index] - UInt8(ascii: "0")), 100_000); index += 1
            }
            scale += sign * exponent
        }
        while let last = digits.last, bytes[last] == UInt8(ascii: "0") { digits.removeLast(); scale += 1 }
        guard !digits.isEmpty else { return 0 }
        guard scale >= 0, scale <= 40,
            var value = Self.accumulate(T.self, 0, digits: digits, negative: negative, in: bytes)
        else { return nil }
        for _ in 0..<scale {
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            value = shifted
        }
        return value
    }

    /// A number as a `Double`: nearest value, `-0` keeps its sign; values too large, or so small they would
    /// read as zero, fail (as with `JSONDecoder`; subnormal values are read).
    func double(at token: Int) throws(WireValueFailure) -> Double {
        let item = tape.tokens[token]
        switch item.kind {
        case .integer where item.end - item.start < 16:
            // Up to 15 digits an integer is exact in a Double.
            let value = Double(try integer(at: token, as: Int.self))
            return value == 0 && bytes[item.start] == UInt8(ascii: "-") ? -0.0 : value
        case .integer, .number:
            guard let value = Double(numberText(token)), value.isFinite, value != 0 || isZero(token) else {
                throw doesNotFit(Double.self, token)
            }
            return value
        default:
            throw mismatch(Double.self, token)
        }
    }

    func float(at token: Int) throws(WireValueFailure) -> Float {
        switch kind(token) {
        case .integer, .number:
            guard let value = Float(numberText(token)), value.isFinite, value != 0 || isZero(token) else {
                throw doesNotFit(Float.self, token)
            }
            return value
        default:
            throw mismatch(Float.self, token)
        }
    }

    /// Whether a number's digits before the exponent are all zeros: its value is zero, not a value too
    /// small to represent.
    func isZero(_ token: Int) -> Bool {
        let item = tape.tokens[token]
        for index in item.start..<item.end {
            switch bytes[index] {
            case UInt8(ascii: "1")...UInt8(ascii: "9"): return false
            case UInt8(ascii: "e"), UInt8(ascii: "E"): return true
            default: continue
            }
        }
        return true
    }

    func numberText(_ token: Int) -> String {
        let item = tape.tokens[token]
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[item.start..<item.end]), as: UTF8.self)
    }

    func isNull(_ token: Int) -> Bool { kind(token) == .null }

    // MARK: Failures

    /// `token` is not a `type`: null is a missing value, anything else the wrong kind.
    func mismatch(_ type: Any.Type, _ token: Int) -> WireValueFailure {
        if kind(token) == .null { return .valueNotFound(type) }
        return .typeMismatch(type, found: describe(token))
    }

    func doesNotFit(_ type: Any.Type, _ token: Int) -> WireValueFailure {
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
            return .typeMismatch(
                type,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Expected to decode \(type) but found \(found) instead."))
        case .valueNotFound(let type):
            return .valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: codingPath,
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
/// A key given by its text: the wire names generated code reads and writes (``WireFields``), and the indexes
/// of coding paths.
public struct WireCodingKey: CodingKey, Sendable {
    public var stringValue: String
    public var intValue: Int?

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    public init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    public init?(intValue: Int) {
        self.init(index: intValue)
    }
}

/// The address of a local variable of the caller's frame: where the stack is now.
@inline(never)
func currentStackAddress() -> UInt {
    var marker: UInt8 = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}
