import Foundation
import GoldenClients
import SchemaGenRuntime
import TestSupport
import Testing

/// Issue 35: every `events` stream and subscription buffered without limit (a slow loop over 1,000,000 frames held
/// 995k). Each keeps what its `StreamBuffer` says, and every event it lets go of reaches the error handlers.
@Suite struct StreamBufferTests {
    static func price(_ n: Int, sub: Int = 1) -> String {
        #"{"type":"price","sub_id":\#(sub),"quote":{"symbol":"S\#(n)","bid":1,"ask":2}}"#
    }

    @Test func aClientsEventsStreamKeepsItsNewestAndReportsWhatItLetsGo() async throws {
        let transport = LoopbackTransport()
        let client = Subscriptions.Client(transport: transport)
        client.eventBuffer = .dropOldest(3)
        let failures = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        let events = client.events
        for n in 1...5 { await transport.deliver(json: Self.price(n)) }
        var symbols: [String] = []
        for await event in events {
            if case .price(let price) = event { symbols.append(price.quote.symbol) }
            if symbols.count == 3 { break }
        }
        #expect(symbols == ["S3", "S4", "S5"])
        #expect(
            failures.values
                == Array(
                    repeating:
                        "event 'price' found a stream full (the loop reading it is behind): the stream holds 3 and "
                        + "lets go of the oldest, and let go of its oldest event", count: 2))
    }

    @Test func aStreamThatKeepsItsFirstLetsGoOfNewOnes() async throws {
        let transport = LoopbackTransport()
        let client = Subscriptions.Client(transport: transport)
        client.eventBuffer = .dropNewest(2)
        let failures = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        let events = client.events
        for n in 1...4 { await transport.deliver(json: Self.price(n)) }
        var symbols: [String] = []
        for await event in events {
            if case .price(let price) = event { symbols.append(price.quote.symbol) }
            if symbols.count == 2 { break }
        }
        #expect(symbols == ["S1", "S2"])
        #expect(failures.values.count == 2 && failures.values.allSatisfy { $0.hasSuffix("and let go of this one") })
    }

    @Test func aSubscriptionKeepsItsBufferAndReportsWhatItLetsGo() async throws {
        let transport = LoopbackTransport()
        let client = Subscriptions.Client(transport: transport)
        client.subscriptionBuffer = .dropOldest(2)
        let failures = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        let prices = try await client.watchPrices(symbols: ["BTC-USD"])
        for n in 1...4 { await transport.deliver(json: Self.price(n)) }
        var symbols: [String] = []
        for try await price in prices {
            symbols.append(price.quote.symbol)
            if symbols.count == 2 { break }
        }
        #expect(symbols == ["S3", "S4"])
        #expect(failures.values.count == 2 && failures.values.allSatisfy { $0.contains("found a stream full") })
    }

    @Test func aServersEventsStreamKeepsItsBufferAndReportsWithTheConnection() async throws {
        let transport = LoopbackServerTransport()
        let server = Requests.Server(transport: transport)
        server.limits.eventBuffer = .dropOldest(1)
        let failures = Recorder<String>()
        server.onIncomingFailure { connection, failure in failures.append("\(connection.id): \(failure.description)") }
        let events = server.events
        let link = transport.connect()
        let client = Requests.Client(transport: link)
        try await client.emit(.cancelRequest(.init(requestId: "1")))
        try await client.emit(.cancelRequest(.init(requestId: "2")))
        for await received in events {
            guard case .cancelRequest(let cancel) = received.event else { continue }
            #expect(cancel.requestId == "2")
            break
        }
        #expect(
            failures.values.count == 1
                && failures.values.first?.hasPrefix("\(link.connection.id): event 'cancel_request' found a stream full")
                    == true
        )
    }

    @Test func aClientsStreamThatFailsTheConnectionKeepsItsFirstAndFailsItSayingWhy() async throws {
        let transport = LoopbackTransport()
        let client = Subscriptions.Client(transport: transport)
        client.eventBuffer = .failConnection(2)
        let failures = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        let events = client.events
        for n in 1...3 { await transport.deliver(json: Self.price(n)) }
        try await eventually("the transport is told to fail the connection") { !transport.connectionFailures.isEmpty }
        #expect(
            transport.connectionFailures == [
                "a stream was full (it holds 2 and fails the connection when one more comes): the connection is "
                    + "failed so no event goes missing unseen"
            ])
        #expect(
            failures.values == [
                "event 'price' found a stream full (the loop reading it is behind): the stream holds 2 and fails the "
                    + "connection when one more comes, and let go of this one; the connection is failed"
            ])
        var symbols: [String] = []
        for await event in events {
            if case .price(let price) = event { symbols.append(price.quote.symbol) }
            if symbols.count == 2 { break }
        }
        #expect(symbols == ["S1", "S2"])
    }

    @Test func aServersStreamThatFailsTheConnectionClosesTheOneWhoseEventDidNotFit() async throws {
        let transport = LoopbackServerTransport()
        let server = Requests.Server(transport: transport)
        server.limits.eventBuffer = .failConnection(1)
        let gone = Recorder<String>()
        server.onDisconnect { connection, reason in gone.append("\(connection.id): \(reason)") }
        let events = server.events
        let link = transport.connect()
        let client = Requests.Client(transport: link)
        try await client.emit(.cancelRequest(.init(requestId: "1")))
        try await client.emit(.cancelRequest(.init(requestId: "2")))
        try await eventually("the connection is closed") { !gone.values.isEmpty }
        #expect(
            gone.values == [
                "\(link.connection.id): a stream was full (it holds 1 and fails the connection when one more comes): the "
                    + "connection is failed so no event goes missing unseen"
            ])
        for await received in events {
            guard case .cancelRequest(let cancel) = received.event else { continue }
            #expect(cancel.requestId == "1")
            break
        }
    }
}
