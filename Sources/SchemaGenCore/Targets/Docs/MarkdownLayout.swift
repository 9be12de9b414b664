/// Tidies rendered Markdown: no trailing white space, no leading blank lines, never two blank lines in a row
/// (outside code blocks), one newline at the end.
public enum MarkdownLayout {
    public static func format(_ text: String) -> String {
        var output: [String] = []
        var inCodeBlock = false
        for rawLine in text.linesSplitAtLineFeeds {
            var line = rawLine
            while let last = line.unicodeScalars.last, last == " " || last == "\t" || last == "\r" { line.unicodeScalars.removeLast() }
            if line.hasPrefix("```") { inCodeBlock.toggle() }
            if line.isEmpty, !inCodeBlock, output.last?.isEmpty ?? true { continue }
            output.append(line)
        }
        while output.last?.isEmpty == true { output.removeLast() }
        return output.joined(separator: "\n") + "\n"
    }
}
