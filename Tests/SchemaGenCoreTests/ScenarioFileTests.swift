import Foundation
@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

/// Scenarios kept in a file of their own beside the contract (`schemagen-mock --scenario FILE`): read and checked
/// against the contract as its own `scenarios:` are, each problem located in the scenario file.
@Suite struct ScenarioFileTests {
    static let contract = """
        schemagen: 1
        name: Rooms
        framing: socket.io
        events:
          join:
            direction: client-to-server
            payload:
              room: String
          joined:
            direction: server-to-client
            payload:
              room: String
              count: Int
        scenarios:
          crowd:
            steps:
              - after: join
              - send: joined

        """

    static func load(_ scenarios: String) throws -> ContractLoader.Loaded {
        let model = try #require(ContractLoader().load(text: contract, path: "rooms.yaml").contract)
        let file = FileManager.default.temporaryDirectory.appending(path: "scenarios-\(UUID().uuidString).yaml")
        try scenarios.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        var loaded = ContractLoader().loadScenarios(path: file.path, for: model)
        loaded.diagnostics = loaded.diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.location?.path = "scenarios.yaml"
            return diagnostic
        }
        return loaded
    }

    static func messages(_ loaded: ContractLoader.Loaded) -> [String] {
        loaded.diagnostics.map { DiagnosticRenderer().render($0) }
    }

    @Test func aFilesScenariosJoinTheContractsChecked() throws {
        let loaded = try Self.load(
            """
            scenarios:
              full_room:
                description: The room fills up.
                steps:
                  - after: join
                  - wait: 0.5
                  - send: joined
                    payload: {room: r1, count: 12}

            """)
        #expect(loaded.diagnostics.isEmpty, "\(Self.messages(loaded))")
        let scenarios = try #require(loaded.contract?.scenarios)
        #expect(scenarios.map(\.name) == ["crowd", "full_room"])
        #expect(
            scenarios[1].steps.map(\.action) == [
                .after(event: "join", where: []), .wait(seconds: 0.5),
                .send(event: "joined", payload: #"{"room":"r1","count":12}"#),
            ])
    }

    @Test func problemsAreLocatedInTheScenarioFile() throws {
        let loaded = try Self.load(
            """
            scenarios:
              crowd:
                steps:
                  - after: join
              lonely:
                steps:
                  - send: joined
                    payload: {room: r1, count: none}
            events: {}

            """)
        #expect(loaded.contract == nil)
        #expect(
            Self.messages(loaded) == [
                "scenarios.yaml:2:3: error: scenario 'crowd' is also a scenario of the contract Rooms; rename one\n"
                    + "rooms.yaml:15:3: note: the contract's is here",
                "scenarios.yaml:7:9: error: the payload of 'joined' in scenario 'lonely' does not match it at $.payload.count: expected a whole number, found \"none\"",
                "scenarios.yaml:9:1: error: unknown key 'events' in a scenario file; expected one of: scenarios",
            ])
    }

    @Test func aFileWithoutScenariosSaysWhatItHolds() throws {
        let loaded = try Self.load("steps: []\n")
        #expect(loaded.contract == nil)
        #expect(
            Self.messages(loaded).contains { $0.contains("a scenario file holds `scenarios:` as a contract does") },
            "\(Self.messages(loaded))")
    }

    /// A step's whole `frame:` on a Socket.IO namespace is read on the step's address: the namespace travels in the
    /// packet, not in the frame (oracle seed 3275983056, O198: the frame was read outside channels and refused).
    @Test func aStepsFrameOnANamespaceIsReadOnItsAddress() throws {
        let loaded = ContractLoader().load(
            text: """
                schemagen: 1
                name: Votes
                framing: socket.io
                channels:
                  room:
                    address: "/room-all"
                    events:
                      VOTE_CREATED:
                        direction: server-to-client
                        payload: {id: String}
                scenarios:
                  play:
                    steps:
                      - send: VOTE_CREATED
                        channel: "/room-all"
                        frame: '["VOTE_CREATED", {"id": "item-1"}]'

                """, path: "votes.yaml")
        #expect(loaded.diagnostics.map(\.message) == [])
        #expect(loaded.contract?.scenarios.first?.steps.first?.frame != nil)
    }
}
