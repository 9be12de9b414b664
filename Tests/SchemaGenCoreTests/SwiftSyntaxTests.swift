@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

@Suite struct SwiftSyntaxTests {
    /// Plain names are handed back as they are; everything a Swift literal cannot hold as written is escaped.
    @Test(arguments: [
        ("file_count", "\"file_count\""), ("", "\"\""), ("a\"b", "\"a\\\"b\""), ("a\\b", "\"a\\\\b\""),
        ("line\nnext", "\"line\\nnext\""), ("tab\there", "\"tab\\there\""), ("\u{7F}", "\"\\u{7f}\""),
        ("\u{1}", "\"\\u{1}\""),
        ("café ☕", "\"café ☕\""),
    ])
    func stringLiterals(text: String, literal: String) {
        #expect(SwiftSyntax.stringLiteral(text) == literal)
    }

    /// Doc comment lines: each line of the text trimmed at its end (not its start), blank lines kept blank, the
    /// deprecation note and the extra lines after a blank line, every non-blank line after a space.
    @Test(
        arguments: [
            (nil, nil, [], []),
            ("", nil, [], []),
            ("One line.", nil, [], [" One line."]),
            (
                "Trailing blanks \t\r\nsecond\n\n  indented kept\n", nil, [],
                [" Trailing blanks", " second", "", "   indented kept", ""]
            ),
            (
                "é 日本 🙂  ", Deprecation(message: "Use `other`. "), ["Wire name: `a`.", ""],
                [" é 日本 🙂", " - Important: Deprecated. Use `other`. ", "", " Wire name: `a`.", ""]
            ),
            (nil, Deprecation(message: nil), ["x"], [" - Important: Deprecated.", "", " x"]),
            (nil, nil, ["Wire name: `b`, server to client."], [" Wire name: `b`, server to client."]),
        ] as [(String?, Deprecation?, [String], [String])])
    func documentationLines(text: String?, deprecation: Deprecation?, extra: [String], expected: [String]) {
        #expect(SwiftSyntax.documentation(text, deprecation: deprecation, extra: extra) == expected)
    }
}
