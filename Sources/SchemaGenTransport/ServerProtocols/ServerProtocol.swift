import Foundation
import SchemaGenRuntime

/// The server's side of a realtime protocol spoken over a WebSocket (plain frames, Socket.IO): the layer between a
/// server's WebSocket (hummingbird-websocket's, in the transport package) and the generated `Server`. It makes a
/// fresh ``ServerProtocolSession`` for every connection.
public protocol ServerProtocol: Sendable {
    /// The state of one connection, from its opening to its end.
    func makeSession() -> any ServerProtocolSession
    /// Whether the protocol carries acknowledgements (``RealtimeServerTransport/supportsAcknowledgements``).
    var supportsAcknowledgements: Bool { get }
    /// The state of a connection that opens over Engine.IO's HTTP long-polling as session `id`, announcing that it
    /// may upgrade to a WebSocket; `nil` for a protocol that is not served over long-polling (the default).
    func makePollingSession(id: String) -> (any ServerProtocolSession)?
}

extension ServerProtocol {
    public var supportsAcknowledgements: Bool { false }
    public func makePollingSession(id: String) -> (any ServerProtocolSession)? { nil }
}

/// One connection's protocol state on the server, without I/O, so it can be tested message by message. Its methods
/// are called one at a time.
public protocol ServerProtocolSession: Sendable {
    /// What to do as soon as the WebSocket opens (Engine.IO's open packet; a plain WebSocket is ready at once).
    mutating func start(at now: ContinuousClock.Instant) -> [ServerSessionEvent]
    /// Handles one message from the client.
    mutating func receive(_ message: WebSocketMessage, at now: ContinuousClock.Instant) -> [ServerSessionEvent]
    /// The messages that carry an outgoing frame; throws ``ConnectionFailure/unsupported(_:)`` for one the protocol
    /// cannot carry.
    mutating func encode(_ frame: OutgoingFrame) throws -> [WebSocketMessage]
    /// When ``heartbeat(at:)`` is due next; `nil` while no heartbeat is needed.
    var nextHeartbeat: ContinuousClock.Instant? { get }
    /// Sends a heartbeat, or finds the client silent for too long.
    mutating func heartbeat(at now: ContinuousClock.Instant) -> [ServerSessionEvent]
    /// The messages that tell the client the server is closing the connection, so it ends as a client disconnected
    /// by the server, not as a lost one (Socket.IO's `DISCONNECT` for each namespace); none by default.
    mutating func closing() -> [WebSocketMessage]
}

extension ServerProtocolSession {
    public var nextHeartbeat: ContinuousClock.Instant? { nil }
    public mutating func heartbeat(at now: ContinuousClock.Instant) -> [ServerSessionEvent] { [] }
    public mutating func closing() -> [WebSocketMessage] { [] }
}

/// What a ``ServerProtocolSession`` asks its connection to do.
public enum ServerSessionEvent: Sendable, Hashable {
    /// Send this message now (a handshake step, a ping).
    case send(WebSocketMessage)
    /// The handshake is done: the connection is open for the server, and frames may flow.
    case ready
    /// Hand this frame to the server (bytes in the contract's framing, or bytes the server reports as malformed: a
    /// session never drops what it cannot read, so it reaches the server's failure handlers).
    case deliver(IncomingFrame)
    /// The client subscribed to a channel through the protocol (a Socket.IO namespace it connected).
    case subscribed(String)
    /// The client left a channel through the protocol.
    case unsubscribed(String)
    /// End the connection: the client left, broke the protocol, or stopped answering pings.
    case close(reason: String)
}
