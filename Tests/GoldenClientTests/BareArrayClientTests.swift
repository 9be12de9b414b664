import Foundation
import GoldenClients
import SchemaGenRuntime
import TestSupport
import Testing

/// A frame that is a bare JSON array of payloads (`array: []`, `payload: rest`), with the frames of Alpaca's
/// real-time market data documentation (https://docs.alpaca.markets/docs/streaming-market-data).
@Suite struct BareArrayClientTests {
    @Test func aBatchArrivesAsOneListTheEmptyOneIncluded() async throws {
        let transport = LoopbackTransport()
        let client = BareArrays.Client(transport: transport)
        let batches = Recorder<[BareArrays.Message]>()
        let failures = Recorder<String>()
        client.onMessages { batches.append($0) }
        client.onIncomingFailure { failures.append($0.description) }
        await transport.deliver(json: #"[{"T":"success","msg":"connected"}]"#)
        await transport.deliver(json: #"[{"T":"error","code":406,"msg":"connection limit exceeded"}]"#)
        await transport.deliver(
            json: """
                [{"T": "t", "i": 96921, "S": "AAPL", "x": "D", "p": 126.55, "s": 1, "t": "2021-02-22T15:51:44.208Z", "c": ["@", "I"], "z": "C"},
                 {"T": "subscription", "trades": ["AAPL"]}]
                """)
        await transport.deliver(json: "[]")
        await transport.deliver(json: #"{"T":"success","msg":"connected"}"#)
        #expect(batches.values.count == 4)
        #expect(batches.values.first == [.success(.init(msg: "connected"))])
        #expect(batches.values.dropFirst().first == [.error(.init(code: 406, msg: "connection limit exceeded"))])
        let trades = batches.values.dropFirst(2).first ?? []
        guard trades.count == 2, case .t(let trade) = trades[0], case .unknown(let other) = trades[1] else {
            Issue.record("expected a trade and an unknown message: \(trades)")
            return
        }
        #expect(
            trade.symbol == "AAPL" && trade.tradeId == 96921 && trade.price == Decimal(string: "126.55")
                && trade.conditions == ["@", "I"])
        #expect(other == .object(["T": "subscription", "trades": .array(["AAPL"])]))
        #expect(batches.values.last == [])
        #expect(
            failures.values == [
                "a frame is malformed: the frame matches none of the contract's frame shapes ('batch': not an array; 'action': no 'action' naming the event)"
            ])
    }

    @Test func theClientsMessagesAreObjectsNamedByAction() async throws {
        let transport = LoopbackTransport()
        let client = BareArrays.Client(transport: transport)
        try await client.auth(key: "{KEY_ID}", secret: "{SECRET}")
        try await client.subscribeToData(trades: ["AAPL"], quotes: ["AMD", "CLDR"], bars: ["*"])
        #expect(
            transport.sentFrames.map(\.text) == [
                #"{"action":"auth","key":"{KEY_ID}","secret":"{SECRET}"}"#,
                #"{"action":"subscribe","bars":["*"],"quotes":["AMD","CLDR"],"trades":["AAPL"]}"#,
            ])
    }

    /// The server's side writes a batch as the bare array it is.
    @Test func aServerWritesABatchAsABareArray() throws {
        let frame = BareArrays.framing.frame(
            address: EventAddress(shape: 0, name: nil), channel: nil,
            payload: Data(#"[{"T":"success","msg":"authenticated"}]"#.utf8), parts: nil)
        #expect(String(decoding: frame, as: UTF8.self) == #"[{"T":"success","msg":"authenticated"}]"#)
        let empty = BareArrays.framing.frame(
            address: EventAddress(shape: 0, name: nil), channel: nil, payload: Data("[]".utf8), parts: nil)
        #expect(String(decoding: empty, as: UTF8.self) == "[]")
    }
}
