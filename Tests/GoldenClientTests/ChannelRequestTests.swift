import Foundation
@_spi(Generated) import GoldenClients
@_spi(Generated) import SchemaGenRuntime
import TestSupport
import Testing

/// Issue 53, shape 2: one request that subscribes several channels (Deribit's `public/subscribe`, the
/// `channel-requests` golden), answered with the channels it took, after which every notification names its channel
/// and its data's type is the channel's. Before, a channel's `subscribe()` sent nothing over a plain WebSocket (the
/// transport has no join to send), so no notification ever came.
@Suite struct ChannelRequestTests {
    /// Deribit's documented notification (docs.deribit.com/articles/notifications).
    static let priceNotification =
        #"{"jsonrpc": "2.0", "method": "subscription", "params": {"channel": "deribit_price_index.btc_usd", "data": {"timestamp": 1535098298227, "price": 6521.17, "index_name": "btc_usd"}}}"#
    static let tickerNotification =
        #"{"jsonrpc": "2.0", "method": "subscription", "params": {"channel": "ticker.BTC-PERPETUAL.100ms", "data": {"timestamp": 1623060194301, "instrument_name": "BTC-PERPETUAL", "last_price": 36486.5, "mark_price": 36487.28, "best_bid_price": 36486.5, "best_ask_price": 36487}}}"#

    /// The request sent last: its `id`, `method` and `params.channels`.
    static func lastRequest(
        _ transport: LoopbackTransport, count: Int
    ) async throws -> (
        id: Int, method: String, channels: [String]
    ) {
        let frames = try await transport.sentFrames(atLeast: count, within: max(.seconds(60), eventualityLimit))
        let object = try #require(try JSONSerialization.jsonObject(with: frames[count - 1].data) as? [String: Any])
        let params = try #require(object["params"] as? [String: Any])
        return (
            try #require(object["id"] as? Int), try #require(object["method"] as? String),
            try #require(params["channels"] as? [String])
        )
    }

    static func reply(_ id: Int, _ channels: [String]) -> String {
        let list = channels.map { "\"\($0)\"" }.joined(separator: ", ")
        return #"{"jsonrpc": "2.0", "id": \#(id), "result": [\#(list)]}"#
    }

    @Test func aChannelsSubscribeSendsTheRequestAndItsNotificationsArriveTyped() async throws {
        let transport = LoopbackTransport()
        let client = ChannelRequests.Client(transport: transport)
        let failures = Recorder<String>()
        let prices = Recorder<Double>()
        client.onIncomingFailure { failures.append($0.description) }
        let index = client.priceIndex(indexName: "btc_usd")
        index.onPrice { prices.append($0.price) }
        async let subscribed: Void = index.subscribe()
        let request = try await Self.lastRequest(transport, count: 1)
        #expect(request.method == "public/subscribe" && request.channels == ["deribit_price_index.btc_usd"])
        #expect(transport.subscribedChannels.isEmpty, "the request subscribes, not the transport")
        await transport.deliver(json: Self.reply(request.id, ["deribit_price_index.btc_usd"]))
        try await subscribed
        await transport.deliver(json: Self.priceNotification)
        #expect(prices.values == [6521.17])
        #expect(failures.values.isEmpty, "\(failures.values)")
    }

    @Test func oneRequestSubscribesTwoChannelsWhoseDataDiffer() async throws {
        let transport = LoopbackTransport()
        let client = ChannelRequests.Client(transport: transport)
        let failures = Recorder<String>()
        let heard = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        let index = client.priceIndex(indexName: "btc_usd")
        let ticker = client.ticker(instrumentName: "BTC-PERPETUAL", interval: "100ms")
        index.onPrice { heard.append("price \($0.price)") }
        ticker.onTick { heard.append("tick \($0.markPrice) \($0.bestAskPrice ?? 0)") }
        let addresses = [index.channel.address, ticker.channel.address]
        async let reply = client.subscribeChannels(payload: .init(channels: addresses))
        let request = try await Self.lastRequest(transport, count: 1)
        #expect(request.channels == ["deribit_price_index.btc_usd", "ticker.BTC-PERPETUAL.100ms"])
        await transport.deliver(json: Self.reply(request.id, addresses))
        #expect(try await reply.payload == addresses)
        await transport.deliver(json: Self.tickerNotification)
        await transport.deliver(json: Self.priceNotification)
        #expect(heard.values == ["tick 36487.28 36487.0", "price 6521.17"])
        #expect(failures.values.isEmpty, "\(failures.values)")
    }

    @Test func aChannelTheReplyDoesNotListThrows() async throws {
        let transport = LoopbackTransport()
        let client = ChannelRequests.Client(transport: transport)
        let ticker = client.ticker(instrumentName: "NOPE", interval: "100ms")
        let call = Task { try await ticker.subscribe() }
        let request = try await Self.lastRequest(transport, count: 1)
        await transport.deliver(json: Self.reply(request.id, []))
        let error = await #expect(throws: ChannelNotTaken.self) { try await call.value }
        #expect(error?.channel == "ticker.NOPE.100ms")
        // Not taken, not asked for again after a reconnection.
        transport.reopen()  // asks for nothing, at once: no channel is listed
        #expect(transport.sentFrames.count == 1)
    }

    @Test func aReconnectionSubscribesEveryChannelAgainAndUnsubscribedOnesNot() async throws {
        let transport = LoopbackTransport()
        let client = ChannelRequests.Client(transport: transport)
        let failures = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        let index = client.priceIndex(indexName: "btc_usd")
        let ticker = client.ticker(instrumentName: "BTC-PERPETUAL", interval: "100ms")
        for (count, channel) in [index.channel.address, ticker.channel.address].enumerated() {
            async let subscribed: Void =
                count == 0 ? index.subscribe() : ticker.subscribe()
            let request = try await Self.lastRequest(transport, count: count + 1)
            await transport.deliver(json: Self.reply(request.id, [channel]))
            try await subscribed
        }
        transport.reopen()
        let again = try await Self.lastRequest(transport, count: 3)
        #expect(again.method == "public/subscribe")
        #expect(again.channels == ["deribit_price_index.btc_usd", "ticker.BTC-PERPETUAL.100ms"])
        await transport.deliver(json: Self.reply(again.id, again.channels))

        async let left: Void = index.unsubscribe()
        let leave = try await Self.lastRequest(transport, count: 4)
        #expect(leave.method == "public/unsubscribe" && leave.channels == ["deribit_price_index.btc_usd"])
        await transport.deliver(json: Self.reply(leave.id, leave.channels))
        try await left
        transport.reopen()
        let third = try await Self.lastRequest(transport, count: 5)
        #expect(third.channels == ["ticker.BTC-PERPETUAL.100ms"])
        #expect(failures.values.isEmpty, "\(failures.values)")
    }

    @Test func aFailedResubscriptionReachesTheFailureHandlerNamingTheChannels() async throws {
        let transport = LoopbackTransport()
        let client = ChannelRequests.Client(transport: transport)
        let failures = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        async let reply = client.subscribeChannels(payload: .init(channels: ["deribit_price_index.btc_usd"]))
        let request = try await Self.lastRequest(transport, count: 1)
        await transport.deliver(json: Self.reply(request.id, request.channels))
        _ = try await reply
        transport.failSends(with: URLError(.networkConnectionLost))
        transport.reopen()
        try await eventually("the failure is reported", within: max(.seconds(60), eventualityLimit)) {
            !failures.values.isEmpty
        }
        #expect(failures.values[0].contains("subscribing deribit_price_index.btc_usd again failed"))
        // Still listed after the failure: the next reconnection asks again, and a reply that leaves it out drops it.
        transport.failSends(with: nil)
        transport.reopen()
        let again = try await Self.lastRequest(transport, count: 2)
        #expect(again.channels == ["deribit_price_index.btc_usd"])
        await transport.deliver(json: Self.reply(again.id, []))
        try await eventually("the channel not taken is reported", within: max(.seconds(60), eventualityLimit)) {
            failures.values.count == 2
        }
        #expect(failures.values[1].contains("the server's reply does not list them as taken"))
        transport.reopen()  // nothing listed: nothing sent
        #expect(transport.sentFrames.count == 2)
    }

    /// The generated server subscribes the requesting connection to the channels its reply lists (not to those it
    /// leaves out), before the reply goes, so a broadcast right after it reaches the client; the unsubscribing request
    /// takes it out again.
    @Test func theGeneratedServerSubscribesTheConnectionToTheChannelsItTook() async throws {
        let transport = LoopbackServerTransport()
        let server = ChannelRequests.Server(transport: transport)
        server.respondToSubscribeChannels { _, request in
            .init(id: 0, payload: request.payload.channels.filter { !$0.hasPrefix("ticker.NOPE") })
        }
        server.respondToUnsubscribeChannels { _, request in .init(id: 0, payload: request.payload.channels) }
        let client = ChannelRequests.Client(transport: transport.connect())
        let failures = Recorder<String>()
        let ticks = Recorder<Double>()
        client.onIncomingFailure { failures.append($0.description) }
        let ticker = client.ticker(instrumentName: "BTC-PERPETUAL", interval: "100ms")
        ticker.onTick { ticks.append($0.markPrice) }
        try await ticker.subscribe()
        await #expect(throws: ChannelNotTaken.self) {
            try await client.ticker(instrumentName: "NOPE", interval: "raw").subscribe()
        }
        let serverTicker = server.ticker(instrumentName: "BTC-PERPETUAL", interval: "100ms")
        #expect(serverTicker.subscribers.count == 1)
        #expect(server.ticker(instrumentName: "NOPE", interval: "raw").subscribers.isEmpty)
        try await serverTicker.emit(.tick(.init(timestamp: 1, instrumentName: "BTC-PERPETUAL", markPrice: 36487.28)))
        try await eventually("the tick arrives") { ticks.values == [36487.28] }
        try await ticker.unsubscribe()
        #expect(serverTicker.subscribers.isEmpty)
        #expect(failures.values.isEmpty, "\(failures.values)")
    }

    /// The generated `Mock` answers a channel's `subscribe()` with the channels asked for, so the channel is taken, and
    /// its channel events then reach the app.
    @Test func theMockTakesEveryChannelAskedFor() async throws {
        let mock = ChannelRequests.Mock()
        let client = mock.makeClient()
        let prices = Recorder<Double>()
        let index = client.priceIndex(indexName: "eth_usd")
        index.onPrice { prices.append($0.price) }
        try await index.subscribe()
        #expect(mock.server.priceIndex(indexName: "eth_usd").subscribers.count == 1)
        try await mock.server.priceIndex(indexName: "eth_usd").emit(
            .price(.init(timestamp: 2, price: 3937.89, indexName: "eth_usd")))
        try await eventually("the price arrives") { prices.values == [3937.89] }
    }
}
