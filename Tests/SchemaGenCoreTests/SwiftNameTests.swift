@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import TestSupport
import Testing

@Suite struct SwiftNameTests {
    /// ASCII names take a byte-level path; it must name everything as the character-based rules do.
    @Test func asciiNamesAreNamedAsTheCharacterRulesNameThem() {
        var generator = SeededGenerator(seed: 7)
        let alphabet = Array("aZ09_-.: xYQm1eE/{}".utf8)
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...12, using: &generator)
            let name = String(
                decoding: (0..<length).map { _ in alphabet.randomElement(using: &generator)! }, as: UTF8.self)
            #expect(SwiftName.lowerCamel(name) == SwiftName.lowerCamelByCharacters(name), "\(name.debugDescription)")
            #expect(SwiftName.upperCamel(name) == SwiftName.upperCamelByCharacters(name), "\(name.debugDescription)")
        }
    }

    @Test(arguments: [
        ("join_group", "joinGroup"), ("room:join", "roomJoin"), ("job-removed", "jobRemoved"),
        ("conversation.participantAdded", "conversationParticipantAdded"), ("order_id", "orderId"), ("ID", "id"),
        ("URL", "url"), ("totalGBP", "totalGBP"), ("2fa_enabled", "_2faEnabled"), ("événement_reçu", "événementReçu"),
        ("default", "default"), ("  spaced  name ", "spacedName"), ("PoraBooked", "poraBooked"),
        ("MESSAGE_CREATE", "messageCreate"), ("GUILD_MEMBER_ADD", "guildMemberAdd"), ("userID", "userID"),
        ("HTTP2_PUSH", "http2Push"),
    ])
    func lowerCamel(wire: String, swift: String) {
        #expect(SwiftName.lowerCamel(wire) == swift)
    }

    @Test func namesWithoutLettersOrDigitsHaveNoSwiftName() {
        #expect(SwiftName.lowerCamel("---") == nil)
        #expect(SwiftName.upperCamel(":.:") == nil)
    }

    @Test(arguments: [
        ("job-removed", "JobRemoved"), ("driver", "Driver"), ("2fa", "_2fa"), ("admin-channel", "AdminChannel"),
        ("MESSAGE_CREATE", "MessageCreate"), ("READY", "Ready"), ("orderID", "OrderID"),
    ])
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
        let loaded = ContractLoader().load(
            text: """
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
