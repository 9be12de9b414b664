import Foundation
import GeneratedClients
import SchemaGenRuntime
import TestSupport
import Testing

/// Supabase Realtime's documented protocol 2.0.0 frames (Fixtures/supabase-realtime/README.md): the server's decode
/// to the values the guide shows, and the client's are what the typed emit calls write.
@Suite struct SupabaseRealtimeExampleTests {
    static func example(_ name: String) throws -> Data {
        try VendorExampleTests.example("supabase-realtime/\(name).json")
    }

    @Test func serverFramesDecodeToTheDocumentedValues() async throws {
        let transport = LoopbackTransport()
        let client = SupabaseRealtime.Client(transport: transport)
        let chat = client.realtime(name: "chat-room")
        let replies = Recorder<SupabaseRealtime.Realtime.PhxReply>()
        let systems = Recorder<SupabaseRealtime.Realtime.System>()
        let broadcasts = Recorder<SupabaseRealtime.Realtime.Broadcast>()
        let changes = Recorder<SupabaseRealtime.Realtime.PostgresChanges>()
        let closes = Recorder<String>()
        let states = Recorder<SupabaseRealtime.Realtime.PresenceState>()
        let diffs = Recorder<SupabaseRealtime.Realtime.PresenceDiff>()
        let failures = Recorder<String>()
        chat.onPhxReply { replies.append($0) }
        chat.onSystem { systems.append($0) }
        chat.onBroadcast { broadcasts.append($0) }
        chat.onPostgresChanges { changes.append($0) }
        client.realtime(name: "avatar-stack-demo").onPhxClose { closes.append("close \($0.joinRef ?? "-")") }
        client.realtime(name: "avatar-stack-demo").onPhxError { closes.append("error \($0.ref ?? "-")") }
        client.realtime(name: "cursor-room").onPresenceState { states.append($0) }
        client.realtime(name: "cursor-room").onPresenceDiff { diffs.append($0) }
        client.onIncomingFailure { failures.append($0.description) }
        for name in [
            "phx_reply", "system", "broadcast-server", "postgres_changes", "phx_close", "phx_error", "presence_state",
            "presence_diff",
        ] {
            await transport.deliver(try Self.example(name))
        }
        #expect(failures.values.isEmpty, "\(failures.values)")

        let reply = try #require(replies.values.first)
        #expect(reply.joinRef == "1" && reply.ref == "1")
        #expect(
            reply.payload
                == .ok(
                    .init(
                        response: .init(postgresChanges: [
                            .init(id: 106_243_155, event: "*", schema: "public", table: "test")
                        ]))))

        let system = try #require(systems.values.first)
        #expect(system.joinRef == "13" && system.ref == nil)
        #expect(
            system.payload
                == .init(
                    message: "Subscribed to PostgreSQL", status: .ok, extension: "postgres_changes", channel: "main"))

        let broadcast = try #require(broadcasts.values.first)
        #expect(broadcast.joinRef == nil && broadcast.payload.event == "message")
        #expect(broadcast.payload.meta == .init(id: "006554ce-d22d-469c-877a-88bef47214a3"))
        #expect(
            broadcast.payload.payload == [
                "id": "513edcc1-4cbc-4274-aa26-c195f7e8c090", "content": "oi", "username": "hpK9jN2iY-I2HioHWr5ml",
                "createdAt": "2025-11-18T22:44:29Z",
            ])

        let change = try #require(changes.values.first).payload
        #expect(change.ids == [104_868_189])
        #expect(change.data.schema == "public" && change.data.table == "test" && change.data.type == .update)
        #expect(abs(change.data.commitTimestamp.timeIntervalSince1970 - 1_763_511_760.877) < 0.000_001)
        #expect(
            change.data.columns.map(\.name) == ["id", "created_at", "text"]
                && change.data.columns.map(\.type) == ["int8", "timestamptz", "text"])
        #expect(change.data.record == ["id": 46, "text": "content", "created_at": "2025-11-03T09:32:55+00:00"])
        #expect(change.data.oldRecord == ["id": 46] && change.data.errors == nil)

        #expect(closes.values == ["close 3", "error 3"])
        let state = try #require(states.values.first)
        #expect(state.joinRef == "4" && state.ref == nil)
        #expect(
            state.payload.keys.sorted() == ["2wCojG1xWgxG2ZxwocvSX", "6eorYR7andHiq-7tCkmxQ", "FOeQUamq3OLOWAAZK8iH3"])
        #expect(
            state.payload["6eorYR7andHiq-7tCkmxQ"]?.metas == [
                ["phx_ref": "GHk99Q_ez6-GzaeG", "color": "hsl(7, 100%, 70%)", "key": "6eorYR7andHiq-7tCkmxQ"]
            ])
        let diff = try #require(diffs.values.first).payload
        #expect(diff.joins["XnAJXkZVEJuBYZcp9GCG5"]?.metas.first?["user"] == "123")
        #expect(diff.leaves["ouCsaiOdKZ9yauoy4x5pv"]?.metas.first?["phx_ref"] == "GHlE8HyhSPAmZgdB")
    }

    @Test func aJoinErrorReplyIsTheErrorCase() throws {
        let reply = try WireDecoder(dates: .iso8601Fractional).decode(
            SupabaseRealtime.Reply.self, from: try Self.example("join-error-payload"))
        #expect(
            reply == .error(.init(response: .init(reason: "InvalidJWTExpiration: Token has expired 300 seconds ago"))))
    }

    @Test func clientFramesAreWhatEmitWrites() async throws {
        let transport = LoopbackTransport()
        let client = SupabaseRealtime.Client(transport: transport)
        let chat = client.realtime(name: "chat-room")
        let replay = SupabaseRealtime.Replay(since: Date(timeIntervalSince1970: 1_763_407_103.911), limit: 10)
        // Requests sent as the guide shows them, with its refs, without waiting for replies.
        try await chat.emit(
            .phxJoin(
                .init(
                    joinRef: "3", ref: "5",
                    payload: .init(
                        config: .init(
                            broadcast: .init(ack: false, self: true, replay: replay),
                            presence: .init(enabled: true, key: "user_id-827"),
                            postgresChanges: [], private: true)))))
        try await client.realtime(name: "presence-room").emit(
            .phxJoin(
                .init(
                    joinRef: "1", ref: "1",
                    payload: .init(
                        config: .init(
                            broadcast: .init(ack: false, self: false), presence: .init(enabled: false), private: false))
                )))
        try await client.realtime(name: "avatar-stack-demo").emit(
            .phxLeave(.init(joinRef: "1", ref: "3", payload: .init())))
        try await client.phoenix().emit(.heartbeat(.init(ref: "26", payload: .init())))
        try await chat.accessToken(
            .init(
                joinRef: "10", ref: "1",
                payload: .init(
                    accessToken:
                        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiYWRtaW4iOnRydWUsImlhdCI6MTUxNjIzOTAyMn0.KMUFsIDTnFmyG3nMiGM6H9FNFUROf3wh7SmqJp-QV30"
                )))
        try await chat.broadcast(
            .init(
                joinRef: "10", ref: "1",
                payload: .init(
                    event: "user-event",
                    payload: [
                        "content": "Hello, World!", "createdAt": "2025-11-17T21:14:14Z",
                        "id": "9b823349-71c0-465b-9a83-a63aa2a9ae6d", "username": "VCSHLD556nQD-B-vUTJJ3",
                    ])))
        try await client.realtime(name: "presence-room").presence(
            .init(
                joinRef: "1", ref: "5",
                payload: .init(
                    event: "track",
                    payload: [
                        "name": "Alice", "color": "hsl(29, 100%, 70%)",
                    ])))
        let documented = [
            "phx_join", "phx_join-presence-room", "phx_leave", "heartbeat", "access_token", "broadcast-client",
            "presence",
        ]
        let sent = transport.sentFrames.map(\.data)
        #expect(sent.count == documented.count)
        for (index, name) in documented.enumerated() {
            try VendorExampleTests.expectJSONEqual(index < sent.count ? sent[index] : nil, try Self.example(name), name)
        }
    }

    /// `phx_join` is a request: the generated method chooses its `ref` and returns the `phx_reply` that echoes it,
    /// an error reply included.
    @Test func joiningReturnsTheReply() async throws {
        let transport = LoopbackTransport()
        let client = SupabaseRealtime.Client(transport: transport)
        let chat = client.realtime(name: "chat-room")
        async let joined = chat.phxJoin(
            joinRef: "1",
            payload: .init(
                config: .init(
                    broadcast: .init(ack: false, self: false),
                    presence: .init(enabled: false), private: false)))
        _ = try await transport.sentFrames(atLeast: 1)
        #expect(
            String(decoding: try #require(transport.sentFrames.first).data, as: UTF8.self).hasPrefix(
                #"["1","1","realtime:chat-room","phx_join","#))
        await transport.deliver(
            Data(
                #"["1","1","realtime:chat-room","phx_reply",{"status":"error","response":{"reason":"ChannelRateLimitReached: Too many channels"}}]"#
                    .utf8))
        let reply = try await joined
        #expect(reply.payload == .error(.init(response: .init(reason: "ChannelRateLimitReached: Too many channels"))))
        await #expect(throws: RequestFailure.timedOut(after: .milliseconds(40))) {
            try await client.phoenix().heartbeat(payload: .init(), timeout: .milliseconds(40))
        }
    }
}
