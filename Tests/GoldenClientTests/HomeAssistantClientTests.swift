import Foundation
import GoldenClients
import SchemaGenRuntime
import TestSupport
import Testing

/// Home Assistant's command phase through the `home-assistant` golden, with the frames of its WebSocket API
/// documentation (https://developers.home-assistant.io/docs/api/websocket): a subscription whose id is the
/// subscribing command's own `id`, confirmed by a `result` whose payload is `null`, and shapes that name no event.
@Suite struct HomeAssistantClientTests {
    static func sent(_ transport: LoopbackTransport, count: Int) async throws -> [String] {
        try await transport.sentFrames(atLeast: count).map(\.text)
    }

    /// `idFrom: request`: the items carry the request's `id`; the reply only confirms. Items right behind the reply
    /// are not lost, another subscription's are not mixed in, and leaving the loop unsubscribes by that `id`.
    @Test func aSubscriptionConfirmedByAReplyYieldsTheItemsThatCarryTheRequestsID() async throws {
        let transport = LoopbackTransport()
        let client = HomeAssistant.Client(transport: transport)
        let failures = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        let call = Task { try await client.subscribeEvents(payload: .init(eventType: "state_changed"), id: 18) }
        #expect(
            try await Self.sent(transport, count: 1) == [
                #"{"type":"subscribe_events","id":18,"event_type":"state_changed"}"#
            ])
        await transport.deliver(json: #"{"id": 18, "type": "result", "success": true, "result": null}"#)
        await transport.deliver(
            json: """
                {"id": 18, "type": "event", "event": {"data": {"entity_id": "light.bed_light", "old_state": null,
                 "new_state": {"entity_id": "light.bed_light", "state": "on", "attributes": {"brightness": 180},
                 "last_changed": "2016-11-26T01:37:24.265390+00:00"}}, "event_type": "state_changed",
                 "time_fired": "2016-11-26T01:37:24.265429+00:00", "origin": "LOCAL"}}
                """)
        await transport.deliver(
            json: """
                {"id": 5, "type": "event", "event": {"data": {}, "event_type": "test_event",
                 "time_fired": "2016-11-26T01:37:24.265429+00:00", "origin": "LOCAL"}}
                """)
        // A kind the contract does not list reads as the fallback, its `event_type` and data as they came.
        await transport.deliver(
            json: """
                {"id": 18, "type": "event", "event": {"data": {"service": "turn_on"}, "event_type": "call_service",
                 "time_fired": "2016-11-26T01:37:25.000000+00:00", "origin": "LOCAL"}}
                """)
        let events = try await call.value
        var items: [HomeAssistant.FiredEvent] = []
        for try await item in events {
            items.append(item)
            if items.count == 2 { break }
        }
        guard items.count == 2, case .stateChanged(let changed) = items[0], case .otherEvent(let other) = items[1]
        else {
            Issue.record("expected a state change and another event: \(items)")
            return
        }
        #expect(
            changed.data.entityId == "light.bed_light" && changed.data.oldState == nil
                && changed.data.newState?.state == "on")
        #expect(other.eventType == "call_service" && other.data == .object(["service": .string("turn_on")]))
        // Written back, the fallback keeps its tag.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let written = String(decoding: try encoder.encode(items[1]), as: UTF8.self)
        #expect(written.contains(#""event_type":"call_service""#))
        let frames = try await Self.sent(transport, count: 2)
        #expect(frames.count == 2 && frames[1] == #"{"type":"unsubscribe_events","id":1,"subscription":18}"#)
        #expect(failures.values == [])
    }

    /// One `result` frame answers every command and one `event` frame carries every subscription's items: each
    /// request's `type:` decodes them as what they hold for it (issue 34, "types decided by correlation").
    @Test func eachRequestDecodesTheSharedFramesAsItsOwnType() async throws {
        let transport = LoopbackTransport()
        let client = HomeAssistant.Client(transport: transport)
        let states = Task { try await client.getStates(id: 19) }
        let triggers = Task {
            try await client.subscribeTrigger(payload: .init(trigger: .object(["platform": "state"])), id: 2)
        }
        let sent = try await Self.sent(transport, count: 2)
        #expect(
            Set(sent) == [
                #"{"type":"get_states","id":19}"#,
                #"{"type":"subscribe_trigger","id":2,"trigger":{"platform":"state"}}"#,
            ])
        await transport.deliver(json: #"{"id": 2, "type": "result", "success": true, "result": null}"#)
        await transport.deliver(
            json: """
                {"id": 19, "type": "result", "success": true, "result": [{"entity_id": "sun.sun", "state": "above_horizon",
                 "attributes": {"friendly_name": "Sun"}, "last_changed": "2016-11-26T01:37:24.265429+00:00"}]}
                """)
        await transport.deliver(
            json: """
                {"id": 2, "type": "event", "event": {"variables": {"trigger": {"platform": "state", "entity_id": "binary_sensor.motion_occupancy"}},
                 "context": {"id": "0123456789abcdef", "parent_id": null, "user_id": null}}}
                """)
        let list = try await states.value
        #expect(list.map(\.entityId) == ["sun.sun"] && list.first?.state == "above_horizon")
        for try await triggered in try await triggers.value {
            #expect(
                triggered.variables.trigger
                    == .object(["platform": "state", "entity_id": "binary_sensor.motion_occupancy"]))
            break
        }
    }

    /// A refused subscription throws the error result's value, and its id opens nothing afterwards.
    @Test func aRefusedSubscriptionThrowsTheErrorResult() async throws {
        let transport = LoopbackTransport()
        let client = HomeAssistant.Client(transport: transport)
        let call = Task { try await client.subscribeEvents(payload: .init(eventType: nil), id: 12) }
        _ = try await Self.sent(transport, count: 1)
        await transport.deliver(
            json:
                #"{"id": 12, "type": "result", "success": false, "error": {"code": "invalid_format", "message": "Message incorrectly formatted."}}"#
        )
        do {
            _ = try await call.value
            Issue.record("the call should have thrown")
        } catch let refused as RequestRejected<HomeAssistant.Failure> {
            #expect(refused.reply.payload.code == "invalid_format")
        }
        let events = Recorder<HomeAssistant.ServerEvent>()
        client.onEvent { events.append(.event($0)) }
        await transport.deliver(
            json:
                #"{"id": 12, "type": "event", "event": {"data": {}, "event_type": "x", "time_fired": "2016-11-26T01:37:24.265429+00:00", "origin": "LOCAL"}}"#
        )
        #expect(events.values.count == 1, "listeners still hear it; no subscription holds it")
    }

    /// A `null` result is a value (`JSON | null` present), and reports about frames of shapes that name no event name
    /// the contract's event, not ''.
    @Test func nullResultsDecodeAndReportsNameTheContractsEvent() async throws {
        let transport = LoopbackTransport()
        let client = HomeAssistant.Client(transport: transport)
        let results = Recorder<HomeAssistant.Result>()
        let failures = Recorder<String>()
        client.onResult { results.append($0) }
        client.onIncomingFailure { failures.append($0.description) }
        await transport.deliver(json: #"{"id": 18, "type": "result", "success": true, "result": null}"#)
        await transport.deliver(
            json: #"{"id": 19, "type": "result", "success": true, "result": [{"entity_id": "sun.sun"}]}"#)
        await transport.deliver(json: #"{"id": "x", "type": "result", "success": true, "result": null}"#)
        #expect(
            results.values == [
                HomeAssistant.Result(id: 18, payload: nil),
                HomeAssistant.Result(id: 19, payload: .array([.object(["entity_id": .string("sun.sun")])])),
            ])
        #expect(
            failures.values == [
                "event 'result' has a payload that does not decode: expected Int at 'id': Expected to decode Int but found a string instead."
            ])
    }

    /// The generated `Mock` answers a request that says what the shared `result` holds for it (`type: "[State]"`)
    /// with a value of that type, as `schemagen-mock` does: before, it sent the `result` event's own example (`null`),
    /// which the call could not decode.
    @Test(.timeLimit(.minutes(1))) func theMockAnswersARequestWithAValueOfItsType() async throws {
        let mock = HomeAssistant.Mock()
        let client = mock.makeClient()
        let states = try await client.getStates(timeout: .seconds(5))
        #expect(states.count == 1)
    }

    /// The generated `Mock` answers a subscription whose items are a type of their own in the shared `event` frame
    /// (`type: FiredEvent`) with an item of that type under the request's own `id` (`idFrom: request`), as
    /// `schemagen-mock` does: before, it confirmed the subscription and sent nothing more.
    @Test(.timeLimit(.minutes(1))) func theMockAnswersASubscriptionWithAnItemOfItsType() async throws {
        let mock = HomeAssistant.Mock()
        let client = mock.makeClient()
        let stream = try await client.subscribeEvents(payload: .init(eventType: "state_changed"), id: 5)
        var iterator = stream.makeAsyncIterator()
        let item = try #require(try await iterator.next())
        #expect(item == HomeAssistant.FiredEvent.example)
    }
}
