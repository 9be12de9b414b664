@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
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

    @Test func blankTextsMakeOneLineFeedAndCodeBlocksKeepTheirBlankLines() {
        #expect(MarkdownLayout.format("\n \n\t\n\n") == "\n")
        #expect(MarkdownLayout.format("a\n```\nx\n\n\ny\n```\n\n\nb") == "a\n```\nx\n\n\ny\n```\n\nb\n")
    }
}
