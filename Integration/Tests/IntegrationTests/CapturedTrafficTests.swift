import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
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

    /// A session on the real `websockets` server (Servers/graphql_ws_server.py) speaking graphql-transport-ws: the
    /// handshake (GraphQLWebSocketServerTests.connect) and a subscription streamed to its end.
    func recordGraphQLSession() async throws -> [String] {
        let backend = RecordingBackend()
        let session = try await GraphQLWebSocketServerTests().connect(backend: backend)
        var counts = 0
        for try await _ in try await session.client.startOperation(
            payload: .init(query: "subscription { count(to: 3) }"))
        {
            counts += 1
        }
        #expect(counts == 3)
        await session.close()
        return backend.lines
    }

    /// `lines` as a JSON Lines capture file, read back by `verify`'s reader.
    func captured(_ lines: [String]) throws -> [CapturedFrame] {
        let file = FileManager.default.temporaryDirectory.appending(
            path: "schemagen-capture-\(UUID().uuidString).jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        var frames: [CapturedFrame] = []
        let unreadable = try CaptureReader.read(file.path) { frames.append($0) }
        #expect(unreadable.isEmpty, "\(unreadable.first)")
        return frames
    }

    func verify(_ lines: [String], against contract: URL = Self.contract) throws -> VerifyReport {
        let contract = try #require(ContractLoader().load(path: contract.path).contract)
        var verifier = CaptureVerifier(contract: contract)
        for frame in try captured(lines) { verifier.verify(frame) }
        return verifier.report
    }

    /// `infer`'s draft from `lines`, checked: it loads without errors and verifies every frame of `lines`.
    func inferred(_ lines: [String], name: String) throws -> String {
        let frames = try captured(lines)
        let draft = try ContractInferrer.draft(name: name, frames: frames, source: "recorded.jsonl")
        let check = DraftCheck(draft: draft, path: "draft.yaml") { verify in frames.forEach(verify) }
        #expect(check.loaded.diagnostics.isEmpty, "\(check.loaded.diagnostics.map(\.message))\n\(draft)")
        #expect(check.isClean && check.report?.noticeCount == 0, "\(check.report?.text() ?? "")\n\(draft)")
        return draft
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

    /// `infer` on the recorded Socket.IO session drafts the namespace, both events and their directions and types,
    /// and the draft reads the whole session.
    @Test func inferOnARecordedSocketIOSessionDraftsItsEvents() async throws {
        let draft = try inferred(try await recordSession(), name: "Ticker")
        #expect(draft.contains("\nnamespace: /ticker-BTC\n"), "\(draft)")
        #expect(
            draft.contains(
                "  \"24h\":\n    # guess: 2 frames, sent by the server\n    direction: server-to-client\n    payload:\n      high: Double\n"
            ), "\(draft)")
        #expect(
            draft.contains(
                "  GUILD_MEMBER_ADD:\n    # guess: 1 frame, sent by the client\n    direction: client-to-server\n"),
            "\(draft)")
    }

    /// The same against the real `websockets` server: the traffic of a graphql-transport-ws session, both ways,
    /// verifies clean against the repository's contract (schemas/graphql-transport-ws.yaml), a changed capture fails
    /// with exactly its findings, and `infer` drafts a frame shape whose draft reads the whole session.
    @Test func aRecordedGraphQLSessionVerifiesAgainstTheRepositorysContractAndInfers() async throws {
        let lines = try await recordGraphQLSession()
        let repositoryContract = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appending(
                path: "schemas/graphql-transport-ws.yaml")
        let clean = try verify(lines, against: repositoryContract)
        #expect(clean.passes && clean.noticeCount == 0, "\(clean.text())")
        #expect(clean.events[.init(channel: nil, event: "next")]?.matched == 3, "\(clean.text())")
        #expect(clean.events[.init(channel: nil, event: "complete")]?.matched == 1, "\(clean.text())")

        let next = try #require(lines.firstIndex { $0.contains(#"\"next\""#) }, "\(lines)")
        let drifted = lines + [lines[next].replacingOccurrences(of: #"\"data\""#, with: #"\"result\""#)]
        let report = try verify(drifted, against: repositoryContract)
        #expect(report.passes, "\(report.text())")
        #expect(
            report.events[.init(channel: nil, event: "next")]?.notices.keys.map(\.path) == ["$.payload.result"],
            "\(report.text())")

        let draft = try inferred(lines, name: "GraphQL")
        #expect(draft.contains("frames:\n  message:\n    name: type\n    payload: payload\n"), "\(draft)")
    }
}
