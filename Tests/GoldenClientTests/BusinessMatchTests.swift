import Foundation
import GoldenClients
import SchemaGenRuntime
import TestSupport
import Testing

/// Issue 50's third bug, through the `business-match` golden: a request matched by a value of its own payload (a
/// `symbol` the server echoes) sends the caller's value, never a counter, and its reply is matched by it; a request id
/// (`request_id`) is still counted.
@Suite struct BusinessMatchTests {
    @Test(.timeLimit(.minutes(1))) func aBusinessValueIsSentAsGivenAndMatchesItsReply() async throws {
        let transport = LoopbackTransport()
        let client = BusinessMatch.Client(transport: transport)
        let quote = Task { try await client.getQuote(symbol: "AAPL") }
        let time = Task { try await client.getTime(zone: "UTC") }
        let sent = Set(try await transport.sentFrames(atLeast: 2).map(\.text))
        #expect(
            sent == [
                #"{"type":"get_quote","symbol":"AAPL"}"#, #"{"type":"get_time","request_id":"1","zone":"UTC"}"#,
            ])
        await transport.deliver(json: #"{"type":"time","request_id":"1","unix":1700000000}"#)
        await transport.deliver(json: #"{"type":"quote","symbol":"MSFT","price":1}"#)
        await transport.deliver(json: #"{"type":"quote","symbol":"AAPL","price":189.5}"#)
        #expect(try await quote.value == .init(symbol: "AAPL", price: 189.5))
        #expect(try await time.value.unix == 1_700_000_000)
    }
}
