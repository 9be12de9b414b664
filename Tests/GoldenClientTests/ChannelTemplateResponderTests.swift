import Foundation
import GoldenClients
import SchemaGenRuntime
import TestSupport
import Testing

/// The `oracle-findings-channel-requests` golden (the oracle's seed 2170114978): requests on a channel template answered
/// in order with no payload, answered by the server on every channel of the template. Its server did not compile.
@Suite struct ChannelTemplateResponderTests {
    @Test(.timeLimit(.minutes(1))) func theTemplatesAnswerGoesBackOnTheRequestsChannel() async throws {
        let mock = OracleFindingsChannelRequests.Mock()
        let channels = Recorder<String>()
        mock.server.everyLobby.respondToReady { _, lobby in
            channels.append(lobby.key)
            return .init(symbol: lobby.key == "a" ? 1 : 2)
        }
        let client = mock.makeClient()
        let a = client.lobby(key: "a")
        let b = client.lobby(key: "b")
        try await a.subscribe()
        try await b.subscribe()
        #expect(try await b.ready(timeout: .seconds(30)) == .init(symbol: 2))
        #expect(try await a.ready(timeout: .seconds(30)) == .init(symbol: 1))
        // A reply with nothing in it: the call returns once it comes.
        try await a.ping(timeout: .seconds(30))
        #expect(channels.values == ["b", "a"])
    }
}
