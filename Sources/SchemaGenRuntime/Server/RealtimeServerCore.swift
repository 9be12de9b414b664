import Foundation

/// The engine inside every generated server: routes frames from connections to the typed listeners, responders and
/// event streams of their scope (the server itself, or one channel), keeps which connections form which groups, and
/// frames events for the transport, to one connection or many.
///
/// Generated code is a typed skin over this class; servers use the generated `Server`, not this directly. Listeners
/// run on the thread the transport delivers on, one frame at a time per connection, in arrival order.
@_spi(Generated) public final class RealtimeServerCore: @unchecked Sendable {
    public let transport: any RealtimeServerTransport
    public let framing: WireFraming
    /// How several frames share one message, when the API batches them.
    public let separator: FrameSeparator?
    let frames: OutgoingFrames
    let decoder: WireDecoder
    let maximumPendingRequests: Int

    /// Guards everything below.
    let lock = NSLock()
    var connections: [ServerConnection: Membership] = [:]
    var groups: [String: Set<ServerConnection>] = [:]
    var subscribers: [String: Set<ServerConnection>] = [:]
    /// Tasks waiting for a first subscriber of a channel address (a `Mock` scenario's `subscribed:` step), by address:
    /// one entry per waiting task, removed when it resumes or is cancelled.
    var subscriptionWaiters: [String: [UUID: CheckedContinuation<Void, any Error>]] = [:]
    var rootScope: (any ServerScopeRouting)?
    var channelScopes: [String: any ServerScopeRouting] = [:]
    // Arrays, not dictionaries: handlers run in the order they were registered.
    var listeners: [String: [(id: UUID, handler: ServerFrameHandler)]] = [:]
    /// Listeners across every address of a channel's template, by route: a frame's channel is matched against each.
    var templateListeners: [String: [(id: UUID, template: ChannelTemplate, handler: ServerTemplateHandler)]] = [:]
    var responders = ResponderTable<ServerResponder>()
    /// Answers across every address of a channel's template, by route, one per template: a frame on a channel with no
    /// answer of its own is matched against each.
    var templateResponders: [String: [(id: UUID, template: ChannelTemplate, respond: ServerTemplateResponder)]] = [:]
    var errorHandlers: [(id: UUID, handler: @Sendable (ServerConnection, IncomingFailure) -> Void)] = []
    var connectHandlers: [(id: UUID, handler: @Sendable (ServerConnection) -> Void)] = []
    var disconnectHandlers: [(id: UUID, handler: @Sendable (ServerConnection, String) -> Void)] = []
    var correlationCounter = 0
    var acknowledgementTimeout: Duration? = .seconds(30)
    var currentLimits = ServerLimits.standard
    /// Writes under way, by number, with their connection and when they started: what the watchdog checks.
    var writes: [UInt64: (connection: ServerConnection, started: ContinuousClock.Instant)] = [:]
    var lastWrite: UInt64 = 0
    var watchdog: Task<Void, Never>?

    /// What the server knows of one connection.
    struct Membership {
        var groups: Set<String> = []
        var channels: Set<String> = []
        /// Its requests whose answers are being worked out.
        var inFlight = 0
        /// The server's frames waiting for this connection's acknowledgements.
        let pending: PendingReplies
    }

    /// - Parameter maximumPendingRequests: how many of the server's frames may wait for one connection's
    ///   acknowledgements at once; one more fails at once with ``RequestFailure/tooManyPending(limit:)``.
    /// - Parameter separator: how several frames share one message, for an API that batches them.
    public init(
        transport: any RealtimeServerTransport, framing: WireFraming, dates: WireDateEncoding,
        separator: FrameSeparator? = nil,
        maximumPendingRequests: Int = 1_024
    ) {
        self.transport = transport
        self.framing = framing
        self.separator = separator
        self.frames = OutgoingFrames(framing: framing, encoder: dates.makeEncoder(), separator: separator)
        self.decoder = dates.makeDecoder()
        self.maximumPendingRequests = maximumPendingRequests
        // Weakly: a server does not keep itself alive through its transport.
        transport.setReceiver { [weak self] event in self?.receive(event) }
    }

    /// The decoder payloads are read with: the contract's dates.
    public var payloadDecoder: WireDecoder { decoder }

    /// The bounds that keep one connection from stalling or exhausting the others (``ServerLimits/standard`` unless
    /// set): the write timeout, requests in flight per connection, and the `events` streams' buffer (streams made
    /// afterwards take it); setting them hands the transport its part (``RealtimeServerTransport/apply(_:)``).
    public var limits: ServerLimits {
        get { lock.withLock { currentLimits } }
        set {
            lock.withLock { currentLimits = newValue }
            transport.apply(newValue)
        }
    }

    deinit {
        watchdog?.cancel()
    }
}

/// Handles one parsed frame from a connection: decodes it and calls what listens to it.
typealias ServerFrameHandler = @Sendable (ServerConnection, WireFraming.ParsedFrame, WireDecoder) throws -> Void

/// Handles one parsed frame on a channel a template matched, with the parameters' values read from its address.
typealias ServerTemplateHandler =
    @Sendable (ServerConnection, String, [String], WireFraming.ParsedFrame, WireDecoder) throws -> Void

/// The server's answer to a client's request: decodes the request from the frame at once (a payload that does not
/// decode is reported like any other), and returns the work that makes and sends the answer, which the server runs in
/// a task of its own. `ackID` is the acknowledgement the client asked for, if it asked for one.
public typealias ServerResponder =
    @Sendable (
        _ connection: ServerConnection, _ frame: WireFraming.ParsedFrame, _ decoder: WireDecoder,
        _ ackID: Int?
    ) throws -> (@Sendable () async throws -> Void)?

/// ``ServerResponder`` for a request on any channel whose address a template matches: it is also given the channel's
/// `address` and its parameters' `values`, in the template's order.
public typealias ServerTemplateResponder =
    @Sendable (
        _ connection: ServerConnection, _ address: String, _ values: [String], _ frame: WireFraming.ParsedFrame,
        _ decoder: WireDecoder, _ ackID: Int?
    ) throws -> (@Sendable () async throws -> Void)?
