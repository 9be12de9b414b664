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
        while index < endIndex, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    var atEnd: Bool { index >= endIndex }

    var current: UInt8? { index < endIndex ? bytes[index] : nil }

    mutating func expect(_ byte: UInt8, _ what: String) throws(JSONScanFailure) {
        skipWhitespace()
        guard current == byte else { throw JSONScanFailure(message: "expected \(what)", offset: index) }
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
    mutating func parseString() throws(JSONScanFailure) -> String {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else { throw JSONScanFailure(message: "expected a string", offset: index) }
        index += 1
        let start = index
        // Fast path: no escapes.
        while index < endIndex, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") { index += 1 }
        if index < endIndex, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: bytes[start..<index - 1], as: UTF8.self)
        }
        var scalars = Array(bytes[start..<index])
        while index < endIndex {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < endIndex else { break }
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
                    throw JSONScanFailure(message: "invalid escape in a string", offset: index - 1)
                }
            default:
                scalars.append(byte)
            }
        }
        throw JSONScanFailure(message: "unterminated string", offset: start - 1)
    }

    /// The four hex digits of a `\u` escape, from the current position.
    mutating func parseHex4() throws(JSONScanFailure) -> UInt32 {
        guard index + 4 <= endIndex else { throw JSONScanFailure(message: "invalid \\u escape", offset: index) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONScanFailure(message: "invalid \\u escape", offset: index)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Skips one JSON value and returns the range of its bytes.
    mutating func skipValue() throws(JSONScanFailure) -> Range<Int> {
        skipWhitespace()
        let start = index
        guard let byte = current else { throw JSONScanFailure(message: "expected a value", offset: index) }
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
            throw JSONScanFailure(message: "unterminated \(byte == UInt8(ascii: "{") ? "object" : "array")", offset: start)
        default:
            while index < endIndex, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) {
                index += 1
            }
            guard index > start else { throw JSONScanFailure(message: "expected a value", offset: start) }
        }
        return start..<index
    }

    /// Skips a string without decoding it.
    private mutating func skipString() throws(JSONScanFailure) -> Range<Int> {
        let start = index
        index += 1
        while index < endIndex {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): index += 1; return start..<index
            default: index += 1
            }
        }
        throw JSONScanFailure(message: "unterminated string", offset: start)
    }

    /// The members of the object at the current position: each key with the range of its value.
    mutating func objectMembers() throws(JSONScanFailure) -> [(key: String, value: Range<Int>)] {
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
    mutating func expectEnd() throws(JSONScanFailure) {
        skipWhitespace()
        guard atEnd else { throw JSONScanFailure(message: "unexpected text after the frame", offset: index) }
    }
}

/// Why a frame could not be scanned, and where.
struct JSONScanFailure: Error {
    var message: String
    var offset: Int
}
