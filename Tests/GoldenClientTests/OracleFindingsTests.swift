import Foundation
import GoldenClients
import SchemaGenRuntime
import TestSupport
import Testing

/// What `schemagen-oracle` found on main (docs/testing.md), through generated code: the goldens
/// `oracle-findings-envelope` and `oracle-findings-shapes`.
@Suite struct OracleFindingsTests {
    /// A `T | null` payload is always there: a frame without it is a failure, `"data": null` is its nil. Before the
    /// fix the first was read as nil and the second failed to decode.
    @Test(.timeLimit(.minutes(1))) func aNullablePayloadIsAlwaysThereAndNullIsItsNil() async throws {
        let transport = LoopbackTransport()
        let client = OracleEnvelope.Client(transport: transport)
        let dates = Recorder<Date?>()
        let json = Recorder<JSONValue>()
        let notes = Recorder<String?>()
        let failures = Recorder<String>()
        client.onSeatCreated { dates.append($0) }
        client.onDropRemoved { json.append($0) }
        client.onNoteSent { notes.append($0) }
        client.onIncomingFailure { failures.append($0.eventName ?? "?") }
        await transport.deliver(json: #"{"event":"seat_created"}"#)
        await transport.deliver(json: #"{"event":"seat_created","data":null}"#)
        await transport.deliver(json: #"{"event":"drop_removed"}"#)
        await transport.deliver(json: #"{"event":"drop_removed","data":null}"#)
        await transport.deliver(json: #"{"event":"note_sent"}"#)
        try await eventually("every frame handled") {
            dates.values.count + json.values.count + notes.values.count + failures.values.count == 5
        }
        #expect(dates.values == [nil])
        #expect(json.values == [.null])
        #expect(notes.values == [nil])
        #expect(failures.values == ["seat_created", "drop_removed"])
    }

    /// `ids: app` on an optional shape field: the method takes the value as required (before the fix the golden did
    /// not compile), sends it at the field's path and returns the reply that carries it back.
    /// A scenario's `where:` on a `(URL | null)?` field and on an `Int` sent in a string: the generated `Mock` waits
    /// for both values, as `schemagen-mock` does. Before the fix the first did not compile and the second was left
    /// out, so the step went on whatever the app sent.
    @Test(.timeLimit(.minutes(1))) func aWhereValueIsComparedAsItsFieldsTypeAndWireForm() async throws {
        let mock = OracleEnvelope.Mock()
        let client = mock.makeClient()
        let notes = Recorder<String?>()
        client.onNoteSent { notes.append($0) }
        let playing = mock.start(.picking)
        let link = try #require(URL(string: "https://example.com/a"))
        try await client.picked(link: .value(link), seats: 3, label: "another number")
        try await client.picked(link: nil, seats: 2, label: "no link")
        try await client.picked(link: .null, seats: 2, label: "a null link")
        try await Task.sleep(for: .milliseconds(50))
        #expect(notes.values.isEmpty)
        try await client.picked(link: .value(link), seats: 2, label: "both")
        try await playing.value
        try await eventually("the scenario's note arrived") { notes.values.count == 1 }
        #expect(notes.values == ["picked"])
    }

    @Test(.timeLimit(.minutes(1))) func anAppGivenIDInAnOptionalShapeFieldIsRequiredAndMatched() async throws {
        let transport = LoopbackTransport()
        let client = OracleShapes.Client(transport: transport)
        let call = Task { try await client.seatUpdated(metaId: 41, payload: .init(level: 3)) }
        let sent = try await transport.sentFrames(atLeast: 1).map(\.text)
        #expect(sent == [#"{"meta":{"type":"seat_updated","id":41},"data":{"level":3}}"#])
        await transport.deliver(json: #"{"meta":{"type":"game_closed","id":40},"data":{"level":1}}"#)
        await transport.deliver(json: #"{"meta":{"type":"game_closed","id":41},"data":{"level":2}}"#)
        let reply = try await call.value
        #expect(reply.metaId == 41 && reply.payload.level == 2)
    }

    /// The generated server (here its `Mock`) echoes the request's value into a shape field with a dotted path
    /// (`meta.id`) under the field's key. Before the fix it wrote `{"meta": {"id": 41}}` into the event's parts, where
    /// fields sit under their written names, so the reply carried no id and the call timed out.
    @Test(.timeLimit(.minutes(1))) func theServerEchoesAnIDIntoANestedShapeField() async throws {
        let mock = OracleShapes.Mock()
        let client = mock.makeClient()
        let reply = try await client.seatUpdated(metaId: 41, payload: .init(level: 3), timeout: .seconds(20))
        #expect(reply.metaId == 41)
    }

    /// A request answered once per item of an `[Int]` list (seed 602, contract 56): the items are named as numbers,
    /// and the `Mock` rebuilds each reply's nested payload with its item. It did not compile before the fix.
    @Test(.timeLimit(.minutes(1))) func repliesPerItemOfAnIntListComeInTheListsOrder() async throws {
        let mock = OracleShapes.Mock()
        let replies = try await mock.makeClient().seatsBooked(payload: .init(seats: [4, 2, 9]), timeout: .seconds(20))
        #expect(replies.map(\.payload.seat) == [4, 2, 9])
    }

    /// A counted id for a payload field of an event whose value also holds its shape's fields: the frame carries the
    /// counted value (before the fix it carried the caller's own `requestId`, and the reply was never matched).
    @Test(.timeLimit(.minutes(1))) func aCountedIDInANestedPayloadReachesTheFrame() async throws {
        let transport = LoopbackTransport()
        let client = OracleShapes.Client(transport: transport)
        let call = Task {
            try await client.voteUpdated(payload: .init(items: 2, requestId: "mine"), timeout: .seconds(20))
        }
        let sent = try await transport.sentFrames(atLeast: 1).map(\.text)
        #expect(sent == [#"{"meta":{"type":"vote_updated"},"data":{"items":2,"request_id":"1"}}"#])
        await transport.deliver(json: #"{"meta":{"type":"room_joined"},"data":{"request_id":"1"}}"#)
        #expect(try await call.value.payload.requestId == "1")
        let mock = OracleShapes.Mock()
        #expect(
            try await mock.makeClient().voteUpdated(payload: .init(items: 1, requestId: "x")).payload.requestId == "1")
    }

    /// What the generated server writes reads back as the same value (the oracle's round trips, seed 5): a nil
    /// `T | null` payload is written `null` (it was left out, which readers refuse), and an event with envelope fields
    /// as the whole envelope (it was nested under `data`).
    @Test(.timeLimit(.minutes(1))) func theServerWritesWhatItsClientsRead() async throws {
        let mock = OracleEnvelope.Mock()
        let transport = mock.transport.connect()
        let frames = Recorder<String>()
        transport.setReceiver { frames.append(String(decoding: $0.data, as: UTF8.self)) }
        try await mock.send(.seatCreated(nil))
        try await mock.send(.traced(.init(trace: "t1", payload: .init(seat: 4))))
        #expect(
            frames.values == [
                #"{"event":"seat_created","data":null}"#, #"{"event":"traced","data":{"seat":4},"trace":"t1"}"#,
            ])
        let client = mock.makeClient()
        let traced = Recorder<String>()
        client.onTraced { traced.append($0.trace) }
        try await mock.send(.traced(.init(trace: "t2", payload: .init(seat: 5))))
        try await eventually("the client reads it") { traced.values == ["t2"] }
    }

    /// `match: ref` where Phoenix's frame shape and the payloads both have a `ref`: the key names the shape's slot, so
    /// items are matched by it and the cancel carries the id there only, its payload's own `ref` left out (before the
    /// fix the generated client passed the `String` id as the payload's `Int` and did not compile).
    @Test(.timeLimit(.minutes(1))) func aKeyNamingAShapeFieldIsTheOnlyOneTheCancelFillsIn() async throws {
        let transport = LoopbackTransport()
        let client = OraclePhoenix.Client(transport: transport)
        let prices = try await client.watch(payload: .init(ref: 9))
        let sent = try await transport.sentFrames(atLeast: 1).map(\.text)
        #expect(sent == [#"[null,"1",null,"watch",{"ref":9}]"#])
        await transport.deliver(json: #"[null,"2",null,"price",{"ref":9,"amount":1}]"#)
        await transport.deliver(json: #"[null,"1",null,"price",{"ref":8,"amount":2.5}]"#)
        for try await price in prices {
            #expect(price.ref == "1" && price.payload.ref == 8 && price.payload.amount == Decimal(string: "2.5"))
            break
        }
        let frames = try await transport.sentFrames(atLeast: 2).map(\.text)
        #expect(frames.last == #"[null,"1",null,"unwatch",{}]"#)
    }

    /// The generated `Mock` answers a request and a subscription on a templated channel (golden `channels`: `ask` and
    /// `watch` on `room:{roomId}/seat-{seat}`), at the address they came on: the reply, then each example of the items
    /// and the end. Before, it answered only outside channels; the first draft of its channel subscriptions did not
    /// compile (the request's type unqualified outside its channel's scope: seed 31).
    @Test(.timeLimit(.minutes(1))) func theMockAnswersRequestsAndSubscriptionsOnATemplatedChannel() async throws {
        let mock = Channels.Mock()
        let client = mock.makeClient()
        let seat = client.seat(roomId: "r1", seat: 3)
        let answer = try await seat.ask(timeout: .seconds(10))
        #expect(answer.text == Channels.Seat.Answer.example1.text)
        var moves: [Int] = []
        for try await move in try await seat.watch(watchId: "mine") {
            #expect(move.watchId == "mine")
            moves.append(move.x)
        }
        #expect(moves == [1, 2])
    }

    /// The generated `Mock` answers an acknowledgement asked for on a templated Socket.IO namespace (golden
    /// `wire-names`: `watch` on `/ticker-{SYMBOL}`, `ack: Bool`) with a value of the ack's type, as it does outside
    /// channels and as `schemagen-mock` does; before, the app's emit waited for its timeout.
    @Test(.timeLimit(.minutes(1))) func theMockAcknowledgesOnATemplatedNamespace() async throws {
        let mock = WireNames.Mock()
        let client = mock.makeClient()
        let acknowledged = try await client.ticker(symbol: "BTC").watch(depth: 5, timeout: .seconds(10))
        #expect(acknowledged == true)
    }
}
