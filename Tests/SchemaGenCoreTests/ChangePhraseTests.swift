import Foundation
@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

/// A diff's phrases are data: the names they quote are parts, which each report renders its way, so a wire name
/// holding a backtick reads right in a pull-request comment and on a terminal (it broke both when phrases were
/// Markdown strings and the terminal report swapped every backtick for a quote).
@Suite struct ChangePhraseTests {
    @Test func backticksInTheLiteralQuoteWhatTheyEnclose() {
        let name = "userName"
        let phrase: ChangePhrase = "required field `\(name): String` removed"
        #expect(phrase.parts == [.text("required field "), .code("userName: String"), .text(" removed")])
        #expect(phrase.markdown == "required field `userName: String` removed")
        #expect(phrase.plain == "required field 'userName: String' removed")
        #expect(phrase == "required field `userName: String` removed")
    }

    @Test func aQuotedValueKeepsItsOwnBackticks() {
        let wireName = "a`b"
        let phrase: ChangePhrase = "event \(code: wireName) removed"
        #expect(phrase.parts == [.text("event "), .code("a`b"), .text(" removed")])
        #expect(phrase.markdown == "event ``a`b`` removed")
        #expect(phrase.plain == "event 'a`b' removed")
    }

    @Test func phrasesJoinWithTheirQuotes() {
        let joined = ChangePhrase.joined([code("x"), code("y")], separator: ", ") + " added"
        #expect(joined.parts == [.code("x"), .text(", "), .code("y"), .text(" added")])
    }

    /// JSON keeps version 1's shape: the Markdown form, as docs/compatibility.md shows it.
    @Test func jsonCarriesTheMarkdownForm() throws {
        let phrase: ChangePhrase = "type \(code: "Int") changed"
        let data = try JSONEncoder().encode([phrase])
        #expect(String(decoding: data, as: UTF8.self) == #"["type `Int` changed"]"#)
        #expect(try JSONDecoder().decode([ChangePhrase].self, from: data) == [phrase])
    }
}
