import Foundation

/// A validated JSON document as a flat list of tokens over its bytes, built in one pass: what `WireDecoder`
/// reads payloads from.
///
/// Nothing is converted while parsing: strings and numbers stay byte ranges until a decoder asks for them
/// as a type, so fields a type does not read cost only their validation. Containers record how many members
/// they have and where they end, so skipping a value is one lookup.
struct JSONTape {
    /// One JSON value, or one key of an object.
    struct Token {
        enum Kind: UInt8 {
            case object, array
            /// A string without escapes: its bytes are its UTF-8.
            case string
            /// A string with at least one escape, decoded when read.
            case escapedString
            /// A number without fraction or exponent.
            case integer
            /// A number with a fraction or an exponent.
            case number
            case `true`, `false`, null
        }

        var kind: Kind
        /// The first byte; for strings, the first byte after the opening quote.
        var start: Int
        /// The byte after the value; for strings, the closing quote.
        var end: Int
        /// The index of the token after this value and everything inside it.
        var next: Int
        /// Members of an object or elements of an array.
        var count: Int
    }

    /// Nesting deeper than this is rejected rather than risking the stack on hostile input.
    static let maximumDepth = 512

    private(set) var tokens: [Token] = []
    /// The bytes being parsed; only read while parsing (readers of a finished tape have their own copy).
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    /// Parses `bytes`, which must stay valid while the tape is used: one JSON value and nothing after it
    /// but white space.
    init(parsing bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        self.bytes = bytes
        // A typical payload has one token per eight bytes or so; reserving avoids most regrowth.
        tokens.reserveCapacity(bytes.count / 8 + 4)
        try parseDocument()
        skipWhitespace()
        guard index == bytes.count else {
            throw JSONSyntaxError(message: "unexpected text after the JSON value", offset: index)
        }
    }

    /// Parses the one JSON value that starts at `start` (after white space) and stops after it: a frame's
    /// payload, parsed while the frame is taken apart so it is scanned once. Offsets are into `bytes`.
    init(parsingValueIn bytes: UnsafeBufferPointer<UInt8>, at start: Int) throws(JSONSyntaxError) {
        self.bytes = bytes
        index = start
        tokens.reserveCapacity((bytes.count - start) / 8 + 4)
        try parseDocument()
    }

    /// A tape parsed earlier (``tokens`` of a tape made by ``init(parsingValueIn:at:)``), for reading only.
    init(tokens: [Token]) {
        self.tokens = tokens
        bytes = UnsafeBufferPointer(start: nil, count: 0)
    }

    /// Where parsing stopped: after the value, for ``init(parsingValueIn:at:)``.
    var end: Int { index }

    // MARK: Parsing

    /// While a container is open, its token keeps the parse's bookkeeping in the fields it fills only when it
    /// closes: `end` holds the enclosing open container (or -1), and `count` the members so far while a nested
    /// container is open inside it (the innermost container's count is a local of the parse). So the stack of
    /// open containers needs no allocation of its own (an array of them was one of the few allocations per
    /// payload).
    private var innermostOpen = -1
    private var openDepth = 0

    /// The whole document, with a loop and a stack of open containers rather than recursion: a document
    /// nested ``maximumDepth`` deep needs no more stack than a flat one (a recursive descent took about a KiB
    /// of stack per level in debug builds, more than a 512 KiB thread has for 512 levels).
    private mutating func parseDocument() throws(JSONSyntaxError) {
        // The innermost open container's members so far and whether it is an object: kept here rather than in
        // its token, which each value then updated through the array.
        var members = 0
        var inObject = false
        while true {
            // A value starts here.
            skipWhitespace()
            guard index < bytes.count else { throw JSONSyntaxError(message: "expected a value", offset: index) }
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard openDepth < Self.maximumDepth else {
                    throw JSONSyntaxError(message: "nested too deeply", offset: index)
                }
                let isObject = bytes[index] == UInt8(ascii: "{")
                let token = self.open(isObject ? .object : .array)
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                    close(token, count: 0)
                } else {
                    if innermostOpen >= 0 { tokens[innermostOpen].count = members }
                    tokens[token].end = innermostOpen
                    innermostOpen = token
                    openDepth += 1
                    members = 0
                    inObject = isObject
                    if isObject { try parseKey() }
                    continue
                }
            case UInt8(ascii: "\""): try parseString()
            case UInt8(ascii: "t"): try parseLiteral("true", .true)
            case UInt8(ascii: "f"): try parseLiteral("false", .false)
            case UInt8(ascii: "n"): try parseLiteral("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
            default: throw JSONSyntaxError(message: "expected a value", offset: index)
            }
            // A value is complete: go on to its container's next member, or close the containers that end here.
            while innermostOpen >= 0 {
                let container = innermostOpen
                members += 1
                skipWhitespace()
                guard index < bytes.count else {
                    throw JSONSyntaxError(
                        message: inObject ? "unterminated object" : "unterminated array",
                        offset: tokens[container].start)
                }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    if inObject { try parseKey() }
                    break
                }
                guard bytes[index] == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw JSONSyntaxError(
                        message: inObject ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array",
                        offset: index)
                }
                index += 1
                innermostOpen = tokens[container].end
                openDepth -= 1
                close(container, count: members)
                if innermostOpen >= 0 {
                    members = tokens[innermostOpen].count
                    inObject = tokens[innermostOpen].kind == .object
                }
            }
            if innermostOpen < 0 { return }
        }
    }

    /// A member's key and the colon after it. Whether a key repeats is left to lookups (`WireDocument`), which
    /// only need to know for the keys they look for.
    private mutating func parseKey() throws(JSONSyntaxError) {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw JSONSyntaxError(message: "expected a string key", offset: index)
        }
        try parseString()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw JSONSyntaxError(message: "expected ':' after a key", offset: index)
        }
        index += 1
    }

    private mutating func open(_ kind: Token.Kind) -> Int {
        tokens.append(Token(kind: kind, start: index, end: index, next: 0, count: 0))
        return tokens.count - 1
    }

    private mutating func close(_ token: Int, count: Int) {
        tokens[token].end = index
        tokens[token].next = tokens.count
        tokens[token].count = count
    }

    private mutating func append(_ kind: Token.Kind, from start: Int, to end: Int) {
        tokens.append(Token(kind: kind, start: start, end: end, next: tokens.count + 1, count: 0))
    }

    /// A string, checked by ``JSONString`` (escapes, surrogate pairs, control characters, UTF-8).
    private mutating func parseString() throws(JSONSyntaxError) {
        let (end, escaped) = try JSONString.scan(bytes, openingQuote: index)
        append(escaped ? .escapedString : .string, from: index + 1, to: end)
        index = end + 1
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func parseNumber() throws(JSONSyntaxError) {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw JSONSyntaxError(message: "invalid number", offset: start)
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw JSONSyntaxError(message: "numbers cannot start with 0", offset: start)
            }
        } else {
            skipDigits()
        }
        var kind = Token.Kind.integer
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            kind = .number
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw JSONSyntaxError(message: "expected digits after '.'", offset: index)
            }
            skipDigits()
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            kind = .number
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw JSONSyntaxError(message: "expected digits in the exponent", offset: index)
            }
            skipDigits()
        }
        append(kind, from: start, to: index)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private mutating func parseLiteral(_ literal: StaticString, _ kind: Token.Kind) throws(JSONSyntaxError) {
        let length = literal.utf8CodeUnitCount
        guard index + length <= bytes.count,
            (0..<length).allSatisfy({ bytes[index + $0] == literal.utf8Start[$0] })
        else {
            throw JSONSyntaxError(message: "expected a value", offset: index)
        }
        append(kind, from: index, to: index + length)
        index += length
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }
}
