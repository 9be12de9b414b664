import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import Testing

/// Issue 18: a change to a named type names the events that carry it, with their directions, and a type no event
/// carries is judged by what it reaches: nothing on the wire.
@Suite struct DiffAffectedEventsTests {
    static let before = """
        schemagen: 1
        name: Team
        framing: socket.io
        types:
          Member:
            fields: { id: String, role: String }
          Orphan:
            fields: { note: String }
        events:
          member_joined:
            direction: server-to-client
            payload: { member: Member }
          members:
            direction: both
            payload: "[Member]"
          ping:
            direction: client-to-server
        channels:
          room:
            address: "/room-{id}"
            parameters: { id: String }
            events:
              promoted: { direction: server-to-client, payload: Member }

        """

    func report() throws -> DiffReport {
        let after = Self.before.replacingOccurrences(
            of: "fields: { id: String, role: String }", with: "fields: { id: String }"
        )
        .replacingOccurrences(of: "fields: { note: String }", with: "fields: { note: Int }")
        let result = ContractComparison().compare(
            old: [.init(key: "team.yaml", displayPath: "old/team.yaml", data: Data(Self.before.utf8))],
            new: [.init(key: "team.yaml", displayPath: "team.yaml", data: Data(after.utf8))])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return result.report
    }

    @Test func aChangedTypeListsTheEventsThatCarryItWithTheirDirections() throws {
        let report = try report()
        let role = try #require(report.changes.first { $0.type == "Member" })
        #expect(
            role.affectedEvents == [
                AffectedEvent(channel: nil, event: "member_joined", flows: [.serverToClient]),
                AffectedEvent(channel: nil, event: "members", flows: [.clientToServer, .serverToClient]),
                AffectedEvent(channel: "room", event: "promoted", flows: [.serverToClient]),
            ])
        #expect(role.flows == [.clientToServer, .serverToClient])
        #expect(
            report.text().contains(
                "carried by: event 'member_joined' (server-to-client), event 'members' (client-to-server, server-to-client), "
                    + "channel 'room' › event 'promoted' (server-to-client)"), "\(report.text())")
        #expect(
            report.markdown().contains(
                "required field `role: String` removed<br>carried by event `member_joined` (server-to-client), "),
            "\(report.markdown())")
    }

    @Test func aTypeNoEventCarriesIsSafeBothWays() throws {
        let orphan = try #require(try report().changes.first { $0.type == "Orphan" })
        #expect(orphan.affectedEvents == nil)
        #expect(orphan.flows.isEmpty)
        #expect(orphan.oldAppNewServer.verdict == .safe)
        #expect(orphan.oldAppNewServer.reason == "no event carries type `Orphan` in both versions")
        #expect(orphan.newAppOldServer.verdict == .safe)
    }

    /// Where: `file:line` of the change in the new version (the old one for removals), linked in Markdown when the
    /// report knows where the new version is browsed.
    @Test func changesSayWhereTheyAreAndLinkThere() throws {
        var report = try report()
        let role = try #require(report.changes.first { $0.type == "Member" })
        #expect(role.fileAndLine == "team.yaml:6 (old)")
        let orphan = try #require(report.changes.first { $0.type == "Orphan" })
        #expect(orphan.fileAndLine == "team.yaml:8")
        report.linkBase = "https://github.com/org/repo/blob/abc123"
        let markdown = report.markdown()
        #expect(
            markdown.contains(
                "| [`team.yaml:8`](https://github.com/org/repo/blob/abc123/team.yaml#L8) type `Orphan` › `note` |"),
            "\(markdown)")
        // A line of the old version is named, not linked: the new version's file has something else there.
        #expect(markdown.contains("| `team.yaml:6 (old)` type `Member` › `role` |"), "\(markdown)")
    }

    /// Flows come from the events that carry the type in both versions: a new client-to-server event that uses the
    /// changed type breaks no old app, which never sends it.
    @Test func aNewEventUsingAChangedTypeAddsNoFlowToItsChange() throws {
        let before =
            "schemagen: 1\nname: T\nframing: socket.io\ntypes:\n  Member:\n    fields: { id: String, role: String }\n"
            + "events:\n  joined: { direction: server-to-client, payload: Member }\n"
        let after =
            before.replacingOccurrences(of: "role: String }", with: "role: String, team: String }")
            + "  invite: { direction: client-to-server, payload: Member }\n"
        let result = ContractComparison().compare(
            old: [.init(key: "t.yaml", displayPath: "old/t.yaml", data: Data(before.utf8))],
            new: [.init(key: "t.yaml", displayPath: "t.yaml", data: Data(after.utf8))])
        let team = try #require(result.report.changes.first { $0.type == "Member" })
        #expect(team.flows == [.serverToClient])
        // Required and added, server to client: old apps ignore it; a new app needs a server that sends it.
        #expect(team.oldAppNewServer.verdict == .safe)
        #expect(team.newAppOldServer.verdict == .breaks)
        #expect(team.affectedEvents?.map(\.event) == ["invite", "joined"])
    }
}
