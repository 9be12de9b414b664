import Foundation
@_spi(Generated) import GoldenClients
@_spi(Generated) import SchemaGenRuntime
import TestSupport
import Testing

/// Issue 53, shape 1: one request answered once per item it names (Kraken's `subscribe` for several pairs, the
/// `each-item-replies` golden). The call waits for every pair's `subscriptionStatus` and returns them in the order
/// the request named the pairs. Before, the first status ended the call and the second reached `onIncomingFailure`
/// ("answers 1, which no request waits for"), so the app's failure handler fired on normal traffic.
@Suite struct EachItemReplyTests {
    /// Kraken's documented status frame (docs.kraken.com/api/docs/websocket-v1/subscriptionstatus), with the
    /// request's `reqid` and the pair of each reply.
    static func status(_ reqid: Int, pair: String) -> String {
        #"{"channelID": 10001, "channelName": "ticker", "event": "subscriptionStatus", "pair": "\#(pair)", "reqid": \#(reqid), "status": "subscribed", "subscription": {"name": "ticker"}}"#
    }

    /// The `reqid` of the request sent last.
    static func sentID(_ transport: LoopbackTransport) async throws -> Int {
        let frames = try await transport.sentFrames(atLeast: 1, within: max(.seconds(60), eventualityLimit))
        let payload = try #require(frames.last?.data)
        let object = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
        return try #require(object["reqid"] as? Int)
    }

    @Test func everyPairsStatusAnswersTheOneCallInTheRequestsOrder() async throws {
        let transport = LoopbackTransport()
        let client = EachItemReplies.Client(transport: transport)
        let failures = Recorder<String>()
        let heard = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        client.onSubscriptionStatus { heard.append($0.pair ?? "") }
        async let replies = client.subscribeTo(
            pair: ["XBT/USD", "XBT/EUR"], subscription: .init(name: "ticker"), timeout: .seconds(60))
        let id = try await Self.sentID(transport)
        // The server answers the second pair first.
        await transport.deliver(json: Self.status(id, pair: "XBT/EUR"))
        await transport.deliver(json: Self.status(id, pair: "XBT/USD"))
        let statuses = try await replies
        #expect(statuses.map(\.pair) == ["XBT/USD", "XBT/EUR"])
        #expect(statuses.allSatisfy { $0.reqid == id && $0.status == "subscribed" })
        #expect(heard.values == ["XBT/EUR", "XBT/USD"])
        #expect(failures.values.isEmpty, "\(failures.values)")
        // A third status for the same request, answered already, is said.
        await transport.deliver(json: Self.status(id, pair: "XBT/USD"))
        #expect(failures.values.count == 1 && failures.values[0].contains("which no request waits for"))
    }

    @Test func aStatusForAPairNotAskedForIsReportedAndTheCallWaitsOn() async throws {
        let transport = LoopbackTransport()
        let client = EachItemReplies.Client(transport: transport)
        let failures = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        async let replies = client.unsubscribeFrom(
            pair: ["XBT/USD"], subscription: .init(name: "ticker"), timeout: .seconds(60))
        let id = try await Self.sentID(transport)
        await transport.deliver(json: Self.status(id, pair: "ETH/USD"))
        await transport.deliver(json: Self.status(id, pair: "XBT/USD"))
        #expect(try await replies.map(\.pair) == ["XBT/USD"])
        #expect(failures.values.count == 1 && failures.values[0].contains("answers \(id)"))
    }

    @Test func anErrorEndsTheCallAndThePairsStillToComeAreNotFailures() async throws {
        let transport = LoopbackTransport()
        let client = EachItemReplies.Client(transport: transport)
        let failures = Recorder<String>()
        let heard = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        client.onSubscriptionStatus { heard.append($0.pair ?? "") }
        let call = Task {
            try await client.subscribeTo(
                pair: ["XBT/USD", "XBT/EUR", "ETH/USD"], subscription: .init(name: "ticker"), timeout: .seconds(60))
        }
        let id = try await Self.sentID(transport)
        await transport.deliver(json: Self.status(id, pair: "XBT/USD"))
        await transport.deliver(
            json: #"{"event": "error", "reqid": \#(id), "errorMessage": "Currency pair not supported"}"#)
        let rejection = await #expect(throws: RequestRejected<EachItemReplies.Error>.self) { _ = try await call.value }
        #expect(rejection?.reply.errorMessage == "Currency pair not supported")
        // The third pair's status still comes: its listeners hear it, and it is no failure.
        await transport.deliver(json: Self.status(id, pair: "ETH/USD"))
        #expect(heard.values == ["XBT/USD", "ETH/USD"])
        #expect(failures.values.isEmpty, "\(failures.values)")
    }

    @Test func aRequestNamingNoPairIsSentAndAnsweredByNothing() async throws {
        let transport = LoopbackTransport()
        let client = EachItemReplies.Client(transport: transport)
        let statuses = try await client.subscribeTo(
            pair: [], subscription: .init(name: "ticker"), timeout: .seconds(60))
        #expect(statuses.isEmpty)
        #expect(try await transport.sentFrames(atLeast: 1, within: eventualityLimit).count == 1)
        #expect(client.core.pendingRequestCount == 0)
    }

    @Test func theMockAnswersEveryPairWithItsOwnStatus() async throws {
        let mock = EachItemReplies.Mock()
        let client = mock.makeClient()
        let statuses = try await client.subscribeTo(
            pair: ["XBT/USD", "XBT/EUR"], subscription: .init(name: "ticker"), timeout: .seconds(60))
        #expect(statuses.map(\.pair) == ["XBT/USD", "XBT/EUR"])
        let removed = try await client.unsubscribeFrom(
            pair: ["ETH/USD"], subscription: .init(name: "ticker"), timeout: .seconds(60))
        #expect(removed.map(\.pair) == ["ETH/USD"])
    }

    /// On a channel (the CI oracle, seed 3664616336, contract 11): the `Mock` names the reply's type qualified when it
    /// rebuilds each reply with its item; it did not compile before.
    @Test func theMockAnswersEveryPairOnAChannel() async throws {
        let mock = EachItemReplies.Mock()
        let statuses = try await mock.makeClient().book(depth: 10).subscribeTo(
            pair: ["XBT/USD", "XBT/EUR"], timeout: .seconds(60))
        #expect(statuses.map(\.pair) == ["XBT/USD", "XBT/EUR"])
    }
}
