import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
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

    /// A space at either end of an event's name is part of its wire name, which is rarely meant: a warning, not an
    /// error, at the name. Spaces inside a name, and other characters at its ends, say nothing.
    @Test func anEventNameWithASpaceAtEitherEndIsAWarning() {
        for (name, warns) in [
            ("\" leading\"", true), ("\"trailing\\t\"", true), ("\"ideographic\u{3000}\"", true),
            ("\"in between\"", false), ("plain", false), ("\"new\\nline\"", false),
        ] {
            let text =
                "schemagen: 1\nname: Demo\nframing: socket.io\nevents:\n  \(name):\n    direction: server-to-client\n"
            let loaded = ContractLoader().load(text: text, path: "space.yaml")
            let warnings = loaded.diagnostics.filter {
                $0.severity == .warning && $0.message.contains("starts or ends with a space")
            }
            #expect(warnings.map { "\($0.location!.line):\($0.location!.column)" } == (warns ? ["5:3"] : []), "\(name)")
            #expect(loaded.contract != nil, "\(name)")
        }
    }

    /// Long `types:` and `events:` mappings are read in chunks on all cores; every mistake in every chunk is
    /// still reported once, in file order.
    @Test func mistakesAcrossAThousandTypesAndEventsAreAllReportedInOrder() {
        var text = "schemagen: 1\nname: Demo\nframing: socket.io\ntypes:\n"
        var expected: [String] = []
        var line = 5
        for index in 0..<1_000 {
            let type = index % 97 == 5 ? "Strng" : "String"
            text += "  Type\(index):\n    fields:\n      name: \(type)\n"
            if index % 97 == 5 { expected.append("\(line + 2):13 did you mean 'String'?") }
            line += 3
        }
        text += "events:\n"
        line += 1
        for index in 0..<1_000 {
            let direction = index % 101 == 7 ? "client-to-sever" : "server-to-client"
            text += "  event_\(index):\n    direction: \(direction)\n    payload: Type\(index)\n"
            if index % 101 == 7 { expected.append("\(line + 1):16 did you mean 'client-to-server'?") }
            line += 3
        }
        let loaded = ContractLoader().load(text: text, path: "many.yaml")
        let summary = loaded.diagnostics.map { diagnostic in
            "\(diagnostic.location!.line):\(diagnostic.location!.column) "
                + (diagnostic.message.components(separatedBy: "; ").last ?? "")
        }
        #expect(summary == expected)
        #expect(expected.count == 21)
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
        #expect(
            loaded.diagnostics[0].message
                == "duplicate event 'ping' in the contract's `events`; each may appear once, so remove or rename one")
        #expect(loaded.diagnostics[0].notes.map { $0.location?.line } == [5])
    }
}
