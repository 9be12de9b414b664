import Foundation
import SchemaGenRuntime

/// A plain WebSocket: each text message is one frame in the contract's framing, both ways; no handshake beyond the
/// WebSocket's own, no channels to join (a contract whose frames name their channel routes them itself).
public struct PlainWebSocketProtocol: RealtimeProtocol {
    public init() {}

    public func request(for url: URL, credentials: ConnectionCredentials) throws -> WebSocketRequest {
        WebSocketRequest(url: try self.url(url, adding: [], credentials: credentials), headers: credentials.headers)
    }

    public func makeSession(credentials: ConnectionCredentials) -> any ProtocolSession {
        Session()
    }

    struct Session: ProtocolSession {
        func start(at now: ContinuousClock.Instant) -> [SessionEvent] { [.ready] }

        func receive(_ message: WebSocketMessage, at now: ContinuousClock.Instant) -> [SessionEvent] {
            [.deliver(PlainWebSocketFrames.frame(in: message))]
        }

        func encode(_ frame: OutgoingFrame) throws -> [WebSocketMessage] {
            try PlainWebSocketFrames.messages(for: frame)
        }
    }
}

/// How a plain WebSocket carries frames, both ways and on both sides: one message each.
enum PlainWebSocketFrames {
    /// The frame a message holds. Some peers send JSON as binary messages; the framing reads it alike, or reports it.
    static func frame(in message: WebSocketMessage) -> IncomingFrame {
        IncomingFrame(data: message.bytes)
    }

    /// The message that carries `frame`; acknowledgements have none.
    static func messages(for frame: OutgoingFrame) throws -> [WebSocketMessage] {
        guard frame.ackID == nil, frame.acknowledges == nil else {
            throw ConnectionFailure.unsupported(
                "a plain WebSocket carries no acknowledgements; use the Socket.IO protocol")
        }
        return [.text(String(decoding: frame.data, as: UTF8.self))]
    }
}
