@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

@Suite struct SuggestionsTests {
    @Test func suggestsCloseWordsOnly() {
        #expect(Suggestions.closest(to: "descripton", in: ["direction", "description"]) == "description")
        #expect(Suggestions.closest(to: "string", in: ["String", "Int"]) == "String")
        #expect(
            Suggestions.closest(to: "server-to-clinet", in: Direction.allCases.map(\.rawValue)) == "server-to-client")
        #expect(Suggestions.closest(to: "paylaod", in: ["payload"]) == "payload")
        #expect(Suggestions.closest(to: "xyz", in: ["payload", "direction"]) == nil)
    }

    @Test func editDistanceCountsTranspositionsOnce() {
        #expect(Suggestions.editDistance("ab", "ba") == 1)
        #expect(Suggestions.editDistance("kitten", "sitting") == 3)
        #expect(Suggestions.editDistance("", "abc") == 3)
    }
}
