/// The bounds that keep one connection from stalling or exhausting the others: one value, set on a server's core
/// (`server.core.limits`), which hands the transport its part. docs/server.md lists them with their defaults.
public struct ServerLimits: Sendable, Hashable {
    /// How long one connection may take to take in a frame (10 s): a broadcast goes to every recipient at once, and a
    /// connection that stops reading is closed after this, its disconnect saying why.
    public var writeTimeout: Duration
    /// How many of one connection's requests may be answered at once (64): one more is reported
    /// (``IncomingFailure/Reason/tooManyRequestsInFlight(limit:)``) and the connection closed, saying why.
    public var maximumRequestsInFlight: Int
    /// How many events each `events` stream keeps for a loop that reads slower than clients send (the newest 1,024);
    /// each one let go of is reported with its connection.
    public var eventBuffer: StreamBuffer
    /// How many bytes may wait to be written to one connection (1 MiB): a send that would pass it closes the
    /// connection, saying it is too slow, rather than hold more for it. One frame larger than this is still sent when
    /// nothing waits. Transports that queue their writes honour it (the WebSocket server transport).
    public var outboundBuffer: Int
    /// The largest message taken from a client (1 MiB, fragments joined); a bigger one closes the connection with
    /// WebSocket code 1009.
    public var maximumMessageSize: Int
    /// How many messages from one connection are read ahead of the server's handlers (16): beyond them the socket is
    /// not read, so a client that sends faster than the server handles fills TCP's buffers, not the server's memory.
    public var readAhead: Int
    /// How many sessions a transport holds at once (10,000): connections over WebSockets and Engine.IO long-polling
    /// sessions alike, counted from their handshake, so a handshake nobody follows up holds one until its ping times
    /// out. One more is refused (a long-polling handshake answered 503, a WebSocket closed at once) and logged.
    public var maximumSessions: Int
    /// How many new sessions one address may open a second (20, with a burst of five seconds' worth): beyond that its
    /// handshakes are refused (a long-polling handshake answered 429, a WebSocket closed at once) and logged until it
    /// slows down. Applies where the web framework's adapter knows the client's address (Hummingbird: a request
    /// context that conforms to `RemoteAddressRequestContext`).
    public var handshakesPerSecond: Int

    public init(
        writeTimeout: Duration = .seconds(10), maximumRequestsInFlight: Int = 64, eventBuffer: StreamBuffer = .standard,
        outboundBuffer: Int = 1 << 20, maximumMessageSize: Int = 1 << 20, readAhead: Int = 16,
        maximumSessions: Int = 10_000, handshakesPerSecond: Int = 20
    ) {
        self.writeTimeout = max(.milliseconds(1), writeTimeout)
        self.maximumRequestsInFlight = max(1, maximumRequestsInFlight)
        self.eventBuffer = eventBuffer
        self.outboundBuffer = max(1, outboundBuffer)
        self.maximumMessageSize = max(1, maximumMessageSize)
        self.readAhead = max(1, readAhead)
        self.maximumSessions = max(1, maximumSessions)
        self.handshakesPerSecond = max(1, handshakesPerSecond)
    }

    /// The defaults above.
    public static let standard = ServerLimits()
}
