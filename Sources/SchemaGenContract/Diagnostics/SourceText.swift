/// The text of one contract file, with fast access to its lines for diagnostics.
public struct SourceText: Sendable {
    /// The path as the user named it; every diagnostic in this file carries it.
    public let path: String
    package let text: String
    /// Where each line starts, in UTF-8 bytes: lines are only read for diagnostics, so they are cut from the
    /// text when asked for (a string per line was 10 MB for a 10,000-event contract).
    private let lineStarts: [Int]

    package init(path: String, text: String) {
        self.path = path
        self.text = text
        var starts = [0]
        var bytes = text
        bytes.withUTF8 { utf8 in
            for offset in utf8.indices where utf8[offset] == UInt8(ascii: "\n") { starts.append(offset + 1) }
        }
        self.lineStarts = starts
    }

    /// Line `number` (1-based) without its line terminator, or `nil` past the end.
    package func line(_ number: Int) -> String? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: lineStarts[number - 1])
        var end =
            number < lineStarts.count ? utf8.index(utf8.startIndex, offsetBy: lineStarts[number] - 1) : utf8.endIndex
        if end > start, utf8[utf8.index(before: end)] == UInt8(ascii: "\r") { end = utf8.index(before: end) }
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }

    package var lineCount: Int { lineStarts.count }

    /// The position of the byte at `offset` (counted in UTF-8 from the start of the text).
    package func location(ofUTF8Offset offset: Int) -> SourceLocation {
        Self.location(ofUTF8Offset: offset, in: Substring(text).utf8, path: path)
    }

    /// The position of byte `offset` of possibly invalid UTF-8 `bytes` (the bytes before it must be valid).
    package static func location(
        ofUTF8Offset offset: Int, in bytes: some Collection<UInt8>, path: String
    ) -> SourceLocation {
        let lines = String(decoding: bytes.prefix(offset), as: UTF8.self).linesSplitAtLineFeeds
        return SourceLocation(path: path, line: lines.count, column: (lines.last?.unicodeScalars.count ?? 0) + 1)
    }

    /// A location in this file.
    package func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column)
    }
}
