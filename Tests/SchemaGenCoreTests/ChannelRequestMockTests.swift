import Foundation
import SchemaGenContract
import SchemaGenRuntime
import SchemaGenTools
import Testing

/// Issue 53, shape 2: `schemagen-mock` answers the request that subscribes channels with every channel it names,
/// where the reply lists the channels taken (Deribit's `public/subscribe`), as the generated `Mock` does; before, it
/// sent the reply's example, which lists another channel, and the app's `subscribe()` threw.
@Suite struct ChannelRequestMockTests {
    @Test func theContractMockTakesEveryChannelTheRequestNames() throws {
        let file = Golden.fixtures.appendingPathComponent("Golden/channel-requests.yaml")
        let loaded = ContractLoader().load(text: try String(contentsOf: file, encoding: .utf8), path: file.path)
        let contract = try #require(loaded.contract, "\(loaded.diagnostics.map(\.message))")
        let response = MockResponder(contract: contract).respond(
            to: IncomingFrame(
                data: Data(
                    #"{"jsonrpc": "2.0", "id": 7, "method": "public/subscribe", "params": {"channels": ["ticker.ETH-PERPETUAL.raw", "deribit_price_index.eth_usd"]}}"#
                        .utf8)))
        let reply = try #require(response.answers.first?.frame.data)
        let read = try #require(try JSONSerialization.jsonObject(with: reply) as? [String: Any])
        #expect(read["id"] as? Int == 7)
        #expect(read["result"] as? [String] == ["ticker.ETH-PERPETUAL.raw", "deribit_price_index.eth_usd"])
    }
}
