import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import SchemaGenRuntime
import TestSupport
import Testing

/// What `schemagen-oracle` found on main in the interpreter and the TypeScript guards (docs/testing.md): each case
/// is the frame the oracle printed, shrunk by hand.
@Suite struct OracleFindingsTests {
    static func interpreter(_ text: String) throws -> FrameInterpreter {
        let loaded = ContractLoader().load(text: text, path: "oracle.yaml")
        return FrameInterpreter(contract: try #require(loaded.contract, "\(loaded.diagnostics)"))
    }

    /// Generated code reads a union's tag as its declared kind before choosing a member: a `null` tag is refused,
    /// not kept as an unknown member (seed 7: `{"kind": null, ...}`).
    @Test func aUnionTagOfAnotherKindIsAMismatch() throws {
        let interpreter = try Self.interpreter(
            """
            schemagen: 1
            name: Tags
            framing: socket.io
            types:
              Shape:
                union: {discriminator: kind, cases: {a: ShapeA}}
              ShapeA:
                fields: {size: Int}
            events:
              moved: {direction: server-to-client, payload: {shape: Shape}}
            """)
        let known = interpreter.read(Data(#"["moved",{"shape":{"kind":"a","size":1}}]"#.utf8), sentBy: .serverToClient)
        let unlisted = interpreter.read(Data(#"["moved",{"shape":{"kind":"b"}}]"#.utf8), sentBy: .serverToClient)
        let null = interpreter.read(Data(#"["moved",{"shape":{"kind":null}}]"#.utf8), sentBy: .serverToClient)
        let number = interpreter.read(Data(#"["moved",{"shape":{"kind":1}}]"#.utf8), sentBy: .serverToClient)
        #expect(known.matches && unlisted.matches)
        #expect(!null.matches && !number.matches)
        #expect(null.findings.map(\.path) == ["$.payload.shape.kind"])
    }

    /// A tuple's `T | null` element is always there, `null` when empty; only optional elements at the end may be
    /// missing, as generated code reads them (seed 1 once tuples were drawn: `[{}]` for `[price: Item0, size: [URL] |
    /// null, label: Item0?]`). The checker took a missing element for `null`: `JSONValue` is `ExpressibleByNilLiteral`.
    @Test func aMissingTupleElementIsNotNull() throws {
        let interpreter = try Self.interpreter(
            """
            schemagen: 1
            name: Tuples
            framing: {envelope: {name: event, payload: data}}
            events:
              level:
                direction: server-to-client
                payload:
                  - price: Decimal
                  - size: "[Int] | null"
                  - label: String?
            """)
        let read = { (frame: String) in interpreter.read(Data(frame.utf8), sentBy: .serverToClient) }
        #expect(read(#"{"event":"level","data":[1.5,null]}"#).matches)
        #expect(read(#"{"event":"level","data":[1.5,[2],"a"]}"#).matches)
        let missing = read(#"{"event":"level","data":[1.5]}"#)
        #expect(!missing.matches)
        #expect(missing.findings.map(\.path) == ["$.payload[1]"])
        #expect(read(#"{"event":"level","data":[]}"#).findings.map(\.message).first == "missing")
    }

    /// `schemagen-mock` answers a request matched by a shape field with a dotted key (`meta.id`): the runtime keeps
    /// the field under that whole key, so the reply carries the request's value there and its payload untouched
    /// (seed 2's scenarios: the reply's tuple payload became `{"meta":{"id":null}}`, the generated `Mock`'s did not).
    @Test func theContractMockEchoesAnIDInADottedShapeField() throws {
        let loaded = ContractLoader().load(
            text: """
                schemagen: 1
                name: Dotted
                frames:
                  message: {name: meta.type, payload: data, fields: {meta.id: String?}}
                events:
                  remove: {direction: client-to-server, payload: Int, reply: {event: removed, match: meta.id, ids: app}}
                  removed:
                    direction: server-to-client
                    payload:
                      - price: Int
                      - size: Double...
                """, path: "dotted.yaml")
        let responder = MockResponder(contract: try #require(loaded.contract, "\(loaded.diagnostics)"))
        let response = responder.respond(
            to: IncomingFrame(data: Data(#"{"meta":{"type":"remove","id":"r-7"},"data":3}"#.utf8)))
        let reply = try #require(response.answers.first?.frame.data)
        let read = try #require(try JSONSerialization.jsonObject(with: reply) as? [String: Any])
        #expect((read["meta"] as? [String: Any])?["id"] as? String == "r-7")
        #expect(read["data"] is [Any], "\(String(decoding: reply, as: UTF8.self))")
    }

    /// `schemagen-mock` answers a subscription whose items are a type of their own in a shared event (`type:`) with
    /// one item holding a value of that type, which the stream reads: before, it sent the item event's example (here
    /// `{"note": "any"}`), which the generated client could not decode as the type (found while making the generated
    /// `Mock` answer subscriptions as `schemagen-mock` does).
    @Test func theContractMockSendsASubscriptionsItemsOfItsType() throws {
        let loaded = ContractLoader().load(
            text: """
                schemagen: 1
                name: Typed
                frames:
                  message: {name: type, payload: data, fields: {id: Int}}
                types:
                  Price: {fields: {symbol: String, cents: Int}}
                events:
                  watch:
                    direction: client-to-server
                    payload: String
                    subscription: {event: update, match: id, type: Price}
                  update:
                    direction: server-to-client
                    payload: JSON
                    examples: [{frame: '{"type": "update", "id": 1, "data": {"note": "any"}}'}]
                """, path: "typed.yaml")
        let contract = try #require(loaded.contract, "\(loaded.diagnostics)")
        let response = MockResponder(contract: contract).respond(
            to: IncomingFrame(data: Data(#"{"type":"watch","id":4,"data":"ACME"}"#.utf8)))
        let items = response.answers.map { String(decoding: $0.frame.data, as: UTF8.self) }
        #expect(items.count == 1)
        let item = try #require(
            try JSONSerialization.jsonObject(with: Data((items.first ?? "").utf8)) as? [String: Any])
        #expect(item["id"] as? Int == 4)
        let data = try #require(item["data"] as? [String: Any], "\(items)")
        #expect(data["symbol"] is String && data["cents"] is Int, "\(items)")
    }

    /// A `json-string` field holds its JSON as text: a number there is refused, as generated code refuses it
    /// (seed 7: `"title": 7` for `type: JSON, encoding: json-string`).
    @Test func aJSONStringFieldHoldingNoStringIsAMismatch() throws {
        let interpreter = try Self.interpreter(
            """
            schemagen: 1
            name: Strings
            framing: socket.io
            events:
              sent:
                direction: server-to-client
                payload: {meta: {type: JSON, encoding: json-string}}
            """)
        #expect(interpreter.read(Data(#"["sent",{"meta":"{\"a\":1}"}]"#.utf8), sentBy: .serverToClient).matches)
        #expect(!interpreter.read(Data(#"["sent",{"meta":7}]"#.utf8), sentBy: .serverToClient).matches)
        #expect(!interpreter.read(Data(#"["sent",{"meta":{"a":1}}]"#.utf8), sentBy: .serverToClient).matches)
    }

    /// The golden guards compiled to JavaScript and run by Node on frames: a channel's guard passes only its own
    /// channel's addresses, a root event's guard none, an exact shape's guard only its own keys. Before the fix every
    /// guard here passed every frame of its event's name.
    @Test(
        .enabled(
            if: TypeScriptTargetTests.compiler != nil || TypeScriptTargetTests.compilerRequired,
            "tsc is not installed (apt-get install node-typescript)"))
    func guardsTellChannelsAndExactShapesApart() async throws {
        let tsc = try #require(TypeScriptTargetTests.compiler, "tsc is not installed: apt-get install node-typescript")
        let node = try #require(executableOnPath("node"), "node is not installed (node-typescript depends on it)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "schemagen-guards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sources = ["oracle-findings-envelope", "oracle-findings-shapes"].map {
            TypeScriptTargetTests.goldens.appendingPathComponent("\($0).ts").path
        }
        let compile = try await runChildProcess(
            tsc, ["--target", "es2020", "--module", "commonjs", "--outDir", folder.path] + sources)
        #expect(compile.status == 0, "\(compile.standardOutput)")
        let script = """
            const envelope = require("./oracle-findings-envelope.js");
            const shapes = require("./oracle-findings-shapes.js");
            const cases = [
              envelope.isRoomTakenFrame({event: "taken", channel: "room-7", data: {seat: 1}}),
              envelope.isRoomTakenFrame({event: "taken", channel: "lobby-all", data: {seat: 1}}),
              envelope.isRoomTakenFrame({event: "taken", channel: "room-", data: {seat: 1}}),
              envelope.isRoomTakenFrame({event: "taken", data: {seat: 1}}),
              envelope.isLobbyTakenFrame({event: "taken", channel: "lobby-all", data: {seat: 1, name: "a"}}),
              envelope.isLobbyTakenFrame({event: "taken", channel: "room-7", data: {seat: 1, name: "a"}}),
              envelope.isSeatCreatedFrame({event: "seat_created", data: null}),
              envelope.isSeatCreatedFrame({event: "seat_created", channel: "room-7", data: null}),
              shapes.isPongFrame({kind: "ping"}),
              shapes.isPongFrame({kind: "ping", extra: 1}),
            ];
            console.log(cases.map((passed) => (passed ? 1 : 0)).join(""));
            """
        try script.write(to: folder.appendingPathComponent("run.js"), atomically: true, encoding: .utf8)
        let run = try await runChildProcess(node, ["run.js"], in: folder)
        #expect(
            run.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "1000101010", "\(run.standardError)")
    }
}
