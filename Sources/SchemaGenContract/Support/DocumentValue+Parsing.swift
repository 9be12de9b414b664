/// JSON read into a ``DocumentValue``, objects keeping their keys in the order written: `schemagen infer` lists a
/// payload's fields in the order the server writes them, which `JSONSerialization`'s dictionaries lose.
extension DocumentValue {
    /// Why bytes are not one JSON value.
    package struct JSONError: Error, Equatable {
        package var message: String
        /// The byte offset where reading stopped.
        package var offset: Int
    }

    /// Nesting deeper than this is refused rather than risking the stack on a hostile capture.
    package static let maximumJSONDepth = 512

    /// Reads `bytes` as one JSON value with nothing after it but white space.
    package init(parsingJSON bytes: some Collection<UInt8>) throws(JSONError) {
        let bytes = Array(bytes)
        // Text that is not UTF-8 is not JSON (RFC 8259), and generated code refuses it.
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw JSONError(message: "not UTF-8", offset: 0)
        }
        var reader = JSONDocumentReader(bytes: bytes)
        self = try reader.document()
    }
}

private struct JSONDocumentReader {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func document() throws(DocumentValue.JSONError) -> DocumentValue {
        let value = try readValue(depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected text after the JSON value") }
        return value
    }

    private func fail(_ message: String) -> DocumentValue.JSONError {
        DocumentValue.JSONError(message: message, offset: index)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func readValue(depth: Int) throws(DocumentValue.JSONError) -> DocumentValue {
        guard depth < DocumentValue.maximumJSONDepth else { throw fail("nested too deeply") }
        skipWhitespace()
        guard index < bytes.count else { throw fail("a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try readObject(depth: depth)
        case UInt8(ascii: "["): return try readArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): return try readWord("true", .bool(true))
        case UInt8(ascii: "f"): return try readWord("false", .bool(false))
        case UInt8(ascii: "n"): return try readWord("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw fail("a value was expected")
        }
    }

    private mutating func readWord(
        _ word: StaticString, _ value: DocumentValue
    ) throws(DocumentValue.JSONError)
        -> DocumentValue
    {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
            word.withUTF8Buffer({ bytes[index..<index + count].elementsEqual($0) })
        else { throw fail("a value was expected") }
        index += count
        return value
    }

    private mutating func readObject(depth: Int) throws(DocumentValue.JSONError) -> DocumentValue {
        index += 1
        var members: [(key: String, value: DocumentValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("a key was expected") }
            let key = try readString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("':' was expected") }
            index += 1
            let value = try readValue(depth: depth + 1)
            // A repeated key: the first value stands, as generated code (and `JSONDecoder`) reads it.
            if !members.contains(where: { $0.key == key }) { members.append((key, value)) }
            skipWhitespace()
            guard index < bytes.count else { throw fail("'}' was expected") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            } else {
                throw fail("',' or '}' was expected")
            }
        }
    }

    private mutating func readArray(depth: Int) throws(DocumentValue.JSONError) -> DocumentValue {
        index += 1
        var items: [DocumentValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            items.append(try readValue(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw fail("']' was expected") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            } else {
                throw fail("',' or ']' was expected")
            }
        }
    }

    private mutating func readString() throws(DocumentValue.JSONError) -> String {
        index += 1
        var scalars: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw fail("an escape was cut short") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try readHex4()
                    // A surrogate must be half of a pair, as generated code's decoder reads strings.
                    if (0xD800..<0xDC00).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else { throw fail("a lone surrogate") }
                        index += 2
                        let low = try readHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw fail("a lone surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("a lone surrogate") }
                    scalars.append(contentsOf: String(scalar).utf8)
                default:
                    throw fail("an unknown escape")
                }
            case 0..<0x20:
                throw fail("a control character in a string")
            default:
                scalars.append(byte)
                index += 1
            }
        }
        throw fail("a string was not closed")
    }

    private mutating func readHex4() throws(DocumentValue.JSONError) -> UInt32 {
        // Four hex digits exactly: `UInt32(_:radix:)` alone would take a sign (`\u+Aae`), which JSON does not.
        guard index + 4 <= bytes.count,
            bytes[index..<index + 4].allSatisfy({ Character(UnicodeScalar($0)).isHexDigit }),
            let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw fail("\\u needs four hex digits") }
        index += 4
        return code
    }

    private mutating func readNumber() throws(DocumentValue.JSONError) -> DocumentValue {
        let start = index
        var isWhole = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        guard index > digitsStart else { throw fail("a digit was expected") }
        guard bytes[digitsStart] != UInt8(ascii: "0") || index - digitsStart == 1 else {
            throw fail("a number may not start with 0")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isWhole = false
            index += 1
            let fraction = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > fraction else { throw fail("a digit was expected after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isWhole = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            let exponent = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > exponent else { throw fail("a digit was expected in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isWhole, let number = Int(text) { return .integer(number) }
        return .number(text)
    }
}
