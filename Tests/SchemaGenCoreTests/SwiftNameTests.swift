@testable import SchemaGenCore
import Testing

@Suite struct SwiftNameTests {
    @Test(arguments: [
        ("join_group", "joinGroup"), ("room:join", "roomJoin"), ("job-removed", "jobRemoved"),
        ("conversation.participantAdded", "conversationParticipantAdded"), ("order_id", "orderId"), ("ID", "id"),
        ("URL", "url"), ("totalGBP", "totalGBP"), ("2fa_enabled", "_2faEnabled"), ("événement_reçu", "événementReçu"),
        ("default", "default"), ("  spaced  name ", "spacedName"), ("PoraBooked", "poraBooked"),
    ])
    func lowerCamel(wire: String, swift: String) {
        #expect(SwiftName.lowerCamel(wire) == swift)
    }

    @Test func namesWithoutLettersOrDigitsHaveNoSwiftName() {
        #expect(SwiftName.lowerCamel("---") == nil)
        #expect(SwiftName.upperCamel(":.:") == nil)
    }

    @Test(arguments: [("job-removed", "JobRemoved"), ("driver", "Driver"), ("2fa", "_2fa"), ("admin-channel", "AdminChannel")])
    func upperCamel(wire: String, swift: String) {
        #expect(SwiftName.upperCamel(wire) == swift)
    }

    @Test func typeNameForMember() {
        #expect(SwiftName.typeName(forMember: "poraBooked") == "PoraBooked")
        #expect(SwiftName.typeName(forMember: "_2faEnabled") == "_2faEnabled")
    }

    @Test func keywordsAreEscapedNotRejected() {
        #expect(SwiftName.needsBackticks("default"))
        #expect(SwiftName.needsBackticks("class"))
        #expect(!SwiftName.needsBackticks("message"))
        let loaded = ContractLoader().load(text: """
            schemagen: 1
            name: K
            framing: socket.io
            events:
              default: { direction: both, payload: { class: String, self: Int } }

            """, path: "k.yaml")
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.contract?.events.first?.swiftName == "default")
    }

    @Test func identifierValidity() {
        #expect(SwiftName.isValidIdentifier("_x1"))
        #expect(SwiftName.isValidIdentifier("événement"))
        #expect(!SwiftName.isValidIdentifier("1x"))
        #expect(!SwiftName.isValidIdentifier("a-b"))
        #expect(!SwiftName.isValidIdentifier(""))
    }
}

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

@Suite struct SuggestionsTests {
    @Test func suggestsCloseWordsOnly() {
        #expect(Suggestions.closest(to: "descripton", in: ["direction", "description"]) == "description")
        #expect(Suggestions.closest(to: "string", in: ["String", "Int"]) == "String")
        #expect(Suggestions.closest(to: "server-to-clinet", in: Direction.allCases.map(\.rawValue)) == "server-to-client")
        #expect(Suggestions.closest(to: "paylaod", in: ["payload"]) == "payload")
        #expect(Suggestions.closest(to: "xyz", in: ["payload", "direction"]) == nil)
    }

    @Test func editDistanceCountsTranspositionsOnce() {
        #expect(Suggestions.editDistance("ab", "ba") == 1)
        #expect(Suggestions.editDistance("kitten", "sitting") == 3)
        #expect(Suggestions.editDistance("", "abc") == 3)
    }
}

@Suite struct TextDiffTests {
    @Test func equalTextsHaveNoDiff() {
        #expect(TextDiff.unified(from: "a\nb\n", to: "a\nb\n").isEmpty)
    }

    @Test func showsChangesWithContextLikeGit() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n").replacingOccurrences(of: "line 10\n", with: "line 10\nline 11\n")
        #expect(TextDiff.unified(from: old, to: new, oldLabel: "a", newLabel: "b") == """
            --- a
            +++ b
            @@ -2,9 +2,10 @@
             line 2
             line 3
             line 4
            -line 5
            +line five
             line 6
             line 7
             line 8
             line 9
             line 10
            +line 11

            """)
    }

    @Test func separatesDistantHunks() {
        let old = (1...20).map { "\($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "\n2\n", with: "\nTWO\n").replacingOccurrences(of: "\n19\n", with: "\nNINETEEN\n")
        let diff = TextDiff.unified(from: old, to: new)
        #expect(diff.components(separatedBy: "\n").filter { $0.hasPrefix("@@") } == ["@@ -1,5 +1,5 @@", "@@ -16,5 +16,5 @@"])
    }

    @Test func reportsAMissingFinalNewline() {
        #expect(TextDiff.unified(from: "a\n", to: "a").contains("actual has no newline at the end"))
    }

    @Test func diffsFromAndToEmpty() {
        #expect(TextDiff.unified(from: "", to: "a\n").contains("@@ -0,0 +1 @@\n+a\n"))
        #expect(TextDiff.unified(from: "a\nb\n", to: "").contains("@@ -1,2 +0,0 @@\n-a\n-b\n"))
    }
}
