import Foundation
import GeneratedClients
import SchemaGenRuntime
import SchemaGenTransport
import TestSupport
import Testing

/// A generated client on a ``RealtimeConnection`` and a generated server on a ``WebSocketServerTransport``, their
/// protocol sessions talking over in-memory WebSockets: the client's Socket.IO against the server's, the plain
/// WebSocket against the plain one. The same pairing runs over real sockets in the transport package.
@Suite struct ServerProtocolPairingTests {
    static let options = ConnectionOptions(
        reconnect: ReconnectPolicy(initialDelay: .milliseconds(10), maximumDelay: .milliseconds(50)))

    @Test func roomsOverSocketIOEveryEventBothWaysWithAcknowledgementsAndPings() async throws {
        let transport = WebSocketServerTransport(
            protocol: SocketIOServerProtocol(pingInterval: .milliseconds(30), pingTimeout: .seconds(5)))
        let server = Rooms.Server(transport: transport)
        let joined = Recorder<String>()
        server.onRoomJoin { connection, join in
            server.join(connection, to: join.roomId)
            joined.append(join.roomId)
        }
        server.respondToElementCreate { _, create in
            Rooms.Element(
                id: "e9", roomId: create.roomId, type: create.type, createdBy: "u1", positionX: create.positionX,
                positionY: create.positionY,
                width: create.width, height: create.height, createdAt: Date(timeIntervalSince1970: 1_738_315_800))
        }
        let backend = InMemoryWebSocketBackend(server: transport)
        let connection = RealtimeConnection(
            url: URL(string: "ws://rooms.example")!, backend: backend, protocol: SocketIOProtocol(),
            options: Self.options)
        let client = Rooms.Client(transport: connection)
        let heard = Recorder<Rooms.ServerEvent>()
        let listening = Task { for await event in client.events { heard.append(event) } }
        defer { listening.cancel() }
        connection.connect()
        try await connection.waitUntilConnected()
        try await eventually("the server sees the connection") { server.openConnections.count == 1 }

        try await client.roomJoin(roomId: "r1")
        try await eventually("the join arrives") { joined.values == ["r1"] }
        let element = try await client.elementCreate(
            roomId: "r1", type: .photo, positionX: 1, positionY: 2, width: 3, height: 4)
        #expect(element.id == "e9" && element.type == .photo)

        let sent: [Rooms.ServerEvent] = [
            .error("full"), .userLeft(.init(userId: "u2")), .touchMoved(.init(roomId: "r1", x: 1, y: 2)),
        ]
        for event in sent { try await server.emit(event, to: .group("r1")) }
        try await eventually("every event reaches the client") { heard.values.count == sent.count }
        #expect(heard.values == sent)
        // Several ping intervals later the connection is still open: the client answered every ping.
        try await Task.sleep(for: .milliseconds(150))
        #expect(server.openConnections.count == 1)

        let gone = Recorder<String>()
        server.onDisconnect { _, reason in gone.append(reason) }
        await connection.disconnect()
        try await eventually("the server hears the disconnect") { !gone.values.isEmpty }
        #expect(server.openConnections.isEmpty)
        #expect(server.members(of: "r1").isEmpty)
    }

    @Test func aClientThatStopsAnsweringPingsIsClosed() async throws {
        let transport = WebSocketServerTransport(
            protocol: SocketIOServerProtocol(pingInterval: .milliseconds(20), pingTimeout: .milliseconds(30)))
        let server = Rooms.Server(transport: transport)
        let gone = Recorder<String>()
        server.onDisconnect { _, reason in gone.append(reason) }
        let backend = InMemoryWebSocketBackend(server: transport)
        // A client that connects the namespace by hand and then says nothing more.
        let socket = try await backend.connect(to: WebSocketRequest(url: URL(string: "ws://x")!))
        try await socket.send(.text("40"))
        try await eventually("the server closes the silent client") { !gone.values.isEmpty }
        #expect(gone.values.first?.contains("no pong") == true)
    }

    @Test func graphQLOverAPlainWebSocketEveryEventBothWays() async throws {
        typealias GQL = GraphQLTransportWS
        let transport = WebSocketServerTransport()
        let server = GQL.Server(transport: transport)
        let backend = InMemoryWebSocketBackend(server: transport)
        let connection = RealtimeConnection(
            url: URL(string: "ws://gql.example")!, backend: backend, protocol: PlainWebSocketProtocol(),
            options: Self.options)
        let client = GQL.Client(transport: connection)
        let fromClients = Recorder<GQL.ClientEvent>()
        server.onConnectionInit { connection, _ in
            Task { try await server.emit(.connectionAck(.init()), to: .connection(connection)) }
        }
        let listening = Task { for await received in server.events { fromClients.append(received.event) } }
        defer { listening.cancel() }
        let acknowledged = Recorder<Bool>()
        client.onConnectionAck { _ in acknowledged.append(true) }
        connection.connect()
        try await connection.waitUntilConnected()
        try await eventually("the server sees the connection") { server.openConnections.count == 1 }
        let sent: [GQL.ClientEvent] = [.connectionInit(.init()), .complete(.init(id: "op1"))]
        for event in sent { try await client.emit(event) }
        try await eventually("both events arrive") { fromClients.values.count == 2 }
        #expect(fromClients.values == sent)
        try await eventually("the server's answer arrives") { acknowledged.values == [true] }
        await connection.disconnect()
    }
}
