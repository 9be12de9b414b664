@testable import SchemaGenCore
import Testing

@Suite struct TypeExpressionParserTests {
    @Test func parsesEveryForm() throws {
        #expect(try TypeExpressionParser.parse("String").get() == .name("String", offset: 0))
        #expect(try TypeExpressionParser.parse(" [ Item ] ").get() == .array(.name("Item", offset: 3)))
        #expect(try TypeExpressionParser.parse("[String: [Int]]?").get()
                == .optional(.dictionary(key: .name("String", offset: 1), value: .array(.name("Int", offset: 10)), keyOffset: 1)))
        #expect(try TypeExpressionParser.parse("[Item?]").get() == .array(.optional(.name("Item", offset: 1))))
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
