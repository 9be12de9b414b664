import Foundation

/// What a server adapter implements to carry a generated server's events: it accepts connections, hands over what
/// arrives on them, and sends frames to one of them. See docs/server.md for the adapters.
///
/// Like ``RealtimeTransport`` on the client side, a server transport moves frames: outgoing ones come ready-made in
/// the contract's framing, incoming ones are the bytes of one message. Which connections form a group, or subscribe
/// to a channel, the server keeps itself; a transport only reports subscriptions its protocol carries (a Phoenix
/// join, a Pusher subscribe).
public protocol RealtimeServerTransport: Sendable {
    /// Sets where connection events go. A server calls this once, when it is created; the transport then calls
    /// `receiver` for every event, on any thread, one at a time per connection and in order.
    func setReceiver(_ receiver: @escaping @Sendable (ServerTransportEvent) -> Void)
    /// Sends one frame to one connection. Throws when the connection is gone.
    func send(_ frame: OutgoingFrame, to connection: ServerConnection) async throws
    /// Closes a connection from the server's side; its ``ServerTransportEvent/disconnected(_:reason:)`` follows.
    func close(_ connection: ServerConnection) async
    /// Closes a connection saying why (a write it did not take in time): the reason its disconnect reports.
    func close(_ connection: ServerConnection, reason: String) async
    /// Takes the server's limits (``RealtimeServerCore/limits``): the transport's part is its outbound buffer, write
    /// timeout, largest message and read-ahead, where it has them.
    func apply(_ limits: ServerLimits)
    /// Whether the transport carries acknowledgements (Socket.IO), both ways: a client's frame may ask for one
    /// (``IncomingFrame/ackID``), and the server's frames may ask for one and get it back (``IncomingFrame/acknowledges``).
    var supportsAcknowledgements: Bool { get }
}

extension RealtimeServerTransport {
    /// Transports without acknowledgements need not say so: a call that needs one fails at once with
    /// ``AcknowledgementsUnsupported``.
    public var supportsAcknowledgements: Bool { false }

    /// A transport without limits of its own ignores them.
    public func apply(_ limits: ServerLimits) {}

    /// A transport that cannot say why closes as ``close(_:)`` does.
    public func close(_ connection: ServerConnection, reason: String) async {
        await close(connection)
    }
}

/// One client connected to a server, as its transport numbers it: stable for the connection's life, never reused
/// by the same transport.
public struct ServerConnection: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let id: UInt64

    public init(id: UInt64) {
        self.id = id
    }

    public static func < (lhs: ServerConnection, rhs: ServerConnection) -> Bool { lhs.id < rhs.id }

    public var description: String { "connection \(id)" }
}

/// What a server transport reports.
public enum ServerTransportEvent: Sendable {
    /// A client connected (after the protocol's handshake, if it has one).
    case connected(ServerConnection)
    /// A frame arrived on a connection: an event in the contract's framing, or an acknowledgement.
    case frame(IncomingFrame, from: ServerConnection)
    /// The client subscribed to a channel through the protocol (a Phoenix join, a Pusher subscribe).
    case subscribed(ServerConnection, channel: String)
    /// The client left a channel through the protocol.
    case unsubscribed(ServerConnection, channel: String)
    /// The connection ended; nothing more arrives on it and nothing can be sent to it.
    case disconnected(ServerConnection, reason: String)
}

/// An event a client sent, with the connection it came from.
public struct ReceivedEvent<Event: Sendable>: Sendable {
    public var connection: ServerConnection
    public var event: Event

    public init(connection: ServerConnection, event: Event) {
        self.connection = connection
        self.event = event
    }
}

extension ReceivedEvent: Equatable where Event: Equatable {}
extension ReceivedEvent: Hashable where Event: Hashable {}
