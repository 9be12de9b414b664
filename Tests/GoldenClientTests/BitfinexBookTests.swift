import Foundation
@_spi(Generated) import GoldenClients
@_spi(Generated) import SchemaGenRuntime
import TestSupport
import Testing

/// Issue 53, shape 8 (the `bitfinex-book` golden): one channel whose frames differ in shape. Bitfinex's book sends a
/// snapshot `[chanId, [[price, count, amount], ...]]`, then updates `[chanId, [price, count, amount]]`, and heartbeats
/// `[chanId, "hb"]`; before, the snapshot could not be typed beside the update, and the heartbeat reached
/// `onIncomingFailure` every 15 seconds.
@Suite struct BitfinexBookTests {
    @Test func snapshotUpdatesAndHeartbeatsOfOneChannelAreTyped() async throws {
        let transport = LoopbackTransport()
        let client = BitfinexBook.Client(transport: transport)
        let failures = Recorder<String>()
        let heartbeats = Recorder<Int>()
        client.onIncomingFailure { failures.append($0.description) }
        client.onHeartbeat { _ in heartbeats.append(1) }
        let opened = Task { try await client.subscribeTo(channel: "book", symbol: "tETHUSD", timeout: .seconds(60)) }
        _ = try await transport.sentFrames(atLeast: 1, within: max(.seconds(60), eventualityLimit))
        // Frames from https://docs.bitfinex.com/reference/ws-public-books, the levels shortened.
        await transport.deliver(
            json:
                #"{"event":"subscribed","channel":"book","chanId":10092,"symbol":"tETHUSD","prec":"P0","freq":"F0","len":"25","subId":123,"pair":"ETHUSD"}"#
        )
        let stream = try await opened.value
        await transport.deliver(json: "[10092,[[7254.7,3,3.3],[7254.6,2,-1.2]]]")
        await transport.deliver(json: #"[10092,"hb"]"#)
        await transport.deliver(json: "[10092,[7254.5,0,1]]")
        await transport.deliver(json: "[10092,[]]")
        var items: [BitfinexBook.Book] = []
        for try await item in stream {
            items.append(item.book)
            if items.count == 3 { break }
        }
        #expect(
            items == [
                .snapshot([.init(price: 7254.7, count: 3, amount: 3.3), .init(price: 7254.6, count: 2, amount: -1.2)]),
                .update(.init(price: 7254.5, count: 0, amount: 1)),
                .snapshot([]),
            ])
        #expect(heartbeats.values.count == 1)
        #expect(failures.values.isEmpty, "\(failures.values)")
    }

    /// An array whose first element no member starts with names what the union expected and what came.
    @Test func anArrayNoMemberStartsWithNamesBoth() throws {
        let data = Data(#"["7254.5",0,1]"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(BitfinexBook.Book.self, from: data) }
        do {
            _ = try WireDecoder(dates: .iso8601).decode(BitfinexBook.Book.self, from: data)
            Issue.record("decoded an array of strings as a book")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(
                context.debugDescription
                    == "Expected an array of arrays (or empty) or an array of numbers, found an array of strings.")
        }
        let encoded = try JSONEncoder().encode(BitfinexBook.Book.update(.init(price: 1.5, count: 2, amount: -3)))
        #expect(String(decoding: encoded, as: UTF8.self) == "[1.5,2,-3]")
    }
}
