/// The text of one contract file, with fast access to its lines for diagnostics.
public struct SourceText: Sendable {
    /// The path as the user named it; every diagnostic in this file carries it.
    public let path: String
    public let text: String
    private let lines: [Substring]

    public init(path: String, text: String) {
        self.path = path
        self.text = text
        self.lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// Line `number` (1-based) without its line terminator, or `nil` past the end.
    public func line(_ number: Int) -> String? {
        guard number >= 1, number <= lines.count else { return nil }
        var line = lines[number - 1]
        if line.last == "\r" { line = line.dropLast() }
        return String(line)
    }

    public var lineCount: Int { lines.count }

    /// A location in this file.
    public func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column)
    }
}
