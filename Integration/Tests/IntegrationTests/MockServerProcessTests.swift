import Foundation
@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import SchemaGenNIOTransport
import SchemaGenRuntime
import SchemaGenTransport
import TestSupport
import Testing

/// `schemagen-mock` as a UI test, a web front end or an Android build meets it: the built executable on a port of its
/// own, and the reference clients of its protocols (python-socketio's `AsyncClient`, over long-polling and its
/// upgrade and over a WebSocket; the `websockets` library) talking to it. The scenario's events arrive in order,
/// requests get their examples with their correlation values, a frame the contract does not allow is printed REFUSED
/// with its reason and makes the exit status 1; every contract in `schemas/` gets a mock that starts.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct MockServerProcessTests {

    /// The `schemagen-mock` built beside this test bundle (`swift build --build-tests` builds every product).
    static var executable: URL {
        URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "schemagen-mock")
    }

    static func mock(_ contract: String, _ arguments: [String] = []) async throws -> ServerProcess {
        let path = executable.path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ServerFailure("no schemagen-mock at \(path): build it first (swift build --build-tests)")
        }
        return try await ServerProcess(
            command: [path, RepositoryContracts.path(contract)], named: "schemagen-mock \(contract)", arguments)
    }

    static func client(_ script: String, _ arguments: [String]) async throws -> ChildProcessResult {
        try await runChildProcess(
            URL(filePath: "/usr/bin/env"), ["python3", ServerProcess.servers.appending(path: script).path] + arguments)
    }

    static func lines(_ output: String) -> [[String: JSONValue]] {
        output.split(separator: "\n").compactMap { line in
            guard case .object(let object)? = try? JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
            else { return nil }
            return object
        }
    }

    @Test(arguments: ["default", "websocket"])
    func pythonSocketIOsAsyncClientHearsTheScenarioAndGetsItsAcknowledgement(transports: String) async throws {
        let mock = try await Self.mock("rooms.yaml", ["--scenario", "someone_joins"])
        let run = try await Self.client(
            "mock_socketio_client.py", ["--url", "http://127.0.0.1:\(mock.port)", "--transports", transports])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = Self.lines(run.standardOutput)
        // The scenario's sends, in order, with the payloads the contract and the scenario give.
        #expect(lines.compactMap { $0["event"]?.stringValue } == ["user:joined", "touch:moved", "error"])
        #expect(
            lines.first { $0["event"] == "touch:moved" }?["data"]
                == .array([.object(["roomId": "r1", "x": 0.5, "y": 0.25])]))
        #expect(lines.first { $0["event"] == "error" }?["data"] == .array(["Room is full"]))
        // The acknowledgement: an `Element`, the ack's type, made from the contract's types.
        guard case .object(let element)? = lines.first(where: { $0["ack"] != nil })?["ack"] else {
            Issue.record("no acknowledgement in \(run.standardOutput)")
            return
        }
        #expect(element["type"] == "note" && element["id"] != nil && element["createdAt"] != nil)
        #expect(lines.first { $0["transport"] != nil }?["transport"] == "websocket")
        try await eventually("the mock logs the disconnect") { mock.output.contains("#1 disconnected") }
        let log = mock.output
        #expect(log.contains("#1 app → `room:join`: ok: [\"room:join\",{\"roomId\":\"r1\"}]"))
        #expect(log.contains("#1 app → `element:create` (asks for acknowledgement 1): ok: "))
        #expect(
            log.contains(
                "#1 app → a frame: REFUSED: the contract does not allow it: [\"room:jion\",{\"roomId\":\"r1\"}]"))
        #expect(log.contains("    mismatch at $: event \"room:jion\" is not in the contract"))
        // The refused frame makes the exit status 1.
        #expect(mock.interrupt() == 1)
    }

    @Test func aWebSocketClientGetsTheHandshakeAndASubscriptionsItemsAndEndWithItsID() async throws {
        let mock = try await Self.mock("graphql-transport-ws.yaml", ["--scenario", "handshake"])
        let run = try await Self.client(
            "mock_websocket_client.py",
            [
                "--url", "ws://127.0.0.1:\(mock.port)/", "--expect", "3",
                "--send", #"{"type":"connection_init"}"#,
                "--send", #"{"id":"op-7","type":"subscribe","payload":{"query":"subscription { greetings }"}}"#,
            ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            Self.lines(run.standardOutput).compactMap { $0["received"]?.stringValue } == [
                #"{"type":"connection_ack"}"#,
                #"{"type":"next","id":"op-7","payload":{"data":{"greetings":"Hi"}}}"#,
                #"{"type":"complete","id":"op-7"}"#,
            ])
        #expect(mock.interrupt() == 0, "\(mock.output)")
    }

    @Test func aScenarioFileBesideTheContractIsPlayed() async throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "scenarios-\(UUID().uuidString).yaml")
        try """
        scenarios:
          refuse:
            description: The server accepts the connection, then ends the operation at once.
            steps:
              - after: connection_init
              - send: connection_ack
              - send: complete

        """.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let mock = try await Self.mock("graphql-transport-ws.yaml", ["--scenario", file.path])
        let run = try await Self.client(
            "mock_websocket_client.py",
            ["--url", "ws://127.0.0.1:\(mock.port)/", "--expect", "2", "--send", #"{"type":"connection_init"}"#])
        #expect(
            Self.lines(run.standardOutput).compactMap { $0["received"]?.stringValue } == [
                #"{"type":"connection_ack"}"#, #"{"type":"complete","id":"1"}"#,
            ])
        #expect(mock.output.contains("playing scenario `refuse` on each connection"))
        #expect(mock.interrupt() == 0)
    }

    /// A Pusher app connects to `schemagen-mock --protocol pusher` unchanged: the driver app's generated client on
    /// `PusherProtocol` over the NIO backend, at `/app/<its key>`. The mock establishes the connection, confirms each
    /// subscription (so `subscribe()` returns), and plays driver.yaml's `job_assigned_then_removed` on the channels it
    /// names, which the typed listeners hear in order.
    @Test func aPusherAppConnectsUnchangedAndHearsTheScenarioOnItsChannels() async throws {
        let mock = try await Self.mock(
            "driver.yaml", ["--protocol", "pusher", "--scenario", "job_assigned_then_removed"])
        let connection = RealtimeConnection(
            url: mock.url, backend: NIOWebSocketBackend(), protocol: PusherProtocol(appKey: "local-key"),
            options: ConnectionOptions(reconnect: .never))
        let client = DriverApp.Client(transport: connection)
        let driver = client.driver(driverId: "42")
        let heard = Recorder<String>()
        let tokens = [
            driver.onJobAssigned { heard.append("assigned \($0.bookingReference)") },
            driver.onJobRemoved { heard.append("removed \($0.message)") },
            client.drivers().onJobAvailableAgain { heard.append("available \($0.message)") },
        ]
        connection.connect()
        try await connection.waitUntilConnected()
        try await driver.subscribe()
        try await client.drivers().subscribe()
        try await eventually("the scenario's events heard") { heard.values.count >= 3 }
        #expect(
            heard.values == [
                "assigned SV-1001", "removed You have been removed from this job",
                "available This job is now available",
            ])
        tokens.forEach { $0.cancel() }
        await connection.disconnect()
        #expect(mock.output.contains("(Pusher Channels, any app key) at ws://127.0.0.1:\(mock.port)/app/:key"))
        #expect(mock.output.contains("joined channel driver-42"), "\(mock.output)")
        #expect(mock.interrupt() == 0, "\(mock.output)")
    }

    /// A Supabase app connects to `schemagen-mock --protocol phoenix` unchanged: the order-status client (a contract of
    /// broadcasts) on `PhoenixProtocol` over the NIO backend joins `realtime:order:o1`, the mock answers the join and
    /// plays a scenario file's sends on the channel as binary user broadcasts, and the typed listeners hear them.
    @Test func aSupabaseAppHearsTheMocksBinaryBroadcastsOnItsChannel() async throws {
        let scenarios = FileManager.default.temporaryDirectory.appending(
            path: "schemagen-progress-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: scenarios) }
        try Data(
            """
            scenarios:
              progress:
                steps:
                  - wait: 0.2
                  - send: upload_started
                    channel: "order:o1"
                  - send: processing_failed
                    channel: "order:o1"

            """.utf8
        ).write(to: scenarios)
        let mock = try await Self.mock("order-status.yaml", ["--protocol", "phoenix", "--scenario", scenarios.path])
        let connection = RealtimeConnection(
            url: mock.url, backend: NIOWebSocketBackend(),
            protocol: PhoenixProtocol(
                path: "/realtime/v1/websocket", contractLayer: .broadcasts(topicPrefix: "realtime:")),
            options: ConnectionOptions(reconnect: .never))
        let client = OrderStatus.Client(transport: connection)
        let order = client.order(orderId: "o1")
        let heard = Recorder<String>()
        let failures = Recorder<String>()
        let tokens = [
            order.onUploadStarted { heard.append("started \($0.fileCount)") },
            order.onProcessingFailed { heard.append("failed \($0.error)") },
            client.onIncomingFailure { failures.append("\($0)") },
        ]
        connection.connect()
        try await connection.waitUntilConnected()
        try await order.subscribe()
        try await eventually("the scenario's broadcasts heard") { heard.values.count >= 2 }
        #expect(heard.values.count == 2 && heard.values[0].hasPrefix("started") && heard.values[1].hasPrefix("failed"))
        #expect(failures.values.isEmpty)
        tokens.forEach { $0.cancel() }
        await connection.disconnect()
        #expect(
            mock.output.contains(
                "(Supabase broadcasts on Phoenix Channels v2, topics realtime:<channel>) at ws://127.0.0.1:\(mock.port)/realtime/v1/websocket"
            ), "\(mock.output)")
        #expect(mock.interrupt() == 0, "\(mock.output)")
    }

    /// A Phoenix app connects to the plain WebSocket mock of a contract that declares Phoenix's own requests
    /// (supabase-realtime.yaml's `phx_join` and `heartbeat`, each answered by a `phx_reply` with the request's `ref`):
    /// the generated Supabase client on `PhoenixProtocol` joins a channel, the mock's reply (an `ok`, the first member of
    /// the contract's reply union) confirms the join, and nothing the client sends is refused.
    @Test func aPhoenixAppsJoinIsAnsweredByTheContractsReply() async throws {
        let mock = try await Self.mock("supabase-realtime.yaml")
        let phoenix = PhoenixProtocol(heartbeatInterval: .milliseconds(200)) { _, _ in
            ["config": ["broadcast": ["ack": false, "self": true], "presence": ["enabled": false], "private": false]]
        }
        let connection = RealtimeConnection(
            url: mock.url, backend: NIOWebSocketBackend(), protocol: phoenix,
            options: ConnectionOptions(reconnect: .never))
        let room = SupabaseRealtime.Client(transport: connection).realtime(name: "chat-room")
        connection.connect()
        try await connection.waitUntilConnected()
        try await room.subscribe()
        // Heartbeats go unanswered only at the cost of the connection: after several intervals it is still open.
        try await Task.sleep(for: .milliseconds(700))
        #expect(connection.state == .connected, "\(mock.output)")
        await connection.disconnect()
        #expect(mock.output.contains("`phx_join`"), "\(mock.output)")
        #expect(mock.interrupt() == 0, "\(mock.output)")
    }

    @Test func aSocketIOContractIsServedAsSocketIOOnly() async throws {
        let run = try await runChildProcess(
            Self.executable, [RepositoryContracts.path("rooms.yaml"), "--protocol", "pusher"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("served as Socket.IO only; leave out --protocol pusher"))
    }

    @Test func anUnknownScenarioIsAUsageErrorThatNamesTheContractsScenarios() async throws {
        let run = try await runChildProcess(
            Self.executable, [RepositoryContracts.path("rooms.yaml"), "--scenario", "nobody_joins"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("no scenario 'nobody_joins' in "))
        #expect(run.standardError.contains("its scenarios: someone_joins"))
    }

    @Test func aWebSocketClientsRequestIsAnsweredWithTheExampleAndItsOwnID() async throws {
        let mock = try await Self.mock("ethereum-pubsub.yaml")
        let run = try await Self.client(
            "mock_websocket_client.py",
            [
                "--url", "ws://127.0.0.1:\(mock.port)/", "--expect", "2",
                "--send", #"{"jsonrpc":"2.0","id":41,"method":"eth_subscribe","params":["newHeads"]}"#,
            ])
        #expect(run.status == 0, "\(run.standardError)")
        let received = Self.lines(run.standardOutput).compactMap { $0["received"]?.stringValue }
        #expect(received.first == #"{"jsonrpc":"2.0","id":41,"result":"0x9cef478923ff08bf67fde6c64013158d"}"#)
        #expect(received.last?.contains(#""subscription":"0x9cef478923ff08bf67fde6c64013158d""#) == true)
        #expect(mock.interrupt() == 0, "\(mock.output)")
    }

    /// A message of 64 KiB, over hummingbird-websocket's own 16 KiB frame default, is taken and answered: the mock
    /// takes what the generated server's limits take (1 MiB); before, it reset the connection and logged "the client
    /// closed the WebSocket" (issue 54).
    @Test func aMessageOverSixteenKiBIsTakenAndAnswered() async throws {
        let mock = try await Self.mock("ethereum-pubsub.yaml")
        let padding = String(repeating: "x", count: 64 << 10)
        let run = try await Self.client(
            "mock_websocket_client.py",
            [
                "--url", "ws://127.0.0.1:\(mock.port)/", "--expect", "1",
                "--send",
                #"{"jsonrpc":"2.0","id":41,"method":"eth_subscribe","params":["newHeads"],"pad":""#
                    + padding + #""}"#,
            ])
        #expect(run.status == 0, "\(run.standardError)")
        let received = Self.lines(run.standardOutput).compactMap { $0["received"]?.stringValue }
        #expect(received.first == #"{"jsonrpc":"2.0","id":41,"result":"0x9cef478923ff08bf67fde6c64013158d"}"#)
        #expect(mock.interrupt() == 0, "\(mock.output)")
    }

    /// A WebSocket asked for at a path the mock does not serve is refused (hummingbird-websocket answers 400), and the
    /// mock says so with the path and the one it serves (before, it printed nothing).
    @Test func anUpgradeAtAPathTheMockDoesNotServeIsPrintedWithItsStatus() async throws {
        let mock = try await Self.mock("ethereum-pubsub.yaml")
        let run = try await Self.client(
            "mock_websocket_client.py", ["--url", "ws://127.0.0.1:\(mock.port)/wrong?x=1", "--expect", "1"])
        #expect(run.status != 0)
        #expect(run.standardError.contains("400"), "\(run.standardError)")
        try await eventually("the mock prints the refusal") { mock.output.contains("REFUSED GET /wrong") }
        #expect(
            mock.output.contains(
                "REFUSED GET /wrong?x=1 (a websocket upgrade): HTTP 400: nothing is served there; the mock serves /"),
            "\(mock.output)")
        #expect(mock.interrupt() == 0)
    }

    /// Why a connection to `url` over the NIO backend, reconnection off, ended: its `failed` reason.
    static func failure(connecting url: String) async throws -> String? {
        let connection = RealtimeConnection(
            url: try #require(URL(string: url)), backend: NIOWebSocketBackend(), protocol: PlainWebSocketProtocol(),
            options: ConnectionOptions(reconnect: .never))
        connection.connect()
        await #expect(throws: (any Error).self) { try await connection.waitUntilConnected() }
        guard case .disconnected(.failed(let reason)) = connection.state else {
            Issue.record("state: \(connection.state)")
            return nil
        }
        return reason
    }

    /// The app learns why its upgrade was refused: the HTTP status and the start of the body reach the connection's
    /// state (before, only "WebSocket upgrade failed").
    @Test func theAppsStateSaysWhyItsUpgradeWasRefused() async throws {
        let mock = try await Self.mock("ethereum-pubsub.yaml")
        guard let reason = try await Self.failure(connecting: "ws://127.0.0.1:\(mock.port)/wrong") else { return }
        #expect(reason.contains("the server refused the WebSocket upgrade: HTTP 400 Bad Request"), "\(reason)")
        #expect(mock.interrupt() == 0)
    }

    /// A gateway's refusal with a body: the status and the start of the body reach the app's state, the body's
    /// control character escaped.
    @Test func aRefusalsStatusAndBodyReachTheAppsState() async throws {
        let server = try await ServerProcess("refusing_server.py")
        guard let reason = try await Self.failure(connecting: "ws://127.0.0.1:\(server.port)/socket") else { return }
        #expect(
            reason.contains(
                #"the server refused the WebSocket upgrade: HTTP 401 Unauthorized: {"error":"invalid token","hint":"renew it\u{1B}[31m"}"#
            ), "\(reason)")
        server.kill()
    }

    /// A flood is printed at --log-rate entries a second, and a line counts the entries not printed: a minute's flood
    /// printed 273 MB before.
    @Test func aFloodIsPrintedAtTheLogRateWithTheRestCounted() async throws {
        let mock = try await Self.mock("ethereum-pubsub.yaml", ["--log-rate", "20"])
        let run = try await Self.client(
            "mock_websocket_client.py",
            [
                "--url", "ws://127.0.0.1:\(mock.port)/", "--expect", "0", "--repeat", "2000",
                "--send", #"{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"0x1","result":{}}}"#,
            ])
        #expect(run.status == 0, "\(run.standardError)")
        try await eventually("the mock sees the client go") { mock.output.contains("log entries not printed") }
        let status = mock.interrupt()
        let entries = mock.output.split(separator: "\n").filter { $0.hasPrefix("#1 ") }
        #expect(entries.count < 1_000, "\(entries.count) entries printed")
        #expect(mock.output.contains("log entries not printed (over 20 a second, --log-rate)"))
        #expect(status == 1, "the flooded frames go the wrong way, so they are refused: \(mock.output.suffix(2_000))")
    }

    /// Every contract in schemas/ gets a mock that starts, and (over a plain WebSocket) answers each request it
    /// declares; the answers to Socket.IO's acknowledgements are the python-socketio test's above.
    @Test func everyContractInSchemasGetsAMockThatStartsAndAnswersItsRequests() async throws {
        let files = RepositoryContracts.files
        #expect(files.count == 12)
        for file in files {
            let contract = try #require(ContractLoader().load(path: RepositoryContracts.path(file)).contract)
            let mock = try await Self.mock(file)
            defer { _ = mock.interrupt() }
            guard contract.framing != .socketIO else { continue }
            let interpreter = FrameInterpreter(contract: contract)
            for (channel, event) in contract.allEvents
            where event.direction.isEmittedByClient && (event.reply != nil || event.subscription != nil) {
                let request = String(
                    decoding: FrameSynthesizer(contract: contract).frame(of: event, in: channel), as: UTF8.self)
                let expected = [event.reply?.event, event.subscription?.event].compactMap { $0 }
                let run = try await Self.client(
                    "mock_websocket_client.py",
                    ["--url", "ws://127.0.0.1:\(mock.port)/", "--expect", "\(expected.count)", "--send", request])
                #expect(run.status == 0, "\(file) \(event.wireName): \(run.standardError)\n\(mock.output)")
                let answers = Self.lines(run.standardOutput).compactMap { $0["received"]?.stringValue }.map {
                    interpreter.read(Data($0.utf8), sentBy: .serverToClient)
                }
                #expect(answers.allSatisfy { $0.findings.isEmpty }, "\(file) \(event.wireName): \(answers)")
                #expect(answers.compactMap(\.event?.wireName) == expected, "\(file) \(event.wireName)")
            }
            #expect(!mock.output.contains("REFUSED"), "\(mock.output)")
        }
    }
}

extension JSONValue {
    fileprivate var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }
}
