/// Finds the second occurrence of a duplicate mapping key in the text.
///
/// Yams stops composing at the first duplicate key and names only the first occurrence. To still report
/// every problem of the file in one run, the loader finds the repeat, renames it in a private copy of the
/// text (same length, so every other position stays right), parses again, and marks the entry as a
/// duplicate for the checker, which then reports it in context ("duplicate event 'x' in channel 'y'").
package struct DuplicateKeyLocator {
    package let source: SourceText

    /// Where `key` appears again in the mapping whose first occurrence of it is at `first`.
    ///
    /// Handles block mappings (the repeat stands at the same column further down, before the mapping's
    /// indentation ends) and one-line flow mappings (the repeat follows on the same line).
    package func secondOccurrence(of key: String, firstAt first: SourceLocation) -> SourceLocation? {
        guard !key.isEmpty, let firstLine = source.line(first.line) else { return nil }
        let firstScalars = Array(firstLine.unicodeScalars)
        // Flow mapping: `{a: 1, a: 2}`.
        var column = first.column + key.unicodeScalars.count
        while column <= firstScalars.count {
            let previous = Self.previousNonSpace(in: firstScalars, before: column)
            if previous == "," || previous == "{", Self.keyStarts(key, in: firstScalars, at: column) {
                return first.moved(toLine: first.line, column: column)
            }
            column += 1
        }
        // Block mapping: the repeat stands at the first key's column.
        var lineNumber = first.line + 1
        while let line = source.line(lineNumber) {
            let scalars = Array(line.unicodeScalars)
            let indent = scalars.prefix { $0 == " " }.count
            let isBlankOrComment = indent == scalars.count || scalars[indent] == "#"
            if !isBlankOrComment {
                if indent + 1 < first.column { return nil }
                if indent + 1 == first.column, Self.keyStarts(key, in: scalars, at: first.column) {
                    return first.moved(toLine: lineNumber, column: first.column)
                }
            }
            lineNumber += 1
        }
        return nil
    }

    /// Whether `key`, plain or quoted, followed by `:`, starts at 1-based `column`.
    private static func keyStarts(_ key: String, in scalars: [Unicode.Scalar], at column: Int) -> Bool {
        let keyScalars = Array(key.unicodeScalars)
        for quote in [nil, "\"", "'"] as [Unicode.Scalar?] {
            var index = column - 1
            if let quote {
                guard index < scalars.count, scalars[index] == quote else { continue }
                index += 1
            }
            guard index + keyScalars.count <= scalars.count,
                Array(scalars[index..<index + keyScalars.count]) == keyScalars
            else { continue }
            index += keyScalars.count
            if let quote {
                guard index < scalars.count, scalars[index] == quote else { continue }
                index += 1
            }
            while index < scalars.count, scalars[index] == " " { index += 1 }
            if index < scalars.count, scalars[index] == ":" { return true }
        }
        return false
    }

    private static func previousNonSpace(in scalars: [Unicode.Scalar], before column: Int) -> Unicode.Scalar? {
        var index = column - 2
        while index >= 0, scalars[index] == " " { index -= 1 }
        return index >= 0 ? scalars[index] : nil
    }

    /// `text` with the key at `location` made unique: its first character becomes a private-use
    /// character numbered by `uniqueIndex`. The length in scalars is unchanged.
    package static func replacingKey(
        in text: String, at location: SourceLocation, length: Int, uniqueIndex: Int
    ) -> String {
        var lines = text.linesSplitAtLineFeeds.map { Array($0.unicodeScalars) }
        let lineIndex = location.line - 1
        guard lineIndex < lines.count else { return text }
        var start = location.column - 1
        if start < lines[lineIndex].count, lines[lineIndex][start] == "\"" || lines[lineIndex][start] == "'" {
            start += 1
        }
        guard start < lines[lineIndex].count, length > 0,
            let marker = Unicode.Scalar(0xE000 + UInt32(uniqueIndex % 0x1800))
        else { return text }
        lines[lineIndex][start] = marker
        return lines.map { String(String.UnicodeScalarView($0)) }.joined(separator: "\n")
    }
}
