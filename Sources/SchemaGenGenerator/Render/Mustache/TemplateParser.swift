import Foundation
import SchemaGenContract

/// Parses Mustache template text into a tree of `TemplateNode`s: interpolation (`{{x}}`, `{{{x}}}`,
/// `{{&x}}`), sections and inverted sections, comments, partials, set delimiters (`{{=<% %>=}}`) and the
/// `{{%CONTENT_TYPE:…}}` pragma, with the Mustache specification's rules for standalone lines.
///
/// Works on UTF-8 bytes: every delimiter and sigil is ASCII, and text between tags is copied whole.
package struct TemplateParser {
    private let bytes: [UInt8]
    private let path: String
    private var openDelimiter: [UInt8] = Array("{{".utf8)
    private var closeDelimiter: [UInt8] = Array("}}".utf8)
    private var index = 0
    /// Where the last partial tag was located: tags are located in text order, each counted on from the last
    /// (counting from the start of the text for every partial made parsing the templates quadratic).
    private var located = (offset: 0, line: 1, column: 1)

    /// A section whose closing tag has not been seen yet.
    private struct OpenSection {
        var name: TemplateName
        var inverted: Bool
        var offset: Int
        var nodes: [TemplateNode] = []
    }

    package init(text: String, path: String) {
        self.bytes = Array(text.utf8)
        self.path = path
    }

    /// The template's nodes, or the first syntax error, located.
    package mutating func parse() throws(Diagnostic) -> [TemplateNode] {
        var sections = [
            OpenSection(name: TemplateName(text: "", components: [], isAnchored: false), inverted: false, offset: 0)
        ]
        var lineStart = 0
        // Whether the current line has anything but white space before `index` (text or another tag):
        // then no tag on it can stand alone.
        var lineHasContent = false
        while index < bytes.count {
            let textStart = index
            guard let tagStart = find(openDelimiter, from: index) else {
                append(text(textStart..<bytes.count), to: &sections)
                break
            }
            for offset in textStart..<tagStart {
                if bytes[offset] == UInt8(ascii: "\n") {
                    lineStart = offset + 1
                    lineHasContent = false
                } else if !Self.isBlank(bytes[offset]) {
                    lineHasContent = true
                }
            }
            let tag = try readTag(at: tagStart)
            if tag.canStandAlone, !lineHasContent, let nextLine = endOfBlankRest(after: tag.end) {
                append(text(textStart..<lineStart), to: &sections)
                index = nextLine
                try handle(tag, indentation: string(lineStart..<tagStart), sections: &sections)
                lineStart = nextLine
            } else {
                append(text(textStart..<tagStart), to: &sections)
                index = tag.end
                lineHasContent = true
                try handle(tag, indentation: "", sections: &sections)
            }
        }
        if sections.count > 1, let unclosed = sections.last {
            throw error(
                "section '\(unclosed.name.text)' is never closed; add {{/\(unclosed.name.text)}}", at: unclosed.offset)
        }
        return sections[0].nodes
    }

    // MARK: - Tags

    private enum Sigil {
        case variable, unescaped, section, inverted, close, comment, partial, delimiters, pragma
    }

    private struct Tag {
        var sigil: Sigil
        var content: String
        var offset: Int
        /// The offset just after the closing delimiter.
        var end: Int

        /// The content without the white space around it.
        var trimmedContent: String { content.trimmingWhitespace }

        /// Tags that leave no text behind may stand alone on a line, which then disappears.
        var canStandAlone: Bool { sigil != .variable && sigil != .unescaped }
    }

    private func readTag(at offset: Int) throws(Diagnostic) -> Tag {
        var start = offset + openDelimiter.count
        guard start < bytes.count else {
            throw error("the tag is not closed; add \(String(decoding: closeDelimiter, as: UTF8.self))", at: offset)
        }
        var closing = closeDelimiter
        let sigil: Sigil
        switch bytes[start] {
        case UInt8(ascii: "{"): sigil = .unescaped; closing = [UInt8(ascii: "}")] + closeDelimiter
        case UInt8(ascii: "&"): sigil = .unescaped
        case UInt8(ascii: "#"): sigil = .section
        case UInt8(ascii: "^"): sigil = .inverted
        case UInt8(ascii: "/"): sigil = .close
        case UInt8(ascii: "!"): sigil = .comment
        case UInt8(ascii: ">"): sigil = .partial
        case UInt8(ascii: "="): sigil = .delimiters; closing = [UInt8(ascii: "=")] + closeDelimiter
        case UInt8(ascii: "%"): sigil = .pragma
        case UInt8(ascii: "<"), UInt8(ascii: "$"):
            throw error(
                "template inheritance ({{< … }} and {{$ … }}) is not supported; use partials ({{> name}})", at: offset)
        default: sigil = .variable
        }
        if sigil != .variable { start += 1 }
        guard let contentEnd = find(closing, from: start) else {
            throw error("the tag is not closed; add \(String(decoding: closing, as: UTF8.self))", at: offset)
        }
        return Tag(sigil: sigil, content: string(start..<contentEnd), offset: offset, end: contentEnd + closing.count)
    }

    private mutating func handle(_ tag: Tag, indentation: String, sections: inout [OpenSection]) throws(Diagnostic) {
        switch tag.sigil {
        case .comment:
            break
        case .variable:
            append(.variable(try name(tag), escaped: true), to: &sections)
        case .unescaped:
            append(.variable(try name(tag), escaped: false), to: &sections)
        case .section, .inverted:
            sections.append(OpenSection(name: try name(tag), inverted: tag.sigil == .inverted, offset: tag.offset))
        case .close:
            let closed = try name(tag)
            guard sections.count > 1, let open = sections.last else {
                throw error("{{/\(closed.text)}} closes no open section", at: tag.offset)
            }
            guard open.name.text == closed.text else {
                throw error(
                    "{{/\(closed.text)}} does not close the open section '\(open.name.text)' (\(location(of: open.offset).line):\(location(of: open.offset).column)); close it first with {{/\(open.name.text)}}",
                    at: tag.offset)
            }
            sections.removeLast()
            append(.section(open.name, body: open.nodes, inverted: open.inverted), to: &sections)
        case .partial:
            let name = tag.trimmedContent
            guard !name.isEmpty, !name.contains(where: \.isWhitespace) else {
                throw error("a partial tag needs one name, e.g. {{> struct}}", at: tag.offset)
            }
            guard !name.hasPrefix("*") else {
                throw error("dynamic partials ({{>*name}}) are not supported; name the partial", at: tag.offset)
            }
            append(
                .partial(name: name, indentation: indentation, location: locationCountedOn(to: tag.offset)),
                to: &sections)
        case .delimiters:
            let parts = tag.content.split(whereSeparator: \.isWhitespace)
            guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
                throw error("set delimiters with two markers separated by a space, e.g. {{=<% %>=}}", at: tag.offset)
            }
            openDelimiter = Array(parts[0].utf8)
            closeDelimiter = Array(parts[1].utf8)
        case .pragma:
            switch tag.trimmedContent {
            case "CONTENT_TYPE:TEXT": append(.contentType(.text), to: &sections)
            case "CONTENT_TYPE:HTML": append(.contentType(.html), to: &sections)
            case let other:
                throw error(
                    "unknown pragma '\(other)'; the known ones are CONTENT_TYPE:TEXT and CONTENT_TYPE:HTML",
                    at: tag.offset)
            }
        }
    }

    private func name(_ tag: Tag) throws(Diagnostic) -> TemplateName {
        let text = tag.trimmedContent
        guard !text.isEmpty else { throw error("the tag has no name", at: tag.offset) }
        // On UTF-8 bytes, where every character that matters is ASCII (a name with any other is read by
        // characters): reading each name by characters was most of loading the templates.
        let bytes = text.utf8
        let isASCII = bytes.allSatisfy { $0 < 0x80 }
        let notAName =
            isASCII
            ? bytes.contains {
                (0x09...0x0D).contains($0) || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "(")
                    || $0 == UInt8(ascii: ")")
            }
            : text.contains { $0.isWhitespace || $0 == "(" || $0 == ")" }
        guard !notAName else {
            throw error(
                "'\(text)' is not a name: names are keys of the context, separated by dots, without spaces or transforms (see docs/templates.md)",
                at: tag.offset)
        }
        if text == "." { return TemplateName(text: text, components: [], isAnchored: true) }
        let isAnchored = bytes.first == UInt8(ascii: ".")
        let components = bytes.dropFirst(isAnchored ? 1 : 0).split(
            separator: UInt8(ascii: "."), omittingEmptySubsequences: false
        )
        .map { String(decoding: $0, as: UTF8.self) }
        guard !components.contains(where: \.isEmpty) else {
            throw error("'\(text)' has an empty part between dots", at: tag.offset)
        }
        return TemplateName(text: text, components: components.map(TemplateKeyName.init), isAnchored: isAnchored)
    }

    // MARK: - Bytes

    private func append(_ node: TemplateNode, to sections: inout [OpenSection]) {
        if case .text(let text) = node, text.isEmpty { return }
        sections[sections.count - 1].nodes.append(node)
    }

    private func text(_ range: Range<Int>) -> TemplateNode {
        .text(Array(bytes[range]))
    }

    /// The offset of the next line when only blanks follow `offset` up to a line feed (or the end), else nil.
    private func endOfBlankRest(after offset: Int) -> Int? {
        var position = offset
        while position < bytes.count, Self.isBlank(bytes[position]) { position += 1 }
        if position == bytes.count { return position }
        if bytes[position] == UInt8(ascii: "\n") { return position + 1 }
        if bytes[position] == UInt8(ascii: "\r"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "\n")
        {
            return position + 2
        }
        return nil
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var position = start
        let last = bytes.count - needle.count
        while position <= last {
            if bytes[position] == first, needle.indices.allSatisfy({ bytes[position + $0] == needle[$0] }) {
                return position
            }
            position += 1
        }
        return nil
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// ``location(of:)`` of an offset at or after the last one located, counted on from there.
    private mutating func locationCountedOn(to offset: Int) -> SourceLocation {
        guard offset >= located.offset else { return location(of: offset) }
        var (position, line, column) = located
        while position < offset {
            // Columns count Unicode scalars: every byte but a UTF-8 continuation byte starts one.
            if bytes[position] == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if bytes[position] & 0xC0 != 0x80 {
                column += 1
            }
            position += 1
        }
        located = (position, line, column)
        return SourceLocation(path: path, line: line, column: column)
    }

    private func location(of offset: Int) -> SourceLocation {
        SourceText.location(ofUTF8Offset: offset, in: bytes, path: path)
    }

    private func error(_ message: String, at offset: Int) -> Diagnostic {
        .error("template syntax error: \(message)", at: location(of: offset))
    }
}
