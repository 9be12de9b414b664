import Foundation
import SchemaGenContract

/// Small pieces of Markdown, escaped so GitHub renders them as meant (inside tables too).
package enum MarkdownSyntax {
    /// `text` as a code span: enough backticks to hold any backticks inside. In a table cell (`inTable`),
    /// pipes are escaped as GitHub requires; elsewhere a backslash in a code span would show, so they are not.
    package static func code(_ text: String, inTable: Bool = true) -> String {
        var longest = 0, run = 0, hasPipe = false
        text.withUTF8Bytes { bytes in
            for byte in bytes {
                run = byte == UInt8(ascii: "`") ? run + 1 : 0
                longest = max(longest, run)
                hasPipe = hasPipe || byte == UInt8(ascii: "|")
            }
        }
        // Type names and wire names hold neither backticks nor pipes: one fence each side is all they need.
        if longest == 0, !hasPipe || !inTable { return String(joining: ["`", text, "`"]) }
        let fence = String(repeating: "`", count: longest + 1)
        let padded = text.hasPrefix("`") || text.hasSuffix("`") ? " \(text) " : text
        return fence + (inTable ? padded.escapingPipes : padded) + fence
    }

    /// Prose for a table cell: pipes and tags escaped, lines joined with `<br>`.
    package static func cell(_ text: String?) -> String {
        guard let text, !text.isEmpty else { return "" }
        return text.linesSplitAtLineFeeds.map { prose($0).escapingPipes }
            .filter { !$0.isEmpty }.joined(separator: "<br>")
    }

    /// A line of prose as GitHub should show it: a `<` outside code spans is written `&lt;`, so `<symbol>`
    /// shows as text instead of being dropped as an unknown HTML tag. Code spans (which show `<` as is) and
    /// autolinks (`<https://…>`) are kept.
    package static func prose(_ line: String) -> String {
        guard line.withUTF8Bytes({ $0.contains(UInt8(ascii: "<")) }) else { return line }
        var output = ""
        var characters = Substring(line)
        while let first = characters.first {
            if first == "`" {
                // A code span runs to the next run of as many backticks; without one, the backticks are text.
                let fence = characters.prefix { $0 == "`" }
                let rest = characters.dropFirst(fence.count)
                if let close = rest.range(of: fence), rest[close.upperBound...].first != "`" {
                    output += characters[..<close.upperBound]
                    characters = rest[close.upperBound...]
                } else {
                    output += fence
                    characters = rest
                }
            } else if first == "<" {
                let autolink =
                    ["<https://", "<http://", "<mailto:"].contains { characters.hasPrefix($0) }
                    && characters.contains(">")
                output += autolink ? "<" : "&lt;"
                characters = characters.dropFirst()
            } else {
                output.append(first)
                characters = characters.dropFirst()
            }
        }
        return output
    }

    package static func codeOutsideTable(_ text: String) -> String {
        code(text, inTable: false)
    }

    /// Prose for a paragraph outside tables: as written (tags escaped), without trailing blank lines.
    package static func paragraph(_ text: String?) -> String {
        (text ?? "").linesSplitAtLineFeeds.map(prose).joined(separator: "\n").trimmingWhitespace
    }

    /// The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens.
    package static func slug(_ heading: String) -> String {
        heading.isASCII ? asciiSlug(heading) : slugByCharacters(heading)
    }

    /// ``slug(_:)`` for any heading, reading Unicode properties of each character.
    package static func slugByCharacters(_ heading: String) -> String {
        var slug = ""
        for character in heading.lowercased() {
            if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            } else if character == " " {
                slug.append("-")
            }
        }
        return slug
    }

    /// ``slug(_:)`` of an ASCII heading, on its bytes: the letters and digits of ASCII are its only ones.
    package static func asciiSlug(_ heading: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(heading.utf8.count)
        for byte in heading.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte | 0x20)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"),
                UInt8(ascii: "_"):
                bytes.append(byte)
            case UInt8(ascii: " "): bytes.append(UInt8(ascii: "-"))
            default: break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Gives headings their GitHub anchors, numbering repeats as GitHub does (`-1`, `-2`).
package struct AnchorBook {
    private var used: [String: Int] = [:]

    package mutating func anchor(for heading: String) -> String {
        let base = MarkdownSyntax.slug(heading)
        guard let count = used[base] else {
            used[base] = 0
            return base
        }
        used[base] = count + 1
        return "\(base)-\(count + 1)"
    }
}

private extension String {
    /// The text with `|` written `\|`, as a GitHub table cell needs. Most text has no pipe: checked on bytes
    /// first, because Foundation's replacing is slow on Linux.
    var escapingPipes: String {
        guard utf8.contains(UInt8(ascii: "|")) else { return self }
        return replacingOccurrences(of: "|", with: "\\|")
    }
}
