/// A position in a contract file, as editors and compilers count it.
///
/// Lines and columns start at 1; columns count Unicode scalars, as libyaml does.
package struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The path of the file as the user named it (relative paths stay relative).
    package var path: String
    // 32 bits each: every node of a contract's syntax tree and most of its model hold a location, and two
    // 64-bit numbers made each a quarter larger (no file this reads has two billion lines or columns).
    private var storedLine: Int32
    private var storedColumn: Int32

    package var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    package var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    package init(path: String, line: Int, column: Int) {
        self.path = path
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    /// The same file, another position.
    package func moved(toLine line: Int, column: Int) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column)
    }

    /// The position `count` columns to the right on the same line.
    package func advanced(byColumns count: Int) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column + count)
    }

    /// A whole file or folder, for problems with no position inside it (it cannot be read); line 0.
    package static func file(_ path: String) -> SourceLocation {
        SourceLocation(path: path, line: 0, column: 0)
    }

    /// `path:line:col`, the form Xcode, SwiftPM and most editors turn into a link; just the path for a whole file.
    package var description: String { line == 0 ? path : "\(path):\(line):\(column)" }

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }
}
