@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

@Suite struct JSONStringLiteralTests {
    /// Plain text is quoted as it is; whatever JSON, TypeScript or a YAML reader would read otherwise is escaped.
    @Test(arguments: [
        ("order_id", "\"order_id\""), ("", "\"\""), ("say \"hi\"", "\"say \\\"hi\\\"\""), ("a\\b", "\"a\\\\b\""),
        ("one\ntwo\r\tthree", "\"one\\ntwo\\r\\tthree\""), ("\u{1}\u{7F}\u{85}", "\"\\u0001\\u007F\\u0085\""),
        ("\u{2028}\u{2029}\u{FEFF}", "\"\\u2028\\u2029\\uFEFF\""), ("café ☕", "\"café ☕\""),
    ])
    func literals(text: String, literal: String) {
        #expect(text.jsonStringLiteral == literal)
    }
}
