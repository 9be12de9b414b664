import SchemaGenCore
import Testing

/// One run reports every problem, not just the first, each at its own position.
@Suite struct ManyMistakesTests {
    @Test func fiveIndependentMistakesGiveFiveLocatedDiagnostics() {
        let text = """
            schemagen: 1
            name: Demo
            framing: socket.io
            types:
              Kind:
                enum: []
            events:
              join_group:
                direction: client-to-sever
                payload:
                  groupId: Strng
              leave_group:
                direction: client-to-server
                descripton: Leave a group
              user_joined:
                direction: server-to-client
                payload: "[Kind"

            """
        let loaded = ContractLoader().load(text: text, path: "five.yaml")
        let summary = loaded.diagnostics.map { "\($0.location!.line):\($0.location!.column) \($0.severity)" }
        #expect(summary == ["6:11 error", "9:16 error", "11:16 error", "14:5 error", "17:20 error"])
        #expect(loaded.diagnostics[1].message.contains("did you mean 'client-to-server'?"))
        #expect(loaded.diagnostics[2].message.contains("did you mean 'String'?"))
        #expect(loaded.diagnostics[3].message.contains("did you mean 'description'?"))
        #expect(loaded.contract == nil)
    }

    @Test func duplicateKeysDoNotHideLaterMistakes() {
        let text = """
            schemagen: 1
            name: Demo
            framing: socket.io
            events:
              ping: { direction: both }
              ping: { direction: both }
              pong:
                direction: sideways
              pong: { direction: both }

            """
        let loaded = ContractLoader().load(text: text, path: "dup.yaml")
        let located = loaded.diagnostics.map { "\($0.location!.line):\($0.location!.column)" }
        #expect(located == ["6:3", "8:16", "9:3"])
        #expect(loaded.diagnostics[0].message == "duplicate event 'ping' in the contract's `events`; each may appear once, so remove or rename one")
        #expect(loaded.diagnostics[0].notes.map { $0.location?.line } == [5])
    }
}
