import Foundation
import GeneratedClients
import SchemaGenRuntime
@testable import SchemaGenTransport
import TestSupport
import Testing

/// Serializer 2.0.0's binary messages through the Phoenix session and the generated clients: Supabase's user
/// broadcasts as supabase/realtime sends them to a socket joined with `vsn=2.0.0`. The binary messages follow the
/// layout of upstream's own fixtures (supabase/realtime's `v2_serializer_test.exs` at 25a40df4, supabase-js's
/// `serializer.test.ts` at 2e029df6, whose bytes RuntimeTests/PhoenixMessageTests reads verbatim), with the topic and
/// the event a channel of these contracts has, and their sizes to match.
struct PhoenixBinaryTests {
    let backend = ScriptedBackend()

    /// A user broadcast (kind 4) as supabase/realtime's `fastlane!` writes it.
    static func userBroadcast(topic: String, event: String, metadata: String = "", json payload: String) -> Data {
        var bytes = Data([4, UInt8(topic.utf8.count), UInt8(event.utf8.count), UInt8(metadata.utf8.count), 1])
        bytes.append(contentsOf: Array(topic.utf8) + Array(event.utf8) + Array(metadata.utf8) + Array(payload.utf8))
        return bytes
    }

    func connection(_ phoenix: PhoenixProtocol) -> RealtimeConnection {
        RealtimeConnection(
            url: URL(string: "wss://project.supabase.co")!, backend: backend, protocol: phoenix,
            options: ConnectionOptions(reconnect: PhoenixSessionTests.fast))
    }

    static let message = #"{"content":"Hello, World!","id":"9b823349-71c0-465b-9a83-a63aa2a9ae6d"}"#

    /// The same broadcast as text and as a binary user broadcast reaches the Supabase client as equal typed events;
    /// raw bytes arrive as base64, and a message cut short reaches `onIncomingFailure` saying so.
    @Test func aBinaryUserBroadcastIsTheSameTypedEventAsItsText() async throws {
        let connection = connection(PhoenixProtocol(path: "/realtime/v1/websocket"))
        let client = SupabaseRealtime.Client(transport: connection)
        let room = client.realtime(name: "chat-room")
        let broadcasts = Recorder<SupabaseRealtime.Realtime.Broadcast>()
        let failures = Recorder<String>()
        let tokens = [
            room.onBroadcast { broadcasts.append($0) }, client.onIncomingFailure { failures.append("\($0)") },
        ]
        connection.connect()
        let socket = try await backend.connection(0)
        try await connection.waitUntilConnected()
        socket.push(
            #"[null,null,"realtime:chat-room","broadcast",{"type":"broadcast","event":"user-event","payload":"#
                + Self.message + "}]")
        socket.push(
            binary: Self.userBroadcast(topic: "realtime:chat-room", event: "user-event", json: Self.message))
        socket.push(
            binary: Self.userBroadcast(
                topic: "realtime:chat-room", event: "user-event", metadata: #"{"id":"m1"}"#, json: Self.message))
        // Raw bytes (encoding 0): "efg", as upstream's fixtures carry.
        socket.push(binary: Data([4, 18, 3, 0, 0]) + Data("realtime:chat-roomraw".utf8) + Data([101, 102, 103]))
        socket.push(binary: Data([4, 18, 3, 0, 1]) + Data("realtime:chat".utf8))
        try await eventually("four broadcasts and one failure") {
            broadcasts.values.count == 4 && failures.values.count == 1
        }
        let values = broadcasts.values
        #expect(values[0] == values[1])
        #expect(values[0].payload.event == "user-event")
        #expect(
            values[0].payload.payload == ["content": "Hello, World!", "id": "9b823349-71c0-465b-9a83-a63aa2a9ae6d"])
        #expect(values[2].payload.meta?.id == "m1")
        #expect(values[2].payload.payload == values[0].payload.payload)
        #expect(values[3].payload.event == "raw")
        #expect(values[3].payload.payload == "ZWZn")
        #expect(
            failures.values == [
                "a frame is malformed: a binary Phoenix message cut short: 18 bytes end before the topic"
            ])
        tokens.forEach { $0.cancel() }
        await connection.disconnect()
    }

    /// With `broadcastEncoding: .binary` the client's broadcast goes out as supabase-js sends it: a user broadcast
    /// push with the channel's join reference, the payload as JSON; other frames stay text.
    @Test func broadcastsGoOutAsUserBroadcastPushesWhenAsked() async throws {
        let connection = connection(PhoenixProtocol(path: "/realtime/v1/websocket", broadcastEncoding: .binary))
        let room = SupabaseRealtime.Client(transport: connection).realtime(name: "chat-room")
        connection.connect()
        let socket = try await backend.connection(0)
        try await connection.waitUntilConnected()
        let joined = Task { try await room.subscribe() }
        #expect(try await socket.sent(atLeast: 1)[0].hasPrefix(#"["sg1","sg1","realtime:chat-room","phx_join","#))
        socket.push(#"["sg1","sg1","realtime:chat-room","phx_reply",{"status":"ok","response":{}}]"#)
        try await joined.value
        try await room.broadcast(
            SupabaseRealtime.Realtime.Broadcast(ref: "7", payload: .init(event: "user-event", payload: ["a": "b"])))
        let sent = try await socket.sent(atLeast: 2)[1]
        let bytes = try #require(Data(base64Encoded: String(sent.dropFirst(ScriptedSocket.binaryPrefix.count))))
        #expect(sent.hasPrefix(ScriptedSocket.binaryPrefix))
        #expect(
            bytes == Data([3, 3, 1, 18, 10, 0, 1]) + Data(#"sg17realtime:chat-roomuser-event{"a":"b"}"#.utf8))
        await connection.disconnect()
    }

    /// `schemas/order-status.yaml` describes only the broadcasts: over Supabase, its client joins `realtime:order:…`,
    /// reads each broadcast's object, text or binary, as its typed event, and never sees Supabase's own events.
    @Test func anEnvelopeContractReadsSupabaseBroadcastsOfItsChannels() async throws {
        let connection = connection(
            PhoenixProtocol(path: "/realtime/v1/websocket", contractLayer: .broadcasts(topicPrefix: "realtime:")))
        let client = OrderStatus.Client(transport: connection)
        let order = client.order(orderId: "o1")
        let started = Recorder<OrderStatus.Order.UploadStarted>()
        let completed = Recorder<OrderStatus.Order.UploadCompleted>()
        let failures = Recorder<String>()
        let tokens = [
            order.onUploadStarted { started.append($0) }, order.onUploadCompleted { completed.append($0) },
            client.onIncomingFailure { failures.append("\($0)") },
        ]
        connection.connect()
        let socket = try await backend.connection(0)
        try await connection.waitUntilConnected()
        let joined = Task { try await order.subscribe() }
        #expect(try await socket.sent(atLeast: 1) == [#"["sg1","sg1","realtime:order:o1","phx_join",{}]"#])
        socket.push(#"["sg1","sg1","realtime:order:o1","phx_reply",{"status":"ok","response":{}}]"#)
        try await joined.value
        let payload = #"{"order_id":"o1","status":"uploading","file_count":3,"timestamp":"2026-01-05T10:00:00Z"}"#
        socket.push(
            #"[null,null,"realtime:order:o1","broadcast",{"type":"broadcast","event":"upload_started","payload":"#
                + payload + "}]")
        socket.push(#"[null,null,"realtime:order:o1","presence_state",{}]"#)
        socket.push(
            binary: Self.userBroadcast(
                topic: "realtime:order:o1", event: "upload_completed",
                json: payload.replacingOccurrences(of: "uploading", with: "uploaded")))
        try await eventually("both events") { started.values.count == 1 && completed.values.count == 1 }
        #expect(started.values.first?.fileCount == 3)
        #expect(completed.values.first?.orderId == "o1")
        #expect(failures.values.isEmpty)
        tokens.forEach { $0.cancel() }
        await connection.disconnect()
    }

    /// The session's side of an envelope contract's sends: a broadcast on the channel's topic, as text or as a user
    /// broadcast push, and a refusal for an event outside channels.
    @Test func anEnvelopeContractsSendIsABroadcastOnItsTopic() throws {
        let start = ContinuousClock.now
        let frame = OutgoingFrame(
            eventName: "note", channel: "order:o1", payload: Data(#"{"n":1}"#.utf8),
            data: Data(#"{"event":"note","payload":{"n":1}}"#.utf8))
        var text = PhoenixProtocol.Session(
            heartbeatInterval: .seconds(25), contractLayer: .broadcasts(topicPrefix: "realtime:")
        ) { _ in [:] }
        _ = text.start(at: start)
        _ = text.join("order:o1")
        #expect(
            try text.encode(frame) == [
                .text(
                    #"["sg1","sg2","realtime:order:o1","broadcast",{"type":"broadcast","event":"note","payload":{"n":1}}]"#
                )
            ])
        var binary = PhoenixProtocol.Session(
            heartbeatInterval: .seconds(25), contractLayer: .broadcasts(topicPrefix: "realtime:"),
            broadcastEncoding: .binary
        ) { _ in [:] }
        _ = binary.start(at: start)
        _ = binary.join("order:o1")
        #expect(
            try binary.encode(frame) == [
                .binary(Data([3, 3, 3, 17, 4, 0, 1]) + Data(#"sg1sg2realtime:order:o1note{"n":1}"#.utf8))
            ])
        var outside = frame
        outside.channel = nil
        #expect(throws: ConnectionFailure.self) { try text.encode(outside) }
    }

    // MARK: The server's side

    /// The server session answers joins, leaves and heartbeats as Supabase does, reads a supabase-js client's user
    /// broadcast push (kind 3, the layout of supabase-js's "encodes user broadcast push with JSON payload") as the
    /// broadcast's object on its channel, and writes its broadcasts as binary user broadcasts (kind 4).
    @Test func theServerSessionAnswersJoinsAndReadsAndWritesBinaryBroadcasts() throws {
        let start = ContinuousClock.now
        var session = PhoenixServerProtocol(
            contractLayer: .broadcasts(topicPrefix: "realtime:"), broadcastEncoding: .binary
        ).makeSession()
        #expect(session.start(at: start) == [.ready])
        #expect(
            session.receive(.text(#"["1","1","realtime:order:o1","phx_join",{"config":{}}]"#), at: start) == [
                .send(.text(#"["1","1","realtime:order:o1","phx_reply",{"status":"ok","response":{}}]"#)),
                .subscribed("order:o1"),
            ])
        #expect(
            session.receive(.text(#"[null,"2","phoenix","heartbeat",{}]"#), at: start) == [
                .send(.text(#"[null,"2","phoenix","phx_reply",{"status":"ok","response":{}}]"#))
            ])
        let push = Data([3, 1, 1, 17, 4, 0, 1]) + Data(#"13realtime:order:o1note{"n":1}"#.utf8)
        #expect(
            session.receive(.binary(push), at: start) == [
                .deliver(
                    IncomingFrame(
                        data: Data(#"{"type":"broadcast","event":"note","payload":{"n":1}}"#.utf8), channel: "order:o1")
                )
            ])
        let frame = OutgoingFrame(
            eventName: "note", channel: "order:o1", payload: Data(#"{"n":2}"#.utf8),
            data: Data(#"{"event":"note","payload":{"n":2}}"#.utf8))
        #expect(
            try session.encode(frame) == [
                .binary(Data([4, 17, 4, 0, 1]) + Data(#"realtime:order:o1note{"n":2}"#.utf8))
            ])
        #expect(
            session.receive(.text(#"["1","3","realtime:order:o1","phx_leave",{}]"#), at: start) == [
                .send(.text(#"["1","3","realtime:order:o1","phx_reply",{"status":"ok","response":{}}]"#)),
                .unsubscribed("order:o1"),
            ])
    }

    /// A client that sends nothing for the silence timeout is closed, as Phoenix closes a socket after its timeout;
    /// anything it sends (a heartbeat) starts the wait again.
    @Test func aSilentClientIsClosedAfterTheTimeout() {
        let start = ContinuousClock.now
        var session = PhoenixServerProtocol(silenceTimeout: .seconds(60)).makeSession()
        _ = session.start(at: start)
        #expect(session.nextHeartbeat == start + .seconds(60))
        _ = session.receive(.text(#"[null,"1","phoenix","heartbeat",{}]"#), at: start + .seconds(30))
        #expect(session.nextHeartbeat == start + .seconds(90))
        #expect(session.heartbeat(at: start + .seconds(89)) == [])
        #expect(
            session.heartbeat(at: start + .seconds(90)) == [
                .close(
                    reason: "the client sent nothing, not even a heartbeat, for 60.0 seconds (Phoenix's socket timeout)"
                )
            ])
    }

    /// The generated order-status server and client over in-memory WebSockets, Phoenix on both sides: the client joins
    /// `realtime:order:o1`, and the server's events reach it as binary user broadcasts, typed.
    @Test func theGeneratedServerBroadcastsToTheGeneratedClientOverPhoenix() async throws {
        let transport = WebSocketServerTransport(
            protocol: PhoenixServerProtocol(
                contractLayer: .broadcasts(topicPrefix: "realtime:"), broadcastEncoding: .binary))
        let server = OrderStatus.Server(transport: transport)
        let connection = RealtimeConnection(
            url: URL(string: "ws://supabase.example")!, backend: InMemoryWebSocketBackend(server: transport),
            protocol: PhoenixProtocol(contractLayer: .broadcasts(topicPrefix: "realtime:")),
            options: ConnectionOptions(reconnect: PhoenixSessionTests.fast))
        let client = OrderStatus.Client(transport: connection)
        let order = client.order(orderId: "o1")
        let started = Recorder<OrderStatus.Order.UploadStarted>()
        let token = order.onUploadStarted { started.append($0) }
        connection.connect()
        try await connection.waitUntilConnected()
        try await order.subscribe()
        try await eventually("the server sees the subscription") { !server.order(orderId: "o1").subscribers.isEmpty }
        let sent = OrderStatus.Order.UploadStarted(
            orderId: "o1", fileCount: 3, timestamp: Date(timeIntervalSince1970: 1_767_607_200))
        try await server.order(orderId: "o1").emit(.uploadStarted(sent))
        try await eventually("the broadcast arrives") { started.values.count == 1 }
        #expect(started.values == [sent])
        token.cancel()
        await connection.disconnect()
    }
}
