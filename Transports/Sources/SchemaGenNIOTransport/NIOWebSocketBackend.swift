import Foundation
import HTTPTypes
import Logging
import NIOCore
import SchemaGenTransport
import WSClient

/// WebSockets on SwiftNIO (hummingbird-project/swift-websocket): the backend for Linux and servers, and for
/// Apple platforms when an app prefers NIO to URLSession. `ws://` and `wss://` (TLS with the system's roots).
public struct NIOWebSocketBackend: WebSocketBackend {
    /// The largest message accepted, after fragments are joined; a bigger one fails the connection.
    public var maximumMessageSize: Int
    public var logger: Logger

    public init(maximumMessageSize: Int = 16 << 20, logger: Logger = Logger(label: "schemagen.websocket")) {
        self.maximumMessageSize = maximumMessageSize
        self.logger = logger
    }

    public func connect(to request: WebSocketRequest) async throws -> any WebSocketConnection {
        var headers = HTTPFields()
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            guard let field = HTTPField.Name(name) else { throw WebSocketFailure("'\(name)' is not a valid HTTP header name") }
            headers[field] = value
        }
        let configuration = WebSocketClientConfiguration(maxFrameSize: maximumMessageSize, additionalHeaders: headers)
        let connection = NIOWebSocketConnection()
        let maximumMessageSize = maximumMessageSize
        let logger = logger
        let url = request.url.absoluteString
        let run = Task {
            do {
                try await WebSocketClient.connect(url: url, configuration: configuration, logger: logger) { inbound, outbound, _ in
                    connection.opened(with: outbound)
                    for try await message in inbound.messages(maxSize: maximumMessageSize) {
                        switch message {
                        case .text(let text): connection.received(.text(text))
                        case .binary(let buffer): connection.received(.binary(Data(buffer.readableBytesView)))
                        }
                    }
                }
                connection.ended(with: nil)
            } catch {
                connection.ended(with: error)
            }
        }
        try await withTaskCancellationHandler {
            try await connection.waitUntilOpen()
        } onCancel: {
            run.cancel()
        }
        return connection
    }
}

/// A connection opened by ``NIOWebSocketBackend``: the writer swift-websocket hands its handler, and the
/// handler's inbound messages forwarded to ``messages``.
final class NIOWebSocketConnection: WebSocketConnection, @unchecked Sendable {
    let messages: AsyncThrowingStream<SchemaGenTransport.WebSocketMessage, any Error>
    private let inbox: AsyncThrowingStream<SchemaGenTransport.WebSocketMessage, any Error>.Continuation
    private let lock = NSLock()
    private var writer: WebSocketOutboundWriter?
    private var opening: CheckedContinuation<Void, any Error>?
    private var state = State.opening

    private enum State { case opening, open, ended(String) }

    init() {
        (messages, inbox) = AsyncThrowingStream.makeStream(bufferingPolicy: .unbounded)
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

    func opened(with writer: WebSocketOutboundWriter) {
        let waiting = lock.withLock {
            self.writer = writer
            state = .open
            defer { opening = nil }
            return opening
        }
        waiting?.resume()
    }

    func received(_ message: SchemaGenTransport.WebSocketMessage) {
        inbox.yield(message)
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
        waiting?.resume(throwing: WebSocketFailure(error.map { "could not open the WebSocket: \($0)" } ?? "the server closed the WebSocket during its handshake"))
        if let error { inbox.finish(throwing: error) } else { inbox.finish() }
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
        guard let writer = lock.withLock({ writer }) else { return }
        try? await writer.close(.normalClosure, reason: nil)
    }
}
