import SchemaGenContract
import SchemaGenGenerator
/// A phrase of a diff's findings ("required field `timestamp: Date` removed") as data: text and the names and values
/// quoted in it, which each report renders its way (Markdown code spans, quotes on a terminal). Written as a string
/// literal, backticks in the literal's own text mark what is quoted, around interpolated values too; a value
/// interpolated as `\(code: name)` is quoted whatever it holds, backticks included.
package struct ChangePhrase: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    package enum Part: Hashable, Sendable {
        case text(String)
        case code(String)
    }

    package private(set) var parts: [Part] = []

    package init(stringLiteral value: String) {
        var builder = StringInterpolation(literalCapacity: value.count, interpolationCount: 0)
        builder.appendLiteral(value)
        self = builder.phrase
    }

    package init(stringInterpolation: StringInterpolation) {
        self = stringInterpolation.phrase
    }

    package init(parts: [Part]) {
        self.parts = parts
    }

    /// Builds a phrase: literal text (whose backticks open and close quotes), interpolated values, quoted values.
    package struct StringInterpolation: StringInterpolationProtocol {
        private var parts: [Part] = []
        private var buffer = ""
        private var quoting = false

        package init(literalCapacity: Int, interpolationCount: Int) {}

        package mutating func appendLiteral(_ literal: String) {
            for character in literal {
                if character == "`" {
                    flush()
                    quoting.toggle()
                } else {
                    buffer.append(character)
                }
            }
        }

        /// A value as it reads, inside quotes when the literal opened them.
        package mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            buffer += value.description
        }

        /// A phrase inside this one, its quotes kept.
        package mutating func appendInterpolation(_ phrase: ChangePhrase) {
            flush()
            parts.append(contentsOf: phrase.parts)
        }

        /// A name or value, quoted whatever it holds.
        package mutating func appendInterpolation(code value: some CustomStringConvertible) {
            flush()
            parts.append(.code(value.description))
        }

        private mutating func flush() {
            guard !buffer.isEmpty else { return }
            parts.append(quoting ? .code(buffer) : .text(buffer))
            buffer = ""
        }

        package var phrase: ChangePhrase {
            var copy = self
            copy.flush()
            return ChangePhrase(parts: ChangePhrase.merged(copy.parts))
        }
    }

    /// Adjacent text parts joined, so equal phrases have equal parts however they were built.
    package static func merged(_ parts: [Part]) -> [Part] {
        var result: [Part] = []
        for part in parts {
            if case .text(let next) = part, case .text(let previous)? = result.last {
                result[result.count - 1] = .text(previous + next)
            } else if part != .text("") {
                result.append(part)
            }
        }
        return result
    }

    /// The phrase with `other` after it.
    package static func + (phrase: ChangePhrase, other: ChangePhrase) -> ChangePhrase {
        ChangePhrase(parts: merged(phrase.parts + other.parts))
    }

    /// The phrases with `separator` between them.
    package static func joined(_ phrases: [ChangePhrase], separator: ChangePhrase) -> ChangePhrase {
        guard let first = phrases.first else { return "" }
        return phrases.dropFirst().reduce(first) { $0 + separator + $1 }
    }

    /// Quoted parts as Markdown code spans (fenced to hold any backticks they have).
    package var markdown: String {
        parts.map { part in
            switch part {
            case .text(let text): text
            case .code(let code): MarkdownSyntax.codeOutsideTable(code)
            }
        }.joined()
    }

    /// The words alone, quotes left out: what a configuration names a finding's location by
    /// (`event member_joined › userName`).
    package var bare: String {
        parts.map { part in
            switch part {
            case .text(let text), .code(let text): text
            }
        }.joined()
    }

    /// Quoted parts in single quotes, for a terminal.
    package var plain: String {
        parts.map { part in
            switch part {
            case .text(let text): text
            case .code(let code): "'\(code)'"
            }
        }.joined()
    }

    package var description: String { markdown }

    /// Whether the phrase's text, quotes left out, contains `text`.
    package func contains(_ text: String) -> Bool { plain.contains(text) }
}

extension ChangePhrase: Codable {
    /// JSON carries the Markdown form (`schemagen-diff` version 1's `summary`, `reason` and `rollout` strings).
    package init(from decoder: any Decoder) throws {
        self.init(stringLiteral: try decoder.singleValueContainer().decode(String.self))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(markdown)
    }
}
