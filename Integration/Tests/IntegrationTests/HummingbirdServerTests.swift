import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Hummingbird
import HummingbirdWebSocket
import Logging
import SchemaGenHummingbird
import SchemaGenNIOTransport
import SchemaGenRuntime
import SchemaGenTransport
import TestSupport
import Testing

/// Generated servers on Hummingbird (hummingbird-websocket, 127.0.0.1, a port of the kernel's choice), with generated
/// clients on the NIO WebSocket backend: Socket.IO with acknowledgements both ways, rooms and pings, a plain WebSocket,
/// a client that vanishes, and bad bytes from a client.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct HummingbirdServerTests {
    static let fast = ReconnectPolicy(initialDelay: .milliseconds(20), maximumDelay: .milliseconds(200), jitter: 0.5)

    /// A running Hummingbird application serving `transport` at `path`; cancelling `run` stops it.
    struct RunningServer {
        let port: Int
        let run: Task<Void, any Error>
        var url: URL { URL(string: "ws://127.0.0.1:\(port)")! }
    }

    static func start(_ transport: WebSocketServerTransport, at path: RouterPath) async throws -> RunningServer {
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.realtime(path, transport: transport)
        return try await start(router)
    }

    /// A running Hummingbird application with this WebSocket router, and `http` for requests that are not upgrades.
    static func start(
        _ router: Router<BasicWebSocketRequestContext>, http: Router<BasicRequestContext> = Router(),
        logger: Logger = Logger(label: "schemagen-tests")
    ) async throws -> RunningServer {
        let (ports, portFound) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: http, server: .http1WebSocketUpgrade(webSocketRouter: router),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in portFound.yield(channel.localAddress?.port ?? 0) }, logger: logger)
        let run = Task { try await app.run() }
        for await port in ports { return RunningServer(port: port, run: run) }
        throw ServerFailure("the Hummingbird server never ran")
    }

    static func client(_ server: RunningServer, protocol wireProtocol: any RealtimeProtocol) -> RealtimeConnection {
        RealtimeConnection(
            url: server.url, backend: NIOWebSocketBackend(), protocol: wireProtocol,
            options: ConnectionOptions(reconnect: fast))
    }

    @Test func roomsOverSocketIOExchangeEveryEventAndTheAcknowledgement() async throws {
        let transport = WebSocketServerTransport(
            protocol: SocketIOServerProtocol(pingInterval: .milliseconds(100), pingTimeout: .seconds(5)))
        let server = Rooms.Server(transport: transport)
        let fromClients = Recorder<ReceivedEvent<Rooms.ClientEvent>>()
        let streaming = Task { for await received in server.events { fromClients.append(received) } }
        defer { streaming.cancel() }
        server.onRoomJoin { connection, join in server.join(connection, to: join.roomId) }
        server.onTouchMove { connection, move in
            Task {
                try await server.emit(
                    .touchMoved(.init(roomId: move.roomId, x: move.x, y: move.y, elementId: move.elementId)),
                    to: .group(move.roomId).excluding(connection))
            }
        }
        server.respondToElementCreate { _, create in
            Rooms.Element(
                id: "e-\(create.content ?? "")", roomId: create.roomId, type: create.type, createdBy: "u1",
                positionX: create.positionX,
                positionY: create.positionY, width: create.width, height: create.height, content: create.content,
                createdAt: Date(timeIntervalSince1970: 1_795_507_200))
        }
        let running = try await Self.start(transport, at: "/socket.io")
        defer { running.run.cancel() }

        let (first, second) = (
            Self.client(running, protocol: SocketIOProtocol()), Self.client(running, protocol: SocketIOProtocol())
        )
        let (ana, bo) = (Rooms.Client(transport: first), Rooms.Client(transport: second))
        let heardByBo = Recorder<Rooms.ServerEvent>()
        let listening = Task { for await event in bo.events { heardByBo.append(event) } }
        defer { listening.cancel() }
        first.connect()
        second.connect()
        try await first.waitUntilConnected()
        try await second.waitUntilConnected()
        try await eventually("both connections are open") { server.openConnections.count == 2 }

        try await ana.roomJoin(roomId: "r1")
        try await bo.roomJoin(roomId: "r1")
        try await eventually("both joined") { server.members(of: "r1").count == 2 }
        try await ana.touchMove(roomId: "r1", x: 1.5, y: -2, elementId: "e9")
        try await eventually("the move is relayed to the other member") { heardByBo.values.count == 1 }
        #expect(heardByBo.values == [.touchMoved(.init(roomId: "r1", x: 1.5, y: -2, elementId: "e9"))])

        let element = try await ana.elementCreate(
            roomId: "r1", type: .note, positionX: 1, positionY: 2, width: 3, height: 4, content: "hello")
        #expect(element.id == "e-hello")
        #expect(element.createdAt == Date(timeIntervalSince1970: 1_795_507_200))

        let others: [Rooms.ClientEvent] = [
            .touchEnd(.init(roomId: "r1")),
            .elementUpdate(.init(roomId: "r1", elementId: "e1", positionX: 5, positionY: 6)),
            .elementDelete(.init(roomId: "r1", elementId: "e1")), .roomLeave(.init(roomId: "r1")),
        ]
        for event in others { try await ana.emit(event) }
        try await eventually("every client event arrives") { fromClients.values.count == 4 + others.count }
        #expect(fromClients.values.suffix(others.count).map(\.event) == others)
        // Bo is the connection that is not Ana's, who sent every `touch:move`.
        let anasConnection = try #require(
            fromClients.values.first { if case .touchMove = $0.event { true } else { false } }?.connection)
        let bosConnection = try #require(server.openConnections.first { $0 != anasConnection })

        let serverEvents: [Rooms.ServerEvent] = [
            .error("full"),
            .userJoined(
                .init(
                    userId: "u2",
                    user: .init(
                        id: "u2", auth0Id: "auth0|2", email: "bo@example.com", username: "bo", firstName: "Bo",
                        dateOfBirth: Date(timeIntervalSince1970: 0),
                        createdAt: Date(timeIntervalSince1970: 1_795_507_200)))), .userLeft(.init(userId: "u2")),
            .elementCreated(element),
        ]
        for event in serverEvents { try await server.emit(event, to: .connection(bosConnection)) }
        try await eventually("every server event arrives") { heardByBo.values.count == 1 + serverEvents.count }
        #expect(Array(heardByBo.values.dropFirst()) == serverEvents)

        // Several ping intervals: both clients answered every ping, so both are still connected.
        try await Task.sleep(for: .milliseconds(350))
        #expect(server.openConnections.count == 2)
        await first.disconnect()
        try await eventually("the server hears the first client leave") { server.openConnections.count == 1 }
        #expect(server.members(of: "r1").count == 1)
        await second.disconnect()
    }

    @Test func acknowledgementsBothWaysOverARealSocket() async throws {
        let transport = WebSocketServerTransport(protocol: SocketIOServerProtocol())
        let server = Acks.Server(transport: transport)
        server.respondToUpload { _, upload in Acks.Stored(fileId: "f-\(upload.name)", bytes: upload.size) }
        server.respondToSync { _, names in Acks.SyncResult(error: nil, count: names.count) }
        let running = try await Self.start(transport, at: "/socket.io")
        defer { running.run.cancel() }
        let connection = Self.client(running, protocol: SocketIOProtocol())
        let client = Acks.Client(transport: connection)
        client.respondToPing { ping in Acks.ClientState(busy: ping.at > 1, version: "9") }
        client.respondToPoke { false }
        connection.connect()
        try await connection.waitUntilConnected()
        try await eventually("the connection is open") { server.openConnections.count == 1 }
        let link = server.openConnections[0]

        #expect(try await client.upload(name: "a.png", size: 5) == Acks.Stored(fileId: "f-a.png", bytes: 5))
        #expect(try await client.sync(["x", "y", "z"]) == Acks.SyncResult(error: nil, count: 3))
        #expect(try await server.ping(at: 2, to: link) == Acks.ClientState(busy: true, version: "9"))
        #expect(try await server.poke(to: link) == false)
        await connection.disconnect()
        try await eventually("the server hears the client leave") { server.openConnections.isEmpty }
        await #expect(throws: RequestFailure.self) { try await server.poke(to: link) }
    }

    @Test func graphQLOverAPlainWebSocketServesASubscription() async throws {
        typealias GQL = GraphQLTransportWS
        let transport = WebSocketServerTransport()
        let server = GQL.Server(transport: transport)
        server.onConnectionInit { connection, _ in
            Task { try await server.emit(.connectionAck(.init()), to: .connection(connection)) }
        }
        server.onStartOperation { connection, start in
            Task {
                for count in 1...3 {
                    try await server.emit(
                        .next(.init(id: start.id, payload: .init(data: .number(JSONNumber(count))))),
                        to: .connection(connection))
                }
                try await server.emit(.complete(.init(id: start.id)), to: .connection(connection))
            }
        }
        let running = try await Self.start(transport, at: "/graphql")
        defer { running.run.cancel() }
        let connection = RealtimeConnection(
            url: URL(string: "ws://127.0.0.1:\(running.port)/graphql")!, backend: NIOWebSocketBackend(),
            protocol: PlainWebSocketProtocol(), options: ConnectionOptions(reconnect: Self.fast))
        let client = GQL.Client(transport: connection)
        let acknowledged = Recorder<Bool>()
        client.onConnectionAck { _ in acknowledged.append(true) }
        connection.connect()
        try await connection.waitUntilConnected()
        try await client.connectionInit(.init())
        try await eventually("the server acknowledges the connection") { acknowledged.values == [true] }
        var results: [JSONValue?] = []
        for try await next in try await client.startOperation(payload: .init(query: "subscription { count }")) {
            results.append(next.payload.data)
        }
        #expect(results == [.number(JSONNumber(1)), .number(JSONNumber(2)), .number(JSONNumber(3))])
        await connection.disconnect()
    }

    @Test func badBytesFromAClientReachTheFailureHandlerAndTheConnectionGoesOn() async throws {
        typealias GQL = GraphQLTransportWS
        let transport = WebSocketServerTransport()
        let server = GQL.Server(transport: transport)
        let failures = Recorder<String>()
        server.onIncomingFailure { _, failure in failures.append(failure.description) }
        let completes = Recorder<String?>()
        server.onComplete { _, complete in completes.append(complete.id) }
        let running = try await Self.start(transport, at: "/graphql")
        defer { running.run.cancel() }
        let socket = try await NIOWebSocketBackend().connect(
            to: WebSocketRequest(url: URL(string: "ws://127.0.0.1:\(running.port)/graphql")!))
        for text in [
            "{", #"{"type":"launch"}"#, #"{"type":"subscribe","id":"1","payload":{"query":7}}"#, "\u{0}\u{1}",
            #"{"type":"complete","id":"2"}"#,
        ] {
            try await socket.send(.text(text))
        }
        try await socket.send(.binary(Data([0xFF, 0xFE])))
        try await socket.send(.text(#"{"type":"complete","id":"3"}"#))
        try await eventually("the last good frame arrives") { completes.values == ["2", "3"] }
        #expect(failures.values.count == 5)
        await socket.close()
    }
}

/// The reference Socket.IO client (python-socketio's, Servers/socketio_client.py) against a generated Swift server on
/// Hummingbird: the server's Engine.IO handshake, pings, events and acknowledgements both ways as socket.io's own peers
/// speak them, over a WebSocket from the start, over HTTP long-polling alone, and as socket.io's clients connect by
/// default: long-polling first, then the upgrade to a WebSocket.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct ReferenceSocketIOClientTests {
    @Test func pythonSocketIOsClientTalksToTheGeneratedServerOverAWebSocket() async throws {
        try await exchange(client: "sync", transports: "websocket", endsOn: "websocket")
    }

    @Test func pythonSocketIOsDefaultAsyncClientConnectsByLongPollingAndUpgrades() async throws {
        try await exchange(client: "async", transports: "default", endsOn: "websocket")
    }

    @Test func pythonSocketIOsDefaultClientConnectsByLongPollingAndUpgrades() async throws {
        try await exchange(client: "sync", transports: "default", endsOn: "websocket")
    }

    @Test func pythonSocketIOsAsyncClientTalksToTheGeneratedServerOverLongPollingAlone() async throws {
        try await exchange(client: "async", transports: "polling", endsOn: "polling")
    }

    /// Runs the python client against a generated `Acks` server served both ways (WebSocket and long-polling, as the
    /// README's server sets it up) and checks every exchange, and the transport the client ended up on.
    func exchange(client kind: String, transports: String, endsOn expected: String) async throws {
        let transport = WebSocketServerTransport(
            protocol: SocketIOServerProtocol(pingInterval: .milliseconds(200), pingTimeout: .seconds(5)))
        let server = Acks.Server(transport: transport)
        let uploads = Recorder<Acks.Upload>()
        server.onUpload { _, upload in uploads.append(upload) }
        server.respondToUpload { _, upload in Acks.Stored(fileId: "f-\(upload.name)", bytes: upload.size) }
        server.respondToSync { _, names in
            Acks.SyncResult(error: names.contains("a") ? "no a" : nil, count: names.count)
        }
        let running = try await ReferenceSocketIOClientTests.start(transport, at: "/socket.io")
        defer { running.run.cancel() }
        let script = ServerProcess.servers.appending(path: "socketio_client.py").path
        let client = Task {
            try await runChildProcess(
                URL(filePath: "/usr/bin/env"),
                [
                    "python3", script, "--url", "http://127.0.0.1:\(running.port)",
                    "--client", kind, "--transports", transports,
                ])
        }

        try await eventually("the python client uploads") { uploads.values.count == 1 }
        #expect(uploads.values == [Acks.Upload(name: "py.txt", size: 3)])
        let connection = try #require(server.openConnections.first)
        // Two ping intervals: python's client answers the server's pings.
        try await Task.sleep(for: .milliseconds(450))
        #expect(
            try await server.ping(at: 5, to: connection) == Acks.ClientState(busy: true, version: "python-socketio"))
        #expect(try await server.poke(to: connection) == true)
        await server.close(connection)

        let result = try await client.value
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                #"{"transport": "\#(expected)"}"#, #"{"upload": {"bytes": 3, "fileId": "f-py.txt"}}"#,
                #"{"sync": ["no a", 2]}"#,
                #"{"ping": {"at": 5}}"#, "done",
            ], "\(result.standardError)")
    }

    @Test func pythonSocketIOsClientAndTheGeneratedServerSendEachOtherBytesOverAWebSocket() async throws {
        try await exchangeBytes(transports: "websocket")
    }

    @Test func pythonSocketIOsClientAndTheGeneratedServerSendEachOtherBytesOverLongPolling() async throws {
        try await exchangeBytes(transports: "polling")
    }

    /// Bytes both ways between python's client (Servers/files_client.py) and a generated `Files` server: binary
    /// events and acknowledgements from each side, every value arriving as `bytes` in Python and `Data` in Swift.
    func exchangeBytes(transports: String) async throws {
        let transport = WebSocketServerTransport(
            protocol: SocketIOServerProtocol(
                namespace: Files.namespace, pingInterval: .milliseconds(200), pingTimeout: .seconds(5)))
        let server = Files.Server(transport: transport)
        let uploads = Recorder<Files.Upload>()
        server.respondToFetch { _, fetch in Data([0x89]) + Data(fetch.name.utf8) }
        server.respondToUpload { _, upload in
            uploads.append(upload)
            return upload.body.count
        }
        let running = try await ReferenceSocketIOClientTests.start(transport, at: "/socket.io")
        defer { running.run.cancel() }
        let script = ServerProcess.servers.appending(path: "files_client.py").path
        let client = Task {
            try await runChildProcess(
                URL(filePath: "/usr/bin/env"),
                ["python3", script, "--url", "http://127.0.0.1:\(running.port)", "--transports", transports])
        }
        try await eventually("the python client uploads") { uploads.values.count == 1 }
        #expect(uploads.values == [Files.Upload(name: "u.bin", body: Data([0, 1, 254, 255]))])
        let connection = try #require(server.openConnections.first)
        try await server.emit(
            .file(Files.File(name: "f", thumb: Data([1, 2]), chunks: [Data("hi!".utf8), Data()])),
            to: .connection(connection))
        #expect(try await server.peek(name: "p", to: connection) == Data([0]) + Data("p".utf8))
        await server.close(connection)

        let result = try await client.value
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                #"{"transport": "\#(transports)"}"#, #"{"fetch": {"bytes": "89612e706e67"}}"#, #"{"upload": 4}"#,
                #"{"file": {"chunks": [{"bytes": "686921"}, {"bytes": ""}], "name": "f", "thumb": {"bytes": "0102"}}}"#,
                #"{"peek": {"name": "p"}}"#, "done",
            ], "\(result.standardError)")
    }

    @Test func aRefusedRequestIsAnsweredInEngineIOsShapeAndLoggedWithItsReason() async throws {
        let transport = WebSocketServerTransport(protocol: SocketIOServerProtocol())
        _ = Acks.Server(transport: transport)
        let logged = Recorder<String>()
        let running = try await ReferenceSocketIOClientTests.start(
            transport, at: "/socket.io",
            logger: Logger(label: "server") { _ in RecordingLogHandler(logged) })
        defer { running.run.cancel() }
        for (query, code, message, reason) in [
            ("EIO=3&transport=polling", 5, "Unsupported protocol version", "for Engine.IO version 3"),
            (
                "EIO=4&transport=polling&sid=gone", 1, "Session ID unknown",
                "for session gone, which this server does not have"
            ),
        ] {
            let url = URL(string: "http://127.0.0.1:\(running.port)/socket.io/?\(query)")!
            let (body, response) = try await URLSession.shared.data(from: url)
            #expect((response as? HTTPURLResponse)?.statusCode == 400)
            #expect(String(decoding: body, as: UTF8.self) == #"{"code":\#(code),"message":"\#(message)"}"#)
            #expect(
                logged.values.contains { $0.hasPrefix("warning refused: ") && $0.contains(reason) }, "\(logged.values)")
        }
    }

    /// A Hummingbird application serving `transport` at `path` over WebSockets and Engine.IO's long-polling.
    static func start(
        _ transport: WebSocketServerTransport, at path: RouterPath,
        logger: Logger = Logger(label: "schemagen-tests")
    ) async throws -> HummingbirdServerTests.RunningServer {
        let webSockets = Router(context: BasicWebSocketRequestContext.self)
        webSockets.realtime(path, transport: transport)
        let http = Router()
        http.realtimePolling(path, transport: transport)
        return try await HummingbirdServerTests.start(webSockets, http: http, logger: logger)
    }
}

/// Records each message logged at warning level or above as "<level> <message>".
struct RecordingLogHandler: LogHandler {
    let records: Recorder<String>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    init(_ records: Recorder<String>) {
        self.records = records
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        if event.level >= .warning { records.append("\(event.level) \(event.message)") }
    }
}
