@testable import SchemaGenCore
import Testing

@Suite struct TextDiffTests {
    @Test func equalTextsHaveNoDiff() {
        #expect(TextDiff.unified(from: "a\nb\n", to: "a\nb\n").isEmpty)
    }

    @Test func showsChangesWithContextLikeGit() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n").replacingOccurrences(of: "line 10\n", with: "line 10\nline 11\n")
        #expect(TextDiff.unified(from: old, to: new, oldLabel: "a", newLabel: "b") == """
            --- a
            +++ b
            @@ -2,9 +2,10 @@
             line 2
             line 3
             line 4
            -line 5
            +line five
             line 6
             line 7
             line 8
             line 9
             line 10
            +line 11

            """)
    }

    @Test func separatesDistantHunks() {
        let old = (1...20).map { "\($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "\n2\n", with: "\nTWO\n").replacingOccurrences(of: "\n19\n", with: "\nNINETEEN\n")
        let diff = TextDiff.unified(from: old, to: new)
        #expect(diff.components(separatedBy: "\n").filter { $0.hasPrefix("@@") } == ["@@ -1,5 +1,5 @@", "@@ -16,5 +16,5 @@"])
    }

    @Test func reportsAMissingFinalNewline() {
        #expect(TextDiff.unified(from: "a\n", to: "a").contains("actual has no newline at the end"))
    }

    @Test func splitsWindowsLinesAndShowsCarriageReturnChanges() {
        let diff = TextDiff.unified(from: "a\r\nb\r\nc\r\n", to: "a\r\nB\r\nc\r\n", oldLabel: "x", newLabel: "y")
        #expect(diff == "--- x\n+++ y\n@@ -1,3 +1,3 @@\n a\r\n-b\r\n+B\r\n c\r\n")
        #expect(TextDiff.unified(from: "a\r\n", to: "a\n").contains("-a\r\n+a\n"))
    }

    @Test func diffsFromAndToEmpty() {
        #expect(TextDiff.unified(from: "", to: "a\n").contains("@@ -0,0 +1 @@\n+a\n"))
        #expect(TextDiff.unified(from: "a\nb\n", to: "").contains("@@ -1,2 +0,0 @@\n-a\n-b\n"))
    }
}
