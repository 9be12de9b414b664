import Foundation
@_spi(Generated) import GeneratedClients
@_spi(Generated) import SchemaGenRuntime
import TestSupport
import Testing

/// Subscriptions through the generated clients and the loopback transport: graphql-transport-ws (the client
/// chooses the operation id; `next`, `complete`, `error` end it; the client's `complete` cancels it) and Ethereum
/// `eth_subscribe` (the reply confirms it with the server's id; `eth_unsubscribe` cancels it).
@Suite struct SubscriptionTests {
    static func waitForSent(_ transport: LoopbackTransport, count: Int) async throws {
        _ = try await transport.sentFrames(atLeast: count)
        try #require(
            transport.sentFrames.count >= count, "expected \(count) frames sent, got \(transport.sentFrames.count)")
    }

    static func json(_ frame: OutgoingFrame) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: frame.data) as? [String: Any])
    }

    /// The id of the first operation the client sent.
    static func operationID(_ transport: LoopbackTransport) throws -> String {
        let frame = try #require(transport.sentFrames.first)
        let id = try json(frame)["id"] as? String
        return try #require(id)
    }

    static func query() -> GraphQLTransportWS.SubscribePayload {
        .init(operationName: .null, query: "subscription { greetings }")
    }

    @Test func graphqlResultsArriveInOrderAndCompleteFinishesTheLoop() async throws {
        let transport = LoopbackTransport()
        let client = GraphQLTransportWS.Client(transport: transport)
        let failures = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        let results = try await client.startOperation(payload: Self.query())
        let sent = try Self.json(try #require(transport.sentFrames.first))
        let id = try #require(sent["id"] as? String)
        #expect(
            sent["type"] as? String == "subscribe" && UUID(uuidString: id) != nil, "the operation id is a UUID: \(sent)"
        )
        // Another operation's results, and this one's, interleaved; then this one completes.
        for (other, greeting) in [(false, "Hi"), (true, "Elsewhere"), (false, "Bonjour")] {
            await transport.deliver(
                json:
                    #"{"type":"next","id":"\#(other ? "another" : id)","payload":{"data":{"greetings":"\#(greeting)"}}}"#
            )
        }
        await transport.deliver(json: #"{"type":"complete","id":"\#(id)"}"#)
        await transport.deliver(
            json: #"{"type":"next","id":"\#(id)","payload":{"data":{"greetings":"after the end"}}}"#)
        var greetings: [JSONValue?] = []
        for try await result in results { greetings.append(result.payload.data?["greetings"]) }
        #expect(greetings == ["Hi", "Bonjour"])
        #expect(failures.values.isEmpty, "\(failures.values)")
        // The server ended it: the client sends no `complete` of its own.
        #expect(transport.sentFrames.count == 1)
        #expect(client.pendingRequestCount == 0)
    }

    @Test func anErrorMessageThrowsItsErrorsFromTheLoop() async throws {
        let transport = LoopbackTransport()
        let client = GraphQLTransportWS.Client(transport: transport)
        let results = try await client.startOperation(payload: Self.query())
        let id = try Self.operationID(transport)
        await transport.deliver(
            json: #"{"type":"error","id":"\#(id)","payload":[{"message":"Cannot query field \"nope\""}]}"#)
        do {
            for try await _ in results { Issue.record("no result was sent") }
            Issue.record("the loop should have thrown")
        } catch let rejected as RequestRejected<GraphQLTransportWS.Error> {
            #expect(rejected.reply.id == id && rejected.reply.payload.map(\.message) == [#"Cannot query field "nope""#])
        }
    }

    @Test func leavingTheLoopEarlySendsComplete() async throws {
        let transport = LoopbackTransport()
        let client = GraphQLTransportWS.Client(transport: transport)
        let id: String
        do {
            let results = try await client.startOperation(payload: Self.query())
            id = try Self.operationID(transport)
            await transport.deliver(json: #"{"type":"next","id":"\#(id)","payload":{"data":{"n":1}}}"#)
            await transport.deliver(json: #"{"type":"next","id":"\#(id)","payload":{"data":{"n":2}}}"#)
            for try await _ in results { break }
        }
        try await Self.waitForSent(transport, count: 2)
        let complete = try Self.json(transport.sentFrames[1])
        #expect(complete["type"] as? String == "complete" && complete["id"] as? String == id)
        // Results after the client stopped are not its own any more; they still reach listeners, quietly.
        await transport.deliver(json: #"{"type":"next","id":"\#(id)","payload":{"data":{"n":3}}}"#)
        #expect(transport.sentFrames.count == 2)
    }

    @Test func cancellingTheConsumingTaskSendsComplete() async throws {
        let transport = LoopbackTransport()
        let client = GraphQLTransportWS.Client(transport: transport)
        let results = try await client.startOperation(payload: Self.query())
        let consumer = Task {
            var count = 0
            for try await _ in results { count += 1 }
            return count
        }
        let id = try Self.operationID(transport)
        await transport.deliver(json: #"{"type":"next","id":"\#(id)","payload":{"data":{"n":1}}}"#)
        consumer.cancel()
        _ = try? await consumer.value
        try await Self.waitForSent(transport, count: 2)
        #expect(try Self.json(transport.sentFrames[1])["type"] as? String == "complete")
    }

    @Test func aResultThatDoesNotDecodeIsReportedAndTheSubscriptionGoesOn() async throws {
        let transport = LoopbackTransport()
        let client = GraphQLTransportWS.Client(transport: transport)
        let failures = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        // A listener decodes the same frame: the failure is still reported once.
        client.onNext { _ in }
        let results = try await client.startOperation(payload: Self.query())
        let id = try Self.operationID(transport)
        await transport.deliver(json: #"{"type":"next","id":"\#(id)","payload":{"errors":"not a list"}}"#)
        await transport.deliver(json: #"{"type":"next","id":"\#(id)","payload":{"data":{"n":2}}}"#)
        await transport.deliver(json: #"{"type":"complete","id":"\#(id)"}"#)
        var data: [JSONValue?] = []
        for try await result in results { data.append(result.payload.data) }
        #expect(data == [["n": 2]])
        #expect(failures.values.count == 1 && failures.values.first?.contains("errors") == true, "\(failures.values)")
    }

    @Test func aLostConnectionEndsEveryOpenSubscription() async throws {
        let transport = LoopbackTransport()
        let client = GraphQLTransportWS.Client(transport: transport)
        let first = try await client.startOperation(payload: Self.query())
        let second = try await client.startOperation(payload: Self.query())
        client.core.failPendingRequests("socket closed")
        for results in [first, second] {
            await #expect(throws: RequestFailure.connectionLost(reason: "socket closed")) {
                for try await _ in results {}
            }
        }
        // Ended by the connection: nothing more is sent.
        #expect(transport.sentFrames.count == 2)
    }

    /// go-ethereum's documented `newHeads` subscription (Fixtures/ethereum-pubsub): the reply carries the id the
    /// notification names, and the notification follows the reply at once, before the call has returned.
    @Test func ethSubscribeReturnsTheNotificationsOfItsId() async throws {
        let transport = LoopbackTransport()
        let client = EthereumPubSub.Client(transport: transport)
        // The guide's reply answers request 2.
        _ = client.core.nextCorrelationNumber()
        let call = Task { try await client.ethSubscribe(payload: .init(kind: "newHeads")) }
        try await Self.waitForSent(transport, count: 1)
        #expect(
            String(decoding: transport.sentFrames[0].data, as: UTF8.self)
                == #"{"method":"eth_subscribe","id":2,"params":["newHeads"]}"#)
        await transport.deliver(try EthereumPubSubExampleTests.example("newheads-reply"))
        await transport.deliver(try EthereumPubSubExampleTests.example("newheads-notification"))
        await transport.deliver(try EthereumPubSubExampleTests.example("logs-notification"))
        await transport.deliver(try EthereumPubSubExampleTests.example("newheads-notification"))
        let notifications = try await call.value
        var numbers: [JSONValue?] = []
        for try await notification in notifications {
            guard case .object(let header) = notification.result else { continue }
            numbers.append(header["number"])
            if numbers.count == 2 { break }
        }
        #expect(numbers == ["0x1348c9", "0x1348c9"])
        // Leaving the loop unsubscribes, itself a request with the next id.
        try await Self.waitForSent(transport, count: 2)
        #expect(
            String(decoding: transport.sentFrames[1].data, as: UTF8.self)
                == #"{"method":"eth_unsubscribe","id":3,"params":["0x9ce59a13059e417087c02d3236a0b1cc"]}"#)
    }

    @Test func aRejectedEthSubscribeThrowsAndOpensNothing() async throws {
        let transport = LoopbackTransport()
        let client = EthereumPubSub.Client(transport: transport)
        let call = Task { try await client.ethSubscribe(payload: .init(kind: "newBlocks")) }
        try await Self.waitForSent(transport, count: 1)
        await transport.deliver(
            json: #"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"no such subscription kind"}}"#)
        await #expect(throws: RequestRejected<EthereumPubSub.RpcError>.self) { try await call.value }
        #expect(client.pendingRequestCount == 0 && transport.sentFrames.count == 1)
    }

    @Test func anEthSubscribeNobodyAnswersTimesOut() async throws {
        let transport = LoopbackTransport()
        let client = EthereumPubSub.Client(transport: transport)
        await #expect(throws: RequestFailure.timedOut(after: .milliseconds(50))) {
            _ = try await client.ethSubscribe(payload: .init(kind: "newHeads"), timeout: .milliseconds(50))
        }
    }
}
