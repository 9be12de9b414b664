import Foundation
import SchemaGenRuntime

/// A plain WebSocket, server side: each text message is one frame in the contract's framing, both ways, ready as soon
/// as the WebSocket opens; no channels to join (a server adds subscribers itself), no acknowledgements. The mirror of
/// ``PlainWebSocketProtocol``.
public struct PlainWebSocketServerProtocol: ServerProtocol {
    public init() {}

    public func makeSession() -> any ServerProtocolSession {
        Session()
    }

    struct Session: ServerProtocolSession {
        func start(at now: ContinuousClock.Instant) -> [ServerSessionEvent] { [.ready] }

        func receive(_ message: WebSocketMessage, at now: ContinuousClock.Instant) -> [ServerSessionEvent] {
            switch message {
            case .text(let text): [.deliver(IncomingFrame(data: Data(text.utf8)))]
            // Some clients send JSON as binary messages; the framing reads it alike, or reports it.
            case .binary(let data): [.deliver(IncomingFrame(data: data))]
            }
        }

        func encode(_ frame: OutgoingFrame) throws -> [WebSocketMessage] {
            guard frame.ackID == nil, frame.acknowledges == nil else {
                throw ConnectionFailure.unsupported("a plain WebSocket carries no acknowledgements; use the Socket.IO protocol")
            }
            return [.text(String(decoding: frame.data, as: UTF8.self))]
        }
    }
}
