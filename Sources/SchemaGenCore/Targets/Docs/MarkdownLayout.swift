/// Tidies rendered Markdown: no trailing white space, no leading blank lines, never two blank lines in a row
/// (outside code blocks), one newline at the end.
public enum MarkdownLayout {
    public static func format(_ text: String) -> String {
        var text = text
        let sink = MemorySink()
        var stream = Stream()
        text.withUTF8 { stream.layOut($0) { sink.write($0) } }
        stream.finish { sink.write($0) }
        return sink.text
    }

    /// Tidies a text that arrives in pieces of whole lines (a large reference, written as it renders), with the
    /// same result as ``format(_:)`` of the whole text: blank lines and code blocks carry over between pieces.
    struct Stream: LineLayout {
        private var inCodeBlock = false
        private var lastLineWasBlank = true  // no blank lines at the start
        private var pendingBlanks = 0        // written only if a line follows
        var wroteAnything = false

        // On bytes, line by line: every character that matters is ASCII.
        mutating func layOut(_ bytes: UnsafeBufferPointer<UInt8>, emit: (UnsafeRawBufferPointer) -> Void) {
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var lineStart = 0
            // What follows the last line feed is a line only at the end of the text; there, an empty one is
            // a blank line that nothing follows, which changes nothing.
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                var end = lineEnd
                while end > lineStart, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<end])
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
            guard !output.isEmpty else { return }
            output.withUnsafeBytes(emit)
            wroteAnything = true
        }
    }
}
