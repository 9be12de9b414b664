/// Lays out rendered Swift: indentation by brace depth, `case` labels level with their `switch`, no
/// trailing white space, no blank lines after `{` or before `}`, never two blank lines in a row.
///
/// Templates express structure only; this pass makes their output read as if written by hand, whatever
/// the templates' own indentation (and whatever a user's template overrides do). Braces inside string
/// literals and comments do not count.
public enum SwiftLayout {
    public static let indentUnit = "    "

    public static func format(_ source: String) -> String {
        var output: [String] = []
        var blocks: [Bool] = []   // for each open brace: whether it opened a `switch`
        var previousBlank = true
        for rawLine in source.linesSplitAtLineFeeds {
            let line = rawLine.trimmingWhitespace
            if line.isEmpty {
                if !previousBlank, output.last?.hasSuffix("{") == false { output.append("") }
                previousBlank = true
                continue
            }
            let counts = braceCounts(in: line)
            // Closing braces at the start of the line dedent the line itself.
            var depth = blocks.count - min(counts.leadingCloses, blocks.count)
            if let innermost = blocks.last, innermost, counts.leadingCloses == 0,
               line.hasPrefix("case ") || line.hasPrefix("default:") || line.hasPrefix("@unknown default:") {
                depth -= 1
            }
            if line.hasPrefix("}"), output.last == "" { output.removeLast() }
            output.append(String(repeating: indentUnit, count: max(0, depth)) + line)
            previousBlank = false
            for _ in 0..<min(counts.closes, blocks.count) { blocks.removeLast() }
            for index in 0..<counts.opens {
                blocks.append(index == counts.opens - 1 && line.hasPrefix("switch "))
            }
        }
        while output.last == "" { output.removeLast() }
        return output.joined(separator: "\n") + "\n"
    }

    /// Braces that count in `line`: opened, closed, and closed before any other code on the line.
    static func braceCounts(in line: String) -> (opens: Int, closes: Int, leadingCloses: Int) {
        var opens = 0, closes = 0, leadingCloses = 0
        var inString = false, escaped = false, onlyClosesSoFar = true
        var previous: UInt8 = 0x20
        // Bytes: every character that matters here is ASCII, and UTF-8 never reuses ASCII bytes inside others.
        for byte in line.utf8 {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                previous = byte
                continue
            }
            if byte == UInt8(ascii: "/"), previous == UInt8(ascii: "/") { break }
            switch byte {
            case UInt8(ascii: "\""): inString = true; onlyClosesSoFar = false
            case UInt8(ascii: "{"): opens += 1; onlyClosesSoFar = false
            case UInt8(ascii: "}"):
                if opens > 0 { opens -= 1 } else { closes += 1 }
                if onlyClosesSoFar { leadingCloses += 1 }
            case UInt8(ascii: " "), UInt8(ascii: "\t"): break
            default: onlyClosesSoFar = false
            }
            previous = byte
        }
        return (opens, closes, leadingCloses)
    }
}

private extension String {
    var trimmingWhitespace: String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars.removeLast() }
        return String(scalars)
    }
}
