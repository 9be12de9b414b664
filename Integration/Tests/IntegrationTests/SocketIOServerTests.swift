import Foundation
import SchemaGenNIOTransport
import SchemaGenRuntime
import SchemaGenTransport
import TestSupport
import Testing

/// Generated clients over the NIO WebSocket and the Socket.IO protocol, against a real python-socketio server
/// (Servers/socketio_server.py) on 127.0.0.1: namespaces, auth, acknowledgements both ways, drops, crashes, a frozen
/// server. The reconnection leak check that uses this server is in LeakTests.swift.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct SocketIOServerTests {
    static let fast = ReconnectPolicy(initialDelay: .milliseconds(20), maximumDelay: .milliseconds(200), jitter: 0.5)
    let log = FileManager.default.temporaryDirectory.appending(path: "schemagen-socketio-\(UUID().uuidString).log")

    func server(pingInterval: Double = 25, pingTimeout: Double = 20) async throws -> ServerProcess {
        try await ServerProcess(
            "socketio_server.py",
            ["--log", log.path, "--ping-interval", "\(pingInterval)", "--ping-timeout", "\(pingTimeout)"])
    }

    func rooms(_ server: ServerProcess, token: String = "good", reconnect: ReconnectPolicy = fast) -> RealtimeConnection
    {
        RealtimeConnection(
            url: server.url, backend: NIOWebSocketBackend(), protocol: SocketIOProtocol(namespace: "/rooms"),
            options: ConnectionOptions(
                reconnect: reconnect,
                credentials: {
                    ConnectionCredentials(headers: ["X-Client": "schemagen-tests"], auth: ["token": .string(token)])
                }))
    }

    @Test func exchangesTypedEventsAndAcknowledgementsInANamespaceWithAuth() async throws {
        let server = try await server()
        let connection = rooms(server)
        let client = Rooms.Client(transport: connection)
        let moves = Recorder<Rooms.TouchMoveData>()
        let token = client.onTouchMoved { moves.append($0) }
        connection.connect()
        try await connection.waitUntilConnected()

        try await client.touchMove(roomId: "r1", x: 1.5, y: -2, elementId: "e9")
        try await eventually("the echo") { moves.values.count == 1 }
        #expect(moves.values == [Rooms.TouchMoveData(roomId: "r1", x: 1.5, y: -2, elementId: "e9")])

        let element = try await client.elementCreate(
            roomId: "r1", type: .photo, positionX: 10, positionY: 20, width: 30, height: 40, content: "hello")
        #expect(element.id == "e-hello")
        #expect(element.type == .photo)
        #expect(element.createdAt == ISO8601DateFormatter().date(from: "2026-11-24T08:00:00Z"))
        token.cancel()
        await connection.disconnect()
    }

    @Test func wrongCredentialsAreRefusedWithTheServersMessageAndNotRetried() async throws {
        let server = try await server()
        let connection = rooms(server, token: "bad")
        connection.connect()
        await #expect(throws: ConnectionFailure.notConnected(.disconnected(reason: .rejected("Not authorized")))) {
            try await connection.waitUntilConnected()
        }
    }

    /// The wire-names contract's channel `ticker` is the namespace `/ticker-{SYMBOL}`: subscribing it connects that
    /// namespace beside `/` on the same WebSocket, with the same auth.
    @Test func aChannelIsANamespaceJoinedOnTheSameConnection() async throws {
        let server = try await server()
        let connection = RealtimeConnection(
            url: server.url, backend: NIOWebSocketBackend(), protocol: SocketIOProtocol(),
            options: ConnectionOptions(
                reconnect: Self.fast, credentials: { ConnectionCredentials(auth: ["token": "good"]) }))
        let client = WireNames.Client(transport: connection)
        let ticker = client.ticker(symbol: "BTC")
        let highs = Recorder<Double>()
        let token = ticker.on24h { highs.append($0.high) }
        connection.connect()
        try await connection.waitUntilConnected()
        try await ticker.subscribe()
        try await eventually("the namespace's first event") { highs.values == [1.5] }
        try await ticker.guildMemberAdd(member: .init(userId: "u1"))
        try await eventually("the answer on the namespace") { highs.values == [1.5, 2.5] }
        token.cancel()
        await connection.disconnect()
    }

    /// Issue 36: with a refused namespace `subscribe()` returned and sends to it vanished. python-socketio refuses
    /// `/ticker-BTC` to a client without the good token: subscribing throws the server's reason, and a send to the
    /// channel fails saying it is not joined; a namespace the server does not serve at all is refused too.
    @Test func aRefusedNamespaceThrowsTheServersReasonAndSendsToItFail() async throws {
        let server = try await server()
        let connection = RealtimeConnection(
            url: server.url, backend: NIOWebSocketBackend(), protocol: SocketIOProtocol(),
            options: ConnectionOptions(
                reconnect: Self.fast, credentials: { ConnectionCredentials(auth: ["token": "bad"]) }))
        let client = WireNames.Client(transport: connection)
        let ticker = client.ticker(symbol: "BTC")
        connection.connect()
        try await connection.waitUntilConnected()
        await #expect(throws: ConnectionFailure.channelRefused(channel: "/ticker-BTC", reason: "Not authorized")) {
            try await ticker.subscribe()
        }
        await #expect(throws: ConnectionFailure.notJoined(channel: "/ticker-BTC", refusal: "Not authorized")) {
            try await ticker.guildMemberAdd(member: .init(userId: "u1"))
        }
        let unserved = client.ticker(symbol: "ETH")
        let refusal = await #expect(throws: ConnectionFailure.self) { try await unserved.subscribe() }
        #expect(
            refusal?.description.hasPrefix("the server refused to join /ticker-ETH: ") == true,
            "\(String(describing: refusal))")
        #expect(connection.state == .connected)
        await connection.disconnect()
    }

    @Test func acknowledgementsGoBothWays() async throws {
        let server = try await server()
        let connection = RealtimeConnection(
            url: server.url, backend: NIOWebSocketBackend(), protocol: SocketIOProtocol(),
            options: ConnectionOptions(reconnect: Self.fast))
        let client = Acks.Client(transport: connection)
        client.respondToPing { ping in Acks.ClientState(busy: ping.at == 42, version: "1.0") }
        client.respondToPoke { true }
        connection.connect()
        try await connection.waitUntilConnected()

        #expect(try await client.upload(name: "a.txt", size: 12) == Acks.Stored(fileId: "f-a.txt", bytes: 12))
        #expect(try await client.sync(["x", "y", "z"]) == Acks.SyncResult(error: nil, count: 3))
        // The server asks the app twice before it acknowledges, and acknowledges with the app's answers.
        let asked = try await client.upload(name: "ask", size: 1)
        #expect(asked.fileId == #"[{"busy": true, "version": "1.0"}, true]"#)
        await connection.disconnect()
    }

    /// A generated `Files` client connected to the python server's `/files` namespace, with the `file` events it hears;
    /// `body` runs on it, and then no frame may have failed.
    func withFilesClient(
        answeringPeek answer: (@Sendable (Files.Peek) async -> Data)? = nil,
        _ body: (Files.Client, Recorder<Files.File>) async throws -> Void
    ) async throws {
        let server = try await server()
        let connection = RealtimeConnection(
            url: server.url, backend: NIOWebSocketBackend(), protocol: SocketIOProtocol(namespace: Files.namespace),
            options: ConnectionOptions(reconnect: Self.fast))
        let client = Files.Client(transport: connection)
        let files = Recorder<Files.File>()
        let failures = Recorder<String>()
        var tokens = [client.onFile { files.append($0) }, client.onIncomingFailure { failures.append("\($0)") }]
        if let answer { tokens.append(client.respondToPeek(answer)) }
        connection.connect()
        try await connection.waitUntilConnected()
        try await body(client, files)
        #expect(failures.values.isEmpty)
        tokens.forEach { $0.cancel() }
        await connection.disconnect()
    }

    /// Python `bytes` from python-socketio arrive as binary attachments (a `451-` event, a `461-` acknowledgement and
    /// their binary messages), and the generated client reads them into `Bytes` fields as `Data`.
    @Test func bytesArriveAsBinaryAttachmentsAndDecodeAsData() async throws {
        try await withFilesClient { client, files in
            #expect(try await client.fetch(name: "a.png") == Data([0x89]) + Data("PNG".utf8))
            try await eventually("the file") { files.values.count == 1 }
            #expect(
                files.values == [
                    Files.File(name: "a.png", thumb: Data([0, 1, 254, 255]), chunks: [Data("hi!".utf8), Data()])
                ])
        }
    }

    /// The other way: `Bytes` the app sends go as binary attachments (a `451-` event, and a `461-` acknowledgement of
    /// the server's `peek`), and python-socketio reads them as Python `bytes`; it sends them back in a `file`.
    @Test func bytesTheAppSendsArriveAsPythonBytes() async throws {
        try await withFilesClient(answeringPeek: { peek in Data("peek:\(peek.name)".utf8) + Data([0, 255]) }) {
            client, files in
            let body = Data([0, 1, 2, 255]) + Data(repeating: 7, count: 1000)
            #expect(try await client.upload(name: "u.bin", body: body) == body.count)
            try await eventually("the file") { files.values.count == 1 }
            #expect(
                files.values == [
                    Files.File(name: "u.bin", thumb: Data("peek:u.bin".utf8) + Data([0, 255]), chunks: [body])
                ])
        }
    }

    @Test func aDropMidStreamLosesNothingThatArrivedAndReconnects() async throws {
        let server = try await server()
        let connection = rooms(server)
        let client = Rooms.Client(transport: connection)
        let left = Recorder<String>()
        let token = client.onUserLeft { left.append($0.userId) }
        let states = Recorder<ConnectionState>()
        let stream = connection.states
        let watcher = Task { for await state in stream { states.append(state) } }
        connection.connect()
        try await connection.waitUntilConnected()
        try await client.roomJoin(roomId: "stream:200")
        try await eventually("reconnected after the drop") { states.values.filter { $0 == .connected }.count == 2 }
        #expect(left.values == (0..<200).map(String.init))
        #expect(states.values.contains { if case .reconnecting(attempt: 1, _) = $0 { true } else { false } })
        watcher.cancel()
        token.cancel()
        await connection.disconnect()
    }

    /// The server is killed (SIGKILL) and started again while the client sends acknowledged events; a call whose
    /// acknowledgement the drop lost is sent again by the app, as the failure tells it to.
    @Test func aCrashedAndRestartedServerGetsEveryAcknowledgedEventAndNoneTwiceUnasked() async throws {
        let server = try await server()
        let connection = rooms(server)
        let client = Rooms.Client(transport: connection)
        connection.connect()
        try await connection.waitUntilConnected()
        var sends: [String: Int] = [:]
        var acknowledged: Set<String> = []
        for index in 0..<300 {
            let content = "m\(index)"
            if index == 100 {
                server.kill()
                Task {
                    try await Task.sleep(for: .milliseconds(300))
                    try await server.start()
                }
            }
            while !acknowledged.contains(content) {
                sends[content, default: 0] += 1
                do {
                    let element = try await client.elementCreate(
                        roomId: "r", type: .note, positionX: 0, positionY: 0, width: 1, height: 1,
                        content: content, timeout: .seconds(10))
                    #expect(element.content == content)
                    acknowledged.insert(content)
                } catch let failure as RequestFailure {
                    guard case .connectionLost = failure else { throw failure }
                } catch let failure as ConnectionFailure {
                    switch failure {
                    case .notConnected, .sendFailed: continue
                    default: throw failure
                    }
                }
            }
        }
        let received = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        let counts = Dictionary(received.map { ($0, 1) }, uniquingKeysWith: +)
        #expect(acknowledged.count == 300)
        for content in acknowledged {
            let times = counts[content] ?? 0
            #expect(times >= 1, "\(content) was acknowledged but the server never logged it")
            #expect(
                times <= sends[content]!, "\(content) reached the server \(times) times but was sent \(sends[content]!)"
            )
        }
        #expect(sends.values.contains { $0 > 1 } || counts.count == 300)
        await connection.disconnect()
    }

    @Test func aServerThatStopsPingingIsLeftWithinItsPingIntervalAndTimeout() async throws {
        let server = try await server(pingInterval: 0.3, pingTimeout: 0.3)
        let connection = rooms(server)
        connection.connect()
        try await connection.waitUntilConnected()
        try await Task.sleep(for: .milliseconds(400))
        server.pause()
        let frozen = ContinuousClock.now
        try await eventually("the silence noticed", within: .seconds(5)) {
            if case .reconnecting = connection.state { true } else { false }
        }
        let noticedAfter = ContinuousClock.now - frozen
        // At most interval + timeout after the last ping, which came at most one interval before the freeze.
        #expect(noticedAfter <= .milliseconds(900 + 300))
        server.resume()
        try await eventually("connected again") { connection.state == .connected }
        await connection.disconnect()
    }

    /// A server frozen before the app connects (the kernel still accepts the TCP connection; nothing answers the
    /// upgrade): each attempt ends at the handshake timeout, saying so, and the connection gives up after the policy's
    /// attempts. Before, swift-websocket's wait for the upgrade answer ignored cancellation, and `connect` hung until
    /// the server closed the socket: the timeout never fired and the app saw `connecting` forever.
    @Test func aServerThatNeverAnswersTheUpgradeFailsEachAttemptAtTheHandshakeTimeout() async throws {
        let server = try await server()
        server.pause()
        defer { server.resume() }
        let connection = RealtimeConnection(
            url: server.url, backend: NIOWebSocketBackend(), protocol: SocketIOProtocol(namespace: "/rooms"),
            options: ConnectionOptions(
                reconnect: ReconnectPolicy(initialDelay: .milliseconds(10), jitter: 0, maximumAttempts: 1),
                handshakeTimeout: .milliseconds(500)))
        let started = ContinuousClock.now
        connection.connect()
        await #expect(throws: ConnectionFailure.self) { try await connection.waitUntilConnected() }
        // Two attempts of half a second, and the wait between them.
        #expect(ContinuousClock.now - started < .seconds(5))
        guard case .disconnected(.failed(let reason)) = connection.state else {
            Issue.record("expected the connection to give up, saying why: \(connection.state)")
            return
        }
        #expect(reason.contains("was not open after 0.5 seconds"), "\(reason)")
        await connection.disconnect()
    }
}
