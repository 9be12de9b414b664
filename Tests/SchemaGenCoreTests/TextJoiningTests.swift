@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

/// The translators' one-copy joining must give exactly what `joined(separator:)` gives.
@Suite struct TextJoiningTests {
    @Test(
        arguments: [
            ([], ""), ([], ", "), ([""], ", "), (["", ""], ", "), (["a"], ", "), (["a", "b", "c"], ""),
            (["a", "", "c"], ", "),
            (["é", "日本", "🙂"], " · "),
            (["a string long enough to live on the heap", "and another one, also not small"], "\n"),
        ] as [([String], String)])
    func joinsAsJoinedDoes(parts: [String], separator: String) {
        let joined = String(joining: parts, separator: separator)
        #expect(joined == parts.joined(separator: separator))
        #expect(joined.utf8.count == parts.joined(separator: separator).utf8.count)
    }
}
