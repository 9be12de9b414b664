/// Where a ``RealtimeConnection`` is in its life: ``RealtimeConnection/state`` now, ``RealtimeConnection/states`` as
/// it changes.
public enum ConnectionState: Sendable, Hashable, CustomStringConvertible {
    /// Opening the first connection (the WebSocket, then the protocol's handshake).
    case connecting
    /// Open: the handshake is done and frames flow.
    case connected
    /// The connection dropped; waiting for, or making, reconnection attempt `attempt` (1, 2, …).
    case reconnecting(attempt: Int)
    /// Not connected, and not trying to be.
    case disconnected(reason: DisconnectReason)

    public var description: String {
        switch self {
        case .connecting: "connecting"
        case .connected: "connected"
        case .reconnecting(let attempt): "reconnecting (attempt \(attempt))"
        case .disconnected(let reason): "disconnected (\(reason))"
        }
    }
}

/// Why a ``RealtimeConnection`` is ``ConnectionState/disconnected(reason:)``.
public enum DisconnectReason: Sendable, Hashable, CustomStringConvertible {
    /// ``RealtimeConnection/connect()`` was never called.
    case notStarted
    /// The app called ``RealtimeConnection/disconnect()``.
    case requested
    /// The server refused the session (Socket.IO `CONNECT_ERROR`, say, for bad credentials); the connection does not
    /// retry by itself, since the same credentials would be refused again. Call ``RealtimeConnection/connect()`` after
    /// fixing them.
    case rejected(String)
    /// The server ended the session on purpose (Socket.IO's `DISCONNECT` from the server).
    case closedByServer(String)
    /// The connection failed and reconnection is off or gave up after its last attempt.
    case failed(String)

    public var description: String {
        switch self {
        case .notStarted: "not started"
        case .requested: "disconnect() was called"
        case .rejected(let reason): "the server refused the session: \(reason)"
        case .closedByServer(let reason): "the server closed the session: \(reason)"
        case .failed(let reason): reason
        }
    }
}
