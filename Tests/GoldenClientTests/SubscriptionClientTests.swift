import Foundation
import GoldenClients
import SchemaGenRuntime
import TestSupport
import Testing

/// The `subscriptions` golden's two kinds of subscription, driven through the loopback transport: a counter id the
/// client chooses (`watch_prices`, cancelled with `unwatch`), and a UUID-correlated request whose reply carries the
/// id the server chose in a field (`follow_trades` → `following.subscription`, cancelled with `unfollow`).
@Suite struct SubscriptionClientTests {
    static func sent(_ transport: LoopbackTransport, count: Int) async throws -> [[String: JSONValue]] {
        _ = try await transport.sentFrames(atLeast: count)
        return try transport.sentFrames.map { frame in
            guard case .object(let object) = try JSONDecoder().decode(JSONValue.self, from: frame.data) else {
                throw CancellationError()
            }
            return object
        }
    }

    @Test func aCounterIdSubscriptionYieldsItsItemsAndEndsWithItsFailure() async throws {
        let transport = LoopbackTransport()
        let client = Subscriptions.Client(transport: transport)
        let prices = try await client.watchPrices(symbols: ["BTC-USD"])
        let others = try await client.watchPrices(symbols: ["ETH-USD"])
        #expect(try await Self.sent(transport, count: 2).map { $0["sub_id"] } == [1, 2])
        await transport.deliver(json: #"{"type":"price","sub_id":2,"quote":{"symbol":"ETH-USD","bid":"1","ask":"2"}}"#)
        await transport.deliver(
            json: #"{"type":"price","sub_id":1,"quote":{"symbol":"BTC-USD","bid":97000.5,"ask":97001}}"#)
        await transport.deliver(json: #"{"type":"watch_failed","sub_id":1,"message":"market closed"}"#)
        var symbols: [String] = []
        do {
            for try await price in prices { symbols.append(price.quote.symbol) }
            Issue.record("the loop should have thrown")
        } catch let failed as RequestRejected<Subscriptions.WatchFailed> {
            #expect(failed.reply.message == "market closed")
        }
        #expect(symbols == ["BTC-USD"])
        // Left without reading: the other subscription is cancelled with its own id, as an `Int`.
        others.cancel()
        let frames = try await Self.sent(transport, count: 3)
        #expect(frames.count == 3 && frames[2] == ["type": "unwatch", "sub_id": 2])
    }

    @Test func aReplyConfirmsTheSubscriptionWithTheServersId() async throws {
        let transport = LoopbackTransport()
        let client = Subscriptions.Client(transport: transport)
        let call = Task { try await client.followTrades(symbol: "BTC-USD") }
        let request = try #require(try await Self.sent(transport, count: 1).first)
        guard case .string(let requestID)? = request["request_id"] else {
            Issue.record("expected a string request_id: \(request)")
            return
        }
        #expect(UUID(uuidString: requestID) != nil)
        // Items may follow the reply before the call has returned; none is lost.
        await transport.deliver(json: #"{"type":"following","request_id":"\#(requestID)","subscription":"sub-7"}"#)
        await transport.deliver(json: #"{"type":"trade","subscription":"sub-7","price":97000.5,"size":0.25}"#)
        await transport.deliver(json: #"{"type":"trade","subscription":"sub-8","price":1,"size":1}"#)
        let trades = try await call.value
        for try await trade in trades {
            #expect(trade.price == Decimal(string: "97000.5") && trade.size == Decimal(string: "0.25"))
            break
        }
        let frames = try await Self.sent(transport, count: 2)
        #expect(frames.count == 2 && frames[1] == ["type": "unfollow", "subscription": "sub-7"])
    }

    /// A subscription whose reply, items and end (here the connection's loss, which ends every subscription) all
    /// arrive before the call has resumed still returns its stream, which yields the items, then ends as it ended:
    /// before, the call threw "the reply confirming the subscription carries no id", as if no reply had come (the
    /// oracle, seed 777, once the generated `Mock` sent a subscription's items and end right behind its reply).
    @Test func aSubscriptionOverBeforeItsCallResumesStillYieldsItsItems() async throws {
        let transport = AnsweringTransport()
        let client = Subscriptions.Client(transport: transport)
        let trades = try await client.followTrades(symbol: "BTC-USD")
        var prices: [Decimal] = []
        do {
            for try await trade in trades { prices.append(trade.price) }
            Issue.record("the loop should have thrown the connection's loss")
        } catch {
            #expect("\(error)".contains("gone"), "\(error)")
        }
        #expect(prices == [Decimal(string: "97000.5")])
    }

    /// A transport that answers `follow_trades` inside its `send`, before the call that sent it resumes: the reply
    /// with the server's id, one item, then the connection's loss.
    final class AnsweringTransport: RealtimeTransport, @unchecked Sendable {
        let inner = LoopbackTransport()
        private let lock = NSLock()
        private var lossHandler: (@Sendable (String) -> Void)?

        func send(_ frame: OutgoingFrame) async throws {
            try await inner.send(frame)
            guard case .object(let request) = try JSONDecoder().decode(JSONValue.self, from: frame.data),
                request["type"] == "follow_trades", case .string(let requestID)? = request["request_id"]
            else { return }
            await inner.deliver(json: #"{"type":"following","request_id":"\#(requestID)","subscription":"sub-7"}"#)
            await inner.deliver(json: #"{"type":"trade","subscription":"sub-7","price":97000.5,"size":0.25}"#)
            lock.withLock { lossHandler }?("gone")
        }

        func setReceiver(_ receiver: @escaping @Sendable (IncomingFrame) async -> Void) {
            inner.setReceiver(receiver)
        }

        func setConnectionLossHandler(_ handler: @escaping @Sendable (String) -> Void) {
            lock.withLock { lossHandler = handler }
        }

        func failConnection(reason: String) async {}
    }
}
