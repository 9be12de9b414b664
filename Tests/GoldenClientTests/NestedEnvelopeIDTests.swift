import Foundation
import GoldenClients
import SchemaGenRuntime
import TestSupport
import Testing

/// Issue 50's first bug, through the `nested-envelope-ids` golden: a subscription whose items carry its id in a
/// nested envelope field (`fields: {meta.stream: Int}`, `match: meta.stream`), the id chosen by the server in its reply.
@Suite struct NestedEnvelopeIDTests {
    @Test(.timeLimit(.minutes(1))) func itemsMatchedByANestedEnvelopeFieldReachTheStream() async throws {
        let transport = LoopbackTransport()
        let client = NestedEnvelopeIDs.Client(transport: transport)
        let failures = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        let call = Task { try await client.watch(payload: .init(topic: "prices")) }
        let sent = try await transport.sentFrames(atLeast: 1).map(\.text)
        #expect(sent == [#"{"method":"watch","id":1,"params":{"topic":"prices"}}"#])
        await transport.deliver(json: #"{"id": 1, "result": {"stream": 7}}"#)
        await transport.deliver(json: #"{"kind": "notify", "meta": {"stream": 8}, "data": {"value": 1}}"#)
        await transport.deliver(json: #"{"kind": "notify", "meta": {"stream": 7}, "data": {"value": 2}}"#)
        let updates = try await call.value
        var values: [Int] = []
        for try await update in updates {
            values.append(update.payload.value)
            break
        }
        #expect(values == [2])
        let frames = try await transport.sentFrames(atLeast: 2).map(\.text)
        #expect(frames.count == 2 && frames[1] == #"{"method":"unwatch","params":{"stream":7}}"#)
        #expect(failures.values == [])
    }
}
