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
    let output: OutputBudget

    init(
        contract: Contract, protocol connectionProtocol: MockProtocol, scenario: Scenario?, host: String, port: Int,
        path: String?, strict: Bool, textBroadcasts: Bool = false, limits: ServerLimits = .standard,
        output: OutputBudget
    ) throws {
        self.output = output
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
        transport = WebSocketServerTransport(protocol: served, limits: limits)
    }

    /// Serves until SIGINT or SIGTERM; returns how many frames the contract did not allow.
    func run() async throws -> Int {
        let strict = strict
        let output = output
        let mock = ContractMockServer(contract: contract, transport: transport, scenario: scenario) { entry in
            output.print(entry.text(), isRefusal: entry.isViolation)
            guard entry.isViolation, strict else { return }
            output.flush()
            FileHandle.standardError.write(Data("schemagen-mock: stopped at the first refused frame (--strict)\n".utf8))
            exit(1)
        }
        var logger = Logger(label: "schemagen-mock")
        logger.logLevel = .warning
        let webSockets = Router(context: BasicWebSocketRequestContext.self)
        // hummingbird-websocket answers every upgrade its router refuses with an empty 400.
        webSockets.add(middleware: RefusedRequestLog(output: output, served: path, answeredAs: 400))
        webSockets.realtime(RouterPath(path), transport: transport)
        let http = Router()
        // Before any route, so every refused request passes it (the router's not-found answer included).
        http.add(middleware: RefusedRequestLog(output: output, served: path))
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
            router: http,
            server: .http1WebSocketUpgrade(webSocketRouter: webSockets, configuration: .realtime(transport)),
            configuration: .init(address: .hostname(host, port: port)),
            onServerRunning: { _ in
                FileHandle.standardOutput.write(Data("\(announcement)\nready\n".utf8))
            }, logger: logger)
        let ticks = Task {
            while !Task.isCancelled {
                try await Task.sleep(for: .seconds(1))
                output.tick()
            }
        }
        defer { ticks.cancel() }
        try await app.runService()
        output.flush()
        return mock.violations
    }
}

/// Prints every HTTP request the mock answers with an error, with why: a client pointed at a path the mock does not
/// serve otherwise saw only "upgrade failed", and the mock printed nothing.
struct RefusedRequestLog<Context: RequestContext>: RouterMiddleware {
    let output: OutputBudget
    /// The path the mock serves, for the hint.
    let served: String
    /// The status the client gets whatever the router's (an upgrade refused is a 400); `nil`: the router's own.
    var answeredAs: Int? = nil

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            let response = try await next(request, context)
            if response.status.code >= 400 { log(request, response.status) }
            return response
        } catch let error as any HTTPResponseError {
            log(request, error.status)
            throw error
        }
    }

    private func log(_ request: Request, _ status: HTTPResponse.Status) {
        let reason =
            status == .notFound
            ? "nothing is served there; the mock serves \(served)"
            : (status.reasonPhrase.isEmpty ? "refused" : status.reasonPhrase)
        let entry = MockLogEntry.refusedRequest(
            method: request.method.rawValue, target: request.uri.description, upgrade: request.headers[.upgrade],
            status: answeredAs ?? status.code, reason: reason)
        output.print(entry.text())
    }
}
