/// How many events a stream keeps for a loop that reads slower than they arrive (or not at all yet), and which it
/// lets go of when full. Every event let go of reaches the error handlers as ``IncomingFailure/Reason/droppedByStream(_:)``.
///
/// The default for a client's `events` and a server's `events` is ``standard``: the newest 1,024 kept. A subscription
/// keeps every item up to ``RealtimeClientCore/subscriptionBuffer`` (4,096 unless set), its oldest let go after that.
public enum StreamBuffer: Sendable, Hashable, CustomStringConvertible {
    /// Keeps the newest `limit` events: when full, the oldest is let go (a view that shows the latest state).
    case dropOldest(Int)
    /// Keeps the first `limit` events: when full, a new one is let go (a log that must not skip from its start).
    case dropNewest(Int)

    /// The newest 1,024 events.
    public static let standard = StreamBuffer.dropOldest(1_024)

    /// How many events it holds (at least one).
    public var limit: Int {
        switch self {
        case .dropOldest(let limit), .dropNewest(let limit): max(1, limit)
        }
    }

    public var description: String {
        switch self {
        case .dropOldest: "holds \(limit) and lets go of the oldest"
        case .dropNewest: "holds \(limit) and lets go of new ones"
        }
    }

    func policy<Element>(for _: Element.Type) -> AsyncStream<Element>.Continuation.BufferingPolicy {
        switch self {
        case .dropOldest: .bufferingNewest(limit)
        case .dropNewest: .bufferingOldest(limit)
        }
    }

    func throwingPolicy<Element>(for _: Element.Type) -> AsyncThrowingStream<Element, any Error>.Continuation.BufferingPolicy {
        switch self {
        case .dropOldest: .bufferingNewest(limit)
        case .dropNewest: .bufferingOldest(limit)
        }
    }
}

/// A stream was full when an event arrived: it let go of one, as its ``StreamBuffer`` says.
struct StreamOverflow: Error {
    let buffer: StreamBuffer
}
