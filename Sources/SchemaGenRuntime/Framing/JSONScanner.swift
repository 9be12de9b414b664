/// Finds the parts of a JSON frame without building it: value ranges, strings, keys. Frames are scanned
/// once to find the event name and the payload's bytes, which then go straight to `JSONDecoder`.
struct JSONScanner {
    struct Failure: Error {
        var message: String
        var offset: Int
    }

    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    var atEnd: Bool { index >= bytes.count }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
        skipWhitespace()
        guard current == byte else { throw Failure(message: "expected \(what)", offset: index) }
        index += 1
    }

    /// Consumes `byte` if it comes next (after white space).
    mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard current == byte else { return false }
        index += 1
        return true
    }

    /// Parses a JSON string at the current position and returns its value.
    mutating func parseString() throws(Failure) -> String {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else { throw Failure(message: "expected a string", offset: index) }
        index += 1
        let start = index
        // Fast path: no escapes.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: bytes[start..<index - 1], as: UTF8.self)
        }
        var scalars = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { break }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escaped)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var value = try parseHex4()
                    if (0xD800..<0xDC00).contains(value), index + 1 < bytes.count,
                       bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try parseHex4()
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    }
                    let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    throw Failure(message: "invalid escape in a string", offset: index - 1)
                }
            default:
                scalars.append(byte)
            }
        }
        throw Failure(message: "unterminated string", offset: start - 1)
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw Failure(message: "invalid \\u escape", offset: index) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Failure(message: "invalid \\u escape", offset: index)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Skips one JSON value and returns the range of its bytes.
    mutating func skipValue() throws(Failure) -> Range<Int> {
        skipWhitespace()
        let start = index
        guard let byte = current else { throw Failure(message: "expected a value", offset: index) }
        switch byte {
        case UInt8(ascii: "\""):
            _ = try skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""): _ = try skipString(); continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { index += 1; return start..<index }
                default: break
                }
                index += 1
            }
            throw Failure(message: "unterminated \(byte == UInt8(ascii: "{") ? "object" : "array")", offset: start)
        default:
            while index < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) {
                index += 1
            }
            guard index > start else { throw Failure(message: "expected a value", offset: start) }
        }
        return start..<index
    }

    /// Skips a string without decoding it.
    private mutating func skipString() throws(Failure) -> Range<Int> {
        let start = index
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): index += 1; return start..<index
            default: index += 1
            }
        }
        throw Failure(message: "unterminated string", offset: start)
    }

    /// The members of the object at the current position: each key with the range of its value.
    mutating func objectMembers() throws(Failure) -> [(key: String, value: Range<Int>)] {
        try expect(UInt8(ascii: "{"), "a JSON object")
        var members: [(String, Range<Int>)] = []
        if consume(UInt8(ascii: "}")) { return members }
        repeat {
            let key = try parseString()
            try expect(UInt8(ascii: ":"), "':' after a key")
            members.append((key, try skipValue()))
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"), "',' or '}' in an object")
        return members
    }

    /// Fails unless only white space is left.
    mutating func expectEnd() throws(Failure) {
        skipWhitespace()
        guard atEnd else { throw Failure(message: "unexpected text after the frame", offset: index) }
    }
}
