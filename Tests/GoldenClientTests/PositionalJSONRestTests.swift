import Foundation
@_spi(Generated) import GoldenClients
@_spi(Generated) import SchemaGenRuntime
import TestSupport
import Testing

/// Issue 53, shape 8 in part (the `positional-json-rest` golden): Bitfinex-style `[chanId, ...]` frames whose payload
/// is `JSON` under `payload: rest`, typed by the subscription that owns the channel id its reply assigned.
@Suite struct PositionalJSONRestTests {
    @Test func theSubscriptionTypesTheArrayFramesOfItsChannel() async throws {
        let transport = LoopbackTransport()
        let client = PositionalJSONRest.Client(transport: transport)
        let failures = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        let opened = Task { try await client.subscribeTo(channel: "book", symbol: "tBTCUSD", timeout: .seconds(60)) }
        _ = try await transport.sentFrames(atLeast: 1, within: max(.seconds(60), eventualityLimit))
        let sent = try JSONSerialization.jsonObject(with: transport.sentFrames[0].data) as? NSDictionary
        #expect(sent == ["event": "subscribe", "channel": "book", "symbol": "tBTCUSD"])
        await transport.deliver(
            json: #"{"event":"subscribed","channel":"book","chanId":17470,"symbol":"tBTCUSD","prec":"P0"}"#)
        let stream = try await opened.value
        // A level of the book, [PRICE, COUNT, AMOUNT], on this channel and on another one.
        await transport.deliver(json: "[17470,[7254.7,3,3.3]]")
        await transport.deliver(json: "[99,[1,1,1]]")
        await transport.deliver(json: "[17470,[7254.6,2,-1.2]]")
        var items: [[[Double]]] = []
        for try await item in stream {
            items.append(item)
            if items.count == 2 { break }
        }
        #expect(items == [[[7254.7, 3, 3.3]], [[7254.6, 2, -1.2]]])
        #expect(failures.values.isEmpty, "\(failures.values)")
    }
}
