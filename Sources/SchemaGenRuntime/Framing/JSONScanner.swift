/// Finds the parts of a JSON frame without building it: value ranges, strings, keys. Frames are scanned
/// once to find the event name and the payload's bytes, which then go straight to `WireDecoder`.
///
/// Generic over the bytes so it can run directly on a frame's buffer, without copying it.
struct JSONScanner<Bytes: RandomAccessCollection> where Bytes.Element == UInt8, Bytes.Index == Int {
    let bytes: Bytes
    var index: Int

    init(_ bytes: Bytes, at index: Int? = nil) {
        self.bytes = bytes
        self.index = index ?? bytes.startIndex
    }

    var endIndex: Int { bytes.endIndex }

    mutating func skipWhitespace() {
        while index < endIndex,
            bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
        {
            index += 1
        }
    }

    var atEnd: Bool { index >= endIndex }

    var current: UInt8? { index < endIndex ? bytes[index] : nil }

    mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
        skipWhitespace()
        guard current == byte else { throw JSONSyntaxError(message: "expected \(what)", offset: index) }
        index += 1
    }

    /// Consumes `byte` if it comes next (after white space).
    mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard current == byte else { return false }
        index += 1
        return true
    }

    /// Parses a JSON string at the current position and returns its value, validated and decoded by
    /// ``JSONString`` exactly as payload strings are.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else { throw JSONSyntaxError(message: "expected a string", offset: index) }
        let (end, escaped) = try JSONString.scan(bytes, openingQuote: index)
        let text =
            escaped
            ? JSONString.decode(bytes, from: index + 1, to: end)
            : String(decoding: bytes[index + 1..<end], as: UTF8.self)
        index = end + 1
        return text
    }

    /// Skips one JSON value and returns the range of its bytes.
    mutating func skipValue() throws(JSONSyntaxError) -> Range<Int> {
        skipWhitespace()
        let start = index
        guard let byte = current else { throw JSONSyntaxError(message: "expected a value", offset: index) }
        switch byte {
        case UInt8(ascii: "\""):
            _ = try skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < endIndex {
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
            throw JSONSyntaxError(
                message: "unterminated \(byte == UInt8(ascii: "{") ? "object" : "array")", offset: start)
        default:
            while index < endIndex,
                ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09].contains(
                    bytes[index])
            {
                index += 1
            }
            guard index > start else { throw JSONSyntaxError(message: "expected a value", offset: start) }
        }
        return start..<index
    }

    /// Skips a string without decoding it.
    private mutating func skipString() throws(JSONSyntaxError) -> Range<Int> {
        let start = index
        index += 1
        while index < endIndex {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): index += 1; return start..<index
            default: index += 1
            }
        }
        throw JSONSyntaxError(message: "unterminated string", offset: start)
    }

    /// The members of the object at the current position: each key with the range of its value.
    mutating func objectMembers() throws(JSONSyntaxError) -> [(key: String, value: Range<Int>)] {
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
    mutating func expectEnd() throws(JSONSyntaxError) {
        skipWhitespace()
        guard atEnd else { throw JSONSyntaxError(message: "unexpected text after the frame", offset: index) }
    }
}

extension JSONScanner {
    /// The ranges of the elements of the array at the current position.
    mutating func arrayElements() throws(JSONSyntaxError) -> [Range<Int>] {
        try expect(UInt8(ascii: "["), "a JSON array")
        var elements: [Range<Int>] = []
        if consume(UInt8(ascii: "]")) { return elements }
        repeat {
            elements.append(try skipValue())
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"), "',' or ']' in an array")
        return elements
    }
}
