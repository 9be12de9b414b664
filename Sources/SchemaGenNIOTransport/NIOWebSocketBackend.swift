#if NIOTransport
import Foundation
import HTTPTypes
import Logging
import NIOCore
import SchemaGenTransport
import WSClient

/// WebSockets on SwiftNIO (hummingbird-project/swift-websocket): the backend for Linux and servers, and for
/// Apple platforms when an app prefers NIO to URLSession. `ws://` and `wss://` (TLS with the system's roots).
public struct NIOWebSocketBackend: WebSocketBackend {
    /// The largest message accepted, after fragments are joined; a bigger one fails the connection, saying so.
    public var maximumMessageSize: Int
    /// How many messages are read ahead of the app (64): while that many wait for the client's listeners, the socket
    /// is not read, so a server that sends faster than the app handles fills TCP's buffers, not the app's memory.
    public var readAhead: Int
    public var logger: Logger

    public init(
        maximumMessageSize: Int = 16 << 20, readAhead: Int = 64, logger: Logger = Logger(label: "schemagen.websocket")
    ) {
        self.maximumMessageSize = maximumMessageSize
        self.readAhead = readAhead
        self.logger = logger
    }

    public func connect(to request: WebSocketRequest) async throws -> any WebSocketConnection {
        var headers = HTTPFields()
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            guard let field = HTTPField.Name(name) else {
                throw WebSocketFailure("'\(name)' is not a valid HTTP header name")
            }
            headers[field] = value
        }
        let headerPairs = request.headers.sorted(by: { $0.key < $1.key }).map { ($0.key, $0.value) }
        let configuration = WebSocketClientConfiguration(maxFrameSize: maximumMessageSize, additionalHeaders: headers)
        let connection = NIOWebSocketConnection(inbox: WebSocketInbox(limit: readAhead))
        let maximumMessageSize = maximumMessageSize
        let logger = logger
        let url = Self.requestURL(request.url)
        let run = Task {
            do {
                let closing = try await WebSocketClient.connect(url: url, configuration: configuration, logger: logger)
                { inbound, outbound, _ in
                    // An upgrade answered after the attempt was given up: close it at once.
                    guard connection.opened(with: outbound) else { return }
                    for try await message in inbound.messages(maxSize: maximumMessageSize) {
                        let pushed =
                            switch message {
                            case .text(let text): await connection.inbox.push(.text(text))
                            case .binary(let buffer):
                                await connection.inbox.push(.binary(Data(buffer.readableBytesView)))
                            }
                        // The client stopped reading: it closed the connection, or its task was cancelled.
                        if !pushed { return }
                    }
                }
                connection.ended(with: Self.failure(closing: closing, maximumMessageSize: maximumMessageSize))
            } catch let failure as WebSocketClientError where failure == .webSocketUpgradeFailed {
                let answer = await UpgradeRefusal.ask(url: request.url, headers: headerPairs)
                connection.ended(with: WebSocketFailure("the server refused the WebSocket upgrade: \(answer)"))
            } catch {
                connection.ended(with: Self.failure(error, maximumMessageSize: maximumMessageSize))
            }
        }
        try await withTaskCancellationHandler {
            try await connection.waitUntilOpen()
        } onCancel: {
            // swift-websocket waits for the server's upgrade answer on a future that cancellation does not reach: a
            // server that accepts the TCP connection and never answers held `connect` (and every timeout around it)
            // until it closed the socket. The attempt is given up here; the socket is left to the server to close,
            // and an answer that comes later is closed at once.
            run.cancel()
            connection.ended(with: ConnectionGivenUp())
        }
        return connection
    }

    /// The URL as text, with the `/` an empty path stands for: swift-websocket writes the request target as the path
    /// and the query, so `ws://host:4000?vsn=2.0.0` (a protocol's query items on a URL without a path) asked for the
    /// target `?vsn=2.0.0`, which no server answers.
    static func requestURL(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false), components.path.isEmpty else {
            return url.absoluteString
        }
        components.path = "/"
        return components.url?.absoluteString ?? url.absoluteString
    }

    /// Why a connection that ended without an error ended, when it was not a normal closure. No close frame from the
    /// server means it ended the TCP connection without one, or SwiftNIO's frame decoder refused a message over
    /// ``maximumMessageSize`` (it closes with code 1009 before any handler sees the message, and says nothing more).
    static func failure(closing: WebSocketCloseFrame?, maximumMessageSize: Int) -> (any Error)? {
        guard let closing else {
            return WebSocketFailure(
                "the connection ended without the server's close frame: the server dropped it, or sent a message larger "
                    + "than the client's limit of \(maximumMessageSize) bytes (NIOWebSocketBackend.maximumMessageSize)")
        }
        guard closing.closeCode != .normalClosure, closing.closeCode != .goingAway else { return nil }
        let reason = closing.reason.map { ": \($0)" } ?? ""
        return WebSocketFailure("the server closed the WebSocket with code \(closing.closeCode)\(reason)")
    }

    /// What a failure says, in words an app can act on when it is a message over the limit.
    static func failure(_ error: any Error, maximumMessageSize: Int) -> any Error {
        guard let failure = error as? WebSocketClientError, failure == .serverSentMessageTooLarge else { return error }
        return WebSocketFailure(
            "the server sent a message larger than the client's limit of \(maximumMessageSize) bytes "
                + "(NIOWebSocketBackend.maximumMessageSize)")
    }
}

/// Why an attempt whose upgrade had not been answered ended: its task was cancelled (the connection's handshake
/// timeout, or `disconnect()`).
struct ConnectionGivenUp: Error, CustomStringConvertible {
    var description: String { "the attempt was given up before the server answered the upgrade" }
}

/// A connection opened by ``NIOWebSocketBackend``: the writer swift-websocket hands its handler, and the
/// handler's inbound messages handed over through a bounded ``WebSocketInbox``.
final class NIOWebSocketConnection: WebSocketConnection, @unchecked Sendable {
    let inbox: WebSocketInbox
    let messages: AsyncThrowingStream<SchemaGenTransport.WebSocketMessage, any Error>
    private let lock = NSLock()
    private var writer: WebSocketOutboundWriter?
    private var opening: CheckedContinuation<Void, any Error>?
    private var state = State.opening

    private enum State { case opening, open, ended(String) }

    init(inbox: WebSocketInbox) {
        self.inbox = inbox
        messages = inbox.messages
    }

    func waitUntilOpen() async throws {
        try await withCheckedThrowingContinuation { continuation in
            let failure: String? = lock.withLock {
                switch state {
                case .opening: opening = continuation; return nil
                case .open: return ""
                case .ended(let reason): return reason
                }
            }
            switch failure {
            case nil: break
            case "": continuation.resume()
            case let reason?: continuation.resume(throwing: WebSocketFailure(reason))
            }
        }
    }

    /// The upgrade succeeded; `false` when the attempt was given up meanwhile (``ended(with:)``), and the socket is
    /// to be closed.
    func opened(with writer: WebSocketOutboundWriter) -> Bool {
        let waiting = lock.withLock { () -> CheckedContinuation<Void, any Error>?? in
            if case .ended = state { return .none }
            self.writer = writer
            state = .open
            defer { opening = nil }
            return .some(opening)
        }
        guard let waiting else { return false }
        waiting?.resume()
        return true
    }

    func ended(with error: (any Error)?) {
        let reason = error.map { "the WebSocket failed: \($0)" } ?? "the WebSocket was closed"
        let waiting = lock.withLock { () -> CheckedContinuation<Void, any Error>? in
            if case .ended = state { return nil }
            state = .ended(reason)
            writer = nil
            defer { opening = nil }
            return opening
        }
        waiting?.resume(
            throwing: WebSocketFailure(
                error.map { "could not open the WebSocket: \($0)" }
                    ?? "the server closed the WebSocket during its handshake"))
        inbox.finish(throwing: error)
    }

    func send(_ message: SchemaGenTransport.WebSocketMessage) async throws {
        guard let writer = lock.withLock({ writer }) else { throw WebSocketFailure("the WebSocket is closed") }
        do {
            switch message {
            case .text(let text): try await writer.write(.text(text))
            case .binary(let data): try await writer.write(.binary(ByteBuffer(bytes: data)))
            }
        } catch {
            // NIO's writer says `alreadyFinished`; what the app needs to know is that the socket is gone.
            throw WebSocketFailure("the WebSocket closed while sending (\(error))")
        }
    }

    func close() async {
        // The reader may wait for room in a full inbox no one will read from now: let it go, so it sees the close.
        inbox.finish()
        guard let writer = lock.withLock({ writer }) else { return }
        try? await writer.close(.normalClosure, reason: nil)
    }
}
#else
import SchemaGenTransport

/// Without the NIOTransport trait this module is empty; using the backend says how to turn it on.
@available(*, unavailable, message: "enable the NIOTransport trait: .package(url: ..., traits: [\"NIOTransport\"])")
public struct NIOWebSocketBackend {
    public init() {}
}
#endif
