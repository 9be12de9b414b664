/// JSON strings, read one way for the whole runtime: the frame scanner (event names, envelope keys,
/// channels, Pusher's JSON-in-a-string `data`) and the payload tape both validate with ``scan(_:openingQuote:)``
/// and decode with ``decode(_:from:to:)``, so no string the network sends is read two ways.
///
/// Validation is RFC 8259's: escapes are one of the eight single-character ones or `\u` with four hex
/// digits; UTF-16 surrogates come in escaped high-low pairs; control characters are escaped; the bytes are
/// well-formed UTF-8. `JSONDecoder` rejects the same strings when it reads them (see docs/decoding.md).
enum JSONString {
    /// Checks the string whose opening quote is at `quote`. Returns the index of its closing quote and
    /// whether it holds escapes (without escapes, its bytes are its UTF-8).
    static func scan<Bytes: RandomAccessCollection>(
        _ bytes: Bytes, openingQuote quote: Int
    ) throws(JSONSyntaxError) -> (end: Int, escaped: Bool)
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var index = quote + 1
        var escaped = false
        let end = bytes.endIndex
        while index < end {
            index = endOfPlainASCII(bytes, from: index)
            guard index < end else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                return (index, escaped)
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
                index = try skipEscape(bytes, at: index)
            } else if byte < 0x20 {
                throw JSONSyntaxError(message: "unescaped control character in a string", offset: index)
            } else if byte < 0x80 {
                index += 1
            } else {
                index = try skipMultiByteCharacter(bytes, at: index)
            }
        }
        throw JSONSyntaxError(message: "unterminated string", offset: quote)
    }

    /// The first byte at or after `start` that needs a look of its own: a quote, a backslash, a control
    /// character or a byte of a multi-byte character. Where the bytes are contiguous, eight are tested at once
    /// (the byte-by-byte loop was a tenth of decoding a payload); otherwise this returns `start`.
    @inline(__always)
    private static func endOfPlainASCII<Bytes: RandomAccessCollection>(_ bytes: Bytes, from start: Int) -> Int
    where Bytes.Element == UInt8, Bytes.Index == Int {
        let base = bytes.startIndex
        return bytes.withContiguousStorageIfAvailable { buffer -> Int in
            guard let address = buffer.baseAddress else { return start }
            let raw = UnsafeRawPointer(address)
            var offset = start - base
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highBits: UInt64 = 0x8080_8080_8080_8080
            while offset + 8 <= buffer.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                let quotes = word ^ (ones &* 0x22)
                let backslashes = word ^ (ones &* 0x5C)
                // A byte's high bit is set when it is zero after the XOR (a quote or a backslash), below 0x20,
                // or 0x80 and above. Borrows can only mark bytes above a marked one, so the lowest mark is exact.
                let marks =
                    ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes | (word &- ones &* 0x20) & ~word
                        | word) & highBits
                if marks != 0 { return base + offset + marks.trailingZeroBitCount / 8 }
                offset += 8
            }
            return base + offset
        } ?? start
    }

    /// The text of a string that ``scan(_:openingQuote:)`` accepted: `start` is the byte after the opening
    /// quote, `end` the closing quote.
    static func decode<Bytes: RandomAccessCollection>(_ bytes: Bytes, from start: Int, to end: Int) -> String
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(end - start)
        var index = start
        while index < end {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                continue
            }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                // Validated: four hex digits, and a high surrogate is followed by `\u` and a low one.
                var scalar = hexValue(bytes, at: index)
                index += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    let low = hexValue(bytes, at: index + 2)
                    index += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                appendUTF8(scalar, to: &utf8)
            default: utf8.append(escape)  // `"`, `\` and `/` stand for themselves
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// The four hex digits of a `\u` escape starting at `index`, or `nil` when they are not four hex digits.
    static func hex4<Bytes: RandomAccessCollection>(_ bytes: Bytes, at index: Int) -> UInt32?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        guard index + 4 <= bytes.endIndex else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private static func hexValue<Bytes: RandomAccessCollection>(_ bytes: Bytes, at index: Int) -> UInt32
    where Bytes.Element == UInt8, Bytes.Index == Int {
        hex4(bytes, at: index) ?? 0xFFFD
    }

    /// Checks the escape at `index` (a backslash) and returns the index after it.
    private static func skipEscape<Bytes: RandomAccessCollection>(
        _ bytes: Bytes, at escape: Int
    ) throws(JSONSyntaxError) -> Int
    where Bytes.Element == UInt8, Bytes.Index == Int {
        let index = escape + 1
        guard index < bytes.endIndex else { throw JSONSyntaxError(message: "unterminated string", offset: escape) }
        switch bytes[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return index + 1
        case UInt8(ascii: "u"):
            guard let unit = hex4(bytes, at: index + 1) else {
                throw JSONSyntaxError(message: "invalid \\u escape", offset: escape)
            }
            if (0xD800..<0xDC00).contains(unit) {
                // A high surrogate must be followed by an escaped low one: together they are one character.
                let next = index + 5
                guard next + 1 < bytes.endIndex, bytes[next] == UInt8(ascii: "\\"),
                    bytes[next + 1] == UInt8(ascii: "u"),
                    let low = hex4(bytes, at: next + 2), (0xDC00..<0xE000).contains(low)
                else {
                    throw JSONSyntaxError(message: "unpaired UTF-16 surrogate in a string", offset: escape)
                }
                return next + 6
            }
            guard !(0xDC00..<0xE000).contains(unit) else {
                throw JSONSyntaxError(message: "unpaired UTF-16 surrogate in a string", offset: escape)
            }
            return index + 5
        default:
            throw JSONSyntaxError(message: "invalid escape in a string", offset: escape)
        }
    }

    /// Checks one UTF-8 sequence of two to four bytes at `index`, well-formed as Unicode defines it (no
    /// overlong forms, no surrogates, nothing above U+10FFFF), and returns the index after it.
    private static func skipMultiByteCharacter<Bytes: RandomAccessCollection>(
        _ bytes: Bytes, at index: Int
    ) throws(JSONSyntaxError) -> Int
    where Bytes.Element == UInt8, Bytes.Index == Int {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: throw JSONSyntaxError(message: "invalid UTF-8", offset: index)
        }
        guard index + length <= bytes.endIndex, secondRange.contains(bytes[index + 1]) else {
            throw JSONSyntaxError(message: "invalid UTF-8", offset: index)
        }
        for continuation in index + 2..<index + length where !(0x80...0xBF).contains(bytes[continuation]) {
            throw JSONSyntaxError(message: "invalid UTF-8", offset: index)
        }
        return index + length
    }

    private static func appendUTF8(_ scalar: UInt32, to utf8: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            utf8.append(UInt8(scalar))
        case 0x80..<0x800:
            utf8.append(UInt8(0xC0 | scalar >> 6))
            utf8.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            utf8.append(UInt8(0xE0 | scalar >> 12))
            utf8.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            utf8.append(UInt8(0x80 | scalar & 0x3F))
        default:
            utf8.append(UInt8(0xF0 | scalar >> 18))
            utf8.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            utf8.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            utf8.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}

/// Why bytes are not the JSON expected, and at which byte.
struct JSONSyntaxError: Error, Sendable {
    var message: String
    var offset: Int
}
