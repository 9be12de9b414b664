import Foundation

/// The engine inside every generated client: frames events for the transport, and routes incoming frames
/// to the typed listeners and event streams of their scope (the client itself, or one channel).
///
/// Generated code is a typed skin over this class; apps use the generated clients, not this directly.
/// Listeners run one frame at a time, in arrival order: each on the actor it was registered on (a `@MainActor` view
/// model's listeners on the main actor), or, registered from no actor, on the task the transport delivers on. A
/// frame's delivery waits for its listeners, so a busy actor slows reading rather than piling frames up. The client
/// lives as long as the app keeps it (or a copy); frames that arrive after that go to ``ReleasedClient``.
@_spi(Generated) public final class RealtimeClientCore: @unchecked Sendable {
    public let transport: any RealtimeTransport
    public let framing: WireFraming
    /// How several frames share one message, when the API batches them.
    public let separator: FrameSeparator?
    /// Writes outgoing frames; its encoder is safe to share once configured: it is only read after init.
    let frames: OutgoingFrames
    var encoder: JSONEncoder { frames.encoder }
    private let decoder: WireDecoder

    /// Guards every scope's listeners and the error handlers.
    let lock = NSLock()
    // The root scope is kept apart so most frames need no dictionary lookup to find it.
    private var rootScope: (any ScopeRouting)?
    private var channelScopes: [String: any ScopeRouting] = [:]
    // Arrays, not dictionaries: handlers run in the order they were registered.
    private var errorHandlers: [(id: UUID, handler: Listener<IncomingFailure>)] = []
    /// The app's answers to the server's requests, by route key (``Responder``).
    var responders = ResponderTable<Responder>()
    /// Requests waiting for their replies.
    let pending: PendingReplies
    /// Subscriptions open now, by their id.
    let subscriptions: ActiveSubscriptions
    /// Channels subscribed by a request of the contract (`subscribes:`), subscribed again after a reconnection.
    let channelRequests = ChannelRequests()
    private var requestTimeout: Duration? = .seconds(30)
    private var streamBuffer = StreamBuffer.standard
    private var itemBuffer = StreamBuffer.dropOldest(4_096)
    private var correlationCounter = 0

    /// - Parameter maximumPendingRequests: how many requests may wait for replies at once; one more fails at once
    ///   with ``RequestFailure/tooManyPending(limit:)``, so replies that never come cannot grow the table without end.
    /// - Parameter separator: how several frames share one message, for an API that batches them.
    public init(
        transport: any RealtimeTransport, framing: WireFraming, dates: WireDateEncoding,
        separator: FrameSeparator? = nil,
        maximumPendingRequests: Int = 65_536
    ) {
        self.transport = transport
        self.framing = framing
        self.separator = separator
        self.frames = OutgoingFrames(framing: framing, encoder: dates.makeEncoder(), separator: separator)
        self.decoder = dates.makeDecoder()
        self.pending = PendingReplies(limit: maximumPendingRequests)
        self.subscriptions = ActiveSubscriptions(limit: maximumPendingRequests)
        // Weakly: a client does not keep itself alive; frames that outlive it are reported, not lost unseen.
        let reporter = ReleasedClientReporter(framing: framing)
        transport.setReceiver { [weak self] frame in
            guard let self else { return reporter.report(frame) }
            await self.receive(frame)
        }
        transport.setConnectionLossHandler { [weak self] reason in
            self?.failPendingRequests(reason)
        }
        transport.setReconnectionHandler { [weak self] in
            self?.resubscribeChannels()
        }
    }

    // MARK: Sending

    /// Encodes `payload` and sends the event in the contract's framing.
    public func emit(eventName: String, channel: String?, payload: (some Encodable & Sendable)?) async throws {
        try await transport.send(frames.frame(eventName: eventName, channel: channel, payload: payload))
    }

    /// Sends an event without payload.
    public func emit(eventName: String, channel: String?) async throws {
        try await transport.send(frames.frame(eventName: eventName, channel: channel, body: nil))
    }

    /// Encodes `payload` and sends the event at `address` (contracts with frame shapes). When the event's shape
    /// has envelope fields, `payload` is the event's whole value: its fields and its payload
    /// (``WireFraming/ParsedFrame/parts``).
    public func emit(_ address: EventAddress, channel: String?, payload: (some Encodable & Sendable)?) async throws {
        try await transport.send(frames.frame(address, channel: channel, payload: payload))
    }

    /// Sends the event at `address` without payload.
    public func emit(_ address: EventAddress, channel: String?) async throws {
        try await transport.send(frames.frame(address, channel: channel, body: nil))
    }

    // MARK: Requests

    /// The decoder replies are read with: the contract's dates, as listeners read payloads.
    public var payloadDecoder: WireDecoder { decoder }

    /// How long a request waits for its reply when the call names no timeout (30 seconds unless set); `nil` waits
    /// until the reply, a cancellation or a connection loss.
    public var defaultRequestTimeout: Duration? {
        get { lock.withLock { requestTimeout } }
        set { lock.withLock { requestTimeout = newValue } }
    }

    /// A fresh correlation number for a request (1, 2, 3…), for APIs whose ids are counters (JSON-RPC `id`,
    /// Phoenix `ref`).
    public func nextCorrelationNumber() -> Int {
        lock.withLock {
            correlationCounter = correlationCounter == .max ? 1 : correlationCounter + 1
            return correlationCounter
        }
    }

    /// Sends a request with `send` and returns the frame that answers it: the first frame on `match`'s route
    /// whose correlation value is `correlation`. The reply also reaches the route's listeners.
    ///
    /// Throws ``RequestFailure`` when no reply comes within `timeout` (or ``defaultRequestTimeout``), when the
    /// connection is lost (``failPendingRequests(_:)``), when too many requests wait or `correlation` is already
    /// in use (then nothing is sent); `CancellationError` when the calling task is cancelled; and whatever `send`
    /// throws. A reply that comes after its request ended goes to the error handlers.
    ///
    /// `onAnswer` is called with the answering frame on the receiving thread before any later frame is handled,
    /// for what the reply must set up at once (the subscription it confirms). `onCancel` is called with
    /// `correlation`, in a task of its own, when the calling task is cancelled while waiting: to send the API's
    /// cancel frame.
    public func request(
        expecting match: ReplyMatch, correlation: JSONValue, timeout: Duration? = nil,
        onAnswer: (@Sendable (WireFraming.ParsedFrame) -> Void)? = nil,
        onCancel: (@Sendable (JSONValue) async throws -> Void)? = nil,
        send: () async throws -> Void
    ) async throws -> WireFraming.ParsedFrame {
        try await pending.exchange(
            expecting: match, correlation: correlation, timeout: timeout ?? defaultRequestTimeout,
            onAnswer: onAnswer, onCancel: onCancel, send: send)
    }

    /// Sends a request answered once per item it names (a subscribe for two pairs, acknowledged twice) and returns
    /// the replies: in the order of `items`' values when the replies name their item, else in arrival order. When
    /// the error event of `match` answers first, the call returns that one frame, and the items' other replies
    /// still to come reach the reply event's listeners without being reported. A request that names no item is
    /// sent and returns no replies. Throws as ``request(expecting:correlation:timeout:onAnswer:onCancel:send:)``;
    /// a reply naming an item not asked for, or answered already, goes to the error handlers.
    public func request(
        expecting match: ReplyMatch, correlation: JSONValue, each items: ReplyItems, timeout: Duration? = nil,
        onCancel: (@Sendable (JSONValue) async throws -> Void)? = nil,
        send: () async throws -> Void
    ) async throws -> [WireFraming.ParsedFrame] {
        try await pending.exchange(
            expecting: match, correlation: correlation, each: items, timeout: timeout ?? defaultRequestTimeout,
            onCancel: onCancel, send: send)
    }

    /// The value `frame` holds at `source` (a frame field, or a member of its payload), read without decoding the
    /// rest: what generated code tests before the client answers an event by itself (`answer: {when: ...}`).
    public func value(in frame: WireFraming.ParsedFrame, at source: ReplyMatch.Source) -> JSONValue? {
        source.value(in: frame)
    }

    /// Ends every request waiting for a reply, and every open subscription, with
    /// ``RequestFailure/connectionLost(reason:)``: transports call it when the connection drops, so no call waits for
    /// a reply that cannot come and no loop waits for events of a subscription the server forgot.
    public func failPendingRequests(_ reason: String) {
        pending.failAll(RequestFailure.connectionLost(reason: reason))
        subscriptions.failAll(RequestFailure.connectionLost(reason: reason))
    }

    /// How many requests wait for replies now.
    public var pendingRequestCount: Int { pending.count }

    // MARK: Registering

    /// Declares a scope (`nil`: events outside channels) and how its frames decode into its generated event
    /// enum (its `unknown` case included). Idempotent.
    public func registerScope<Event: Sendable>(
        channel: String?,
        decode: @escaping @Sendable (WireFraming.ParsedFrame, WireDecoder) throws -> Event
    ) {
        lock.withLock {
            if scope(for: channel) == nil { setScope(Scope<Event>(decode: decode), for: channel) }
        }
    }

    /// Calls `handler` with the payload of every `eventName` frame of the scope (for frame shapes, `eventName`
    /// is the event's ``EventAddress/route``), on the actor it is isolated to, if any. `decode` reads the payload
    /// from a frame, once per frame whatever the number of listeners; `event` wraps it in the scope's event enum
    /// for the scope's `events` streams.
    public func addListener<Event: Sendable, Payload: Sendable>(
        channel: String?, eventName: String,
        handler: @escaping Listener<Payload>,
        decode: @escaping @Sendable (WireFraming.ParsedFrame, WireDecoder) throws -> Payload,
        event: @escaping @Sendable (Payload) -> Event
    ) -> ListenerToken {
        addScopeListener(channel: channel, eventName: eventName, handler: handler, decode: decode, event: event)
    }

    /// ``addListener(channel:eventName:handler:decode:event:)`` for an event without payload: `handler` takes no value.
    public func addListener<Event: Sendable>(
        channel: String?, eventName: String, event: Event,
        handler: @escaping @isolated(any) @Sendable () -> Void
    ) -> ListenerToken {
        addScopeListener(
            channel: channel, eventName: eventName, handler: handler, decode: { _, _ in }, event: { _ in event })
    }

    private func addScopeListener<Event: Sendable, Payload: Sendable>(
        channel: String?, eventName: String,
        handler: @escaping Listener<Payload>,
        decode: @escaping @Sendable (WireFraming.ParsedFrame, WireDecoder) throws -> Payload,
        event: @escaping @Sendable (Payload) -> Event
    ) -> ListenerToken {
        let id = UUID()
        lock.withLock {
            (scope(for: channel) as? Scope<Event>)?.addListener(
                id: id, eventName: eventName, decode: decode, event: event, handler: handler)
        }
        return ListenerToken(id: id) { [weak self] in
            guard let self else { return }
            self.lock.withLock {
                (self.scope(for: channel) as? Scope<Event>)?.removeListener(id: id, eventName: eventName)
            }
        }
    }

    /// ``addListener(channel:eventName:handler:decode:event:)`` for a payload that decodes as `Payload` from
    /// `source`: what generated listener methods call, with `event` an enum case (`ServerEvent.orderUpdated`),
    /// so they hold no closures of their own (each closure in 500 listener methods costs the app's build).
    public func addListener<Event: Sendable, Payload: Decodable & Sendable>(
        channel: String?, eventName: String, decoding type: Payload.Type,
        from source: WireFraming.PayloadSource = .payload,
        handler: @escaping Listener<Payload>, event: @escaping @Sendable (Payload) -> Event
    ) -> ListenerToken {
        addListener(
            channel: channel, eventName: eventName, handler: handler,
            decode: { frame, decoder in
                try decoder.decode(Payload.self, from: frame, source: source)
            }, event: event)
    }

    /// Calls `handler` with every event of the scope the contract does not describe, on the actor it is isolated to,
    /// if any; `unknown` reads a frame as one, or returns `nil` for an event the contract describes (generated code
    /// passes its `ServerEvent.unknownEvent`, which looks at the route alone).
    public func addUnknownListener<Event: Sendable>(
        channel: String?, as type: Event.Type, handler: @escaping Listener<UnknownEvent>,
        unknown: @escaping @Sendable (WireFraming.ParsedFrame, WireDecoder) throws -> UnknownEvent?
    ) -> ListenerToken {
        let id = UUID()
        lock.withLock {
            (scope(for: channel) as? Scope<Event>)?.addUnknownListener(id: id, handler: handler, unknown: unknown)
        }
        return ListenerToken(id: id) { [weak self] in
            guard let self else { return }
            self.lock.withLock { (self.scope(for: channel) as? Scope<Event>)?.removeUnknownListener(id: id) }
        }
    }

    /// How many events each `events` stream keeps for a loop that reads slower than they arrive, and which it lets go
    /// of (each reported to the error handlers): ``StreamBuffer/standard``, the newest 1,024, unless set. Streams made
    /// afterwards take it.
    public var eventBuffer: StreamBuffer {
        get { lock.withLock { streamBuffer } }
        set { lock.withLock { streamBuffer = newValue } }
    }

    /// How many items each subscription keeps for a loop that reads slower than they arrive (the oldest let go after
    /// that, each reported): 4,096 unless set.
    public var subscriptionBuffer: StreamBuffer {
        get { lock.withLock { itemBuffer } }
        set { lock.withLock { itemBuffer = newValue } }
    }

    /// Every event of the scope, as its generated enum, until the consuming task ends; buffered as ``eventBuffer`` says.
    public func events<Event: Sendable>(channel: String?, as type: Event.Type) -> AsyncStream<Event> {
        let buffer = eventBuffer
        return AsyncStream(bufferingPolicy: buffer.policy(for: Event.self)) { continuation in
            let id = UUID()
            lock.withLock {
                (scope(for: channel) as? Scope<Event>)?.addStream(id: id) { event in
                    if case .dropped = continuation.yield(event) { return buffer }
                    return nil
                }
            }
            continuation.onTermination = { [weak self] _ in
                guard let self else { return }
                self.lock.withLock { (self.scope(for: channel) as? Scope<Event>)?.removeStream(id: id) }
            }
        }
    }

    /// Calls `handler` for every frame that cannot be delivered (malformed, or a payload that does not decode), on the
    /// actor it is isolated to, if any.
    public func addErrorHandler(_ handler: @escaping Listener<IncomingFailure>) -> ListenerToken {
        let id = UUID()
        lock.withLock { errorHandlers.append((id, handler)) }
        return ListenerToken(id: id) { [weak self] in
            self?.lock.withLock { self?.errorHandlers.removeAll { $0.id == id } }
        }
    }

    // MARK: Receiving

    /// Routes one incoming frame (with a ``separator``, each frame of the message, in order). Transports call this
    /// through the receiver set at init.
    public func receive(_ incoming: IncomingFrame) async {
        if let reason = incoming.unreadable {
            return await report(
                IncomingFailure(
                    eventName: nil, channel: incoming.channel, rawFrame: incoming.data, rawPayload: nil,
                    reason: .malformedFrame(.init(reason: reason))))
        }
        if let id = incoming.acknowledges {
            return await receiveAcknowledgement(incoming, id: id)
        }
        if let separator {
            let frames = separator.incomingFrames(of: incoming)
            if frames.isEmpty {
                return await report(
                    IncomingFailure(
                        eventName: nil, channel: incoming.channel, rawFrame: incoming.data, rawPayload: nil,
                        reason: .malformedFrame(.init(reason: "the message holds no frame"))))
            }
            for frame in frames { await receiveFrame(frame) }
            return
        }
        await receiveFrame(incoming)
    }

    @inline(__always)
    private func receiveFrame(_ incoming: IncomingFrame) async {
        let parsed: WireFraming.ParsedFrame
        do {
            parsed = try framing.parse(incoming.data)
        } catch {
            await report(
                IncomingFailure(
                    eventName: nil, channel: incoming.channel, rawFrame: incoming.data, rawPayload: nil,
                    reason: .malformedFrame(error)))
            return
        }
        let channel = parsed.channel ?? incoming.channel
        // A payload that does not decode is reported once per frame, however many consumers (its subscription, the
        // responder, the listeners) tried.
        var undecodable: DecodingError?
        switch subscriptions.deliver(parsed, channel: channel, decoder: decoder) {
        case let error as DecodingError:
            undecodable = error
        case let overflow as StreamOverflow:
            await reportOverflow(overflow, of: parsed, channel: channel)
        default:
            break
        }
        if case .unexpected(let correlation) = pending.deliver(parsed, channel: channel) {
            await report(
                IncomingFailure(
                    eventName: parsed.reportedName, channel: channel, rawFrame: parsed.frame,
                    rawPayload: parsed.payload,
                    reason: .unexpectedReply(correlation: correlation)))
        }
        // One lock per frame: the scope's routing is replaced, never changed, so it is used after the lock is released.
        let (routing, responder) = lock.withLock {
            (scope(for: channel)?.routing, responders.isEmpty ? nil : responders[routeKey(parsed.route, channel)])
        }
        if let responder, let error = await respond(to: parsed, incoming: incoming, channel: channel, with: responder) {
            undecodable = undecodable ?? error
        }
        do {
            try await routing?.deliver(parsed, decoder: decoder)
        } catch let error as DecodingError {
            undecodable = error
        } catch let overflow as StreamOverflow {
            await reportOverflow(overflow, of: parsed, channel: channel)
        } catch {
            await report(
                IncomingFailure(
                    eventName: parsed.reportedName, channel: channel, rawFrame: parsed.frame,
                    rawPayload: parsed.payload,
                    reason: .malformedFrame(WireFraming.MalformedFrame(reason: "\(error)"))))
        }
        if let undecodable {
            await report(
                IncomingFailure(
                    eventName: parsed.reportedName, channel: channel, rawFrame: parsed.frame,
                    rawPayload: parsed.payload,
                    reason: .undecodablePayload(undecodable)))
        }
    }

    /// Reports the frame a stream let go of, and fails the connection when the stream's buffer says to.
    private func reportOverflow(_ overflow: StreamOverflow, of parsed: WireFraming.ParsedFrame, channel: String?) async
    {
        await report(
            IncomingFailure(
                eventName: parsed.reportedName, channel: channel, rawFrame: parsed.frame, rawPayload: parsed.payload,
                reason: .droppedByStream(overflow.buffer)))
        if let reason = overflow.buffer.failureReason {
            Task { [transport] in await transport.failConnection(reason: reason) }
        }
    }

    func report(_ failure: IncomingFailure) async {
        let handlers = lock.withLock { errorHandlers }
        for entry in handlers { await entry.handler(failure) }
    }

    // Called with the lock held.
    private func scope(for channel: String?) -> (any ScopeRouting)? {
        guard let channel else { return rootScope }
        return channelScopes[channel]
    }

    private func setScope(_ scope: any ScopeRouting, for channel: String?) {
        if let channel { channelScopes[channel] = scope } else { rootScope = scope }
    }
}

extension WireFraming {
    /// Which bytes of a frame an event's value decodes from.
    public enum PayloadSource: Sendable {
        /// The payload (``WireFraming/ParsedFrame/payloadOrNull``).
        case payload
        /// The payload, which must be there (``WireFraming/ParsedFrame/presentPayload()``): a `T | null` payload,
        /// for which `null` is a value and a missing payload an error.
        case presentPayload
        /// The whole frame: an envelope event whose value holds envelope fields beside the payload.
        case frame
        /// A frame shape's parts, or the whole frame (``WireFraming/ParsedFrame/partsOrFrame``).
        case partsOrFrame

        func bytes(of frame: ParsedFrame) throws -> Data {
            switch self {
            case .payload: frame.payloadOrNull
            case .presentPayload: try frame.presentPayload()
            case .frame: frame.frame
            case .partsOrFrame: frame.partsOrFrame
            }
        }
    }
}

extension WireFraming.ParsedFrame {
    /// The payload's bytes, or JSON `null` when the frame has none, so a missing payload fails to decode
    /// with a clear "value not found" rather than being skipped.
    public var payloadOrNull: Data {
        payload ?? Data("null".utf8)
    }

    /// The payload's bytes (`null` among them); a frame without one fails to decode, as the contract's `T | null`
    /// says the payload is always there.
    public func presentPayload() throws -> Data {
        guard let payload else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [],
                    debugDescription:
                        "the frame has no payload, which the contract says is always there (null or a value)"))
        }
        return payload
    }
}
