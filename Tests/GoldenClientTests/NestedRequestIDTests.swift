import Foundation
@_spi(Generated) import GoldenClients
@_spi(Generated) import SchemaGenRuntime
import TestSupport
import Testing

/// Issue 53, shape 3 (the `nested-request-ids` golden): a request whose correlation value sits in an object of its
/// payload, `ref.name`, given by the app and echoed at the same path; two calls answered out of order each get their
/// own reply.
@Suite struct NestedRequestIDTests {
    @Test func eachCallWaitsForTheAckOfItsOwnNestedName() async throws {
        let transport = LoopbackTransport()
        let client = NestedRequestIDs.Client(transport: transport)
        let failures = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        let first = Task { try await client.publish(ref: .init(name: "c1"), body: "one", timeout: .seconds(60)) }
        let second = Task {
            try await client.publish(ref: .init(name: "c2", shard: 3), body: "two", timeout: .seconds(60))
        }
        let sent = try await transport.sentFrames(atLeast: 2, within: max(.seconds(60), eventualityLimit))
        let names = try sent.map { frame -> String in
            let object = try #require(try JSONSerialization.jsonObject(with: frame.data) as? [String: Any])
            return try #require((object["ref"] as? [String: Any])?["name"] as? String)
        }
        #expect(Set(names) == ["c1", "c2"])
        await transport.deliver(json: #"{"op":"ack","ref":{"name":"c2"},"ok":false}"#)
        await transport.deliver(json: #"{"op":"ack","ref":{"name":"c1"},"ok":true}"#)
        #expect(try await first.value.ok == true)
        #expect(try await second.value.ok == false)
        await transport.deliver(json: #"{"op":"ack","ref":{"name":"c9"},"ok":true}"#)
        #expect(failures.values.count == 1 && failures.values[0].contains("which no request waits for"))
    }
}
