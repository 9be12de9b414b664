import Foundation
import SchemaGenTransport
import TestSupport

/// A WebSocket backend whose server is the test: each connection the client opens is handed to the test, which
/// reads what the client sent and plays the server's messages, drops and closes. The protocol code above it is the
/// real one; the integration tests in Integration/ run the same protocols against real servers.
final class ScriptedBackend: WebSocketBackend, @unchecked Sendable {
    private let lock = NSLock()
    private var opened: [ScriptedSocket] = []
    private var refusals = 0
    private(set) var requests: [WebSocketRequest] = []
    private var answer: @Sendable (String) -> String? = { _ in nil }

    /// Every connection opened from now on answers the client's text messages for which `answer` returns a
    /// reply, the moment they are sent: for exchanges a test could not play in time (a heartbeat's reply
    /// due before the next beat).
    func answer(with answer: @escaping @Sendable (String) -> String?) {
        lock.withLock { self.answer = answer }
    }

    /// The next `count` connection attempts fail, as when the server is down.
    func refuse(next count: Int) {
        lock.withLock { refusals = count }
    }

    func connect(to request: WebSocketRequest) async throws -> any WebSocketConnection {
        try lock.withLock {
            requests.append(request)
            if refusals > 0 {
                refusals -= 1
                throw WebSocketFailure("connection refused")
            }
            let socket = ScriptedSocket(answer: answer)
            opened.append(socket)
            return socket
        }
    }

    var connectionCount: Int { lock.withLock { opened.count } }
    var attemptCount: Int { lock.withLock { requests.count } }

    /// The `index`th connection (0 first), once the client has opened it.
    func connection(_ index: Int) async throws -> ScriptedSocket {
        try await eventually("connection \(index) opened") { connectionCount > index }
        return lock.withLock { opened[index] }
    }
}

/// One scripted connection: what the client sent, and the server's side.
final class ScriptedSocket: WebSocketConnection, @unchecked Sendable {
    let messages: AsyncThrowingStream<WebSocketMessage, any Error>
    private let server: AsyncThrowingStream<WebSocketMessage, any Error>.Continuation
    private let lock = NSLock()
    private var sentMessages: [String] = []
    private var closed = false
    private let answer: @Sendable (String) -> String?

    init(answer: @escaping @Sendable (String) -> String? = { _ in nil }) {
        (messages, server) = AsyncThrowingStream.makeStream()
        self.answer = answer
    }

    func send(_ message: WebSocketMessage) async throws {
        try lock.withLock {
            guard !closed else { throw WebSocketFailure("the WebSocket is closed") }
            switch message {
            case .text(let text):
                sentMessages.append(text)
                if let reply = answer(text) { server.yield(.text(reply)) }
            case .binary(let bytes):
                sentMessages.append(Self.binaryPrefix + bytes.base64EncodedString())
            }
        }
    }

    func close() async {
        lock.withLock { closed = true }
        server.finish()
    }

    /// How ``sent`` spells a binary message: this, then its bytes in base64.
    static let binaryPrefix = "binary "

    /// Messages the client sent, oldest first: text as it is, binary as ``binaryPrefix`` and base64.
    var sent: [String] { lock.withLock { sentMessages } }
    var isClosed: Bool { lock.withLock { closed } }

    /// Waits until the client has sent at least `count` messages; returns them all. Throws at once when the socket
    /// closes short of them, since a closed socket sends nothing more.
    func sent(atLeast count: Int) async throws -> [String] {
        try await eventually("\(count) messages sent, got \(sent)") { sent.count >= count || isClosed }
        let messages = sent
        guard messages.count >= count else { throw ScriptedSocketClosed(wanted: count, sent: messages) }
        return messages
    }

    /// The server sends a text message.
    func push(_ text: String) {
        server.yield(.text(text))
    }

    /// The server sends a binary message.
    func push(binary bytes: Data) {
        server.yield(.binary(bytes))
    }

    /// The network fails under the connection.
    func drop() {
        lock.withLock { closed = true }
        server.finish(throwing: WebSocketFailure("connection reset by peer"))
    }
}

/// A test waited for messages from a socket that closed before sending them.
struct ScriptedSocketClosed: Error, CustomStringConvertible {
    let wanted: Int
    let sent: [String]
    var description: String { "the socket closed after \(sent.count) of the \(wanted) messages awaited: \(sent)" }
}
