@testable import SchemaGenCore
import TestSupport
import Testing

/// Rendered Markdown loses trailing white space and repeated blank lines, except inside code blocks.
@Suite struct MarkdownLayoutTests {
    @Test(arguments: [
        ("", "\n"),
        ("\n\n  \n", "\n"),
        ("\n\n# Title  \n\n\n\ntext\t\r\n", "# Title\n\ntext\n"),
        ("a\n```\n\n\ncode  \n```\n\n\nb\n\n\n", "a\n```\n\n\ncode\n```\n\nb\n"),
        ("| a | b |\n|---|---|\n| 1 | 2 |", "| a | b |\n|---|---|\n| 1 | 2 |\n"),
        ("é  \n\n\nü", "é\n\nü\n"),
    ])
    func tidies(_ text: String, _ expected: String) {
        #expect(MarkdownLayout.format(text) == expected)
    }

    /// A large reference is tidied as it renders, a megabyte of whole lines at a time: blank lines and code blocks
    /// that span pieces come out as they do from the whole text.
    @Test(arguments: [1, 2, 3])
    func piecesTidyAsTheWholeText(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let vocabulary = ["# Title", "", "", "", "  ", "\t", "```", "```swift", "code  ", "| a | b |", "text \r", "é"]
        let text = (0..<4_000).map { _ in vocabulary.randomElement(using: &generator)! }.joined(separator: "\n") + (seed == 2 ? "" : "\n")
        let expected = MarkdownLayout.format(text)
        #expect(expected.contains("```\n\n\n"))  // blank lines kept inside a code block
        #expect(streamed(text, through: MarkdownLayout.Stream(), cutEvery: 1, using: &generator) == expected)
        #expect(streamed(text, through: MarkdownLayout.Stream(), cutEvery: 50, using: &generator) == expected)
    }

    @Test func blankPiecesMakeOneLineFeed() {
        var generator = SeededGenerator(seed: 1)
        #expect(streamed("\n \n\t\n\n", through: MarkdownLayout.Stream(), cutEvery: 1, using: &generator) == "\n")
    }
}
