import Foundation

/// Reads the plain YAML contracts are written in straight into a ``SyntaxNode`` tree, in one pass over the
/// bytes, or declines.
///
/// Yams composes a node tree of its own (resolving a tag and hashing every mapping's keys), which the loader
/// then converts: for a 10,000-event contract that was a quarter of `schemagen generate`. Contracts use a
/// small part of YAML: block mappings and sequences, one-line plain and quoted scalars, one-line flow
/// collections and comments. This reader understands exactly that part, builds the same tree with the same
/// locations as the Yams path (``NodeConverter``), and returns `nil` for anything else: anchors, aliases,
/// tags, block scalars, multi-line scalars or flows, escapes, tabs, carriage returns, duplicate keys and every
/// syntax error. The loader then parses the text with Yams, which reports errors and recovers from
/// duplicates as before. So this is a shortcut, never a second YAML dialect: it accepts a text only when it
/// reads it as libyaml does (`BlockYAMLReaderTests` compares both on every contract and on damaged copies).
package struct BlockYAMLReader {
    /// Deeper nesting is left to Yams, whose recursion has libyaml's own limit; contracts are a few levels deep.
    package static let maximumDepth = 64
    /// libyaml refuses implicit keys longer than this; so does this reader, by declining.
    package static let maximumKeyLength = 1024

    private let bytes: UnsafeBufferPointer<UInt8>
    private let path: String
    private var index = 0
    /// The 1-based number of the line `index` is on, and the offset where that line starts.
    private var line = 1
    private var lineStart = 0

    /// Reads `text` into a tree whose locations name `path`, or returns `nil` when the text uses anything
    /// beyond the block subset (or is not valid YAML), for the Yams path to read.
    package static func read(_ text: String, path: String) -> SyntaxNode? {
        var text = text
        return text.withUTF8 { bytes in
            guard admitsEveryCharacter(bytes) else { return nil }
            var reader = BlockYAMLReader(bytes: bytes, path: path)
            return reader.readDocument()
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, path: String) {
        self.bytes = bytes
        self.path = path
    }

    /// Whether every character is one this reader handles exactly as libyaml does: no tab or carriage return
    /// (tabs are separators in some places and errors in others), no character libyaml reads as a line break
    /// (U+0085, U+2028, U+2029) or refuses (C1 controls, U+FEFF inside the text, U+FFFE, U+FFFF). C0 controls
    /// were refused by the loader already.
    private static func admitsEveryCharacter(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.isPrintableASCIILines { return true }
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == 0x09 || byte == 0x0D { return false }
            } else if byte == 0xC2 {
                if index + 1 < count, bytes[index + 1] < 0xA0 { return false }
            } else if byte == 0xE2 {
                if index + 2 < count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                    return false
                }
            } else if byte == 0xEF {
                if index + 2 < count, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF { return false }
                if index + 2 < count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE { return false }
            }
            index += 1
        }
        return true
    }

    // MARK: Lines

    private var atEnd: Bool { index >= bytes.count }

    private func byte(at offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    private static func isBreakOrEnd(_ byte: UInt8?) -> Bool {
        byte == nil || byte == UInt8(ascii: "\n")
    }

    private static func isBlankOrEnd(_ byte: UInt8?) -> Bool {
        byte == nil || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: " ")
    }

    private mutating func skipSpaces() {
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
    }

    /// After a value: only spaces and a comment may end the line. Leaves `index` at the line break (or the end).
    private mutating func finishLine() -> Bool {
        let before = index
        skipSpaces()
        if atEnd || bytes[index] == UInt8(ascii: "\n") { return true }
        // A comment needs white space before it.
        guard bytes[index] == UInt8(ascii: "#"), index > before else { return false }
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return true
    }

    /// Moves to the first line below that holds more than spaces and a comment, and returns its indentation
    /// (`index` at its first character); `nil` at the end of the text.
    private mutating func nextContentLine() -> Int? {
        while true {
            if index < bytes.count, bytes[index] == UInt8(ascii: "\n") {
                index += 1
                line += 1
                lineStart = index
            }
            guard index < bytes.count else { return nil }
            skipSpaces()
            let indentation = index - lineStart
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\n"): continue
            case UInt8(ascii: "#"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            default:
                return indentation
            }
        }
    }

    /// Where `offset` (on the current line) stands: columns count Unicode scalars, as libyaml does.
    private func position(of offset: Int) -> SourceLocation {
        var column = 1
        var cursor = lineStart
        while cursor < offset {
            if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
            cursor += 1
        }
        return SourceLocation(path: path, line: line, column: column)
    }

    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    // MARK: Block structure

    private mutating func readDocument() -> SyntaxNode? {
        guard let indentation = nextContentLine(), indentation == 0 else { return nil }
        // `---`, `...` and directives are left to Yams.
        if bytes[index] == UInt8(ascii: "%") { return nil }
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "."),
            index + 2 < bytes.count, bytes[index + 1] == bytes[index], bytes[index + 2] == bytes[index]
        {
            return nil
        }
        guard let root = readBlockNode(indentation: 0, depth: 0) else { return nil }
        // Something below the root that did not belong to it is an error for Yams to report.
        guard nextContentLine() == nil else { return nil }
        return root
    }

    /// The collection whose first line starts at `index`, indented by `indentation`.
    private mutating func readBlockNode(indentation: Int, depth: Int) -> SyntaxNode? {
        guard depth < Self.maximumDepth else { return nil }
        if isSequenceEntry(at: index) { return readSequence(indentation: indentation, depth: depth) }
        return readMapping(indentation: indentation, depth: depth)
    }

    private func isSequenceEntry(at offset: Int) -> Bool {
        byte(at: offset) == UInt8(ascii: "-") && Self.isBlankOrEnd(byte(at: offset + 1))
    }

    /// A block mapping whose first key starts at `index`; its keys stand at column `indentation`.
    private mutating func readMapping(indentation: Int, depth: Int) -> SyntaxNode? {
        let location = self.position(of: index)
        var entries: [SyntaxNode.Entry] = []
        var keys = KeySet()
        while true {
            guard let key = readKey() else { return nil }
            guard keys.insert(key.scalar!.text) else { return nil }
            // `index` is just after the colon.
            let afterColon = index
            skipSpaces()
            let value: SyntaxNode
            if atEnd || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "#") {
                if !atEnd, bytes[index] == UInt8(ascii: "#"), index == afterColon { return nil }
                guard finishLine() else { return nil }
                let empty = SyntaxNode(
                    kind: .scalar(.init(text: "", style: .plain)), location: position(of: afterColon))
                let here = (index, line, lineStart)
                if let next = nextContentLine(),
                    next > indentation || (next == indentation && isSequenceEntry(at: index))
                {
                    guard let nested = readBlockNode(indentation: next, depth: depth + 1) else { return nil }
                    value = nested
                } else {
                    (index, line, lineStart) = here
                    value = empty
                }
            } else {
                guard let inline = readInlineValue(depth: depth + 1), finishLine() else { return nil }
                value = inline
            }
            entries.append(SyntaxNode.Entry(key: key, value: value, duplicateOf: nil))
            let here = (index, line, lineStart)
            guard let next = nextContentLine(), next >= indentation else {
                (index, line, lineStart) = here
                return SyntaxNode(kind: .mapping(Self.trimmed(entries)), location: location)
            }
            // A line indented deeper continues a scalar over lines, or is an error: both are Yams' to read.
            guard next == indentation, !isSequenceEntry(at: index) else { return nil }
        }
    }

    /// `items` in a buffer of exactly their count. The tree is held while the model is built from it, and lists
    /// grown by doubling left up to half of each unused: a tenth of a large contract's peak memory.
    private static func trimmed<Item>(_ items: [Item]) -> [Item] {
        guard items.capacity > items.count else { return items }
        return Array(unsafeUninitializedCapacity: items.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: items)
        }
    }

    /// Whether nothing but blank lines and comments follows (and `index` stays where it was).
    private func nextContentLineLeavesNothing() -> Bool {
        var probe = self
        return probe.nextContentLine() == nil
    }

    /// The text's bytes, read by several cores at once; the text outlives every reader.
    private struct UncheckedBytes: @unchecked Sendable {
        let bytes: UnsafeBufferPointer<UInt8>
    }

    /// A block sequence whose first `-` is at `index`, at column `indentation`.
    private mutating func readSequence(indentation: Int, depth: Int) -> SyntaxNode? {
        let location = self.position(of: index)
        var elements: [SyntaxNode] = []
        while true {
            index += 1  // the `-`
            let afterDash = index
            skipSpaces()
            if atEnd || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "#") {
                if !atEnd, bytes[index] == UInt8(ascii: "#"), index == afterDash { return nil }
                guard finishLine() else { return nil }
                let here = (index, line, lineStart)
                if let next = nextContentLine(), next > indentation {
                    guard let nested = readBlockNode(indentation: next, depth: depth + 1) else { return nil }
                    elements.append(nested)
                } else {
                    (index, line, lineStart) = here
                    elements.append(
                        SyntaxNode(kind: .scalar(.init(text: "", style: .plain)), location: position(of: afterDash)))
                }
            } else if isSequenceEntry(at: index) {
                return nil  // `- - a`: left to Yams.
            } else if startsImplicitKey() {
                // `- name: x` and the keys under it: a mapping whose column is the first key's.
                guard let mapping = readMapping(indentation: index - lineStart, depth: depth + 1) else { return nil }
                elements.append(mapping)
            } else {
                guard let inline = readInlineValue(depth: depth + 1), finishLine() else { return nil }
                elements.append(inline)
            }
            let here = (index, line, lineStart)
            guard let next = nextContentLine(), next >= indentation, next == indentation, isSequenceEntry(at: index)
            else {
                (index, line, lineStart) = here
                // A deeper line after an entry, or a key at the sequence's own column under a mapping entry
                // that is not its parent's: decided by the caller, which sees the same line.
                return SyntaxNode(kind: .sequence(Self.trimmed(elements)), location: location)
            }
        }
    }

    /// Whether the text at `index` is a key followed by `:` on this line (a compact mapping in a sequence entry).
    private func startsImplicitKey() -> Bool {
        var probe = self
        return probe.readKey() != nil
    }

    /// A mapping key and its colon: a plain or quoted scalar on one line. Leaves `index` after the colon.
    private mutating func readKey() -> SyntaxNode? {
        let start = index
        // `---` and `...` at the start of a line end the document.
        if index == lineStart, index + 2 < bytes.count,
            bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "."),
            bytes[index + 1] == bytes[index], bytes[index + 2] == bytes[index], Self.isBlankOrEnd(byte(at: index + 3))
        {
            return nil
        }
        let key: SyntaxNode
        switch bytes[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            guard let quoted = readQuoted() else { return nil }
            key = quoted
            skipSpaces()
            guard byte(at: index) == UInt8(ascii: ":") else { return nil }
        default:
            guard startsPlainScalar(inFlow: false) else { return nil }
            var end = index
            var cursor = index
            while true {
                guard let current = byte(at: cursor), current != UInt8(ascii: "\n") else { return nil }
                if current == UInt8(ascii: ":"), Self.isBlankOrEnd(byte(at: cursor + 1)) { break }
                if current == UInt8(ascii: "#"), cursor > start, bytes[cursor - 1] == UInt8(ascii: " ") { return nil }
                cursor += 1
                if current != UInt8(ascii: " ") { end = cursor }
            }
            key = SyntaxNode(kind: .scalar(.init(text: text(start, end), style: .plain)), location: position(of: start))
            index = cursor
        }
        guard index - start <= Self.maximumKeyLength else { return nil }
        index += 1  // the colon
        guard Self.isBlankOrEnd(byte(at: index)) else { return nil }
        return key
    }

    /// A value that starts on the line of its key or `-`, or inside a flow collection: a flow collection, a
    /// quoted or a plain scalar.
    private mutating func readInlineValue(depth: Int, inFlow: Bool = false) -> SyntaxNode? {
        guard let first = byte(at: index) else { return nil }
        switch first {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            return readFlow(depth: depth)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return readQuoted()
        default:
            return readPlainScalar(inFlow: inFlow)
        }
    }

    /// A plain scalar on one line. In a block it ends at a comment, and `a: b: c` is an error; in a flow it ends
    /// at a flow indicator or `: `, and a comment means the flow goes on over lines. Errors and rarer forms are
    /// left to Yams.
    private mutating func readPlainScalar(inFlow: Bool) -> SyntaxNode? {
        guard startsPlainScalar(inFlow: inFlow) else { return nil }
        let start = index
        var end = index
        while let current = byte(at: index), current != UInt8(ascii: "\n") {
            let comment = current == UInt8(ascii: "#") && bytes[index - 1] == UInt8(ascii: " ")
            if inFlow {
                if Self.isFlowIndicator(current) { break }
                // libyaml versions differ on `?` inside flow scalars.
                if current == UInt8(ascii: "?") || comment { return nil }
                if current == UInt8(ascii: ":") {
                    let next = byte(at: index + 1)
                    if Self.isBlankOrEnd(next) { break }
                    // `a:,` and `a:]` are rare enough to leave to Yams.
                    if let next, Self.isFlowIndicator(next) { return nil }
                }
            } else {
                if current == UInt8(ascii: ":"), Self.isBlankOrEnd(byte(at: index + 1)) { return nil }
                if comment { break }
            }
            index += 1
            if current != UInt8(ascii: " ") { end = index }
        }
        index = end
        return SyntaxNode(kind: .scalar(.init(text: text(start, end), style: .plain)), location: position(of: start))
    }

    /// Whether a plain scalar may start at `index`: not with an indicator (YAML 1.1, as libyaml reads it).
    private func startsPlainScalar(inFlow: Bool) -> Bool {
        guard let first = byte(at: index) else { return false }
        switch first {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
            // `-1` and `:x` are plain scalars; `- `, `? ` and `: ` are indicators. In flows, `-,` too, and libyaml
            // reads a `:` starting a token in a flow as an indicator whatever follows (`{a: :b}` is an error).
            if inFlow, first == UInt8(ascii: ":") { return false }
            let next = byte(at: index + 1)
            if Self.isBlankOrEnd(next) { return false }
            if inFlow, let next, Self.isFlowIndicator(next) { return false }
            return true
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
            UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"),
            UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"),
            UInt8(ascii: "`"), UInt8(ascii: " "), UInt8(ascii: "\n"):
            return false
        default:
            return true
        }
    }

    private static func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
            || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
    }

    // MARK: Scalars

    /// A single- or double-quoted scalar that ends on its line; double-quoted ones without escapes.
    private mutating func readQuoted() -> SyntaxNode? {
        let quote = bytes[index]
        let location = self.position(of: index)
        index += 1
        var text: [UInt8] = []
        var start = index
        while true {
            guard let current = byte(at: index), current != UInt8(ascii: "\n") else { return nil }
            if quote == UInt8(ascii: "\""), current == UInt8(ascii: "\\") { return nil }
            if current == quote {
                if quote == UInt8(ascii: "'"), byte(at: index + 1) == UInt8(ascii: "'") {
                    text += UnsafeBufferPointer(rebasing: bytes[start...index])
                    index += 2
                    start = index
                    continue
                }
                break
            }
            index += 1
        }
        let scalar: String
        if text.isEmpty {
            scalar = self.text(start, index)
        } else {
            text += UnsafeBufferPointer(rebasing: bytes[start..<index])
            scalar = String(decoding: text, as: UTF8.self)
        }
        index += 1  // the closing quote
        return SyntaxNode(kind: .scalar(.init(text: scalar, style: .quoted)), location: location)
    }

    // MARK: Flow collections

    /// `[a, b]` or `{a: 1, b: 2}` on one line, nested or not, with plain or quoted scalars.
    private mutating func readFlow(depth: Int) -> SyntaxNode? {
        guard depth < Self.maximumDepth else { return nil }
        let isMapping = bytes[index] == UInt8(ascii: "{")
        let closing = isMapping ? UInt8(ascii: "}") : UInt8(ascii: "]")
        let location = self.position(of: index)
        index += 1
        var elements: [SyntaxNode] = []
        var entries: [SyntaxNode.Entry] = []
        var keys = KeySet()
        skipSpaces()
        if byte(at: index) == closing {
            index += 1
            return SyntaxNode(kind: isMapping ? .mapping([]) : .sequence([]), location: location)
        }
        while true {
            guard let first = readInlineValue(depth: depth + 1, inFlow: true) else { return nil }
            skipSpaces()
            if isMapping {
                // `{a: 1}`: a plain key needs white space after its colon; anything rarer is Yams' to read.
                guard case .scalar(let key) = first.kind, keys.insert(key.text),
                    byte(at: index) == UInt8(ascii: ":"), byte(at: index + 1) == UInt8(ascii: " ")
                else { return nil }
                index += 1
                skipSpaces()
                guard let value = readInlineValue(depth: depth + 1, inFlow: true) else { return nil }
                entries.append(SyntaxNode.Entry(key: first, value: value, duplicateOf: nil))
                skipSpaces()
            } else {
                // `[a: 1]` is a one-pair mapping inside the sequence: left to Yams.
                guard byte(at: index) != UInt8(ascii: ":") else { return nil }
                elements.append(first)
            }
            guard let separator = byte(at: index) else { return nil }
            index += 1
            if separator == closing { break }
            guard separator == UInt8(ascii: ","), byte(at: index) == UInt8(ascii: " ") else { return nil }
            skipSpaces()
            // A trailing comma (`[a, ]`) is left to Yams.
            guard let next = byte(at: index), next != closing else { return nil }
        }
        return SyntaxNode(
            kind: isMapping ? .mapping(Self.trimmed(entries)) : .sequence(Self.trimmed(elements)), location: location)
    }
}

/// The keys of one mapping, to decline a mapping that repeats one (Yams reports and recovers from that).
private struct KeySet {
    private var few: [String] = []
    private var many: Set<String> = []

    /// Adds `key`; `false` when it was there already.
    mutating func insert(_ key: String) -> Bool {
        if many.isEmpty {
            if few.contains(key) { return false }
            few.append(key)
            if few.count > 16 {
                many = Set(few)
                few = []
            }
            return true
        }
        return many.insert(key).inserted
    }
}
