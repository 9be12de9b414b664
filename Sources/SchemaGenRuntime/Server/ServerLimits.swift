/// Every bound a generated server keeps so that no connection can stall or exhaust the others, in one value
/// (`server.core.limits`), each with its default.
public struct ServerLimits: Sendable, Hashable {
    /// How long one connection may take to take in a frame (10 s): a broadcast goes to every recipient at once, and a
    /// connection that stops reading is closed after this, its disconnect saying why.
    public var writeTimeout: Duration
    /// How many of one connection's requests may be answered at once (64): one more is reported
    /// (``IncomingFailure/Reason/tooManyRequestsInFlight(limit:)``) and the connection closed.
    public var maximumRequestsInFlight: Int
    /// How many events each `events` stream keeps for a loop that reads slower than clients send (the newest 1,024);
    /// each one let go of is reported with its connection.
    public var eventBuffer: StreamBuffer

    public init(writeTimeout: Duration = .seconds(10), maximumRequestsInFlight: Int = 64, eventBuffer: StreamBuffer = .standard) {
        self.writeTimeout = max(.milliseconds(1), writeTimeout)
        self.maximumRequestsInFlight = max(1, maximumRequestsInFlight)
        self.eventBuffer = eventBuffer
    }

    /// The defaults above.
    public static let standard = ServerLimits()
}
