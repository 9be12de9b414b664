import Foundation
@_spi(Generated) import GoldenClients
@_spi(Generated) import SchemaGenRuntime
import TestSupport
import Testing

/// The `requests` golden's generated `getBalance` under load and faults, through the loopback transport: every
/// call gets its own reply exactly once whatever the order, duplicates and strays go to the failure handler, a
/// malformed reply fails only its call, a lost connection fails every waiting call at once.
@Suite struct RequestClientTests {
    /// The `request_id` and `account` of every `get_balance` sent so far.
    static func requests(_ transport: LoopbackTransport) throws -> [(id: String, account: String)] {
        try transport.sentFrames.filter { $0.eventName == "get_balance" }.map { frame in
            let request = try JSONDecoder().decode([String: String].self, from: try #require(frame.payload))
            return (try #require(request["request_id"]), try #require(request["account"]))
        }
    }

    static func waitForRequests(_ transport: LoopbackTransport, count: Int) async throws {
        _ = try await transport.sentFrames(atLeast: count, within: max(.seconds(60), eventualityLimit))
        try #require(transport.sentFrames.count >= count)
    }

    static func reply(_ id: String, cents: Int) -> String {
        #"{"type":"balance","request_id":"\#(id)","amount":{"value":\#(cents),"currency":"EUR"}}"#
    }

    @Test func tenThousandConcurrentCallsGetTheirOwnReplyOnce() async throws {
        let transport = LoopbackTransport()
        let client = Requests.Client(transport: transport)
        let failures = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        let count = concurrentCalls
        try await withThrowingTaskGroup(of: (Int, Decimal).self) { group in
            for index in 0..<count {
                group.addTask {
                    (index, try await client.getBalance(account: "a\(index)", timeout: .seconds(60)).amount.value)
                }
            }
            try await Self.waitForRequests(transport, count: count)
            var generator = SeededGenerator(seed: 14)
            let requests = try Self.requests(transport).shuffled(using: &generator)
            #expect(Set(requests.map(\.id)).count == count, "every request has its own id")
            // Each reply carries the account's number as its balance; every tenth is sent twice.
            for (position, request) in requests.enumerated() {
                let cents = Int(request.account.dropFirst())!
                await transport.deliver(json: Self.reply(request.id, cents: cents))
                if position % 10 == 0 { await transport.deliver(json: Self.reply(request.id, cents: -1)) }
            }
            var answered = 0
            for try await (index, value) in group {
                #expect(value == Decimal(index))
                answered += 1
            }
            #expect(answered == count)
        }
        #expect(
            failures.values.count == count / 10 && failures.values.allSatisfy { $0.contains("no request waits for") })
        #expect(client.pendingRequestCount == 0)
    }

    @Test func aMalformedReplyFailsOnlyItsCall() async throws {
        let transport = LoopbackTransport()
        let client = Requests.Client(transport: transport)
        let bad = Task { try await client.getBalance(account: "a1") }
        let good = Task { try await client.getBalance(account: "a2") }
        try await Self.waitForRequests(transport, count: 2)
        let requests = try Dictionary(uniqueKeysWithValues: Self.requests(transport).map { ($0.account, $0.id) })
        await transport.deliver(json: #"{"type":"balance","request_id":"\#(requests["a1"]!)","amount":"lots"}"#)
        await transport.deliver(json: Self.reply(requests["a2"]!, cents: 2))
        await #expect(throws: DecodingError.self) { try await bad.value }
        #expect(try await good.value.amount.value == 2)
    }

    @Test func aLostConnectionFailsEveryWaitingCallAtOnce() async throws {
        let transport = LoopbackTransport()
        let client = Requests.Client(transport: transport)
        let calls = (0..<50).map { index in Task { try await client.getBalance(account: "a\(index)") } }
        try await Self.waitForRequests(transport, count: 50)
        client.core.failPendingRequests("the socket closed")
        for call in calls {
            await #expect(throws: RequestFailure.connectionLost(reason: "the socket closed")) { try await call.value }
        }
        #expect(client.pendingRequestCount == 0)
    }

    @Test func aCallerMayPassItsOwnCorrelationValue() async throws {
        let transport = LoopbackTransport()
        let client = Requests.Client(transport: transport)
        let call = Task { try await client.getBalance(account: "a1", requestId: "order-17") }
        try await Self.waitForRequests(transport, count: 1)
        #expect(try Self.requests(transport).map(\.id) == ["order-17"])
        // The same value while it waits: refused, and nothing is sent.
        await #expect(throws: RequestFailure.correlationInUse(.string("order-17"))) {
            _ = try await client.getBalance(account: "a2", requestId: "order-17")
        }
        #expect(transport.sentFrames.count == 1)
        await transport.deliver(json: Self.reply("order-17", cents: 17))
        #expect(try await call.value.amount.value == 17)
    }

    /// `get_rate`'s reply carries the request's value deeper (`meta.request_id`): read there, without decoding the rest.
    @Test func aReplyMayCarryTheValueInANestedObject() async throws {
        let transport = LoopbackTransport()
        let client = Requests.Client(transport: transport)
        let failures = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        let call = Task { try await client.getRate(pair: "EUR/USD", requestId: "r9") }
        try await Self.waitForRequests(transport, count: 1)
        await transport.deliver(json: #"{"type":"rate","meta":{"request_id":"other"},"value":1}"#)
        await transport.deliver(json: #"{"type":"rate","value":1.0842,"meta":{"served_by":"fx-2","request_id":"r9"}}"#)
        let rate = try await call.value
        #expect(rate.value == Decimal(string: "1.0842") && rate.meta.servedBy == "fx-2")
        #expect(failures.values.count == 1 && failures.values[0].contains(#""other""#), "\(failures.values)")
    }

    /// `ids: app`: an order acknowledged by its own `order_id` takes it as a required argument and sends it as given,
    /// never a counter in its place.
    @Test func aCorrelationValueTheAppGivesIsSentAsGiven() async throws {
        let transport = LoopbackTransport()
        let client = Requests.Client(transport: transport)
        let call = Task { try await client.placeOrder(orderId: "ord-17", symbol: "BTC-USD", quantity: 2) }
        let frames = try await transport.sentFrames(atLeast: 1).map(\.text)
        #expect(frames == [#"{"type":"place_order","order_id":"ord-17","quantity":2,"symbol":"BTC-USD"}"#])
        await transport.deliver(json: #"{"type":"order_accepted","order_id":"ord-16","status":"open"}"#)
        await transport.deliver(json: #"{"type":"order_accepted","order_id":"ord-17","status":"open"}"#)
        let accepted = try await call.value
        #expect(accepted.orderId == "ord-17" && accepted.status == "open")
    }

    /// `ids: app` on a named payload: the object is published whole and acknowledged by its own `draft_id`.
    @Test func aPublishedObjectIsAcknowledgedByItsOwnID() async throws {
        let transport = LoopbackTransport()
        let client = Requests.Client(transport: transport)
        let call = Task { try await client.publishDraft(Requests.Draft(draftId: "d-9", title: "Hello")) }
        let frames = try await transport.sentFrames(atLeast: 1).map(\.text)
        #expect(frames == [#"{"type":"publish_draft","draft_id":"d-9","title":"Hello"}"#])
        await transport.deliver(json: #"{"type":"draft_published","draft_id":"d-9","url":"https://example.com/d-9"}"#)
        #expect(try await call.value.url == "https://example.com/d-9")
    }
}
