import Foundation

/// A type as written in a contract (`[String: Notification]?`), parsed but not yet resolved, with the
/// offset of every name so an unknown one can be pointed at.
package indirect enum TypeExpression: Equatable, Sendable {
    case name(String, offset: Int)
    case array(TypeExpression)
    case dictionary(key: TypeExpression, value: TypeExpression, keyOffset: Int)
    case optional(TypeExpression)
    /// `A | B`, each alternative with the offset it starts at; `null` is written as the name `null`.
    case union([(TypeExpression, offset: Int)])

    package static func == (lhs: TypeExpression, rhs: TypeExpression) -> Bool {
        switch (lhs, rhs) {
        case let (.name(a, x), .name(b, y)): a == b && x == y
        case let (.array(a), .array(b)), let (.optional(a), .optional(b)): a == b
        case let (.dictionary(a, b, x), .dictionary(c, d, y)): a == c && b == d && x == y
        case let (.union(a), .union(b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.offset == $1.offset }
        default: false
        }
    }
}

/// Parses type expressions: `Name`, `[T]`, `[String: T]`, `T?`, `T | null`, `(T | null)?`, with spaces allowed
/// between tokens.
package struct TypeExpressionParser {
    package struct Failure: Error, Equatable {
        package var message: String
        /// Offset in Unicode scalars from the start of the text.
        package var offset: Int
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0

    package init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    package static func parse(_ text: String) -> Result<TypeExpression, Failure> {
        if let simple = simpleExpression(text) { return .success(simple) }
        var parser = TypeExpressionParser(text)
        return Result { try parser.parseWhole() }.mapError { $0 as! Failure }
    }

    /// `Name` or `Name?` with an ASCII name, what most types of a contract are, read without the parser: the same
    /// expression it gives, for a tenth of the work.
    private static func simpleExpression(_ text: String) -> TypeExpression? {
        let bytes = text.utf8
        let isOptional = bytes.last == UInt8(ascii: "?")
        let name = isOptional ? bytes.dropLast() : bytes[...]
        guard !name.isEmpty,
            name.allSatisfy({ byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
            })
        else { return nil }
        let expression = TypeExpression.name(isOptional ? String(text.dropLast()) : text, offset: 0)
        return isOptional ? .optional(expression) : expression
    }

    private mutating func parseWhole() throws -> TypeExpression {
        skipSpaces()
        guard index < scalars.count else {
            throw Failure(message: "missing type; write a type such as `String`", offset: 0)
        }
        let type = try parseType()
        skipSpaces()
        guard index == scalars.count else {
            throw Failure(
                message: "unexpected '\(scalars[index])' after the type '\(text(0..<index).trimmed)'", offset: index)
        }
        return type
    }

    /// Alternatives separated by `|`; a single one is returned as it is.
    private mutating func parseType() throws -> TypeExpression {
        skipSpaces()
        let first = index
        var alternatives = [(try parseOptional(), offset: first)]
        skipSpaces()
        while index < scalars.count, scalars[index] == "|" {
            index += 1
            skipSpaces()
            let start = index
            alternatives.append((try parseOptional(), offset: start))
            skipSpaces()
        }
        return alternatives.count == 1 ? alternatives[0].0 : .union(alternatives)
    }

    private mutating func parseOptional() throws -> TypeExpression {
        skipSpaces()
        var type = try parsePrimary()
        skipSpaces()
        if index < scalars.count, scalars[index] == "?" {
            type = .optional(type)
            index += 1
            skipSpaces()
            if index < scalars.count, scalars[index] == "?" {
                throw Failure(message: "a type can be optional only once; write a single '?'", offset: index)
            }
        }
        return type
    }

    private mutating func parsePrimary() throws -> TypeExpression {
        guard index < scalars.count else {
            throw Failure(message: "missing type at the end; write a type such as `String`", offset: index)
        }
        let start = index
        if scalars[index] == "(" {
            index += 1
            let inner = try parseType()
            skipSpaces()
            guard index < scalars.count, scalars[index] == ")" else {
                throw Failure(
                    message: "expected ')' to close the '(' of '\(text(start..<min(index, scalars.count)))'",
                    offset: min(index, scalars.count))
            }
            index += 1
            return inner
        }
        if scalars[index] == "[" {
            index += 1
            skipSpaces()
            let first = try parseType()
            skipSpaces()
            if index < scalars.count, scalars[index] == ":" {
                index += 1
                let value = try parseType()
                try expectClosingBracket(openedAt: start)
                return .dictionary(key: first, value: value, keyOffset: start + 1 + leadingSpaces(after: start + 1))
            }
            try expectClosingBracket(openedAt: start)
            return .array(first)
        }
        while index < scalars.count, Self.isNameCharacter(scalars[index]) { index += 1 }
        guard index > start else {
            throw Failure(
                message: "expected a type name, '[' or '[String: ' here, found '\(scalars[index])'", offset: index)
        }
        let name = text(start..<index)
        if index < scalars.count, scalars[index] == "<" {
            throw Failure(
                message:
                    "generic syntax is not part of the contract format; write `[T]` for arrays, `[String: T]` for dictionaries and `T?` for optionals",
                offset: index)
        }
        return .name(name, offset: start)
    }

    private mutating func expectClosingBracket(openedAt start: Int) throws {
        skipSpaces()
        guard index < scalars.count, scalars[index] == "]" else {
            throw Failure(
                message: "expected ']' to close the '[' of '\(text(start..<min(index, scalars.count)))'",
                offset: min(index, scalars.count))
        }
        index += 1
    }

    private mutating func skipSpaces() {
        while index < scalars.count, scalars[index] == " " { index += 1 }
    }

    private func leadingSpaces(after offset: Int) -> Int {
        var count = 0
        while offset + count < scalars.count, scalars[offset + count] == " " { count += 1 }
        return count
    }

    private func text(_ range: Range<Int>) -> String {
        String(String.UnicodeScalarView(scalars[range]))
    }

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }
}

private extension String {
    var trimmed: String { trimmingCharacters(in: .whitespaces) }
}
