import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import Testing

@Suite struct DiagnosticRendererTests {
    let source = SourceText(path: "c.yaml", text: "events:\n\tping: x\n  pong:\n    direction: sideways\r\n")

    @Test func plainOutputIsOneLinePerDiagnosticAndNote() {
        let diagnostic = Diagnostic.error(
            "duplicate", at: SourceLocation(path: "c.yaml", line: 3, column: 3),
            notes: [.note("first here", at: SourceLocation(path: "c.yaml", line: 2, column: 2))])
        #expect(
            DiagnosticRenderer().render([diagnostic]) == "c.yaml:3:3: error: duplicate\nc.yaml:2:2: note: first here\n")
    }

    @Test func terminalOutputShowsTheSourceLineWithACaret() {
        let diagnostic = Diagnostic.error("invalid direction", at: SourceLocation(path: "c.yaml", line: 4, column: 16))
        let rendered = DiagnosticRenderer(showsSourceLines: true).render(diagnostic, sources: ["c.yaml": source])
        #expect(
            rendered == """
                c.yaml:4:16: error: invalid direction
                    direction: sideways
                               ^
                """)
    }

    @Test func caretKeepsTabsSoItLinesUp() {
        let diagnostic = Diagnostic.warning("odd", at: SourceLocation(path: "c.yaml", line: 2, column: 2))
        let rendered = DiagnosticRenderer(showsSourceLines: true).render(diagnostic, sources: ["c.yaml": source])
        #expect(rendered == "c.yaml:2:2: warning: odd\n\tping: x\n\t^")
    }

    @Test func colourMarksTheSeverityOnly() {
        let diagnostic = Diagnostic.error("bad", at: SourceLocation(path: "c.yaml", line: 1, column: 1))
        #expect(DiagnosticRenderer(usesColor: true).render(diagnostic) == "c.yaml:1:1: \u{1B}[1;31merror\u{1B}[0m: bad")
    }

    @Test func diagnosticsWithoutAPositionNameTheTool() {
        #expect(
            DiagnosticRenderer().render(Diagnostic.error("cannot read 'x'", at: nil))
                == "schemagen: error: cannot read 'x'")
    }

    @Test func diagnosticsSortByPositionStably() {
        var bag = DiagnosticBag()
        bag.error("b", at: SourceLocation(path: "a.yaml", line: 2, column: 1))
        bag.error("a", at: SourceLocation(path: "a.yaml", line: 1, column: 5))
        bag.warning("c", at: SourceLocation(path: "a.yaml", line: 2, column: 1))
        bag.error("unplaced", at: nil)
        #expect(bag.sorted.map(\.message) == ["unplaced", "a", "b", "c"])
        #expect(bag.hasErrors)
    }
}
