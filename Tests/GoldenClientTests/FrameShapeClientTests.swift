import Foundation
@testable import GoldenClients
import SchemaGenRuntime
import TestSupport
import Testing

/// Contracts with `frames:` used as an app would: an opcode gateway dispatched again by `t`, a reply known by
/// its keys, a nested discriminator, and Phoenix v2 arrays with a channel slot.
@Suite struct FrameShapeClientTests {
    static func sent(_ transport: LoopbackTransport) -> [String] {
        transport.sentFrames.map(\.text)
    }

    @Test func opcodeGatewayWritesConstantsAndIntegerNames() async throws {
        let transport = LoopbackTransport()
        let client = FrameShapes.Client(transport: transport)
        try await client.identify(token: "t0k", intents: 513)
        try await client.heartbeat(nil)
        try await client.heartbeat(251)
        try await client.resume()
        #expect(
            Self.sent(transport) == [
                #"{"op":2,"d":{"intents":513,"token":"t0k"}}"#,
                #"{"op":1,"d":null}"#,
                #"{"op":1,"d":251}"#,
                #"{"op":6}"#,
            ])
    }

    @Test func framesAreReadByTheFirstShapeTheyFit() async throws {
        let transport = LoopbackTransport()
        let client = FrameShapes.Client(transport: transport)
        let messages = Recorder<FrameShapes.MessageCreate>()
        let hellos = Recorder<Int>()
        let heartbeats = Recorder<Int?>()
        let results = Recorder<FrameShapes.Result>()
        let users = Recorder<Int>()
        let failures = Recorder<String>()
        client.onMessageCreate { messages.append($0) }
        client.onHello { hellos.append($0.heartbeatInterval) }
        client.onHeartbeat { heartbeats.append($0) }
        client.onResult { results.append($0) }
        client.onUserCreated { users.append($0.userId) }
        client.onIncomingFailure { failures.append($0.description) }
        await transport.deliver(json: #"{"t":"MESSAGE_CREATE","s":42,"op":0,"d":{"id":"m1","content":"hi"}}"#)
        await transport.deliver(json: #"{"op":10,"d":{"heartbeat_interval":41250},"s":null,"t":null}"#)
        await transport.deliver(json: #"{"op":1,"d":null}"#)
        await transport.deliver(json: #"{"id":7,"result":["a","b"]}"#)
        await transport.deliver(
            json: #"{"kind":"notification","meta":{"type":"user.created"},"body":{"event":{"user_id":9}}}"#)
        #expect(messages.values == [FrameShapes.MessageCreate(s: 42, payload: .init(id: "m1", content: "hi"))])
        #expect(hellos.values == [41250])
        #expect(heartbeats.values == [nil])
        #expect(results.values == [FrameShapes.Result(id: 7, payload: ["a", "b"])])
        #expect(users.values == [9])
        #expect(failures.values.isEmpty)
    }

    /// `T | null` as a shape's payload (Discord's heartbeat `d`, "integer or null"): `nil` is written as `null`
    /// under its key, never left out, and a frame without the key is refused as the format says, not read as nil.
    @Test func aNullablePayloadIsAlwaysThereBothWays() async throws {
        let transport = LoopbackTransport()
        let client = FrameShapes.Client(transport: transport)
        try await client.emit(.heartbeat(nil))
        try await client.heartbeat(nil)
        #expect(Self.sent(transport) == [#"{"op":1,"d":null}"#, #"{"op":1,"d":null}"#])
        let heartbeats = Recorder<Int?>()
        let failures = Recorder<String>()
        client.onHeartbeat { heartbeats.append($0) }
        client.onIncomingFailure { failures.append($0.description) }
        await transport.deliver(json: #"{"op":1,"d":null}"#)
        await transport.deliver(json: #"{"op":1}"#)
        await transport.deliver(json: #"{"op":1,"d":7}"#)
        #expect(heartbeats.values == [nil, 7])
        #expect(
            failures.values == [
                "event '1' has a payload that does not decode: the frame has no payload, which the contract says is always there (null or a value)"
            ])
    }

    /// Unknown events keep their name, payload and envelope fields; frames that fit no shape, or fit one but not
    /// its payload, reach the failure handler saying which shape and which key.
    @Test func unknownEventsAndFailuresSayWhatTheyAre() async throws {
        let transport = LoopbackTransport()
        let client = FrameShapes.Client(transport: transport)
        let events = Recorder<FrameShapes.ServerEvent>()
        let failures = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        let stream = client.events
        let task = Task { for await event in stream { events.append(event) } }
        defer { task.cancel() }
        await transport.deliver(json: #"{"op":0,"t":"THREAD_CREATE","s":43,"d":{"id":"t1"}}"#)
        await transport.deliver(json: #"{"op":"zero"}"#)
        await transport.deliver(json: #"[1,2]"#)
        await transport.deliver(json: #"{"op":0,"t":"READY","s":44,"d":{"session":"x"}}"#)
        await transport.deliver(json: #"{"op":0,"t":"READY","s":"45","d":{"session_id":"x"}}"#)
        try await eventually("an event on the stream") { !events.values.isEmpty }
        #expect(
            events.values == [
                .unknown(
                    UnknownEvent(
                        shape: "dispatch", name: "THREAD_CREATE", payload: Data(#"{"id":"t1"}"#.utf8),
                        fields: ["s": .number(43)]))
            ])
        #expect(
            failures.values == [
                #"a frame is malformed: the frame matches none of the contract's frame shapes ('dispatch': 'op' is "zero", not 0; 'reply': no 'id'; 'notification': no 'kind'; 'opcode': 'op' is not an integer)"#,
                #"a frame is malformed: the frame matches none of the contract's frame shapes ('dispatch': not an object; 'reply': not an object; 'notification': not an object; 'opcode': not an object)"#,
                "event 'READY' has a payload that does not decode: missing 'session_id' at 'payload'",
                "event 'READY' has a payload that does not decode: expected Int at 's': Expected to decode Int but found a string instead.",
            ])
    }

    /// Phoenix Channels v2: `[join_ref, ref, topic, event, payload]`, the topic routing to the channel's client.
    @Test func phoenixArraysCarryRefsTopicAndPayload() async throws {
        let transport = LoopbackTransport()
        let client = Positional.Client(transport: transport)
        let room = client.room(id: "lobby")
        try await room.phxJoin(.init(joinRef: "1", ref: "1", payload: .init(token: nil)))
        try await room.newMsg(.init(joinRef: "1", ref: "2", payload: .init(body: "hi")))
        try await client.heartbeat(.init(ref: "3", payload: .init()))
        #expect(
            Self.sent(transport) == [
                #"["1","1","room:lobby","phx_join",{}]"#,
                #"["1","2","room:lobby","new_msg",{"body":"hi"}]"#,
                #"[null,"3",null,"heartbeat",{}]"#,
            ])
        let messages = Recorder<Positional.Room.NewMsg>()
        room.onNewMsg { messages.append($0) }
        await transport.deliver(json: #"[null,null,"room:lobby","new_msg",{"body":"hello"}]"#)
        await transport.deliver(json: #"[null,null,"room:other","new_msg",{"body":"elsewhere"}]"#)
        #expect(messages.values == [Positional.Room.NewMsg(payload: .init(body: "hello"))])
    }
}

/// Tuples: array payloads with named elements, read and written by position.
@Suite struct TupleClientTests {
    @Test func tuplesWriteTheirElementsInOrder() async throws {
        let transport = LoopbackTransport()
        let client = Tuples.Client(transport: transport)
        try await client.req(subscriptionId: "sub1", filters: [.init(kinds: [1]), .init(limit: 10)])
        try await client.req(subscriptionId: "sub2", filters: [])
        try await client.eventSent(content: "hello")
        try await client.ping()
        #expect(
            FrameShapeClientTests.sent(transport) == [
                #"["REQ","sub1",{"kinds":[1]},{"limit":10}]"#,
                #"["REQ","sub2"]"#,
                #"["EVENT","hello"]"#,
                #"["PING"]"#,
            ])
        // An optional last element is left out when nil; earlier elements are written whatever they hold.
        let levels = try JSONEncoder().encode([
            Tuples.Level(price: "1.5", quantity: "2"), Tuples.Level(price: "1.6", quantity: "3", orders: 4),
        ])
        #expect(String(decoding: levels, as: UTF8.self) == #"[["1.5","2"],["1.6","3",4]]"#)
    }

    @Test func tuplesReadByPositionAndOneVerbHasAShapePerDirection() async throws {
        let transport = LoopbackTransport()
        let client = Tuples.Client(transport: transport)
        let oks = Recorder<Tuples.Ok>()
        let received = Recorder<Tuples.EventReceived>()
        let books = Recorder<Tuples.Book>()
        let failures = Recorder<String>()
        client.onOk { oks.append($0) }
        client.onEventReceived { received.append($0) }
        client.onBook { books.append($0) }
        client.onIncomingFailure { failures.append($0.description) }
        await transport.deliver(json: #"["OK","b1fa",true,""]"#)
        await transport.deliver(json: #"["EVENT","sub1","hi"]"#)
        await transport.deliver(json: #"["book",[["1.5","2"],["1.6","3",4],["1.7","1",null]],[]]"#)
        await transport.deliver(json: #"["OK","b1fa",true]"#)
        await transport.deliver(json: #"["OK","b1fa","yes",""]"#)
        #expect(oks.values == [Tuples.Ok(eventId: "b1fa", accepted: true, message: "")])
        #expect(received.values == [Tuples.EventReceived(subscriptionId: "sub1", content: "hi")])
        #expect(
            books.values == [
                Tuples.Book(
                    bids: [
                        .init(price: "1.5", quantity: "2"), .init(price: "1.6", quantity: "3", orders: 4),
                        .init(price: "1.7", quantity: "1"),
                    ], asks: [])
            ])
        #expect(failures.values.count == 2, "a missing element and a wrong kind are failures: \(failures.values)")
        #expect(failures.values.first?.hasPrefix("event 'OK' has a payload that does not decode") == true)
    }
}
