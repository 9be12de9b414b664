import Foundation
import GeneratedClients
import SchemaGenRuntime
@testable import SchemaGenTransport
import TestSupport
import Testing

/// Phoenix Channels v2 as Supabase Realtime speaks it, through the generated Supabase client, with the frames
/// Supabase's "Realtime Protocol" guide documents (GeneratedClientTests/Fixtures/supabase-realtime, verbatim; where
/// a test needs the connection's own reference in a reply, it says which member it replaced).
struct PhoenixSessionTests {
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "GeneratedClientTests/Fixtures/supabase-realtime")
    static let fast = ReconnectPolicy(initialDelay: .milliseconds(5), maximumDelay: .milliseconds(20), jitter: 0)

    let backend = ScriptedBackend()

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appending(path: "\(name).json"), encoding: .utf8)
    }

    /// A documented frame with its join reference and reference replaced (the first two members).
    static func fixture(_ name: String, joinRef: String?, ref: String?) throws -> String {
        guard case .array(var members) = try JSONDecoder().decode(JSONValue.self, from: Data(fixture(name).utf8)) else {
            return ""
        }
        members[0] = joinRef.map(JSONValue.string) ?? .null
        members[1] = ref.map(JSONValue.string) ?? .null
        return String(decoding: try JSONEncoder().encode(JSONValue.array(members)), as: UTF8.self)
    }

    func connection(
        heartbeat: Duration = .seconds(25), rejoinDelays: [Duration] = [.milliseconds(50)]
    ) -> RealtimeConnection {
        let phoenix = PhoenixProtocol(
            path: "/realtime/v1/websocket", heartbeatInterval: heartbeat, rejoinDelays: rejoinDelays
        ) { _, credentials in
            [
                "config": [
                    "broadcast": ["ack": false, "self": true], "presence": ["key": "", "enabled": false],
                    "private": false,
                ],
                "access_token": credentials.auth?["token"] ?? .null,
            ]
        }
        return RealtimeConnection(
            url: URL(string: "wss://project.supabase.co")!, backend: backend, protocol: phoenix,
            options: ConnectionOptions(
                reconnect: Self.fast,
                credentials: {
                    ConnectionCredentials(
                        queryItems: [URLQueryItem(name: "apikey", value: "anon")], auth: ["token": "jwt"])
                }))
    }

    /// A connection and the generated Supabase client's `realtime:chat-room` channel over it (the channel's client
    /// keeps the client core alive).
    func chatRoom(heartbeat: Duration = .seconds(25)) -> (RealtimeConnection, SupabaseRealtime.Realtime.Client) {
        let connection = connection(heartbeat: heartbeat)
        return (connection, SupabaseRealtime.Client(transport: connection).realtime(name: "chat-room"))
    }

    static let join =
        #"["sg1","sg1","realtime:chat-room","phx_join",{"access_token":"jwt","config":{"broadcast":{"ack":false,"self":true},"presence":{"enabled":false,"key":""},"private":false}}]"#

    @Test func joinsSubscribedChannelsWithTheConfigAndRoutesBroadcastsByTopic() async throws {
        let (connection, room) = chatRoom()
        let broadcasts = Recorder<SupabaseRealtime.Realtime.Broadcast>()
        let token = room.onBroadcast { broadcasts.append($0) }
        try await room.subscribe()
        connection.connect()
        let socket = try await backend.connection(0)
        try await connection.waitUntilConnected()
        #expect(
            backend.requests.first?.url.absoluteString
                == "wss://project.supabase.co/realtime/v1/websocket?vsn=2.0.0&apikey=anon")
        #expect(try await socket.sent(atLeast: 1) == [Self.join])
        socket.push(try Self.fixture("phx_reply", joinRef: "sg1", ref: "sg1"))
        socket.push(try Self.fixture("broadcast-server"))
        try await eventually("the broadcast delivered") { broadcasts.values.count == 1 }
        #expect(broadcasts.values.first?.payload.event == "message")

        // The client writes a broadcast without a join reference; the connection fills in the channel's.
        try await room.broadcast(
            SupabaseRealtime.Realtime.Broadcast(
                ref: "7", payload: .init(event: "user-event", payload: ["content": "Hello, World!"])))
        let sent = try await socket.sent(atLeast: 2)[1]
        #expect(sent.hasPrefix(#"["sg1","7","realtime:chat-room","broadcast","#))
        token.cancel()
        await connection.disconnect()
    }

    /// The server answers each join: `subscribe` returns once it accepts (the reply stays in the connection), and a
    /// refusal (the guide's join error) throws from `subscribe` with the server's reason, still reaches the app's
    /// `phx_reply` listener, and leaves the channel unjoined: a send on it fails saying why, and a reconnection does
    /// not join it again.
    @Test func aRefusedJoinThrowsItsReasonFromSubscribeAndAnAcceptedOneReturns() async throws {
        let (connection, room) = chatRoom()
        let replies = Recorder<SupabaseRealtime.Realtime.PhxReply>()
        let token = room.onPhxReply { replies.append($0) }
        connection.connect()
        let socket = try await backend.connection(0)
        try await connection.waitUntilConnected()
        let accepted = Task { try await room.subscribe() }
        #expect(try await socket.sent(atLeast: 1) == [Self.join])
        socket.push(try Self.fixture("phx_reply", joinRef: "sg1", ref: "sg1"))
        try await accepted.value
        #expect(replies.values.isEmpty, "an accepted join is the connection's business")

        try await room.unsubscribe()
        let refused = Task { try await room.subscribe() }
        let rejoin = try await socket.sent(atLeast: 3)[2]
        #expect(rejoin.hasPrefix(#"["sg3","sg3","realtime:chat-room","phx_join","#))
        // The guide's join error, as the reply to that join.
        socket.push(#"["sg3","sg3","realtime:chat-room","phx_reply","# + (try Self.fixture("join-error-payload")) + "]")
        let reason = "InvalidJWTExpiration: Token has expired 300 seconds ago"
        await #expect(throws: ConnectionFailure.channelRefused(channel: "realtime:chat-room", reason: reason)) {
            try await refused.value
        }
        try await eventually("the refusal delivered") { replies.values.count == 1 }
        guard case .error(let refusal) = replies.values.first?.payload else {
            Issue.record("expected the refusal, got \(replies.values)")
            return
        }
        #expect(refusal.response.reason == reason)
        await #expect(throws: ConnectionFailure.notJoined(channel: "realtime:chat-room", refusal: reason)) {
            try await room.broadcast(
                SupabaseRealtime.Realtime.Broadcast(ref: "1", payload: .init(event: "e", payload: [:])))
        }
        #expect(socket.sent.count == 3, "nothing sent to the refused channel")

        // A reconnection joins nothing: the server said no.
        socket.drop()
        let next = try await backend.connection(1)
        try await connection.waitUntilConnected()
        try await Task.sleep(for: .milliseconds(50))
        #expect(next.sent.isEmpty)
        token.cancel()
        await connection.disconnect()
    }

    @Test func heartbeatsOnThePhoenixTopicAndReconnectsWhenOneGoesUnanswered() async throws {
        // The server answers the first beat as it is sent (a test pushing it could miss the next beat on a
        // busy machine), and no other.
        backend.answer { message in
            message == #"[null,"sg2","phoenix","heartbeat",{}]"#
                ? #"[null,"sg2","phoenix","phx_reply",{"status":"ok","response":{}}]"# : nil
        }
        let (connection, room) = chatRoom(heartbeat: .milliseconds(150))
        try await room.subscribe()
        connection.connect()
        let first = try await backend.connection(0)
        #expect(try await first.sent(atLeast: 2)[1] == #"[null,"sg2","phoenix","heartbeat",{}]"#)
        #expect(try await first.sent(atLeast: 3)[2] == #"[null,"sg3","phoenix","heartbeat",{}]"#)
        // No reply this time: the next beat finds it missing and the connection starts again, joining the channel.
        let second = try await backend.connection(1)
        #expect(first.isClosed)
        #expect(try await second.sent(atLeast: 1)[0] == Self.join)
        await connection.disconnect()
    }

    @Test func aCrashedChannelIsJoinedAgainAndALeftOneIsLeft() async throws {
        let (connection, room) = chatRoom()
        let errors = Recorder<SupabaseRealtime.Realtime.PhxError>()
        let token = room.onPhxError { errors.append($0) }
        try await room.subscribe()
        connection.connect()
        let socket = try await backend.connection(0)
        _ = try await socket.sent(atLeast: 1)
        socket.push(#"["sg1","sg1","realtime:chat-room","phx_error",{}]"#)
        try await eventually("the error delivered") { errors.values.count == 1 }
        #expect(try await socket.sent(atLeast: 2)[1].hasPrefix(#"["sg2","sg2","realtime:chat-room","phx_join","#))
        try await room.unsubscribe()
        #expect(try await socket.sent(atLeast: 3)[2] == #"["sg2","sg3","realtime:chat-room","phx_leave",{}]"#)
        token.cancel()
        await connection.disconnect()
    }

    /// Issue 35: a channel that errors on every join was joined again at once, 113,548 joins in 5 s. It waits 1, 2, 5,
    /// then 10 s between joins (phoenix.js's waits), and an accepted join starts the count again; a left channel is not
    /// joined again.
    @Test func aChannelThatKeepsCrashingIsJoinedAgainAfterGrowingWaits() throws {
        var session = PhoenixProtocol.Session(heartbeatInterval: .seconds(3600)) { _ in [:] }
        let start = ContinuousClock.now
        _ = session.start(at: start)
        _ = session.join("realtime:room")
        var now = start
        var waits: [Duration] = []
        var joinRef = "sg1"
        for _ in 0..<6 {
            let events = session.receive(
                .text(#"["\#(joinRef)","\#(joinRef)","realtime:room","phx_error",{}]"#), at: now)
            #expect(events.count == 1, "the error is delivered, and nothing is sent yet")
            let due = try #require(session.nextHeartbeat)
            #expect(session.heartbeat(at: due - .milliseconds(1)).isEmpty)
            let rejoin = session.heartbeat(at: due)
            guard case .send(.text(let text))? = rejoin.first, rejoin.count == 1, text.contains("phx_join") else {
                Issue.record("expected one join: \(rejoin)")
                return
            }
            waits.append(due - now)
            joinRef = String(text.dropFirst(2).prefix { $0 != "\"" })
            now = due
        }
        #expect(waits == [.seconds(1), .seconds(2), .seconds(5), .seconds(10), .seconds(10), .seconds(10)])
        // Accepted: the next crash waits one second again.
        _ = session.receive(
            .text(#"["\#(joinRef)","\#(joinRef)","realtime:room","phx_reply",{"status":"ok","response":{}}]"#), at: now)
        _ = session.receive(.text(#"["\#(joinRef)","\#(joinRef)","realtime:room","phx_error",{}]"#), at: now)
        #expect(session.nextHeartbeat == now + .seconds(1))
        // Left while waiting: never joined again.
        _ = session.leave("realtime:room")
        #expect(session.nextHeartbeat == start + .seconds(3600))
        #expect(session.heartbeat(at: now + .seconds(2)).isEmpty)
    }

    /// A crashed channel whose join the server then refuses is left alone: the refusal says why, and no more joins
    /// follow. A refusal without a reason says what the server answered.
    @Test func aRejoinTheServerRefusesEndsTheRejoins() {
        var session = PhoenixProtocol.Session(heartbeatInterval: .seconds(3600)) { _ in [:] }
        let start = ContinuousClock.now
        _ = session.start(at: start)
        _ = session.join("realtime:room")
        _ = session.receive(.text(#"["sg1","sg1","realtime:room","phx_error",{}]"#), at: start)
        let rejoin = session.heartbeat(at: start + .seconds(1))
        #expect(rejoin.count == 1)
        let refusal =
            #"["sg2","sg2","realtime:room","phx_reply",{"status":"error","response":{"reason":"unauthorized"}}]"#
        let events = session.receive(.text(refusal), at: start + .seconds(1))
        #expect(
            events == [
                .refused(channel: "realtime:room", reason: "unauthorized"),
                .deliver(IncomingFrame(data: Data(refusal.utf8), channel: "realtime:room")),
            ])
        // A late crash report of that join schedules nothing: the channel is no longer joined.
        _ = session.receive(.text(#"["sg2","sg2","realtime:room","phx_error",{}]"#), at: start + .seconds(1))
        #expect(session.nextHeartbeat == start + .seconds(3600))
        #expect(session.leave("realtime:room").isEmpty, "nothing to leave")

        _ = session.join("realtime:other")
        let bare = session.receive(
            .text(#"["sg3","sg3","realtime:other","phx_reply",{"status":"error","response":{}}]"#), at: start)
        #expect(bare.first == .refused(channel: "realtime:other", reason: "the server answered error"))
    }

    @Test func documentedFramesReadAsTheGuideDescribesThem() throws {
        var session = PhoenixProtocol().makeSession(credentials: .none)
        _ = session.start(at: .now)
        for name in ["broadcast-server", "phx_close", "phx_error", "presence_state", "postgres_changes", "system"] {
            let text = try Self.fixture(name)
            let events = session.receive(.text(text), at: .now)
            guard case .deliver(let frame) = events.first, events.count == 1 else {
                Issue.record("\(name): \(events)")
                continue
            }
            #expect(frame.data == Data(text.utf8))
            #expect(frame.channel?.hasPrefix("realtime:") == true)
        }
        #expect(session.receive(.text("not json"), at: .now) == [.deliver(IncomingFrame(data: Data("not json".utf8)))])
    }

    @Test func onlyAMissingJoinReferenceIsFilledIn() {
        typealias Session = PhoenixProtocol.Session
        #expect(Session.fillingJoinRef(in: #"[null,"1","t","e",{}]"#, with: "sg4") == #"["sg4","1","t","e",{}]"#)
        #expect(Session.fillingJoinRef(in: #"[ null , "1"]"#, with: "sg4") == #"["sg4" , "1"]"#)
        #expect(Session.fillingJoinRef(in: #"["3","1","t","e",{}]"#, with: "sg4") == nil)
        #expect(Session.fillingJoinRef(in: #"[nullx,1]"#, with: "sg4") == nil)
        #expect(Session.fillingJoinRef(in: #"{"a":null}"#, with: "sg4") == nil)
    }
}
