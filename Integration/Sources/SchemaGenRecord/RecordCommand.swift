import ArgumentParser
import Foundation
import SchemaGenContract
import SchemaGenNIOTransport
import SchemaGenRuntime
import SchemaGenTools
import SchemaGenTransport

/// `schemagen-record`: a live backend's traffic as a capture `schemagen verify` and `schemagen infer` read, made in one
/// command with the runtime's own connection (docs/verify.md).
@main
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schemagen-record",
        abstract:
            "Record a backend's WebSocket traffic, both ways, as JSON Lines that `schemagen verify` and `infer` read.",
        discussion: """
            Connects to URL as the generated client does (RealtimeConnection on SwiftNIO) with the contract's \
            protocol: Socket.IO for `framing: socket.io`, one frame per message for every other framing, or Pusher \
            or Phoenix with --protocol. Sends the contract's client events' first examples with --send-examples \
            and each --send frame, then records until --duration passes, --max-messages or --max-bytes is reached, \
            or the server closes; --subscribe joins channels first. Every message is written, protocol packets included, to --output (a .partial \
            file until the recording ends: a failed recording leaves nothing under that name). Credentials: \
            --header for the upgrade request (`--header "Authorization: Bearer $TOKEN"`), --auth for Socket.IO's \
            CONNECT payload.
            """
    )

    @Argument(help: "The backend's WebSocket URL (ws:// or wss://; http(s):// for Socket.IO).")
    var url: String

    @Option(help: "The contract the backend speaks: its framing chooses the protocol, its examples what is sent.")
    var contract: String

    @Option(name: .shortAndLong, help: "The capture to write (JSON Lines).")
    var output: String

    @Option(
        name: .customLong("protocol"),
        help: ArgumentHelp(
            "The connection protocol: socket.io for `framing: socket.io`; websocket (the default for every other framing), pusher or phoenix.",
            valueName: "socket.io|websocket|pusher|phoenix"))
    var connectionProtocol: RecordProtocol?

    @Option(help: ArgumentHelp("A header of the upgrade request, `Name: value` (repeatable).", valueName: "HEADER"))
    var header: [String] = []

    @Option(help: ArgumentHelp("With Socket.IO: the CONNECT packet's auth payload, as JSON.", valueName: "JSON"))
    var auth: String?

    @Option(help: ArgumentHelp("With Pusher: the app's key.", valueName: "KEY"))
    var pusherKey: String?

    @Option(
        help: ArgumentHelp(
            "A channel to subscribe to once connected, by its address (a Socket.IO namespace, a Pusher channel, a Phoenix topic's channel; repeatable).",
            valueName: "ADDRESS"))
    var subscribe: [String] = []

    @Flag(help: "Send each client-to-server event's first example (or a value made from its types), in contract order.")
    var sendExamples = false

    @Option(help: ArgumentHelp("A frame to send as it is, after the examples (repeatable).", valueName: "FRAME"))
    var send: [String] = []

    @Option(help: "How long to record, in seconds.")
    var duration: Double = 10

    @Option(help: "The most messages recorded, both ways together.")
    var maxMessages: Int = 10_000

    @Option(help: "The most bytes the capture may hold.")
    var maxBytes: Int = 16 << 20

    func run() async throws {
        let loaded = ContractLoader().load(path: contract)
        if !loaded.diagnostics.isEmpty {
            let sources = loaded.source.map { [$0.path: $0] } ?? [:]
            FileHandle.standardError.write(Data(DiagnosticRenderer().render(loaded.diagnostics, sources: sources).utf8))
        }
        guard let model = loaded.contract else { throw usage("\(contract) has errors; nothing recorded") }
        guard let target = URL(string: url), let scheme = target.scheme?.lowercased(),
            ["ws", "wss", "http", "https"].contains(scheme), target.host != nil
        else { throw usage("'\(url)' is not a ws://, wss://, http:// or https:// URL") }
        guard duration > 0, maxMessages > 0, maxBytes > 0 else {
            throw usage("--duration, --max-messages and --max-bytes must be positive")
        }
        var headers: [String: String] = [:]
        for line in header {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                throw usage("--header '\(line)' is not `Name: value`")
            }
            headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var authValue: JSONValue?
        if let auth {
            guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(auth.utf8)) else {
                throw usage("--auth is not JSON: \(auth)")
            }
            authValue = value
        }
        let served = connectionProtocol ?? (model.framing == .socketIO ? .socketIO : .webSocket)
        if served == .pusher, pusherKey == nil {
            throw usage("--protocol pusher needs the app's key: --pusher-key KEY")
        }
        guard (served == .socketIO) == (model.framing == .socketIO) else {
            throw usage(
                model.framing == .socketIO
                    ? "\(contract) is `framing: socket.io`, spoken as Socket.IO only; leave out --protocol \(served.rawValue)"
                    : "--protocol socket.io records `framing: socket.io` contracts; \(contract) has another framing")
        }
        let capture = try CaptureFile(path: output, maximumMessages: maxMessages, maximumBytes: maxBytes)
        do {
            let ended = try await record(
                model, to: target, protocol: served, headers: headers, auth: authValue, capture)
            try capture.finish()
            FileHandle.standardError.write(
                Data("schemagen-record: \(capture.count) messages written to \(output); \(ended)\n".utf8))
        } catch {
            capture.discard()
            throw error
        }
    }

    /// Connects, sends what was asked, and records until a bound or the server ends it; returns why it stopped.
    private func record(
        _ model: Contract, to target: URL, protocol served: RecordProtocol, headers: [String: String],
        auth: JSONValue?, _ capture: CaptureFile
    ) async throws -> String {
        let wireProtocol: any RealtimeProtocol =
            switch served {
            case .socketIO: SocketIOProtocol(namespace: model.rootNamespace)
            case .webSocket: PlainWebSocketProtocol()
            case .pusher: PusherProtocol(appKey: pusherKey ?? "")
            case .phoenix:
                PhoenixProtocol(
                    contractLayer: model.framing.isArrayWithChannel ? .frames : .broadcasts(topicPrefix: "realtime:"))
            }
        let (stops, stop) = AsyncStream.makeStream(of: String.self)
        capture.onLimit = { stop.yield("stopped at \(capture.limitReached ?? "a bound")") }
        let connection = RealtimeConnection(
            url: target, backend: RecordingBackend(inner: NIOWebSocketBackend(), capture: capture),
            protocol: wireProtocol,
            options: ConnectionOptions(
                reconnect: .never, credentials: { ConnectionCredentials(headers: headers, auth: auth) }))
        // Frames are recorded as they are read; the connection still wants someone to hand them to.
        connection.setReceiver { _ in }
        let watching = Task {
            for await state in connection.states {
                if case .disconnected(let reason) = state, reason != .notStarted {
                    stop.yield("the connection ended: \(reason)")
                    return
                }
            }
        }
        defer { watching.cancel() }
        connection.connect()
        do {
            try await connection.waitUntilConnected()
        } catch {
            throw RecordFailure("could not connect to \(target.absoluteString): \(error)")
        }
        for address in subscribe {
            do {
                try await connection.subscribe(to: address)
            } catch {
                throw RecordFailure("could not subscribe to \(address): \(error)")
            }
        }
        var frames = sendExamples ? ExampleSends.frames(of: model) : []
        frames += send.map { OutgoingFrame(eventName: "", channel: nil, payload: nil, data: Data($0.utf8)) }
        for frame in frames { try await connection.send(frame) }
        let timer = Task {
            try await Task.sleep(for: .milliseconds(Int(duration * 1_000)))
            stop.yield("recorded for \(duration) s (--duration)")
        }
        defer { timer.cancel() }
        var why = "stopped"
        for await reason in stops {
            why = reason
            break
        }
        await connection.disconnect()
        return why
    }
}

/// A recording that could not be made: exit status 1, the message on standard error.
struct RecordFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A problem with what the command was given, said on standard error: exit status 2.
func usage(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data("schemagen-record: error: \(message)\n".utf8))
    return ExitCode(2)
}

/// The connection protocols `schemagen-record` speaks.
enum RecordProtocol: String, ExpressibleByArgument, CaseIterable {
    case socketIO = "socket.io"
    case webSocket = "websocket"
    case pusher
    case phoenix
}
