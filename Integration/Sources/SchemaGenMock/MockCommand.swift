import ArgumentParser
import Foundation
import SchemaGenContract
import SchemaGenRuntime
import SchemaGenGenerator
import SchemaGenTools

/// `schemagen-mock`: a contract's server made from the contract alone, on a socket, for UI tests, a web front end or
/// an Android build to connect to (docs/testing.md).
@main
struct MockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schemagen-mock",
        abstract:
            "Serve a contract's mock server on 127.0.0.1: answers from its examples, scenarios, every frame checked.",
        discussion: """
            Serves the contract's protocol: Socket.IO (Engine.IO 4 over WebSocket, or HTTP long-polling and its \
            upgrade) at /socket.io for `framing: socket.io`, a plain WebSocket at --path for every other framing, \
            with --protocol pusher the Pusher Channels protocol at /app/<key> (connection_established, \
            subscriptions confirmed, pings), which Pusher clients connect to unchanged, or with --protocol phoenix \
            Phoenix Channels with serializer 2.0.0 as Supabase Realtime speaks it at /realtime/v1/websocket (joins, \
            leaves and heartbeats answered; a contract that is not written in Phoenix's arrays gets only the \
            broadcasts, on topics realtime:<channel>, sent as binary user broadcasts unless --text-broadcasts). \
            Every request is answered with its reply's first example (or a value made from its types) carrying the \
            request's correlation value; every subscription with its confirmation, items and end; every Socket.IO \
            event that asks for an acknowledgement with a value of its `ack:` type. A scenario plays on each \
            connection from its start. Each frame is printed with the contract's verdict; a frame the contract does \
            not allow is printed REFUSED with its reason, on standard error too, and makes the exit status 1; so is \
            every HTTP request it refuses (a WebSocket upgrade at a path it does not serve), with its status. Frames \
            are printed escaped and cut; past --log-rate entries a second a line counts those not printed. Messages \
            up to --max-message-size are taken, as the generated server's limits say. Prints `ready` once it \
            listens; stops on SIGINT or SIGTERM.
            """
    )

    @Argument(help: "The contract file.")
    var contract: String

    @Option(
        help: ArgumentHelp(
            "A scenario to play on every connection: the name of one of the contract's `scenarios:`, or a YAML file of `scenarios:` (FILE plays its only scenario, FILE#NAME the one named).",
            valueName: "NAME|FILE"))
    var scenario: String?

    @Option(help: "The port to listen on, on 127.0.0.1.")
    var port: Int = 8080

    @Option(help: "The address to listen on: 127.0.0.1 unless another device must reach it.")
    var host: String = "127.0.0.1"

    @Option(help: "The WebSocket's path: /socket.io for Socket.IO, /app/:key for Pusher (any key), / otherwise.")
    var path: String?

    @Option(
        name: .customLong("protocol"),
        help: ArgumentHelp(
            "The connection protocol: socket.io for `framing: socket.io`; websocket (one frame per message, the default for every other framing), pusher or phoenix.",
            valueName: "socket.io|websocket|pusher|phoenix"))
    var connectionProtocol: MockProtocol?

    @Option(
        help:
            "With Socket.IO: the namespace the contract's events travel in, when it is not the contract's `namespace:`."
    )
    var namespace: String?

    @Flag(help: "With Phoenix: send broadcasts as text messages, not as Supabase's binary user broadcasts.")
    var textBroadcasts = false

    @Flag(help: "Stop at the first frame the contract does not allow, with exit status 1.")
    var strict = false

    @Option(
        help: ArgumentHelp(
            "The largest message taken from a client, in bytes (the generated server's ServerLimits default, 1 MiB); a bigger one closes the connection with code 1009.",
            valueName: "BYTES"))
    var maxMessageSize: Int = ServerLimits.standard.maximumMessageSize

    @Option(
        help: ArgumentHelp(
            "The most log entries printed a second; past it they are counted, and a line says how many were not printed.",
            valueName: "ENTRIES"))
    var logRate: Int = 200

    func run() async throws {
        var loaded = ContractLoader().load(path: contract)
        report(loaded)
        guard var model = loaded.contract else {
            throw usage("\(contract) has errors; nothing served")
        }
        if let namespace {
            guard namespace.hasPrefix("/") else { throw usage("--namespace must start with '/': '\(namespace)'") }
            model.namespace = namespace == "/" ? nil : namespace
        }
        let played = try chooseScenario(in: &model, loaded: &loaded)
        let served = connectionProtocol ?? (model.framing == .socketIO ? .socketIO : .webSocket)
        guard (served == .socketIO) == (model.framing == .socketIO) else {
            throw usage(
                model.framing == .socketIO
                    ? "\(contract) is `framing: socket.io`, served as Socket.IO only; leave out --protocol \(served.rawValue)"
                    : "--protocol socket.io serves `framing: socket.io` contracts; \(contract) has another framing")
        }
        guard maxMessageSize > 0, logRate > 0 else { throw usage("--max-message-size and --log-rate must be positive") }
        var limits = ServerLimits.standard
        limits.maximumMessageSize = maxMessageSize
        let server = try MockServer(
            contract: model, protocol: served, scenario: played, host: host, port: port, path: path, strict: strict,
            textBroadcasts: textBroadcasts, limits: limits, output: OutputBudget(entriesPerSecond: logRate))
        let violations = try await server.run()
        if violations > 0 {
            FileHandle.standardError.write(
                Data("schemagen-mock: \(violations) frame(s) the contract does not allow; see REFUSED above\n".utf8))
            throw ExitCode.failure
        }
    }

    /// The scenario `--scenario` names: one of the contract's, or of a scenario file.
    private func chooseScenario(in model: inout Contract, loaded: inout ContractLoader.Loaded) throws -> Scenario? {
        guard let scenario else { return nil }
        var name: String? = scenario
        let parts = scenario.split(separator: "#", maxSplits: 1).map(String.init)
        if FileManager.default.fileExists(atPath: parts[0]) {
            let file = ContractLoader().loadScenarios(path: parts[0], for: model)
            report(file)
            guard let extended = file.contract else { throw usage("\(parts[0]) has errors; nothing served") }
            let added = extended.scenarios.dropFirst(model.scenarios.count)
            model = extended
            guard parts.count == 2 || added.count == 1 else {
                let names = added.map(\.name).joined(separator: ", ")
                throw usage("\(parts[0]) has several scenarios (\(names)); name one: --scenario \(parts[0])#NAME")
            }
            name = parts.count == 2 ? parts[1] : added.first?.name
        }
        guard let found = model.scenarios.first(where: { $0.name == name }) else {
            let known = model.scenarios.map(\.name)
            throw usage(
                "no scenario '\(scenario)' in \(contract)"
                    + (known.isEmpty
                        ? " (it has no `scenarios:`)" : "; its scenarios: \(known.joined(separator: ", "))"))
        }
        return found
    }

    private func report(_ loaded: ContractLoader.Loaded) {
        guard !loaded.diagnostics.isEmpty else { return }
        let sources = loaded.source.map { [$0.path: $0] } ?? [:]
        FileHandle.standardError.write(Data(DiagnosticRenderer().render(loaded.diagnostics, sources: sources).utf8))
    }
}

/// A problem with what the command was given, said on standard error: exit status 2.
func usage(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data("schemagen-mock: error: \(message)\n".utf8))
    return ExitCode(2)
}

/// The connection protocols `schemagen-mock` serves.
enum MockProtocol: String, ExpressibleByArgument, CaseIterable {
    case socketIO = "socket.io"
    case webSocket = "websocket"
    case pusher
    case phoenix
}
