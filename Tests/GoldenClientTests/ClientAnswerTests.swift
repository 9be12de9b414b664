import Foundation
@_spi(Generated) import GoldenClients
@_spi(Generated) import SchemaGenRuntime
import TestSupport
import Testing

/// Issue 53, shape 5: a server's heartbeat answered by a new request of the client's, declared in the contract and
/// sent by the generated client with no app code (`answer: {event: public/test, when: {type: test_request}}`, the
/// `client-answers` golden, Deribit's heartbeat). Before, the app had to listen and send it by hand, or Deribit closed
/// the connection.
@Suite struct ClientAnswerTests {
    @Test func aTestRequestIsAnsweredWithAPublicTestRequestAndAHeartbeatIsNot() async throws {
        let transport = LoopbackTransport()
        let client = ClientAnswers.Client(transport: transport)
        let failures = Recorder<String>()
        let heard = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        client.onHeartbeat { heard.append($0.type.rawValue) }
        await transport.deliver(json: #"{"jsonrpc": "2.0", "method": "heartbeat", "params": {"type": "heartbeat"}}"#)
        await transport.deliver(json: #"{"jsonrpc": "2.0", "method": "heartbeat", "params": {"type": "test_request"}}"#)
        let sent = try await transport.sentFrames(atLeast: 1, within: max(.seconds(60), eventualityLimit))
        #expect(sent.count == 1)
        #expect(sent[0].text == #"{"jsonrpc":"2.0","method":"public/test","id":1,"params":{}}"#)
        // Its reply (Deribit's documented frame, with the id the client chose) answers the request: no failure.
        await transport.deliver(json: #"{"jsonrpc": "2.0", "id": 1, "result": {"version": "1.2.26"}}"#)
        try await eventually("the reply answers public/test") { client.core.pendingRequestCount == 0 }
        #expect(heard.values == ["heartbeat", "test_request"])
        #expect(failures.values.isEmpty, "\(failures.values)")
    }

    @Test func theMockHearsTheAnswerAndAnswersItInTurn() async throws {
        let mock = ClientAnswers.Mock()
        let client = mock.makeClient()
        var received = mock.received.makeAsyncIterator()
        _ = client
        try await mock.send(.heartbeat(.init(type: .testRequest)))
        let answer = try #require(await received.next())
        guard case .publicTest(let request) = answer.event else {
            Issue.record("expected public/test, got \(answer.event)")
            return
        }
        #expect(request.payload.expectedResult == nil)
    }

    /// An answer whose payload is a named type of optional values is sent with every value `nil`.
    @Test func aPingIsAnsweredWithAPongOfNilValues() async throws {
        let transport = LoopbackTransport()
        let client = ClientAnswers.Client(transport: transport)
        await transport.deliver(json: #"{"jsonrpc": "2.0", "method": "ping"}"#)
        let sent = try await transport.sentFrames(atLeast: 1, within: max(.seconds(60), eventualityLimit))
        #expect(sent.map(\.text) == [#"{"jsonrpc":"2.0","method":"pong","params":{}}"#])
        _ = client
    }
}
