/// Prints diagnostics as `path:line:col: error: message`, the form Xcode and SwiftPM show inline.
public struct DiagnosticRenderer: Sendable {
    /// Whether to add the source line with a caret under the column (for terminals).
    package var showsSourceLines: Bool
    /// Whether to colour the severity (for terminals that have not opted out with NO_COLOR).
    package var usesColor: Bool

    public init(showsSourceLines: Bool = false, usesColor: Bool = false) {
        self.showsSourceLines = showsSourceLines
        self.usesColor = usesColor
    }

    /// Renders one diagnostic and its notes; `sources` maps paths to file texts for source lines.
    public func render(_ diagnostic: Diagnostic, sources: [String: SourceText] = [:]) -> String {
        var lines: [String] = []
        append(diagnostic, to: &lines, sources: sources)
        for note in diagnostic.notes {
            append(note, to: &lines, sources: sources)
        }
        return lines.joined(separator: "\n")
    }

    /// Renders many diagnostics, one after the other, ending with a newline.
    public func render(_ diagnostics: [Diagnostic], sources: [String: SourceText] = [:]) -> String {
        diagnostics.map { render($0, sources: sources) + "\n" }.joined()
    }

    private func append(_ diagnostic: Diagnostic, to lines: inout [String], sources: [String: SourceText]) {
        let prefix = diagnostic.location.map { "\($0): " } ?? "schemagen: "
        lines.append(prefix + styled(diagnostic.severity) + ": " + diagnostic.message)
        guard showsSourceLines, let location = diagnostic.location,
            let line = sources[location.path]?.line(location.line)
        else { return }
        lines.append(line)
        lines.append(caretLine(under: location.column, in: line))
    }

    /// Keeps tabs as tabs so the caret lines up whatever the terminal's tab width.
    private func caretLine(under column: Int, in line: String) -> String {
        let leading = line.unicodeScalars.prefix(max(0, column - 1)).map { $0 == "\t" ? "\t" : " " }
        return leading.joined() + (usesColor ? "\u{1B}[1;32m^\u{1B}[0m" : "^")
    }

    private func styled(_ severity: Diagnostic.Severity) -> String {
        guard usesColor else { return severity.rawValue }
        let code =
            switch severity {
            case .error: "1;31"
            case .warning: "1;35"
            case .note: "1;30"
            }
        return "\u{1B}[\(code)m\(severity.rawValue)\u{1B}[0m"
    }
}
