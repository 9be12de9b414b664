import Foundation
import SchemaGenRuntime

/// A realtime protocol spoken over a WebSocket (plain frames, Socket.IO, Phoenix Channels): the layer between a
/// ``WebSocketBackend`` and the generated client. It makes a fresh ``ProtocolSession`` for every connection.
public protocol RealtimeProtocol: Sendable {
    /// The WebSocket request for `url` (Engine.IO adds `EIO=4&transport=websocket`, Phoenix `vsn=2.0.0`).
    func request(for url: URL, credentials: ConnectionCredentials) throws -> WebSocketRequest
    /// The state of one connection, from its opening to its end.
    func makeSession(credentials: ConnectionCredentials) -> any ProtocolSession
    /// Whether the protocol carries acknowledgements (``RealtimeTransport/supportsAcknowledgements``).
    var supportsAcknowledgements: Bool { get }
}

extension RealtimeProtocol {
    public var supportsAcknowledgements: Bool { false }

    /// `url` with the credentials' query items and `items` added (URLComponents encodes them).
    func url(_ url: URL, adding items: [URLQueryItem], credentials: ConnectionCredentials) throws -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            ["ws", "wss", "http", "https"].contains(components.scheme?.lowercased() ?? "")
        else {
            throw WebSocketFailure("'\(url)' is not a WebSocket URL: use ws:// or wss://")
        }
        let added = items + credentials.queryItems
        if !added.isEmpty { components.queryItems = (components.queryItems ?? []) + added }
        guard let result = components.url else {
            throw WebSocketFailure("'\(url)' cannot take the query items \(added)")
        }
        return result
    }
}

/// One connection's protocol state, without I/O (the ``RealtimeConnection`` does the I/O), so a protocol can be
/// tested frame by frame against recorded traffic. Its methods are called one at a time.
public protocol ProtocolSession: Sendable {
    /// What to send as soon as the WebSocket opens, before the session is ready.
    mutating func start(at now: ContinuousClock.Instant) -> [SessionEvent]
    /// Handles one message from the server.
    mutating func receive(_ message: WebSocketMessage, at now: ContinuousClock.Instant) -> [SessionEvent]
    /// The messages that carry an outgoing frame; throws ``ConnectionFailure/unsupported(_:)`` for one the
    /// protocol cannot carry.
    mutating func encode(_ frame: OutgoingFrame) throws -> [WebSocketMessage]
    /// Starts receiving a channel's events (Phoenix `phx_join`); called for every channel again after a reconnect.
    mutating func join(_ channel: String) -> [WebSocketMessage]
    /// Stops receiving a channel's events (Phoenix `phx_leave`).
    mutating func leave(_ channel: String) -> [WebSocketMessage]
    /// Whether the server answers each join (``SessionEvent/joined(channel:)`` or
    /// ``SessionEvent/refused(channel:reason:)``): the connection then waits for the answer before it lets a
    /// subscription, or a send on the channel, go on.
    var confirmsJoins: Bool { get }
    /// When ``heartbeat(at:)`` is due next; `nil` while no heartbeat is needed.
    var nextHeartbeat: ContinuousClock.Instant? { get }
    /// Sends a heartbeat, or finds the server silent for too long.
    mutating func heartbeat(at now: ContinuousClock.Instant) -> [SessionEvent]
}

extension ProtocolSession {
    public mutating func join(_ channel: String) -> [WebSocketMessage] { [] }
    public mutating func leave(_ channel: String) -> [WebSocketMessage] { [] }
    public var confirmsJoins: Bool { false }
    public var nextHeartbeat: ContinuousClock.Instant? { nil }
    public mutating func heartbeat(at now: ContinuousClock.Instant) -> [SessionEvent] { [] }
}

/// What a ``ProtocolSession`` asks its connection to do.
public enum SessionEvent: Sendable, Hashable {
    /// Send this message now (a handshake step, a pong, a join).
    case send(WebSocketMessage)
    /// The handshake is done: frames may flow.
    case ready
    /// Hand this frame to the client (its bytes in the contract's framing, or bytes the client will report as
    /// malformed: a protocol session never drops what it cannot read, so it reaches the app's failure handlers).
    case deliver(IncomingFrame)
    /// The server accepted the join of this channel.
    case joined(channel: String)
    /// The server refused the join of this channel, or left it, saying why: it is no longer joined, and is not joined
    /// again after a reconnection.
    case refused(channel: String, reason: String)
    /// End this connection and try again, as the reconnect policy allows (a heartbeat timeout, a protocol error).
    case reconnect(reason: String)
    /// End this connection and do not reconnect: the server refused the session or closed it on purpose.
    case stop(DisconnectReason)
}
