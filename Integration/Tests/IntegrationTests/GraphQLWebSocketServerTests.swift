import Foundation
import SchemaGenNIOTransport
import SchemaGenRuntime
import SchemaGenTransport
import TestSupport
import Testing

/// The generated graphql-transport-ws client over a plain WebSocket (NIO), against a real server on python's
/// `websockets` (Servers/graphql_ws_server.py): a subscription as an `AsyncSequence`, ended by the server or left
/// early, and a frame that is not JSON.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct GraphQLWebSocketServerTests {
    /// A started server and a client connected to it; `close()` ends both (and keeps the server alive until then).
    struct Session {
        let server: ServerProcess
        let connection: RealtimeConnection
        let client: GraphQLTransportWS.Client

        func close() async {
            await connection.disconnect()
            server.kill()
        }
    }

    /// `backend` carries the WebSocket: NIO's, or one that records what crosses it (CapturedTrafficTests).
    func connect(backend: any WebSocketBackend = NIOWebSocketBackend()) async throws -> Session {
        let server = try await ServerProcess("graphql_ws_server.py")
        let connection = RealtimeConnection(
            url: server.url, backend: backend, protocol: PlainWebSocketProtocol(),
            options: ConnectionOptions(credentials: {
                ConnectionCredentials(headers: ["Sec-WebSocket-Protocol": "graphql-transport-ws"])
            }))
        let client = GraphQLTransportWS.Client(transport: connection)
        let acknowledged = Recorder<Bool>()
        let token = client.onConnectionAck { _ in acknowledged.append(true) }
        connection.connect()
        try await connection.waitUntilConnected()
        try await client.connectionInit(GraphQLTransportWS.ConnectionInit())
        try await eventually("connection_ack") { acknowledged.values == [true] }
        token.cancel()
        return Session(server: server, connection: connection, client: client)
    }

    @Test func aSubscriptionYieldsEveryResultAndEndsWithTheServersComplete() async throws {
        let session = try await connect()
        let client = session.client
        var counts: [JSONValue] = []
        for try await next in try await client.startOperation(payload: .init(query: "subscription { count(to: 5) }")) {
            counts.append(next.payload.data?["count"] ?? .null)
        }
        #expect(counts == [1, 2, 3, 4, 5])
        await session.close()
    }

    @Test func leavingTheLoopEarlyCompletesTheOperationOnTheServer() async throws {
        let session = try await connect()
        let client = session.client
        let nexts = Recorder<JSONValue>()
        let token = client.onNext { nexts.append($0.payload.data?["count"] ?? .null) }
        for try await next in try await client.startOperation(payload: .init(query: "subscription { count(to: 1000) }"))
        {
            if next.payload.data?["count"] == 3 { break }
        }
        // The server stops once the client's complete reaches it: the results stop coming (one every 10 ms while
        // it streams), far short of the 1,000 it would send in 10 s. How many came before is the machine's load's.
        var seen = -1
        while nexts.values.count != seen {
            seen = nexts.values.count
            try await Task.sleep(for: .milliseconds(300))
        }
        #expect(seen < 500)
        token.cancel()
        await session.close()
    }

    @Test func aFrameThatIsNotJSONReachesTheFailureHandlerAndTheStreamGoesOn() async throws {
        let session = try await connect()
        let client = session.client
        let failures = Recorder<IncomingFailure>()
        let token = client.onIncomingFailure { failures.append($0) }
        for try await next in try await client.startOperation(payload: .init(query: "garbage")) {
            #expect(next.payload.data?["count"] == 0)
            break
        }
        #expect(failures.values.map { String(decoding: $0.rawFrame, as: UTF8.self) } == ["this is not JSON"])
        token.cancel()
        await session.close()
    }
}
