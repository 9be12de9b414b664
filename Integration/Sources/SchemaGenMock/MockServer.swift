import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import SchemaGenHummingbird
import SchemaGenRuntime
import SchemaGenTransport

/// The contract's ``ContractMockServer`` on Hummingbird: a WebSocket server transport speaking the contract's
/// protocol, with Engine.IO long-polling beside it for Socket.IO, printing every log entry as a line.
struct MockServer {
    let contract: Contract
    let connectionProtocol: MockProtocol
    let scenario: Scenario?
    let host: String
    let port: Int
    let path: String
    let strict: Bool
    let transport: WebSocketServerTransport

    init(
        contract: Contract, protocol connectionProtocol: MockProtocol, scenario: Scenario?, host: String, port: Int,
        path: String?, strict: Bool, textBroadcasts: Bool = false
    ) throws {
        self.contract = contract
        self.connectionProtocol = connectionProtocol
        self.scenario = scenario
        self.host = host
        self.port = port
        self.strict = strict
        let defaultPath =
            switch connectionProtocol {
            case .socketIO: "/socket.io"
            case .pusher: "/app/:key"
            case .phoenix: "/realtime/v1/websocket"
            case .webSocket: "/"
            }
        let path = path ?? defaultPath
        guard path.hasPrefix("/") else { throw usage("--path must start with '/': '\(path)'") }
        self.path = path
        let served: any ServerProtocol =
            switch connectionProtocol {
            case .socketIO: SocketIOServerProtocol(namespace: contract.rootNamespace)
            case .pusher: PusherServerProtocol()
            case .phoenix:
                PhoenixServerProtocol(
                    contractLayer: contract.framing.isArrayWithChannel
                        ? .frames : .broadcasts(topicPrefix: "realtime:"),
                    broadcastEncoding: textBroadcasts ? .text : .binary)
            case .webSocket: PlainWebSocketServerProtocol()
            }
        transport = WebSocketServerTransport(protocol: served)
    }

    /// Serves until SIGINT or SIGTERM; returns how many frames the contract did not allow.
    func run() async throws -> Int {
        let strict = strict
        let mock = ContractMockServer(contract: contract, transport: transport, scenario: scenario) { entry in
            let line = entry.text() + "\n"
            FileHandle.standardOutput.write(Data(line.utf8))
            guard entry.isViolation else { return }
            FileHandle.standardError.write(Data(("schemagen-mock: " + line).utf8))
            if strict {
                FileHandle.standardError.write(
                    Data("schemagen-mock: stopped at the first refused frame (--strict)\n".utf8))
                exit(1)
            }
        }
        var logger = Logger(label: "schemagen-mock")
        logger.logLevel = .warning
        let webSockets = Router(context: BasicWebSocketRequestContext.self)
        webSockets.realtime(RouterPath(path), transport: transport)
        let http = Router()
        if contract.framing == .socketIO { http.realtimePolling(RouterPath(path), transport: transport) }
        let framing =
            switch connectionProtocol {
            case .socketIO: "Socket.IO, namespace \(contract.rootNamespace)"
            case .pusher: "Pusher Channels, any app key"
            case .phoenix:
                contract.framing.isArrayWithChannel
                    ? "Phoenix Channels v2" : "Supabase broadcasts on Phoenix Channels v2, topics realtime:<channel>"
            case .webSocket: "WebSocket"
            }
        let url = "\(connectionProtocol == .socketIO ? "http" : "ws")://\(host):\(port)\(path)"
        let announcement =
            "schemagen-mock: \(contract.name) (\(framing)) at \(url)"
            + (scenario.map { ", playing scenario `\($0.name)` on each connection" } ?? "")
        let app = Application(
            router: http, server: .http1WebSocketUpgrade(webSocketRouter: webSockets),
            configuration: .init(address: .hostname(host, port: port)),
            onServerRunning: { _ in
                FileHandle.standardOutput.write(Data("\(announcement)\nready\n".utf8))
            }, logger: logger)
        try await app.runService()
        return mock.violations
    }
}
