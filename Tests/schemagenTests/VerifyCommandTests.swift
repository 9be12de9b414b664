import Foundation
import TestSupport
import Testing

/// `schemagen verify` on captures as users have them: JSON Lines and a browser's HAR export, with Socket.IO packets.
@Suite struct VerifyCommandTests {
    static let contract = """
        schemagen: 1
        name: Chat
        framing: socket.io
        types:
          Mood:
            enum: [happy, sad]
        events:
          say:
            direction: client-to-server
            payload: { text: String }
          said:
            direction: server-to-client
            payload:
              text: String
              at: Date
              mood: Mood?

        """

    /// A session as a proxy writes it: Engine.IO's open and ping, Socket.IO's connect, then events both ways.
    static let clean = """
        {"direction": "server-to-client", "data": "0{\\"sid\\":\\"x\\",\\"upgrades\\":[],\\"pingInterval\\":25000,\\"pingTimeout\\":20000}"}
        {"direction": "client-to-server", "data": "40"}
        {"direction": "server-to-client", "data": "40{\\"sid\\":\\"y\\"}"}
        {"direction": "client-to-server", "data": "42[\\"say\\",{\\"text\\":\\"hi\\"}]"}
        {"direction": "server-to-client", "data": "42[\\"said\\",{\\"text\\":\\"hi\\",\\"at\\":\\"2026-11-27T10:00:00Z\\"}]"}
        {"direction": "server-to-client", "data": "2"}
        {"direction": "client-to-server", "data": "3"}

        """

    @Test func aCaptureThatMatchesExitsZero() async throws {
        let folder = try TemporaryFolder()
        try folder.write("chat.yaml", Self.contract)
        try folder.write("session.jsonl", Self.clean)
        let result = try await SchemaGenProcess.run(["verify", "chat.yaml", "session.jsonl"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput == """
                schemagen verify: Verified: 2 frames of Chat checked, 2 matched, 0 failed; 5 protocol packets skipped

                event said: 1 seen, 1 matched, 0 failed

                event say: 1 seen, 1 matched, 0 failed

                """)
    }

    /// A renamed field, an undescribed event, a wrong type and a reversed direction: each exactly, located in the
    /// capture and the contract.
    @Test func aDriftedCaptureFailsWithEachFinding() async throws {
        let folder = try TemporaryFolder()
        try folder.write("chat.yaml", Self.contract)
        try folder.write(
            "drift.jsonl",
            """
            {"direction": "server-to-client", "data": "42[\\"said\\",{\\"message\\":\\"hi\\",\\"at\\":\\"2026-11-27T10:00:00Z\\"}]"}
            {"direction": "server-to-client", "data": "42[\\"typing\\",{}]"}
            {"direction": "server-to-client", "data": "42[\\"said\\",{\\"text\\":\\"hi\\",\\"at\\":1764237600}]"}
            {"direction": "server-to-client", "data": "42[\\"say\\",{\\"text\\":\\"hi\\"}]"}
            {"direction": "server-to-client", "data": "42[\\"said\\",{\\"text\\":\\"hi\\",\\"at\\":\\"2026-11-27T10:00:00Z\\",\\"mood\\":\\"bored\\"}]"}

            """)
        let result = try await SchemaGenProcess.run(["verify", "chat.yaml", "drift.jsonl"], in: folder.url)
        #expect(result.status == 1)
        #expect(
            result.standardOutput == """
                schemagen verify: Mismatch: 5 frames of Chat checked, 1 matched, 4 failed, 2 notices

                event said: 3 seen, 1 matched, 2 failed
                  FAIL drift.jsonl:1 (server-to-client)
                       $.payload.text: missing [contract line 14]
                  FAIL drift.jsonl:3 (server-to-client)
                       $.payload.at: expected a date, found 1764237600 [contract line 15]
                  note $.payload.message: a key the contract does not have (generated code skips it) [contract line 11] — 1×, first at drift.jsonl:1
                  note $.payload.mood: "bored" is not a value `Mood` lists (generated code keeps it as unknown) [contract line 5] — 1×, first at drift.jsonl:5

                event say: 1 seen, 0 matched, 1 failed
                  FAIL drift.jsonl:4 (server-to-client)
                       $: `say` is client-to-server in the contract, but this frame was sent server-to-client [contract line 8]

                frames that are no event of the contract: 1 seen, 0 matched, 1 failed
                  FAIL drift.jsonl:2 (server-to-client)
                       $: event "typing" is not in the contract

                """)
        let json = try await SchemaGenProcess.run(
            ["verify", "--format", "json", "chat.yaml", "drift.jsonl"], in: folder.url)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(
            document["verdict"] as? String == "mismatch" && document["failed"] as? Int == 4
                && document["matched"] as? Int == 1)
    }

    /// Chrome's HAR export keeps a WebSocket's messages under `_webSocketMessages`; a binary message (opcode 2) that
    /// no Socket.IO binary packet announced is reported, so the capture does not pass as verified.
    @Test func aHARExportIsRead() async throws {
        let folder = try TemporaryFolder()
        try folder.write("chat.yaml", Self.contract)
        try folder.write(
            "session.har",
            """
            {"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"}, "entries": [
              {"request": {"method": "GET", "url": "ws://localhost:5000/socket.io/?EIO=4&transport=websocket"},
               "_resourceType": "websocket",
               "_webSocketMessages": [
                 {"type": "receive", "time": 1764237600.1, "opcode": 1, "data": "0{\\"sid\\":\\"x\\"}"},
                 {"type": "send", "time": 1764237600.2, "opcode": 1, "data": "42[\\"say\\",{\\"text\\":\\"hi\\"}]"},
                 {"type": "receive", "time": 1764237600.3, "opcode": 2, "data": "AAEC"},
                 {"type": "receive", "time": 1764237600.4, "opcode": 1, "data": "42[\\"said\\",{\\"text\\":7,\\"at\\":\\"2026-11-27T10:00:00Z\\"}]"}
               ]}
            ]}}
            """)
        let result = try await SchemaGenProcess.run(["verify", "chat.yaml", "session.har"], in: folder.url)
        #expect(result.status == 1)
        #expect(
            result.standardOutput.contains(
                "FAIL session.har: entry 1, message 4 (server-to-client)\n       $.payload.text: expected a string, found 7"
            ))
        #expect(
            result.standardOutput.hasPrefix(
                """
                schemagen verify: Mismatch: 2 frames of Chat checked, 1 matched, 1 failed; 1 protocol packets skipped; \
                1 part of the capture unreadable

                unreadable parts of the capture:
                  session.har: entry 1, message 3: a binary message that no binary packet announced (got binary data \
                when not reconstructing a packet)

                """))
    }

    /// A damaged line is reported where it is, the lines after it are still verified, and the capture does not
    /// pass; a capture that cannot be opened stops the run.
    @Test func aDamagedLineIsReportedAndTheRestVerified() async throws {
        let folder = try TemporaryFolder()
        try folder.write("chat.yaml", Self.contract)
        try folder.write(
            "bad.jsonl",
            """
            {"direction": "sideways", "data": "42[]"}
            {"direction": "send", "data": "42[\\"say\\",{\\"text\\":\\"hi\\"}]"}

            """)
        let result = try await SchemaGenProcess.run(["verify", "chat.yaml", "bad.jsonl"], in: folder.url)
        #expect(result.status == 1)
        #expect(
            result.standardOutput.hasPrefix(
                """
                schemagen verify: Mismatch: 1 frame of Chat checked, 1 matched, 0 failed; 1 part of the capture unreadable

                unreadable parts of the capture:
                  bad.jsonl:1: "direction" must be "client-to-server" or "server-to-client" (or send/receive)

                """))
        let missing = try await SchemaGenProcess.run(["verify", "chat.yaml", "missing.jsonl"], in: folder.url)
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("missing.jsonl: cannot be read"))
    }

    /// A real browser's HAR: headless Chromium's WebSocket session with the python-socketio server's `/rooms`
    /// namespace, recorded by Integration/Tests/IntegrationTests/Servers/record_browser_har.py (which CI runs
    /// again, live), verified against the repository's contract with the namespace the server mounts it at.
    @Test func aHARRecordedFromChromiumVerifiesAgainstTheRoomsContract() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let result = try await SchemaGenProcess.run(
            [
                "verify", "schemas/rooms.yaml", "Tests/SchemaGenCoreTests/Fixtures/Captures/chromium-rooms.har",
                "--namespace", "/rooms",
            ], in: root)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput == """
                schemagen verify: Verified: 5 frames of Rooms checked, 5 matched, 0 failed; 3 protocol packets skipped

                event element:create: 2 seen, 2 matched, 0 failed

                event room:join: 1 seen, 1 matched, 0 failed

                event touch:move: 1 seen, 1 matched, 0 failed

                event touch:moved: 1 seen, 1 matched, 0 failed

                """)
        // Without the namespace, the server's mount point is not the contract's: every event is reported.
        let unmounted = try await SchemaGenProcess.run(
            ["verify", "schemas/rooms.yaml", "Tests/SchemaGenCoreTests/Fixtures/Captures/chromium-rooms.har"],
            in: root)
        #expect(unmounted.status == 1)
        #expect(unmounted.standardOutput.contains(#"$: event "room:join" on channel "/rooms" is not in the contract"#))
    }

    /// A Supabase session over serializer 2.0.0 (Tests/SchemaGenCoreTests/Fixtures/Captures/supabase-order-status.har,
    /// written by hand in Chrome's HAR layout; its binary user broadcasts follow supabase/realtime's
    /// `@json_user_broadcast` fixture with this topic and event): a join, its reply, presence, a text broadcast, two
    /// binary ones and a heartbeat. The protocol is recognised from the URL's `vsn=2.0.0`. The order-status contract,
    /// which describes the broadcasts, reads the three broadcasts and skips Phoenix's own messages; the Supabase
    /// contract, written in Phoenix's arrays, reads every message, the binary ones as their text form.
    @Test func aSupabaseHARVerifiesAgainstTheBroadcastsAndThePhoenixContracts() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let har = "Tests/SchemaGenCoreTests/Fixtures/Captures/supabase-order-status.har"
        let broadcasts = try await SchemaGenProcess.run(["verify", "schemas/order-status.yaml", har], in: root)
        #expect(broadcasts.status == 0, "\(broadcasts.standardError)")
        #expect(
            broadcasts.standardOutput == """
                schemagen verify: Verified: 3 frames of OrderStatus checked, 3 matched, 0 failed; 5 protocol packets skipped

                channel order › event processing_started: 1 seen, 1 matched, 0 failed

                channel order › event upload_completed: 1 seen, 1 matched, 0 failed

                channel order › event upload_started: 1 seen, 1 matched, 0 failed

                """)
        let json = try await SchemaGenProcess.run(
            ["verify", "schemas/order-status.yaml", har, "--format", "json"], in: root)
        #expect(json.standardOutput.contains(#""broadcast" : 0"#) == false)
        #expect(json.standardOutput.contains(#""phx_reply" : 2"#))
        let phoenix = try await SchemaGenProcess.run(["verify", "schemas/supabase-realtime.yaml", har], in: root)
        #expect(phoenix.status == 0, "\(phoenix.standardError)")
        #expect(phoenix.standardOutput.contains("channel realtime › event broadcast: 3 seen, 3 matched, 0 failed"))
        // Read as a plain WebSocket, nothing is a frame of the contract, and the binary messages are not read.
        let plain = try await SchemaGenProcess.run(
            ["verify", "schemas/order-status.yaml", har, "--protocol", "websocket"], in: root)
        #expect(plain.status == 1)
        #expect(
            plain.standardOutput.contains(
                "message 5: a binary message (opcode 2): websocket binary messages are not read"))
    }

    /// Drift inside a binary broadcast is found and located like drift in a text one; a binary message cut short is
    /// reported where it is, and the rest is read. JSON Lines keep binary messages as HAR does (`opcode` 2, base64).
    @Test func aDriftedBinaryBroadcastIsLocated() async throws {
        let folder = try TemporaryFolder()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        try folder.write(
            "order-status.yaml",
            try String(contentsOf: root.appending(path: "schemas/order-status.yaml"), encoding: .utf8))
        let topic = "realtime:order:o1"
        let event = "processing_started"
        let payload = #"{"order_id":"o1","status":"processing","timestamp":1767607242}"#
        let broadcast =
            Data([4, UInt8(topic.utf8.count), UInt8(event.utf8.count), 0, 1]) + Data((topic + event + payload).utf8)
        let cut = Data([4, 40, 3, 0, 1]) + Data("realtime:".utf8)
        try folder.write(
            "session.jsonl",
            """
            {"direction": "receive", "opcode": 2, "data": "\(broadcast.base64EncodedString())"}
            {"direction": "receive", "opcode": 2, "data": "\(cut.base64EncodedString())"}
            {"direction": "receive", "opcode": 2, "data": "not base64!"}

            """)
        let result = try await SchemaGenProcess.run(
            ["verify", "order-status.yaml", "session.jsonl", "--protocol", "phoenix"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("session.jsonl:1 (server-to-client)"))
        #expect(result.standardOutput.contains("$.payload.timestamp"))
        #expect(
            result.standardOutput.contains(
                "session.jsonl:2: a binary Phoenix message cut short: 14 bytes end before the topic"))
        #expect(
            result.standardOutput.contains(#"session.jsonl:3: a binary message ("opcode": 2) needs "data" in base64"#))
    }

    /// Socket.IO binary packets in a capture are put together with their attachments, as the transports do: python-
    /// socketio's `bytes` (a `451-` event and a `461-` acknowledgement, as its server sends them) verify against `Bytes`
    /// fields, and a packet cut short of its attachments is reported where it began.
    @Test func socketIOBinaryPacketsVerifyWithTheirAttachments() async throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "files.yaml",
            """
            schemagen: 1
            name: Files
            framing: socket.io
            events:
              fetch:
                direction: client-to-server
                payload: { name: String }
                ack: Bytes
              file:
                direction: server-to-client
                payload: { name: String, thumb: Bytes, chunks: "[Bytes]" }

            """)
        try folder.write(
            "session.jsonl",
            #"""
            {"direction": "send", "data": "421[\"fetch\",{\"name\":\"a.png\"}]"}
            {"direction": "receive", "data": "453-[\"file\",{\"name\":\"a.png\",\"thumb\":{\"_placeholder\":true,\"num\":0},\"chunks\":[{\"_placeholder\":true,\"num\":1},{\"_placeholder\":true,\"num\":2}]}]"}
            {"direction": "receive", "data": "2"}
            {"direction": "receive", "opcode": 2, "data": "AAH+/w=="}
            {"direction": "receive", "opcode": 2, "data": "aGkh"}
            {"direction": "receive", "opcode": 2, "data": ""}
            {"direction": "receive", "data": "461-1[{\"_placeholder\":true,\"num\":0}]"}
            {"direction": "receive", "opcode": 2, "data": "iVBORw=="}

            """#)
        let clean = try await SchemaGenProcess.run(["verify", "files.yaml", "session.jsonl"], in: folder.url)
        #expect(clean.status == 0, "\(clean.standardOutput)\(clean.standardError)")
        #expect(
            clean.standardOutput.hasPrefix(
                "schemagen verify: Verified: 3 frames of Files checked, 3 matched, 0 failed; 1 protocol packets skipped"
            ))
        #expect(clean.standardOutput.contains("event fetch: 2 seen, 2 matched, 0 failed"))
        try folder.write(
            "cut.jsonl",
            #"""
            {"direction": "receive", "data": "451-[\"file\",{\"name\":\"a\",\"thumb\":{\"_placeholder\":true,\"num\":0},\"chunks\":[]}]"}
            {"direction": "receive", "data": "42[\"file\",{\"name\":\"b\",\"thumb\":\"\",\"chunks\":[]}]"}

            """#)
        let cut = try await SchemaGenProcess.run(["verify", "files.yaml", "cut.jsonl"], in: folder.url)
        #expect(cut.status == 1)
        #expect(
            cut.standardOutput.contains(
                "cut.jsonl:1: a binary packet that announced 1 attachments got 0 before the next packet"))
        #expect(cut.standardOutput.contains("event file: 1 seen, 1 matched, 0 failed"))
    }
}
