import Foundation
import SchemaGenRuntime

/// What a ``RealtimeConnection`` sends to prove who the app is, asked for before every connection attempt so an
/// expired token can be refreshed first (``ConnectionOptions/credentials``).
public struct ConnectionCredentials: Sendable, Hashable {
    /// Headers of the WebSocket's opening request (`Authorization: Bearer …`).
    public var headers: [String: String]
    /// Query items added to the URL (Supabase's `apikey`, a Pusher key).
    public var queryItems: [URLQueryItem]
    /// The protocol's own auth payload: Socket.IO's `CONNECT` packet carries it (`socket.handshake.auth` on the
    /// server).
    public var auth: JSONValue?

    public init(headers: [String: String] = [:], queryItems: [URLQueryItem] = [], auth: JSONValue? = nil) {
        self.headers = headers
        self.queryItems = queryItems
        self.auth = auth
    }

    public static let none = ConnectionCredentials()
}

/// What happens to an event the app sends while the connection is not open.
public enum OfflineSends: Sendable, Hashable {
    /// The send waits until the connection is open again and is then sent, in order, before anything newer. At most
    /// `limit` sends wait; one more fails at once with ``ConnectionFailure/offlineQueueFull(limit:)``. Waiting sends fail
    /// with ``ConnectionFailure/notConnected(_:)`` when the connection gives up or ``RealtimeConnection/disconnect()`` is
    /// called, and with `CancellationError` when their task is cancelled.
    case queue(limit: Int)
    /// The send fails at once with ``ConnectionFailure/notConnected(_:)``.
    case fail
}

/// How a ``RealtimeConnection`` behaves; every setting has a default fit for an app.
public struct ConnectionOptions: Sendable {
    /// When a dropped connection is opened again.
    public var reconnect: ReconnectPolicy
    /// What sends do while the connection is down.
    public var offlineSends: OfflineSends
    /// How long opening may take, WebSocket and protocol handshake together, before the attempt counts as failed.
    public var handshakeTimeout: Duration
    /// Called before every connection attempt, the first and each reconnection: headers, query items and the auth
    /// payload to send. Throwing fails the attempt (it then counts like a failed connection).
    public var credentials: @Sendable () async throws -> ConnectionCredentials
    /// Told every attempt, drop, backoff, stop and refused channel, with the reason (`{ print($0) }`, or a logger):
    /// called on the connection's task, so it should return quickly.
    public var monitor: (@Sendable (ConnectionEvent) -> Void)?

    public init(
        reconnect: ReconnectPolicy = .standard, offlineSends: OfflineSends = .queue(limit: 1_000),
        handshakeTimeout: Duration = .seconds(20),
        credentials: @escaping @Sendable () async throws -> ConnectionCredentials = { .none },
        monitor: (@Sendable (ConnectionEvent) -> Void)? = nil
    ) {
        self.monitor = monitor
        self.reconnect = reconnect
        self.offlineSends = offlineSends
        self.handshakeTimeout = handshakeTimeout
        self.credentials = credentials
    }
}

/// Why a send or a connection attempt failed.
public enum ConnectionFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The connection is not open and the options say not to wait (or it gave up, or was disconnected).
    case notConnected(ConnectionState)
    /// Too many sends wait for the connection (``OfflineSends/queue(limit:)``).
    case offlineQueueFull(limit: Int)
    /// The protocol cannot carry this frame (a Socket.IO acknowledgement over a plain WebSocket).
    case unsupported(String)
    /// Opening took longer than ``ConnectionOptions/handshakeTimeout``.
    case handshakeTimedOut(after: Duration)
    /// The server stopped answering heartbeats.
    case heartbeatTimedOut(String)
    /// The connection failed while the frame was being written: it may or may not have reached the server. The
    /// connection reconnects as its policy says; send again if the frame must arrive.
    case sendFailed(reason: String)
    /// The server refused to join the channel (a Socket.IO namespace's `CONNECT_ERROR`), or left it, saying why.
    case channelRefused(channel: String, reason: String)
    /// A frame for a channel the connection has not joined: subscribe to it first. `refusal` is why the server last
    /// refused it, when it did.
    case notJoined(channel: String, refusal: String?)

    public var description: String {
        switch self {
        case .notConnected(let state): "not connected (\(state))"
        case .offlineQueueFull(let limit): "\(limit) sends already wait for the connection; this one was not queued"
        case .unsupported(let what): what
        case .handshakeTimedOut(let limit): "the connection was not open after \(limit)"
        case .heartbeatTimedOut(let reason): reason
        case .sendFailed(let reason): "the connection failed while sending: \(reason)"
        case .channelRefused(let channel, let reason): "the server refused to join \(channel): \(reason)"
        case .notJoined(let channel, let refusal?): "\(channel) is not joined: the server refused it (\(refusal))"
        case .notJoined(let channel, nil): "\(channel) is not joined: subscribe to it first"
        }
    }
}
