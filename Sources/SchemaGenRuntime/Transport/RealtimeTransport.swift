import Foundation

/// What a transport adapter implements to carry a generated client's events: Socket.IO, Pusher, Supabase
/// Realtime, or a plain WebSocket. See docs/transports.md for adapters.
///
/// A transport moves frames. Outgoing frames come ready-made in the contract's framing (`data`), and also
/// split into event name, channel and payload for SDKs that frame events themselves. Incoming frames are
/// handed over as the bytes of one message, in the contract's framing.
public protocol RealtimeTransport: Sendable {
    /// Sends one event.
    func send(_ frame: OutgoingFrame) async throws
    /// Sets where incoming frames go. A client calls this once, when it is created; the transport then
    /// calls `receiver` for every frame, from any task, one frame at a time: it awaits each before handing over the
    /// next, since a frame's listeners may run on an actor (the main actor) that is busy.
    func setReceiver(_ receiver: @escaping @Sendable (IncomingFrame) async -> Void)
    /// Starts receiving the events of a channel (Pusher subscribe, Supabase channel join).
    func subscribe(to channel: String) async throws
    /// Stops receiving the events of a channel.
    func unsubscribe(from channel: String) async throws
    /// Whether the transport carries acknowledgements (Socket.IO): it sends an ``OutgoingFrame/ackID`` with its
    /// frame and hands the answer back as an ``IncomingFrame`` with ``IncomingFrame/acknowledges``, and hands over
    /// the server's requests for one (``IncomingFrame/ackID``).
    var supportsAcknowledgements: Bool { get }
    /// Sets what the transport calls, with a reason, when its connection drops: the client then fails every request
    /// waiting for a reply and every open subscription at once (``RealtimeClientCore/failPendingRequests(_:)``),
    /// since their answers cannot come. A client calls this once, when it is created.
    func setConnectionLossHandler(_ handler: @escaping @Sendable (String) -> Void)
    /// Sets what the transport calls when its connection is open again after a loss (not the first time it opens),
    /// once sends go through: the client then subscribes again the channels it subscribed by request
    /// (`subscribes:`), which no transport knows how to join. A client calls this once, when it is created.
    func setReconnectionHandler(_ handler: @escaping @Sendable () -> Void)
    /// Drops the connection, saying why, as if it had failed: what a ``StreamBuffer/failConnection(_:)`` stream asks
    /// when it overflows. A transport that reconnects does so as its policy says.
    func failConnection(reason: String) async
}

extension RealtimeTransport {
    /// Transports without acknowledgements need not say so: a call that needs one fails at once with
    /// ``AcknowledgementsUnsupported``.
    public var supportsAcknowledgements: Bool { false }

    /// Transports without channels (Socket.IO, a plain WebSocket) need not subscribe.
    public func subscribe(to channel: String) async throws {}
    public func unsubscribe(from channel: String) async throws {}

    /// Transports that never lose a connection (``LoopbackTransport``) need not report it.
    public func setConnectionLossHandler(_ handler: @escaping @Sendable (String) -> Void) {}

    /// Transports that never reconnect need not report it.
    public func setReconnectionHandler(_ handler: @escaping @Sendable () -> Void) {}

    /// A transport without a connection of its own to fail ignores it.
    public func failConnection(reason: String) async {}
}

/// One event on its way out.
public struct OutgoingFrame: Hashable, Sendable {
    /// The event's wire name.
    public var eventName: String
    /// The channel address it is sent on; `nil` for events outside channels.
    public var channel: String?
    /// The payload alone, as JSON; `nil` for events without payload.
    public var payload: Data?
    /// The whole frame in the contract's framing, exactly as it goes on the wire.
    public var data: Data

    /// When set, the frame asks for an acknowledgement with this id (Socket.IO's `42<id>[...]`); the transport
    /// hands it back as an ``IncomingFrame`` whose ``IncomingFrame/acknowledges`` is this id.
    public var ackID: Int?
    /// When set, the frame is not an event but the app's acknowledgement of the server's frame with this ack id
    /// (Socket.IO's `43<id>[...]`); `data` and `payload` are the JSON array of its arguments.
    public var acknowledges: Int?
    /// Where the frame's `Bytes` values sit in ``data``, as base64 strings: each a path from the frame's root. A
    /// transport that carries bytes as bytes (Socket.IO's binary attachments) takes them out; any other sends `data`
    /// as it is. Recorded for Socket.IO's framing only.
    public var bytePaths: [[JSONPathStep]]

    public init(
        eventName: String, channel: String?, payload: Data?, data: Data, ackID: Int? = nil, acknowledges: Int? = nil,
        bytePaths: [[JSONPathStep]] = []
    ) {
        self.eventName = eventName
        self.channel = channel
        self.payload = payload
        self.data = data
        self.ackID = ackID
        self.acknowledges = acknowledges
        self.bytePaths = bytePaths
    }

    /// The payload decoded as a JSON object, for SDKs that take `[String: Any]` (Socket.IO-Client-Swift).
    public var payloadObject: Any? {
        payload.flatMap { try? JSONSerialization.jsonObject(with: $0, options: [.fragmentsAllowed]) }
    }
}

/// One frame that arrived.
public struct IncomingFrame: Hashable, Sendable {
    /// The frame's bytes, in the contract's framing.
    public var data: Data
    /// The channel the frame arrived on, when the transport knows it (a Supabase channel subscription).
    /// Framings that name the channel inside the frame (Pusher's `channel` key) take precedence.
    public var channel: String?
    /// When set, the server asks the app to acknowledge this frame with this ack id (Socket.IO's `42<id>[...]`).
    public var ackID: Int?
    /// When set, the frame is the acknowledgement of the app's frame with this ``OutgoingFrame/ackID``, and
    /// `data` is the JSON array of its arguments (Socket.IO's `43<id>[...]`), not an event.
    public var acknowledges: Int?
    /// When set, the transport could not read the message into a frame, and says why (a Phoenix binary message cut
    /// short): `data` is the message's bytes, and the client reports it to `onIncomingFailure` with this reason.
    public var unreadable: String?

    public init(
        data: Data, channel: String? = nil, ackID: Int? = nil, acknowledges: Int? = nil, unreadable: String? = nil
    ) {
        self.data = data
        self.channel = channel
        self.ackID = ackID
        self.acknowledges = acknowledges
        self.unreadable = unreadable
    }
}
