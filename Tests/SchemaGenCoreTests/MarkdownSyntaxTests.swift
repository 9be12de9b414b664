@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import TestSupport
import Testing

@Suite struct MarkdownSyntaxTests {
    /// ASCII headings take a byte-level path; it must give the anchors the character-based rules give.
    @Test func asciiHeadingsGetTheAnchorsTheCharacterRulesGive() {
        var generator = SeededGenerator(seed: 11)
        let alphabet = Array("aZ09_-.: xYQ/|`()!é".unicodeScalars).filter(\.isASCII)
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...14, using: &generator)
            var heading = ""
            for _ in 0..<length { heading.unicodeScalars.append(alphabet.randomElement(using: &generator)!) }
            #expect(
                MarkdownSyntax.slug(heading) == MarkdownSyntax.slugByCharacters(heading), "\(heading.debugDescription)")
        }
        #expect(MarkdownSyntax.slug("Order Updated (v2)") == "order-updated-v2")
        #expect(MarkdownSyntax.slug("Événement reçu") == "événement-reçu")
    }

    @Test(arguments: [
        ("Int", true, "`Int`"), ("a|b", true, "`a\\|b`"), ("a|b", false, "`a|b`"), ("a`b", true, "``a`b``"),
        ("`x", true, "`` `x ``"), ("x``", false, "``` x`` ```"), ("", true, "``"),
    ])
    func codeSpans(text: String, inTable: Bool, markdown: String) {
        #expect(MarkdownSyntax.code(text, inTable: inTable) == markdown)
    }
}
