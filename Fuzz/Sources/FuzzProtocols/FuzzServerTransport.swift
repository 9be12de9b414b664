import Foundation
@_spi(Generated) import SchemaGenRuntime
import SchemaGenTransport

/// The same messages through the WebSocket server transport's limits (issue 35), with every bound at its smallest: a
/// read-ahead of one, an outbound buffer of 64 bytes, a write timeout of 1 ms, two requests in flight. The client's
/// messages are the input's lines; a byte of each decides whether the socket takes writes or holds them, as a client
/// that stops reading does. A finding is a crash, a connection that never ends once its input has, or an ending
/// without a reason.
func fuzzServerTransport(_ data: Data) {
    let transport = WebSocketServerTransport(protocol: SocketIOServerProtocol())
    let core = RealtimeServerCore(transport: transport, framing: .socketIO, dates: .iso8601)
    core.limits = ServerLimits(
        writeTimeout: .milliseconds(1), maximumRequestsInFlight: 2, eventBuffer: .dropNewest(1), outboundBuffer: 64,
        maximumMessageSize: 256, readAhead: 1)
    core.registerScope(channel: nil) { frame, decoder -> JSONValue in
        try decoder.decode(JSONValue.self, from: frame.payloadOrNull)
    }
    let ended = EndReasons()
    _ = core.onDisconnect { _, reason in ended.add(reason) }
    _ = core.setResponder(channel: nil, eventName: "ask") { connection, frame, decoder, ackID in
        let value = try decoder.decode(JSONValue.self, from: frame.payloadOrNull)
        guard let ackID else { return nil }
        return {
            try await core.acknowledge(
                ackID, eventName: "ask", channel: nil, with: value, spread: false, to: connection)
        }
    }
    _ = core.addListener(channel: nil, eventName: "say") { _ in
        // A broadcast back for every event: the outbound buffer fills when the socket holds its writes.
        Task {
            try? await core.emit(eventName: "said", channel: nil, rawPayload: Data(#"{"n":1}"#.utf8), to: .everyone)
        }
    }
    let lines = messages(data)
    let socket = FuzzedSocket(holding: data.first.map { $0 & 1 == 1 } ?? false)
    let inbox = WebSocketInbox(limit: 1)
    let served = DispatchSemaphore(value: 0)
    Task {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await transport.serve(socket, inbox: inbox) }
            group.addTask {
                for (index, line) in lines.enumerated() {
                    if index.isMultiple(of: 3), case .text(let text) = line { socket.setHolding(text.hasPrefix("h")) }
                    guard await inbox.push(line) else { break }
                }
                inbox.finish()
            }
        }
        served.signal()
    }
    // Every connection ends once its input has: the writer closes it, or the watchdog does within the write timeout.
    guard served.wait(timeout: .now() + 10) == .success else {
        fatalError("the connection did not end after its input: \(lines)")
    }
    if ended.count > 1 { fatalError("the connection ended \(ended.count) times") }
}

/// A socket whose writes are taken or held, as told; closing lets held writes fail.
final class FuzzedSocket: ServerWebSocket, @unchecked Sendable {
    private let lock = NSLock()
    private var holding: Bool
    private var held: [CheckedContinuation<Void, any Error>] = []
    private var closed = false

    init(holding: Bool) {
        self.holding = holding
    }

    func setHolding(_ hold: Bool) {
        let released = lock.withLock { () -> [CheckedContinuation<Void, any Error>] in
            holding = hold
            guard !hold else { return [] }
            defer { held = [] }
            return held
        }
        for continuation in released { continuation.resume() }
    }

    func send(_ message: WebSocketMessage) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let outcome: Bool? = lock.withLock {
                if closed { return false }
                if holding {
                    held.append(continuation)
                    return nil
                }
                return true
            }
            switch outcome {
            case true?: continuation.resume()
            case false?: continuation.resume(throwing: WebSocketFailure("closed"))
            case nil: break
            }
        }
    }

    func close(reason: String) async {
        precondition(!reason.isEmpty, "a connection closed without a reason")
        let waiting = lock.withLock { () -> [CheckedContinuation<Void, any Error>] in
            closed = true
            defer { held = [] }
            return held
        }
        for continuation in waiting { continuation.resume(throwing: WebSocketFailure("closed")) }
    }
}

/// The reasons a server's connections ended with.
final class EndReasons: @unchecked Sendable {
    private let lock = NSLock()
    private var reasons: [String] = []

    func add(_ reason: String) {
        precondition(!reason.isEmpty, "a connection ended without a reason")
        lock.withLock { reasons.append(reason) }
    }

    var count: Int { lock.withLock { reasons.count } }
}
