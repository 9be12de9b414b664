/// What every generated `Client` shares: how much it buffers for slow readers, how long its requests wait, and how
/// many wait now. This, the generated `Client`'s typed members and the transports are a client's whole API.
public protocol RealtimeClient: Sendable {
    /// The engine that frames and routes events: generated code's, not the app's.
    @_spi(Generated) var core: RealtimeClientCore { get }
}

extension RealtimeClient {
    /// How many events each `events` stream keeps for a loop that reads slower than they arrive, and which it lets go
    /// of (each reported to `onIncomingFailure`): ``StreamBuffer/standard``, the newest 1,024, unless set. Streams
    /// made afterwards take it.
    public var eventBuffer: StreamBuffer {
        get { core.eventBuffer }
        nonmutating set { core.eventBuffer = newValue }
    }

    /// How many items each subscription keeps for a loop that reads slower than they arrive (the oldest let go after
    /// that, each reported): 4,096 unless set.
    public var subscriptionBuffer: StreamBuffer {
        get { core.subscriptionBuffer }
        nonmutating set { core.subscriptionBuffer = newValue }
    }

    /// How long a request waits for its reply when the call names no timeout (30 seconds unless set); `nil` waits
    /// until the reply, a cancellation or a connection loss.
    public var defaultRequestTimeout: Duration? {
        get { core.defaultRequestTimeout }
        nonmutating set { core.defaultRequestTimeout = newValue }
    }

    /// How many requests wait for their replies now.
    public var pendingRequestCount: Int { core.pendingRequestCount }
}
