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
            [.deliver(PlainWebSocketFrames.frame(in: message))]
        }

        func encode(_ frame: OutgoingFrame) throws -> [WebSocketMessage] {
            try PlainWebSocketFrames.messages(for: frame)
        }
    }
}
