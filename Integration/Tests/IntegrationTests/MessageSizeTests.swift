import Foundation
import Hummingbird
import HummingbirdWebSocket
import SchemaGenHummingbird
import SchemaGenNIOTransport
import SchemaGenRuntime
import SchemaGenTransport
import TestSupport
import Testing

/// A message over the limit, both ways, says so (issue 35: the client reported a frame over its 16 MiB limit as "the
/// server closed the WebSocket"). The limits are lowered to 1 KiB so the messages stay small.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct MessageSizeTests {
    @Test func aMessageOverTheClientsLimitFailsTheConnectionNamingTheLimit() async throws {
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.ws("/big") { _, outbound, _ in
            try? await outbound.write(.text("small"))
            try? await outbound.write(.text(String(repeating: "z", count: 2_048)))
            try? await Task.sleep(for: .seconds(5))
        }
        let running = try await HummingbirdServerTests.start(router)
        defer { running.run.cancel() }
        let socket = try await NIOWebSocketBackend(maximumMessageSize: 1_024).connect(
            to: WebSocketRequest(url: running.url.appending(path: "big")))
        var received: [SchemaGenTransport.WebSocketMessage] = []
        let failure = await #expect(throws: WebSocketFailure.self) {
            for try await message in socket.messages { received.append(message) }
        }
        #expect(received == [.text("small")])
        #expect(
            failure?.description.contains(
                "sent a message larger than the client's limit of 1024 bytes (NIOWebSocketBackend.maximumMessageSize)")
                == true,
            "\(String(describing: failure))")
    }

    @Test func aMessageOverTheServersLimitClosesTheConnectionSayingSo() async throws {
        let transport = WebSocketServerTransport(limits: ServerLimits(maximumMessageSize: 1_024))
        let server = GraphQLTransportWS.Server(transport: transport)
        let gone = Recorder<String>()
        server.onDisconnect { _, reason in gone.append(reason) }
        let running = try await HummingbirdServerTests.start(transport, at: "/graphql")
        defer { running.run.cancel() }
        let socket = try await NIOWebSocketBackend().connect(
            to: WebSocketRequest(url: running.url.appending(path: "graphql")))
        try await eventually("the connection is open") { server.openConnections.count == 1 }
        try await socket.send(.text(#"{"type":"ping","payload":{"pad":"\#(String(repeating: "p", count: 2_048))"}}"#))
        try await eventually("the server closes the connection") { !gone.values.isEmpty }
        #expect(
            gone.values[0].contains(
                "the WebSocket failed: the client sent a message (2084 bytes) larger than 1024 bytes (ServerLimits.maximumMessageSize)"
            ), "\(gone.values)")
        await socket.close()
    }
}
