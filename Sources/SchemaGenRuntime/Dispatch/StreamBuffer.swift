/// How many events a stream keeps for a loop that reads slower than they arrive (or not at all yet), and which it
/// lets go of when full (or whether it fails the connection instead). Every event let go of reaches the error handlers as ``IncomingFailure/Reason/droppedByStream(_:)``.
///
/// The default for a client's `events` and a server's `events` is ``standard``: the newest 1,024 kept. A subscription
/// keeps every item up to ``RealtimeClientCore/subscriptionBuffer`` (4,096 unless set), its oldest let go after that.
public enum StreamBuffer: Sendable, Hashable, CustomStringConvertible {
    /// Keeps the newest `limit` events: when full, the oldest is let go (a view that shows the latest state).
    case dropOldest(Int)
    /// Keeps the first `limit` events: when full, a new one is let go (a log that must not skip from its start).
    case dropNewest(Int)
    /// Keeps the first `limit` events: when full, a new one is let go and the connection is failed, saying why (a
    /// client's connection drops and reconnects as its policy says, so the app starts again from fresh state; a
    /// server closes the connection the event came from). For a view that must never show a state with a gap.
    case failConnection(Int)

    /// The newest 1,024 events.
    public static let standard = StreamBuffer.dropOldest(1_024)

    /// How many events it holds (at least one).
    public var limit: Int {
        switch self {
        case .dropOldest(let limit), .dropNewest(let limit), .failConnection(let limit): max(1, limit)
        }
    }

    public var description: String {
        switch self {
        case .dropOldest: "holds \(limit) and lets go of the oldest"
        case .dropNewest: "holds \(limit) and lets go of new ones"
        case .failConnection: "holds \(limit) and fails the connection when one more comes"
        }
    }

    func policy<Element>(for _: Element.Type) -> AsyncStream<Element>.Continuation.BufferingPolicy {
        switch self {
        case .dropOldest: .bufferingNewest(limit)
        case .dropNewest, .failConnection: .bufferingOldest(limit)
        }
    }

    func throwingPolicy<Element>(
        for _: Element.Type
    ) -> AsyncThrowingStream<Element, any Error>.Continuation.BufferingPolicy {
        switch self {
        case .dropOldest: .bufferingNewest(limit)
        case .dropNewest, .failConnection: .bufferingOldest(limit)
        }
    }

    /// Why the connection is failed after an overflow, when the policy says to fail it.
    var failureReason: String? {
        guard case .failConnection = self else { return nil }
        return "a stream was full (it \(description)): the connection is failed so no event goes missing unseen"
    }
}

/// A stream was full when an event arrived: it let go of one, as its ``StreamBuffer`` says.
struct StreamOverflow: Error {
    let buffer: StreamBuffer
}
