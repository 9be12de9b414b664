@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

@Suite struct TextDiffTests {
    @Test func equalTextsHaveNoDiff() {
        #expect(TextDiff.unified(from: "a\nb\n", to: "a\nb\n").isEmpty)
    }

    @Test func showsChangesWithContextLikeGit() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n").replacingOccurrences(
            of: "line 10\n", with: "line 10\nline 11\n")
        #expect(
            TextDiff.unified(from: old, to: new, oldLabel: "a", newLabel: "b") == """
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
        let new = old.replacingOccurrences(of: "\n2\n", with: "\nTWO\n").replacingOccurrences(
            of: "\n19\n", with: "\nNINETEEN\n")
        let diff = TextDiff.unified(from: old, to: new)
        #expect(
            diff.components(separatedBy: "\n").filter { $0.hasPrefix("@@") } == [
                "@@ -1,5 +1,5 @@", "@@ -16,5 +16,5 @@",
            ])
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

    @Test func aWholeNewLargeFileIsOneHunkOfAdditions() {
        // `schemagen check` with a generated file missing: the trace used to grow with the square of the
        // file's lines (16 GB for 10,000 events).
        let new = (1...200_000).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let diff = TextDiff.unified(from: "", to: new, oldLabel: "/dev/null", newLabel: "b/x.swift")
        #expect(diff.hasPrefix("--- /dev/null\n+++ b/x.swift\n@@ -0,0 +1,200000 @@\n+line 1\n"))
        #expect(diff.hasSuffix("+line 200000\n"))
    }

    @Test func aRewriteBeyondTheSearchBoundIsRemovedAndAddedWholeBetweenItsContext() {
        let kept = (1...5).map { "same \($0)" }
        let old = kept + (1...6).map { "old \($0)" } + kept
        let new = kept + (1...4).map { "new \($0)" } + kept
        let edits = TextDiff.script(old, new, maximumEdits: 3)
        #expect(edits.filter { $0.kind == .delete }.map(\.oldIndex) == Array(5...10))
        #expect(edits.filter { $0.kind == .insert }.map(\.newIndex) == Array(5...8))
        #expect(edits.filter { $0.kind == .keep }.count == 10)
        // Within the bound the script is still the shortest: one line changed in the middle.
        let shortest = TextDiff.script(
            old, old.enumerated().map { $0.offset == 7 ? "changed" : $0.element }, maximumEdits: 3)
        #expect(shortest.filter { $0.kind != .keep }.map(\.kind) == [.delete, .insert])
    }

    @Test func findsTheShortestScriptBetweenASharedStartAndEnd() {
        let a = ["x", "a", "b", "c", "a", "b", "b", "a", "y"], b = ["x", "c", "b", "a", "b", "a", "c", "y"]
        let edits = TextDiff.script(a, b)
        // Myers' classic example (ABCABBA → CBABAC) needs five edits.
        #expect(edits.filter { $0.kind != .keep }.count == 5)
        var rebuilt: [String] = []
        for edit in edits where edit.kind != .delete {
            rebuilt.append(edit.kind == .keep ? a[edit.oldIndex] : b[edit.newIndex])
        }
        #expect(rebuilt == b)
    }
}
