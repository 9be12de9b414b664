import Foundation
import GoldenClients
import SchemaGenRuntime
import TestSupport
import Testing

/// Issue 50's second bug, through the `scenario-envelope-fields` golden: a scenario whose steps name events of a frame
/// shape with fields (a `req_id` beside the payload). Its `Mock` did not compile; now it waits for the app's
/// `subscribe` with the channel the step names and sends the step's payload in a frame whose `req_id` is the event's
/// first example's, as `schemagen-mock` plays it; then (issue 53, shape 10) the step's whole `frame:`, its own
/// `req_id` with it.
@Suite struct ScenarioEnvelopeFieldTests {
    @Test(.timeLimit(.minutes(1))) func theMockWaitsOnAPayloadFieldAndSendsTheWholeFrame() async throws {
        let mock = ScenarioEnvelopeFields.Mock()
        let client = mock.makeClient()
        let prices = Recorder<ScenarioEnvelopeFields.Prices>()
        _ = client.onPrices { prices.append($0) }
        let playing = mock.start(.quotesAfterSubscribing)
        // Another channel first: the step waits for the one it names.
        try await client.subscribeToChannel(.init(reqId: 1, payload: .init(channel: "news")))
        try await Task.sleep(for: .milliseconds(50))
        #expect(prices.values.isEmpty)
        try await client.subscribeToChannel(.init(reqId: 2, payload: .init(channel: "prices")))
        try await playing.value
        try await eventually("the scenario's prices arrived") { prices.values.count == 2 }
        #expect(
            prices.values == [
                .init(reqId: 7, payload: [.init(symbol: "AAPL", price: 189.5)]),
                .init(reqId: 8, payload: [.init(symbol: "AAPL", price: 190.25)]),
            ])
    }
}
