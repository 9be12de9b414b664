@testable import SchemaGenCore
import Testing

@Suite struct SwiftSyntaxTests {
    /// Plain names are handed back as they are; everything a Swift literal cannot hold as written is escaped.
    @Test(arguments: [
        ("file_count", "\"file_count\""), ("", "\"\""), ("a\"b", "\"a\\\"b\""), ("a\\b", "\"a\\\\b\""),
        ("line\nnext", "\"line\\nnext\""), ("tab\there", "\"tab\\there\""), ("\u{7F}", "\"\\u{7f}\""), ("\u{1}", "\"\\u{1}\""),
        ("café ☕", "\"café ☕\""),
    ])
    func stringLiterals(text: String, literal: String) {
        #expect(SwiftSyntax.stringLiteral(text) == literal)
    }
}
