/// The text of one contract file, with fast access to its lines for diagnostics.
public struct SourceText: Sendable {
    /// The path as the user named it; every diagnostic in this file carries it.
    public let path: String
    public let text: String
    private let lines: [String]

    public init(path: String, text: String) {
        self.path = path
        self.text = text
        self.lines = text.linesSplitAtLineFeeds
    }

    /// Line `number` (1-based) without its line terminator, or `nil` past the end.
    public func line(_ number: Int) -> String? {
        guard number >= 1, number <= lines.count else { return nil }
        let line = lines[number - 1]
        return line.unicodeScalars.last == "\r" ? String(line.unicodeScalars.dropLast()) : line
    }

    public var lineCount: Int { lines.count }

    /// The position of the byte at `offset` (counted in UTF-8 from the start of the text).
    public func location(ofUTF8Offset offset: Int) -> SourceLocation {
        Self.location(ofUTF8Offset: offset, in: Substring(text).utf8, path: path)
    }

    /// The position of byte `offset` of possibly invalid UTF-8 `bytes` (the bytes before it must be valid).
    static func location(ofUTF8Offset offset: Int, in bytes: some Collection<UInt8>, path: String) -> SourceLocation {
        let lines = String(decoding: bytes.prefix(offset), as: UTF8.self).linesSplitAtLineFeeds
        return SourceLocation(path: path, line: lines.count, column: (lines.last?.unicodeScalars.count ?? 0) + 1)
    }

    /// A location in this file.
    public func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column)
    }
}
