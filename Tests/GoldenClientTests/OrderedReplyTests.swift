import Foundation
@_spi(Generated) import GoldenClients
@_spi(Generated) import SchemaGenRuntime
import TestSupport
import Testing

/// Issue 53, shape 4: replies matched by order (`inOrder: true`, the `ordered-replies` golden). Kraken Futures answers
/// `subscribe` with `subscribed` or `subscribed_failed`, neither carrying an id: the next answer is the oldest
/// request's. Before, such a request could not be declared, so the app could not `await` it.
@Suite struct OrderedReplyTests {
    static func subscribed(_ feed: String) -> String { #"{"event": "subscribed", "feed": "\#(feed)"}"# }

    @Test func eachAnswerGoesToTheOldestRequestWaiting() async throws {
        let transport = LoopbackTransport()
        let client = OrderedReplies.Client(transport: transport)
        let failures = Recorder<String>()
        let heard = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        client.onSubscribed { heard.append($0.feed) }
        let first = Task { try await client.subscribeTo(feed: "heartbeat", timeout: .seconds(60)) }
        _ = try await transport.sentFrames(atLeast: 1, within: max(.seconds(60), eventualityLimit))
        let second = Task { try await client.subscribeTo(feed: "book", timeout: .seconds(60)) }
        _ = try await transport.sentFrames(atLeast: 2, within: max(.seconds(60), eventualityLimit))
        await transport.deliver(json: Self.subscribed("heartbeat"))
        await transport.deliver(json: #"{"event": "subscribed_failed", "feed": "book"}"#)
        #expect(try await first.value.feed == "heartbeat")
        let rejection = await #expect(throws: RequestRejected<OrderedReplies.SubscribedFailed>.self) {
            _ = try await second.value
        }
        #expect(rejection?.reply.feed == "book")
        // With nobody waiting, an answer is an event like any other: heard, and no failure.
        await transport.deliver(json: Self.subscribed("trade"))
        #expect(heard.values == ["heartbeat", "trade"])
        #expect(failures.values.isEmpty, "\(failures.values)")
        #expect(client.core.pendingRequestCount == 0)
    }

    @Test func aRequestThatTimedOutKeepsItsPlaceForItsLateAnswer() async throws {
        let transport = LoopbackTransport()
        let client = OrderedReplies.Client(transport: transport)
        await #expect(throws: RequestFailure.self) {
            _ = try await client.subscribeTo(feed: "heartbeat", timeout: .milliseconds(10))
        }
        let next = Task { try await client.unsubscribeFrom(feed: "book", timeout: .seconds(60)) }
        let nextSubscribe = Task { try await client.subscribeTo(feed: "book", timeout: .seconds(60)) }
        _ = try await transport.sentFrames(atLeast: 3, within: max(.seconds(60), eventualityLimit))
        // The late answer to the first request is absorbed; the next `subscribed` is the third request's.
        await transport.deliver(json: #"{"event": "unsubscribed", "feed": "book"}"#)
        await transport.deliver(json: Self.subscribed("heartbeat"))
        await transport.deliver(json: Self.subscribed("book"))
        #expect(try await next.value.feed == "book")
        #expect(try await nextSubscribe.value.feed == "book")
    }

    @Test func theMockAnswersInOrder() async throws {
        let mock = OrderedReplies.Mock()
        let client = mock.makeClient()
        #expect(try await client.subscribeTo(feed: "heartbeat", timeout: .seconds(60)) == .example1)
    }

    /// A request with no payload: its generated server's responder read a `request` the event does not have and did
    /// not compile; now its handler takes the connection alone.
    @Test func aRequestWithNoPayloadIsAnsweredByTheGeneratedServer() async throws {
        let transport = LoopbackServerTransport()
        let server = OrderedReplies.Server(transport: transport)
        server.respondToPing { _ in .init(time: 42) }
        let client = OrderedReplies.Client(transport: transport.connect())
        #expect(try await client.ping(timeout: .seconds(60)).time == 42)
        #expect(try await OrderedReplies.Mock().makeClient().ping(timeout: .seconds(60)) == .example1)
    }

    /// A reply with nothing in it: the call returns once it comes, the error event throws, and the generated server and
    /// `Mock` answer it. Before, such a request got no request method (a plain send), no responder and no answer.
    @Test func aReplyWithNothingInItEndsTheCall() async throws {
        let transport = LoopbackServerTransport()
        let server = OrderedReplies.Server(transport: transport)
        let alive = Recorder<Bool>()
        server.respondToKeepalive { _ in alive.values.isEmpty ? .reply(()) : .rejection(.init(reason: "gone")) }
        server.respondToNudge { _ in alive.append(true) }
        let client = OrderedReplies.Client(transport: transport.connect())
        try await client.keepalive(timeout: .seconds(60))
        try await client.nudge(timeout: .seconds(60))
        #expect(alive.values == [true])
        let rejection = await #expect(throws: RequestRejected<OrderedReplies.Dead>.self) {
            try await client.keepalive(timeout: .seconds(60))
        }
        #expect(rejection?.reply.reason == "gone")
        let mocked = OrderedReplies.Mock().makeClient()
        try await mocked.nudge(timeout: .seconds(60))
        try await mocked.keepalive(timeout: .seconds(60))
    }
}
