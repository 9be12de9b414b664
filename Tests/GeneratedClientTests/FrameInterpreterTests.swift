import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import SchemaGenRuntime
import TestSupport
import Testing

/// The contract interpreter on frames as they travel: every example frame of the vendors' documentation
/// (Fixtures/<api>/README.md says where each came from) is identified as its event and matches, in the direction
/// its contract gives it; frames changed the way a server drifts from its contract are reported with exactly those
/// findings, located in the frame and in the contract.
@Suite struct FrameInterpreterTests {
    static func interpreter(_ name: String) throws -> FrameInterpreter {
        let loaded = ContractLoader().load(path: RepositoryContracts.path("\(name).yaml"))
        return FrameInterpreter(contract: try #require(loaded.contract, "\(loaded.diagnostics)"))
    }

    /// The frames a fixture file holds: one JSON document, or one per line (`.jsonl`).
    static func frames(in file: URL) throws -> [Data] {
        let data = try Data(contentsOf: file)
        guard file.pathExtension == "jsonl" else { return [data] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map { Data($0.utf8) }
    }

    /// Examples that name no event of the contract on purpose: Discord's placeholder dispatch.
    static let undescribed: Set<String> = ["discord-gateway/example-gateway-event-payload.json"]
    /// Examples the documentation shows without their frame: a payload, and the event it is the payload of.
    static let payloads: [String: String] = ["supabase-realtime/join-error-payload.json": "phx_reply"]

    @Test(arguments: [
        "discord-gateway", "ethereum-pubsub", "graphql-transport-ws", "nostr", "slack-socket-mode", "supabase-realtime",
        "twitch-eventsub",
    ])
    func everyVendorExampleFrameIsItsEventAndMatches(api: String) throws {
        let interpreter = try Self.interpreter(api)
        let folder = FixtureRoundTripTests.folder.appendingPathComponent(api)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".json") || $0.hasSuffix(".jsonl")
        }.sorted()
        #expect(!files.isEmpty)
        for file in files {
            for (index, frame) in try Self.frames(in: folder.appendingPathComponent(file)).enumerated() {
                let readings = [Direction.serverToClient, .clientToServer].map { interpreter.read(frame, sentBy: $0) }
                if let eventName = Self.payloads["\(api)/\(file)"] {
                    let event = try #require(
                        interpreter.contract.allEvents.first { $0.event.wireName == eventName }?.event)
                    let findings = interpreter.readPayload(frame, of: event)
                    #expect(findings.isEmpty, "\(file): \(findings.map(\.description))")
                    continue
                }
                if Self.undescribed.contains("\(api)/\(file)") {
                    #expect(readings.allSatisfy { $0.event == nil && !$0.matches }, "\(file)")
                    continue
                }
                #expect(
                    readings.contains { $0.matches && $0.findings.isEmpty },
                    "\(file)#\(index): \(readings.map { $0.findings.map(\.description) })")
            }
        }
    }

    /// A finding as the tests compare it: severity, path in the frame, contract line.
    static func summary(_ reading: FrameReading) -> [String] {
        reading.findings.map {
            "\($0.severity.rawValue) \($0.path) line \($0.contractLocation.map { String($0.line) } ?? "-")"
        }
    }

    /// Discord's documented `Hello` (op 10), and the ways a server drifts from its contract.
    @Test func aServerAheadOfItsContractIsReportedWhereItDrifts() throws {
        let discord = try Self.interpreter("discord-gateway")
        // The contract's lines for the event and its field, read from the contract itself.
        let event = try #require(discord.contract.events.first { $0.wireName == "hello" })
        guard case .object(let payload)? = event.payload else {
            Issue.record("hello's payload is an object")
            return
        }
        let (eventLine, fieldLine) = (event.location.line, try #require(payload.fields.first).location.line)
        let hello = #"{"op": 10, "d": {"heartbeat_interval": 45000}}"#
        let clean = discord.read(Data(hello.utf8), sentBy: .serverToClient)
        #expect(clean.event?.wireName == "hello" && clean.event?.shape == "opcode" && clean.findings.isEmpty)
        #expect(clean.event?.location.line == eventLine)

        // A renamed field: the contract's is missing (its line), the new one is a key the contract does not have (the
        // event's line: the payload is declared in place).
        let renamed = discord.read(
            Data(#"{"op": 10, "d": {"heartbeatInterval": 45000}}"#.utf8), sentBy: .serverToClient)
        #expect(
            Self.summary(renamed) == [
                "mismatch $.payload.heartbeat_interval line \(fieldLine)",
                "notice $.payload.heartbeatInterval line \(eventLine)",
            ])
        #expect(!renamed.matches)

        // A wrong type.
        let retyped = discord.read(
            Data(#"{"op": 10, "d": {"heartbeat_interval": "45000"}}"#.utf8), sentBy: .serverToClient)
        #expect(Self.summary(retyped) == ["mismatch $.payload.heartbeat_interval line \(fieldLine)"])
        #expect(retyped.findings.first?.message == #"expected a whole number, found "45000""#)

        // A reversed direction: the app does not send Hello.
        let reversed = discord.read(Data(hello.utf8), sentBy: .clientToServer)
        #expect(Self.summary(reversed) == ["mismatch $ line \(eventLine)"])

        // A key added where the contract is exact enough to say: a notice only, which generated code skips.
        let ahead = discord.read(
            Data(#"{"op": 10, "d": {"heartbeat_interval": 45000, "_trace": ["gw-1"]}}"#.utf8), sentBy: .serverToClient)
        #expect(Self.summary(ahead) == ["notice $.payload._trace line \(eventLine)"] && ahead.matches)
    }

    /// Socket.IO frames of the Rooms guide (the event array a Socket.IO packet carries): an event nobody described, an
    /// enum value the contract does not list, a date that is not one.
    @Test func anUndescribedEventAndAnUnlistedValueAreNamed() throws {
        let rooms = try Self.interpreter("rooms")
        let undescribed = rooms.read(Data(#"["room:explode",{"roomId":"r1"}]"#.utf8), sentBy: .serverToClient)
        #expect(undescribed.event == nil && !undescribed.matches)
        #expect(undescribed.findings.map(\.message) == [#"event "room:explode" is not in the contract"#])

        let element =
            #"{"id":"e1","roomId":"r1","type":"sticker","createdBy":"u1","positionX":1,"positionY":2,"width":3,"height":4,"createdAt":"2025-01-31T09:30:00Z"}"#
        let unlisted = rooms.read(Data("[\"element:created\",\(element)]".utf8), sentBy: .serverToClient)
        #expect(unlisted.event?.wireName == "element:created" && unlisted.matches)
        let elementType = try #require(rooms.contract.type(named: "ElementType")).location.line
        #expect(Self.summary(unlisted) == ["notice $.payload.type line \(elementType)"])

        let badDate = rooms.read(
            Data(
                "[\"element:created\",\(element.replacingOccurrences(of: "2025-01-31T09:30:00Z", with: "yesterday"))]"
                    .utf8),
            sentBy: .serverToClient)
        #expect(
            badDate.findings.map(\.message) == [
                #""sticker" is not a value `ElementType` lists (generated code keeps it as unknown)"#,
                #"expected a date, found "yesterday""#,
            ])
    }

    /// A frame the framing cannot take apart says so, at the root.
    @Test func aFrameOfAnotherFramingIsNotRead() throws {
        let rooms = try Self.interpreter("rooms")
        let reading = rooms.read(Data(#"{"event":"room:join"}"#.utf8), sentBy: .clientToServer)
        #expect(reading.event == nil && reading.findings.count == 1 && reading.findings[0].path == "$")
    }

    /// `Bytes` read as generated code reads `Data`: base64 with the standard alphabet and its padding (what
    /// JSONEncoder and `btoa` write); anything else is a mismatch saying so.
    @Test func bytesAreBase64AsGeneratedCodeReadsThem() throws {
        let loaded = ContractLoader().load(
            text: """
                schemagen: 1
                name: Files
                framing:
                  envelope: { name: event, payload: payload }
                events:
                  chunk:
                    direction: server-to-client
                    payload: { data: Bytes, parts: "[Bytes]?" }

                """, path: "files.yaml")
        let interpreter = FrameInterpreter(contract: try #require(loaded.contract, "\(loaded.diagnostics)"))
        func messages(_ payload: String) -> [String] {
            interpreter.read(Data(#"{"event":"chunk","payload":\#(payload)}"#.utf8), sentBy: .serverToClient)
                .findings.map(\.message)
        }
        #expect(messages(#"{"data":"AAH+/w==","parts":["","aGkh"]}"#) == [])
        #expect(messages(#"{"data":"AAH+/w"}"#) == [#"expected bytes in base64, found "AAH+/w""#])
        #expect(messages(#"{"data":"AAH-_w=="}"#) == [#"expected bytes in base64, found "AAH-_w==""#])
        #expect(messages(#"{"data":[0,1]}"#) == ["expected bytes in base64, found an array"])
    }
}
