import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import Testing

/// Issue 18's wrong verdicts and wording, one fixture each.
@Suite struct DiffReviewFixesTests {
    func changes(_ before: String, _ after: String) -> [ContractChange] {
        let result = ContractComparison().compare(
            old: [.init(key: "c.yaml", displayPath: "old/c.yaml", data: Data(before.utf8))],
            new: [.init(key: "c.yaml", displayPath: "c.yaml", data: Data(after.utf8))])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return result.report.changes
    }

    /// Envelope `fields:` changes were `framing-changed`, "from an envelope ('name'/'payload') to an envelope
    /// ('name'/'payload')": they are field changes of every frame.
    @Test func envelopeFieldChangesAreFieldChanges() {
        let before = """
            schemagen: 1
            name: Chat
            framing:
              envelope: { name: name, payload: payload, fields: { id: String, apiSpace: String } }
            events:
              said: { direction: server-to-client, payload: { text: String } }

            """
        let found = changes(
            before,
            before.replacingOccurrences(
                of: "fields: { id: String, apiSpace: String }", with: "fields: { id: String, trace: String? }"))
        #expect(!found.contains { $0.kind == .framingChanged }, "\(found.map(\.summary))")
        let removed = found.first { $0.kind == .fieldRemovedRequired }
        #expect(removed?.path == ["(envelope)", "apiSpace"])
        #expect(removed?.flows == [.serverToClient])
        #expect(
            found.contains { $0.kind == .fieldAddedOptional && $0.summary == "optional field `trace: String?` added" })
        // A real change of the layout still is one.
        let relaid = changes(before, before.replacingOccurrences(of: "payload: payload,", with: "payload: data,"))
        #expect(relaid.map(\.kind) == [.framingChanged])
    }

    /// An event that changed direction was reported "now also sent client-to-server".
    @Test func anEventThatSwitchesDirectionIsNotAlsoSent() {
        let before = "schemagen: 1\nname: D\nframing: socket.io\nevents:\n  ping: { direction: server-to-client }\n"
        let switched = changes(before, before.replacingOccurrences(of: "server-to-client", with: "client-to-server"))
        #expect(
            switched.map(\.summary.markdown).sorted() == [
                "no longer sent server-to-client", "now sent client-to-server",
            ])
        let widened = changes(before, before.replacingOccurrences(of: "server-to-client", with: "both"))
        #expect(widened.map(\.summary) == ["now also sent client-to-server"])
    }

    /// Degrading changes were folded away under a green headline.
    @Test func degradingChangesStayInViewUnderAWarning() {
        let before = "schemagen: 1\nname: D\nframing: socket.io\nevents:\n  ping: { direction: server-to-client }\n"
        let after =
            before
            + "  pong: { direction: server-to-client }\n  note: { direction: server-to-client, deprecated: true }\n"
        let result = ContractComparison().compare(
            old: [.init(key: "c.yaml", displayPath: "old/c.yaml", data: Data(before.utf8))],
            new: [.init(key: "c.yaml", displayPath: "c.yaml", data: Data(after.utf8))])
        let markdown = result.report.markdown()
        #expect(
            markdown.hasPrefix(
                "### schemagen diff\n\n⚠️ **Check passes** at `--fail-on error`: 0 errors, 2 warnings, 0 info, 0 accepted.\n\n"
                    + "**No breaking changes, 2 degrading**: 2 changes, 0 safe.\n\n"
                    + "Old apps on the new server: 0 break, 0 degrade; new apps on the old server: 0 break, 2 degrade.\n\n| |"
            ), "\(markdown)")
        #expect(!markdown.contains("<details>"))
        #expect(result.report.changes.allSatisfy { $0.rollout == nil })
    }

    /// A `both` event added or removed was two rows, one per flow.
    @Test func aBothEventIsOneFindingWithBothFlows() {
        let before = "schemagen: 1\nname: D\nframing: socket.io\nevents:\n  ping: { direction: server-to-client }\n"
        let found = changes(before, before + "  chat: { direction: both, payload: { text: String } }\n")
        #expect(found.count == 1)
        #expect(found.first?.summary == "event added (both ways)")
        #expect(found.first?.flows == [.clientToServer, .serverToClient])
        // Judged by its worse flow: an old server does not handle what a new app sends.
        #expect(found.first?.newAppOldServer.verdict == .breaks)
    }

    /// A deleted contract was one row per event.
    @Test func aDeletedContractIsOneFindingListingItsEvents() {
        let contract =
            "schemagen: 1\nname: D\nframing: socket.io\nevents:\n  ping: { direction: server-to-client }\n  join: { direction: client-to-server }\n"
        let result = ContractComparison().compare(
            old: [.init(key: "d.yaml", displayPath: "old/d.yaml", data: Data(contract.utf8))], new: [])
        #expect(result.report.changes.count == 1)
        let finding = result.report.changes.first
        #expect(finding?.summary == "contract `D` removed, with its 2 events")
        #expect(finding?.affectedEvents?.map(\.event) == ["ping", "join"])
        #expect(finding?.oldAppNewServer.verdict == .breaks)
        #expect(finding?.flows == [.clientToServer, .serverToClient])
    }

    /// An added and a removed event with the same payload are flagged as a likely rename.
    @Test func aRemovedAndAnAddedEventWithTheSamePayloadAreALikelyRename() {
        let before =
            "schemagen: 1\nname: D\nframing: socket.io\nevents:\n  user_left: { direction: server-to-client, payload: { userId: String } }\n"
            + "  ping: { direction: server-to-client }\n"
        let after =
            before.replacingOccurrences(of: "user_left:", with: "member_left:").replacingOccurrences(
                of: "  ping:", with: "  pong:")
            + "  kick: { direction: client-to-server, payload: { userId: String } }\n"
        let summaries = changes(before, after).map(\.summary.markdown).sorted()
        #expect(
            summaries == [
                "event added (client-to-server)",
                "event added (server-to-client); likely renamed from `ping` (the same payload, the same way)",
                "event added (server-to-client); likely renamed from `user_left` (the same payload, the same way)",
                "event removed (server-to-client); likely renamed to `member_left` (the same payload, the same way)",
                "event removed (server-to-client); likely renamed to `pong` (the same payload, the same way)",
            ])
    }

    /// A payload made optional was said to "leave out a field".
    @Test func aPayloadMadeOptionalIsSaidToLeaveOutThePayload() {
        let before =
            "schemagen: 1\nname: D\nframing: socket.io\nevents:\n  tags: { direction: server-to-client, payload: \"[String]\" }\n"
        let found = changes(before, before.replacingOccurrences(of: "\"[String]\"", with: "\"[String]?\""))
        #expect(found.map(\.summary) == ["payload made optional (`[String]` to `[String]?`)"])
        #expect(found.first?.oldAppNewServer.reason == "the server may leave out the payload that the app requires")
        #expect(found.first?.newAppOldServer.reason == "the app accepts the payload with or without it")
    }

    /// A type renamed to one of the same shape was three findings: the old name removed, the new one added, and the
    /// replacement at each field that uses it.
    @Test func aTypeRenamedToOneOfTheSameShapeIsOneFinding() {
        let before = """
            schemagen: 1
            name: G
            framing: socket.io
            types:
              Member: { fields: { id: String, name: String } }
              Invite: { fields: { code: String } }
            events:
              member_joined: { direction: server-to-client, payload: { member: Member } }
              member_left: { direction: server-to-client, payload: { member: Member, by: "Member?" } }

            """
        let after = before.replacingOccurrences(of: "Member", with: "GroupMember")
            .replacingOccurrences(
                of: "Invite: { fields: { code: String } }",
                with: "Invitation: { fields: { code: String, from: String } }")
        let found = changes(before, after)
        // A removed and an added type of other shapes stay a removal and an addition.
        #expect(
            found.map(\.summary.markdown).sorted() == [
                "type `Invitation` added",
                "type `Invite` removed",
                "type `Member` renamed to `GroupMember`, which has the same shape",
            ], "\(found.map(\.summary))")
        let renamed = found.first { $0.summary.contains("renamed") }
        #expect(renamed?.kind == .swiftAPI && renamed?.type == "GroupMember" && renamed?.line == 5)
        #expect(renamed?.affectedEvents?.map(\.event) == ["member_joined", "member_left"])
        #expect(renamed?.oldAppNewServer.verdict == .safe && renamed?.newAppOldServer.verdict == .safe)
    }

    /// What a shared item event holds for a subscription (`type:`), changed, is judged as a payload's type: an
    /// `Int64` read as `Double` loses precision, where it was a changed subscription (requests break).
    @Test func aSubscriptionsItemTypeIsComparedAsAPayloadsType() {
        let contract = { (type: String) in
            """
            schemagen: 1
            name: R
            frames:
              reply: { has: [id, result], payload: result, fields: { id: Int } }
              event: { when: { type: event }, payload: event, fields: { id: Int } }
              command: { has: [id], name: type, payload: rest, fields: { id: Int } }
            events:
              result: { frame: reply, direction: server-to-client, payload: JSON }
              event: { frame: event, direction: server-to-client, payload: JSON }
              subscribe_ticks:
                direction: client-to-server
                reply: { event: result, match: id }
                subscription: { event: event, match: id, idFrom: request, type: \(type) }

            """
        }
        let rounded = changes(contract("Int64"), contract("Double"))
        #expect(rounded.map(\.kind) == [.typePrecisionLost], "\(rounded.map(\.summary))")
    }

    /// Issue 34's new syntax in a diff: an event joining a shape that names no event is that event's addition only (the
    /// name reports give the shape's event is not the wire); a reply's `type:`, an exact shape and the separator are
    /// each reported.
    @Test func issue34SyntaxIsComparedAsTheWireSeesIt() {
        let before = """
            schemagen: 1
            name: R
            separator: newline
            frames:
              reply: { has: [id, result], payload: result, fields: { id: Int } }
              command: { has: [id], name: type, payload: rest, fields: { id: Int } }
            types:
              State: { fields: { state: String } }
            events:
              result: { frame: reply, direction: server-to-client, payload: JSON }
              get_states: { direction: client-to-server, reply: { event: result, match: id } }

            """
        let joined = changes(
            before, before + "  answer: { frame: reply, direction: client-to-server, payload: JSON }\n")
        #expect(joined.map(\.kind) == [.eventAdded], "\(joined.map(\.summary))")
        let typed = changes(
            before, before.replacingOccurrences(of: "match: id }", with: "match: id, type: \"[State]\" }"))
        #expect(
            typed.map(\.kind) == [.replyChanged]
                && typed.first?.summary == "replies hold `[State]` (held the reply's payload)")
        // A type the reply holds, changed, is judged as a payload's type (the oracle's seed 10 drew `Int64` read as
        // `Double`: it was a broken reply, not the precision the app loses).
        let reading = { (type: String) in
            before.replacingOccurrences(of: "match: id }", with: "match: id, type: \(type) }")
        }
        let rounded = changes(reading("Int64"), reading("Double"))
        #expect(
            rounded.map(\.kind) == [.typePrecisionLost]
                && rounded.first?.oldAppNewServer.verdict == .degrades, "\(rounded.map(\.summary))")
        let nullable = changes(reading("\"[State]\""), reading("\"[State] | null\""))
        #expect(nullable.map(\.kind) == [.fieldMadeNullable], "\(nullable.map(\.summary))")
        let exact = changes(
            before,
            before.replacingOccurrences(of: "payload: result, fields", with: "payload: result, exact: true, fields"))
        #expect(exact.map(\.kind) == [.framingChanged])
        let separated = changes(before, before.replacingOccurrences(of: "separator: newline\n", with: ""))
        #expect(
            separated.map(\.kind) == [.framingChanged]
                && separated.first?.summary == "frames travel one to a message (was several to a message, one per line)"
        )
    }

    /// Issue 40: `servers:` moved, added or removed are reported as documentation (generated code takes its URL from
    /// the app), one change each.
    @Test func serverChangesAreReportedAsDocumentation() {
        let base = "schemagen: 1\nname: D\nframing: socket.io\nevents:\n  ping: { direction: server-to-client }\n"
        let before =
            base + "servers:\n  production: { url: \"wss://a.example/\" }\n  staging: { url: \"wss://s.example/\" }\n"
        let after =
            base + "servers:\n  production: { url: \"wss://b.example/\" }\n  eu: { url: \"wss://eu.example/\" }\n"
        let found = changes(before, after)
        #expect(found.allSatisfy { $0.kind == .documentation && !$0.isBreaking })
        #expect(
            found.map(\.summary.plain) == [
                "server 'production' moved from 'wss://a.example/' to 'wss://b.example/'",
                "server 'eu' added ('wss://eu.example/')", "server 'staging' removed (was 'wss://s.example/')",
            ])
    }
}
