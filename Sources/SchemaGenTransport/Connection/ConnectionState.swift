import Foundation

/// Where a ``RealtimeConnection`` is in its life: ``RealtimeConnection/state`` now, ``RealtimeConnection/states`` as
/// it changes.
public enum ConnectionState: Sendable, Hashable, CustomStringConvertible {
    /// Opening the first connection (the WebSocket, then the protocol's handshake).
    case connecting
    /// Open: the handshake is done and frames flow.
    case connected
    /// The connection dropped, or the last attempt failed, for the reason `after` says (the server's refusal, a
    /// timeout, what the WebSocket reported); waiting for, or making, reconnection attempt `attempt` (1, 2, …).
    case reconnecting(attempt: Int, after: String)
    /// Not connected, and not trying to be.
    case disconnected(reason: DisconnectReason)

    public var description: String {
        switch self {
        case .connecting: "connecting"
        case .connected: "connected"
        case .reconnecting(let attempt, let reason): "reconnecting (attempt \(attempt)) after: \(reason)"
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

/// What a ``RealtimeConnection`` does and why, as it happens: for an app's log (``ConnectionOptions/monitor``), so a
/// connection that keeps failing says why on the client, not only in the server's log.
public enum ConnectionEvent: Sendable, Hashable, CustomStringConvertible {
    /// Opening a WebSocket to `url`: attempt 0 is the first connection, 1 and on reconnections.
    case attempting(attempt: Int, url: URL)
    /// The handshake is done: frames flow.
    case opened
    /// An attempt failed, or the open connection dropped, and why.
    case dropped(reason: String)
    /// Waiting this long before the next attempt (the reconnect policy's backoff).
    case waiting(Duration)
    /// The connection stopped for good, and why.
    case stopped(DisconnectReason)
    /// The server refused to join a channel (or left it), and why.
    case channelRefused(channel: String, reason: String)

    public var description: String {
        switch self {
        case .attempting(let attempt, let url):
            attempt == 0 ? "connecting to \(url)" : "reconnecting to \(url) (attempt \(attempt))"
        case .opened: "connected"
        case .dropped(let reason): "dropped: \(reason)"
        case .waiting(let delay): "waiting \(delay) before the next attempt"
        case .stopped(let reason): "stopped: \(reason)"
        case .channelRefused(let channel, let reason): "the server refused \(channel): \(reason)"
        }
    }
}
