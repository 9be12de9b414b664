import Foundation
@_spi(Generated) import GoldenClients
@_spi(Generated) import SchemaGenRuntime
import TestSupport
import Testing

/// Issue 53, shape 4: a failure that carries the request's id inside its body (`error: {event: error, match:
/// detail.request_id}`, the `error-body-ids` golden). Before, the error event had to carry the id where the reply
/// does, so such a failure could not be declared and the call could only time out.
@Suite struct ErrorBodyIDTests {
    @Test func anErrorHoldingTheIDInItsBodyFailsItsRequest() async throws {
        let transport = LoopbackTransport()
        let client = ErrorBodyIDs.Client(transport: transport)
        let failures = Recorder<String>()
        let errors = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        client.onError { errors.append($0.detail.message) }
        let call = Task { try await client.publish(channel: "news", text: "hi", timeout: .seconds(60)) }
        let sent = try await transport.sentFrames(atLeast: 1, within: max(.seconds(60), eventualityLimit))
        #expect(sent[0].text.contains(#""request_id":"1""#))
        // About the connection: no id in the body, so no request fails.
        await transport.deliver(json: #"{"type": "error", "detail": {"code": 1008, "message": "slow down"}}"#)
        await transport.deliver(
            json: #"{"type": "error", "detail": {"code": 4001, "message": "channel is read-only", "request_id": "1"}}"#)
        let rejection = await #expect(throws: RequestRejected<ErrorBodyIDs.Error>.self) { _ = try await call.value }
        #expect(rejection?.reply.detail.code == 4001)
        #expect(errors.values == ["slow down", "channel is read-only"])
        #expect(failures.values.isEmpty, "\(failures.values)")
    }

    /// The generated server writes the request's id into the error's body, where the client looks for it.
    @Test func theServerEchoesTheIDIntoTheErrorsBody() async throws {
        let mock = ErrorBodyIDs.Mock()
        mock.server.respondToPublish { _, request in
            request.channel == "news"
                ? .rejection(.init(detail: .init(code: 4001, message: "channel is read-only", requestId: nil)))
                : .reply(.init(requestId: "", offset: 7))
        }
        let client = mock.makeClient()
        #expect(try await client.publish(channel: "chat", text: "hi", timeout: .seconds(60)).offset == 7)
        let rejection = await #expect(throws: RequestRejected<ErrorBodyIDs.Error>.self) {
            _ = try await client.publish(channel: "news", text: "hi", requestId: "r9", timeout: .seconds(60))
        }
        #expect(rejection?.reply.detail.requestId == "r9")
    }
}
