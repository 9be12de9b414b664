@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

@Suite struct TypeExpressionParserTests {
    @Test func parsesEveryForm() throws {
        #expect(try TypeExpressionParser.parse("String").get() == .name("String", offset: 0))
        #expect(try TypeExpressionParser.parse(" [ Item ] ").get() == .array(.name("Item", offset: 3)))
        #expect(
            try TypeExpressionParser.parse("[String: [Int]]?").get()
                == .optional(
                    .dictionary(key: .name("String", offset: 1), value: .array(.name("Int", offset: 10)), keyOffset: 1))
        )
        #expect(try TypeExpressionParser.parse("[Item?]").get() == .array(.optional(.name("Item", offset: 1))))
    }

    /// Bare names, with or without `?`, are most of a contract's types and are read without the parser; they
    /// give what it gives, and anything else still goes through it.
    @Test func bareNamesGiveWhatTheParserGives() throws {
        #expect(try TypeExpressionParser.parse("Payload0").get() == .name("Payload0", offset: 0))
        #expect(try TypeExpressionParser.parse("_id9?").get() == .optional(.name("_id9", offset: 0)))
        #expect(try TypeExpressionParser.parse("Int ?").get() == .optional(.name("Int", offset: 0)))
        #expect(try TypeExpressionParser.parse(" Int").get() == .name("Int", offset: 1))
        #expect(try TypeExpressionParser.parse("Ünïcode?").get() == .optional(.name("Ünïcode", offset: 0)))
        #expect(try TypeExpressionParser.parse("null").get() == .name("null", offset: 0))
    }

    @Test(arguments: [
        ("", 0), ("[String", 7), ("String??", 7), ("Array<Int>", 5), ("String Int", 7), ("[String:]", 8), ("?", 0),
    ])
    func reportsTheColumnOfTheProblem(text: String, offset: Int) {
        guard case .failure(let failure) = TypeExpressionParser.parse(text) else {
            Issue.record("'\(text)' should not parse")
            return
        }
        #expect(failure.offset == offset, "\(failure.message)")
    }
}
