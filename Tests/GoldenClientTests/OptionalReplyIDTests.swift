import Foundation
@_spi(Generated) import GoldenClients
@_spi(Generated) import SchemaGenRuntime
import TestSupport
import Testing

/// Issue 53, shape 6: a reply or error event whose correlation value is optional (Kraken's `subscriptionStatus` and
/// `error`, the `optional-reply-ids` golden). With the request's `reqid` it answers that request; without one it is
/// news about the connection, which its listeners get and the failure handler does not. Before, every id-less frame
/// on a route that had carried a reply was reported as "a reply that says no request it answers".
@Suite struct OptionalReplyIDTests {
    /// Kraken's own frames (docs.kraken.com/api/docs/websocket-v1/subscriptionstatus): the first has no `reqid`, the
    /// second answers request 42.
    static let unsolicited =
        #"{"channelID": 10001, "channelName": "ticker", "event": "subscriptionStatus", "pair": "XBT/EUR", "status": "subscribed", "subscription": {"name": "ticker"}}"#
    static func answer(_ reqid: Int) -> String {
        #"{"channelID": 10001, "channelName": "ohlc-5", "event": "subscriptionStatus", "pair": "XBT/EUR", "reqid": \#(reqid), "status": "unsubscribed", "subscription": {"interval": 5, "name": "ohlc"}}"#
    }

    /// The `reqid` of the `subscribe` sent last.
    static func sentID(_ transport: LoopbackTransport) async throws -> Int {
        let frames = try await transport.sentFrames(atLeast: 1, within: max(.seconds(60), eventualityLimit))
        let payload = try #require(frames.last?.data)
        let object = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
        return try #require(object["reqid"] as? Int)
    }

    @Test func aStatusWithoutTheIDGoesToListenersAndTheOneWithItAnswers() async throws {
        let transport = LoopbackTransport()
        let client = OptionalReplyIDs.Client(transport: transport)
        let failures = Recorder<String>()
        let statuses = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        client.onSubscriptionStatus { statuses.append($0.channelName) }
        async let reply = client.subscribeTo(
            pair: ["XBT/EUR"], subscription: .init(name: "ohlc", interval: 5), timeout: .seconds(60))
        let id = try await Self.sentID(transport)
        await transport.deliver(json: Self.unsolicited)
        await transport.deliver(json: Self.answer(id))
        let status = try await reply
        #expect(status.reqid == id && status.status == "unsubscribed")
        #expect(statuses.values == ["ticker", "ohlc-5"])
        #expect(failures.values.isEmpty, "\(failures.values)")
        // A status for a request nobody waits for is still said.
        await transport.deliver(json: Self.answer(id + 100))
        #expect(failures.values.count == 1 && failures.values[0].contains("which no request waits for"))
    }

    @Test func anErrorWithTheIDFailsItsRequestAndOneWithoutIsTheConnections() async throws {
        let transport = LoopbackTransport()
        let client = OptionalReplyIDs.Client(transport: transport)
        let failures = Recorder<String>()
        let errors = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        client.onError { errors.append($0.errorMessage) }
        let reply = Task { try await client.subscribeTo(subscription: .init(name: "book"), timeout: .seconds(60)) }
        let id = try await Self.sentID(transport)
        await transport.deliver(json: #"{"event": "error", "errorMessage": "Exceeded msg rate"}"#)
        await transport.deliver(json: #"{"event": "error", "reqid": null, "errorMessage": "Malformed request"}"#)
        await transport.deliver(
            json: #"{"event": "error", "reqid": \#(id), "errorMessage": "Subscription depth not supported"}"#)
        let rejection = await #expect(throws: RequestRejected<OptionalReplyIDs.Error>.self) {
            _ = try await reply.value
        }
        #expect(rejection?.reply.errorMessage == "Subscription depth not supported")
        #expect(errors.values == ["Exceeded msg rate", "Malformed request", "Subscription depth not supported"])
        #expect(failures.values.isEmpty, "\(failures.values)")
    }
}
