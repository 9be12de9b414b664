import Foundation
import GeneratedClients
import SchemaGenRuntime
import TestSupport
import Testing

/// go-ethereum's documented subscription frames (Fixtures/ethereum-pubsub/README.md): replies and notifications
/// decode to the values the guide shows, and requests are what the typed emit calls write.
@Suite struct EthereumPubSubExampleTests {
    static func example(_ name: String) throws -> Data {
        try VendorExampleTests.example("ethereum-pubsub/\(name).json")
    }

    @Test func repliesAndNotificationsDecode() async throws {
        let transport = LoopbackTransport()
        let client = EthereumPubSub.Client(transport: transport)
        let results = Recorder<EthereumPubSub.Result>()
        let notifications = Recorder<EthereumPubSub.EthSubscription>()
        let failures = Recorder<String>()
        client.onResult { results.append($0) }
        client.onEthSubscription { notifications.append($0) }
        client.onIncomingFailure { failures.append($0.description) }
        for name in [
            "overview-reply", "overview-cancel-reply", "create-subscription-reply", "cancel-subscription-reply",
            "newheads-reply",
            "newheads-notification", "logs-reply", "logs-notification", "pending-reply", "pending-notification",
            "syncing-reply",
        ] {
            await transport.deliver(try Self.example(name))
        }
        #expect(failures.values.isEmpty, "\(failures.values)")
        #expect(
            results.values == [
                .init(id: 1, payload: .subscriptionId("0xcd0c3e8af590364c09d0fa6a1210faf5")),
                .init(id: 1, payload: .cancelled(true)),
                .init(id: 1, payload: .subscriptionId("0x9cef478923ff08bf67fde6c64013158d")),
                .init(id: 1, payload: .cancelled(true)),
                .init(id: 2, payload: .subscriptionId("0x9ce59a13059e417087c02d3236a0b1cc")),
                .init(id: 2, payload: .subscriptionId("0x4a8a4c0517381924f9838102c5a4dcb7")),
                .init(id: 2, payload: .subscriptionId("0xc3b33aa549fb9a60e95d21862596617c")),
                .init(id: 2, payload: .subscriptionId("0xe2ffeb2703bcf602d42922385829ce96")),
            ])
        #expect(
            notifications.values.map(\.subscription) == [
                "0x9ce59a13059e417087c02d3236a0b1cc", "0x4a8a4c0517381924f9838102c5a4dcb7",
                "0xc3b33aa549fb9a60e95d21862596617c",
            ])
        guard notifications.values.count == 3,
            case .object(let header) = notifications.values[0].result,
            case .object(let log) = notifications.values[1].result
        else {
            Issue.record("expected a header and a log, got \(notifications.values)")
            return
        }
        #expect(
            header["number"] == "0x1348c9" && header["miner"] == "0xf8b483dba2c3b7176a3da549ad41a48bb3121069"
                && header.count == 14)
        #expect(
            log["blockNumber"] == "0x29e87"
                && log["topics"] == ["0xd78a0cb8bb633d06981248b816e7bd33c2a35a6089241d099fa519e361cab902"])
        #expect(
            notifications.values[2].result
                == .hash("0xd6fdc5cc41a9959e922f30cb772a9aef46f4daea279307bc5f7024edc4ccd7fa"))
    }

    @Test func requestsAreWhatEmitWrites() async throws {
        let transport = LoopbackTransport()
        let client = EthereumPubSub.Client(transport: transport)
        // The documentation's requests all carry `"id": 1`: sent as they are, without waiting for replies.
        try await client.emit(.ethSubscribe(.init(id: 1, payload: .init(kind: "newHeads"))))
        try await client.emit(
            .ethUnsubscribe(.init(id: 1, payload: .init(subscription: "0xcd0c3e8af590364c09d0fa6a1210faf5"))))
        try await client.emit(
            .ethSubscribe(
                .init(
                    id: 1,
                    payload: .init(
                        kind: "logs",
                        filter: .init(
                            address: "0x8320fe7702b96808f7bbc0d4a888ed1468216cfd",
                            topics: ["0xd78a0cb8bb633d06981248b816e7bd33c2a35a6089241d099fa519e361cab902"])))))
        try await client.emit(.ethSubscribe(.init(id: 1, payload: .init(kind: "newPendingTransactions"))))
        try await client.emit(.ethSubscribe(.init(id: 1, payload: .init(kind: "syncing"))))
        try await client.emit(
            .ethUnsubscribe(.init(id: 1, payload: .init(subscription: "0x9cef478923ff08bf67fde6c64013158d"))))
        let documented = [
            "create-subscription", "overview-cancel", "logs-subscribe", "pending-subscribe", "syncing-subscribe",
            "cancel-subscription",
        ]
        let sent = transport.sentFrames.map(\.data)
        #expect(sent.count == documented.count)
        for (index, name) in documented.enumerated() {
            try VendorExampleTests.expectJSONEqual(index < sent.count ? sent[index] : nil, try Self.example(name), name)
        }
        // A shape writes its name, then its fields, then the payload: byte for byte what a JSON-RPC server reads.
        #expect(String(decoding: sent[0], as: UTF8.self) == #"{"method":"eth_subscribe","id":1,"params":["newHeads"]}"#)
    }

    /// `eth_unsubscribe` is a request: the client chooses each `id`, sends, and returns the `result` that echoes it,
    /// whatever order replies come in.
    @Test func requestsReturnTheirTypedReplies() async throws {
        let transport = LoopbackTransport()
        let client = EthereumPubSub.Client(transport: transport)
        async let first = client.ethUnsubscribe(payload: .init(subscription: "0x9cef478923ff08bf67fde6c64013158d"))
        async let second = client.ethUnsubscribe(payload: .init(subscription: "0xcd0c3e8af590364c09d0fa6a1210faf5"))
        _ = try await transport.sentFrames(atLeast: 2)
        let sent = transport.sentFrames.map { String(decoding: $0.data, as: UTF8.self) }
        let firstID = sent.first { $0.contains("0x9cef") }.map { $0.contains(#""id":1"#) ? 1 : 2 } ?? 0
        #expect(
            sent.contains(
                #"{"method":"eth_unsubscribe","id":\#(firstID),"params":["0x9cef478923ff08bf67fde6c64013158d"]}"#))
        // The second request's reply comes first.
        await transport.deliver(Data(#"{"jsonrpc":"2.0","id":\#(3 - firstID),"result":false}"#.utf8))
        await transport.deliver(Data(#"{"jsonrpc":"2.0","id":\#(firstID),"result":true}"#.utf8))
        let (answered, other) = try await (first, second)
        #expect(answered == .init(id: firstID, payload: .cancelled(true)))
        #expect(other == .init(id: 3 - firstID, payload: .cancelled(false)))
    }

    /// A JSON-RPC 2.0 error object answering a request (written to the specification: the guide shows none) makes
    /// the call throw `RequestRejected` with the error.
    @Test func anErrorReplyRejectsTheRequest() async throws {
        let transport = LoopbackTransport()
        let client = EthereumPubSub.Client(transport: transport)
        let call = Task { try await client.ethUnsubscribe(payload: .init(subscription: "0x0")) }
        _ = try await transport.sentFrames(atLeast: 1)
        await transport.deliver(
            Data(#"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"subscription not found"}}"#.utf8))
        do {
            _ = try await call.value
            Issue.record("the request should have been rejected")
        } catch let rejected as RequestRejected<EthereumPubSub.RpcError> {
            #expect(
                rejected.reply.id == 1
                    && rejected.reply.payload == .init(code: -32_602, message: "subscription not found"))
        }
    }
}
