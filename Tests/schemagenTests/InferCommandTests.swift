import Foundation
import TestSupport
import Testing

/// `schemagen infer` as users run it: a draft written only once it lints clean and verifies the captures it came
/// from, its name from the file, and the exit codes its help promises.
@Suite struct InferCommandTests {
    static let session = VerifyCommandTests.clean

    @Test func theDraftIsWrittenNamedAfterItsFileAndVerifiesItsCapture() async throws {
        let folder = try TemporaryFolder()
        try folder.write("session.jsonl", Self.session)
        let result = try await SchemaGenProcess.run(["infer", "session.jsonl", "-o", "chat-room.yaml"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardError
                == "schemagen infer: wrote chat-room.yaml (2 events, verified against 7 frames)\n")
        let draft = try String(contentsOf: folder.url.appending(path: "chat-room.yaml"), encoding: .utf8)
        #expect(draft.contains("\nname: ChatRoom\n"), "\(draft)")
        let verified = try await SchemaGenProcess.run(["verify", "chat-room.yaml", "session.jsonl"], in: folder.url)
        #expect(verified.status == 0, "\(verified.standardOutput)")
        let linted = try await SchemaGenProcess.run(["lint", "chat-room.yaml"], in: folder.url)
        #expect(linted.status == 0 && !linted.standardError.contains("warning"), "\(linted.standardError)")
    }

    /// A Supabase session over serializer 2.0.0 (the HAR `verify` reads, with two binary user broadcasts): Phoenix is
    /// recognised from the URL, its joins, replies, presence and heartbeats are left out, and the draft describes the
    /// three broadcasts on the topics' channel, which it verifies, the binary ones included.
    @Test func aSupabaseHARDraftsItsBroadcasts() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = try TemporaryFolder()
        let har = root.appending(path: "Tests/SchemaGenCoreTests/Fixtures/Captures/supabase-order-status.har").path
        let result = try await SchemaGenProcess.run(["infer", har, "-o", "orders.yaml"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == "schemagen infer: wrote orders.yaml (3 events, verified against 8 frames)\n")
        let draft = try String(contentsOf: folder.url.appending(path: "orders.yaml"), encoding: .utf8)
        for expected in [
            "framing:\n  envelope:\n    name: event\n    payload: payload\n",
            "  topics:\n    address: \"{name}\"\n",
            "      upload_started:\n        # guess: 1 frame, sent by the server\n        direction: server-to-client\n",
            "PhoenixProtocol(contractLayer: .broadcasts(topicPrefix: \"realtime:\"))",
        ] {
            #expect(draft.contains(expected), "\(draft)")
        }
        #expect(!draft.contains("phx_") && !draft.contains("presence"), "\(draft)")
        let verified = try await SchemaGenProcess.run(["verify", "orders.yaml", har], in: folder.url)
        #expect(
            verified.standardOutput.hasPrefix(
                "schemagen verify: Verified: 3 frames of Orders checked, 3 matched, 0 failed; 5 protocol packets skipped"
            ),
            "\(verified.standardOutput)")
    }

    @Test func withoutOutputTheDraftGoesToStandardOutput() async throws {
        let folder = try TemporaryFolder()
        try folder.write("session.jsonl", Self.session)
        let result = try await SchemaGenProcess.run(["infer", "session.jsonl", "--name", "Chat"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.contains(
                "\nname: Chat\n# guess: 7 of 7 frames are Engine.IO and Socket.IO packets\nframing: socket.io\n"),
            "\(result.standardOutput)")
    }

    @Test func framesNothingNamesExitOneAndWriteNothing() async throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "rpc.jsonl",
            """
            {"direction": "server-to-client", "data": {"id": 1, "result": true}}
            {"direction": "server-to-client", "data": {"jsonrpc": "2.0", "method": "x"}}

            """)
        let result = try await SchemaGenProcess.run(["infer", "rpc.jsonl", "-o", "rpc.yaml"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("schemagen infer: no key holds a string in every object frame"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "rpc.yaml").path))
    }

    /// A damaged line is named and left out; with nothing else to read, no draft is made. A capture that cannot be
    /// opened exits 2.
    @Test func aDamagedLineIsNamedAndLeftOut() async throws {
        let folder = try TemporaryFolder()
        try folder.write("bad.jsonl", "{\"direction\": \"sideways\", \"data\": \"x\"}\n")
        let result = try await SchemaGenProcess.run(["infer", "bad.jsonl"], in: folder.url)
        #expect(result.status == 1)
        #expect(
            result.standardError.hasPrefix("warning: bad.jsonl:1: \"direction\" must be"), "\(result.standardError)")
        #expect(result.standardError.contains("schemagen infer: no frame of the capture is JSON"))
        let missing = try await SchemaGenProcess.run(["infer", "missing.jsonl"], in: folder.url)
        #expect(missing.status == 2)
        #expect(missing.standardError.hasPrefix("error: missing.jsonl: cannot be read"))
    }
}
