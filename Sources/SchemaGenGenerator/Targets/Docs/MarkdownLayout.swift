import SchemaGenContract
/// Tidies rendered Markdown: no trailing white space, no leading blank lines, never two blank lines in a row
/// (outside code blocks), one newline at the end.
package enum MarkdownLayout {
    package static func format(_ text: String) -> String {
        format(utf8: Array(text.utf8))
    }

    /// ``format(_:)`` of rendered UTF-8. On bytes, line by line: every character that matters is ASCII.
    package static func format(utf8 bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var inCodeBlock = false
        var lastLineWasBlank = true  // no blank lines at the start
        var pendingBlanks = 0  // written only if a line follows
        var lineStart = 0
        // What follows the last line feed is a line only at the end of the text; there, an empty one is a blank
        // line that nothing follows, which changes nothing.
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            var end = lineEnd
            while end > lineStart,
                bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t")
                    || bytes[end - 1] == UInt8(ascii: "\r")
            { end -= 1 }
            let line = bytes[lineStart..<end]
            lineStart = lineEnd + 1
            if line.starts(with: [UInt8(ascii: "`"), UInt8(ascii: "`"), UInt8(ascii: "`")]) { inCodeBlock.toggle() }
            if line.isEmpty {
                if !inCodeBlock, lastLineWasBlank { continue }
                pendingBlanks += 1
                lastLineWasBlank = true
                continue
            }
            output.append(contentsOf: repeatElement(UInt8(ascii: "\n"), count: pendingBlanks))
            pendingBlanks = 0
            output.append(contentsOf: line)
            output.append(UInt8(ascii: "\n"))
            lastLineWasBlank = false
        }
        // A text with no line at all is one empty line.
        return output.isEmpty ? "\n" : String(decoding: output, as: UTF8.self)
    }
}
