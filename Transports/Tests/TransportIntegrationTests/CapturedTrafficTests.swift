import Foundation
import SchemaGenCore
import SchemaGenNIOTransport
import SchemaGenRuntime
import SchemaGenTransport
import TestSupport
import Testing

/// Issue 38: the contract checked against a real backend. What crosses the socket between a generated client and the
/// real python-socketio server (Servers/socketio_server.py), both ways, is recorded as JSON Lines, as a proxy would
/// write it, and `verify`'s reader and verifier read it against the contract: clean as recorded, and with exactly the
/// findings of each way a server drifts once the capture is changed.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct CapturedTrafficTests {
    static let contract = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "wire-names.events.yaml")

    /// A WebSocket backend that records every text message, sent and received, with its direction.
    final class RecordingBackend: WebSocketBackend, @unchecked Sendable {
        let inner = NIOWebSocketBackend()
        private let lock = NSLock()
        private var recorded: [(direction: String, text: String)] = []

        var lines: [String] {
            lock.withLock {
                recorded.map { entry in
                    let object: [String: Any] = ["direction": entry.direction, "data": entry.text]
                    let data =
                        (try? JSONSerialization.data(
                            withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
                    return String(decoding: data, as: UTF8.self)
                }
            }
        }

        func record(_ direction: String, _ message: WebSocketMessage) {
            guard case .text(let text) = message else { return }
            lock.withLock { recorded.append((direction, text)) }
        }

        func connect(to request: WebSocketRequest) async throws -> any WebSocketConnection {
            RecordingConnection(inner: try await inner.connect(to: request), backend: self)
        }
    }

    struct RecordingConnection: WebSocketConnection {
        let inner: any WebSocketConnection
        let backend: RecordingBackend

        var messages: AsyncThrowingStream<WebSocketMessage, any Error> {
            let (stream, continuation) = AsyncThrowingStream<WebSocketMessage, any Error>.makeStream()
            let source = inner.messages
            let backend = backend
            Task {
                do {
                    for try await message in source {
                        backend.record("server-to-client", message)
                        continuation.yield(message)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            return stream
        }

        func send(_ message: WebSocketMessage) async throws {
            backend.record("client-to-server", message)
            try await inner.send(message)
        }

        func close() async { await inner.close() }
    }

    /// A session on the real server: connect with auth, join the `ticker` channel's namespace, hear its events and
    /// send one.
    func recordSession() async throws -> [String] {
        let log = FileManager.default.temporaryDirectory.appending(path: "schemagen-capture-\(UUID().uuidString).log")
        let server = try await ServerProcess("socketio_server.py", ["--log", log.path])
        let backend = RecordingBackend()
        let connection = RealtimeConnection(
            url: server.url, backend: backend, protocol: SocketIOProtocol(),
            options: ConnectionOptions(credentials: { ConnectionCredentials(auth: ["token": "good"]) }))
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
        return backend.lines
    }

    func verify(_ lines: [String]) throws -> VerifyReport {
        let file = FileManager.default.temporaryDirectory.appending(
            path: "schemagen-capture-\(UUID().uuidString).jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let contract = try #require(ContractLoader().load(path: Self.contract.path).contract)
        var verifier = CaptureVerifier(contract: contract)
        try CaptureReader.read(file.path) { verifier.verify($0) }
        return verifier.report
    }

    @Test func aRecordedSessionVerifiesCleanAndEachDriftIsFound() async throws {
        let lines = try await recordSession()
        let clean = try verify(lines)
        #expect(clean.passes && clean.noticeCount == 0, "\(clean.text())")
        #expect(clean.events[.init(channel: "ticker", event: "24h")]?.matched == 2, "\(clean.text())")
        #expect(clean.events[.init(channel: "ticker", event: "GUILD_MEMBER_ADD")]?.matched == 1, "\(clean.text())")
        #expect(
            (clean.controlFrames["open"] ?? 0) == 1 && (clean.controlFrames["connect"] ?? 0) >= 2,
            "\(clean.controlFrames)")

        // The server drifts: it renames `high`, sends an event nobody described, a string where a number goes, and
        // an event only the app sends.
        let heard = try #require(lines.firstIndex { $0.contains(#"24h\",{\"high\":1.5}"#) }, "\(lines)")
        func changed(_ from: String, _ to: String) -> String { lines[heard].replacingOccurrences(of: from, with: to) }
        let drifted =
            lines + [
                changed("high", "peak"),
                changed("24h", "24h_volume"),
                changed("1.5", "\\\"1.5\\\""),
                #"{"data":"42/ticker-BTC,[\"GUILD_MEMBER_ADD\",{\"member\":{\"USER_ID\":\"u2\"}}]","direction":"server-to-client"}"#,
            ]
        let report = try verify(drifted)
        #expect(!report.passes)
        let failures = report.events.values.flatMap(\.failures).flatMap { failure in
            failure.findings.map { "\($0.path): \($0.message)" }
        }
        #expect(
            failures.sorted()
                == [
                    #"$.payload.high: expected a number, found "1.5""#,
                    "$.payload.high: missing",
                    #"$: `GUILD_MEMBER_ADD` is client-to-server in the contract, but this frame was sent server-to-client"#,
                    #"$: event "24h_volume" on channel "/ticker-BTC" is not in the contract"#,
                ].sorted(), "\(report.text())")
        #expect(report.events[.init(channel: "ticker", event: "24h")]?.notices.keys.map(\.path) == ["$.payload.peak"])
    }
}
