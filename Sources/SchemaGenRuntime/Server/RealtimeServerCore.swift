import Foundation

/// The engine inside every generated server: routes frames from connections to the typed listeners, responders and
/// event streams of their scope (the server itself, or one channel), keeps which connections form which groups, and
/// frames events for the transport, to one connection or many.
///
/// Generated code is a typed skin over this class; servers use the generated `Server`, not this directly. Listeners
/// run on the thread the transport delivers on, one frame at a time per connection, in arrival order.
public final class RealtimeServerCore: @unchecked Sendable {
    public let transport: any RealtimeServerTransport
    public let framing: WireFraming
    /// How several frames share one message, when the API batches them.
    public let separator: FrameSeparator?
    let frames: OutgoingFrames
    private let decoder: WireDecoder
    private let maximumPendingRequests: Int

    /// Guards everything below.
    private let lock = NSLock()
    private var connections: [ServerConnection: Membership] = [:]
    private var groups: [String: Set<ServerConnection>] = [:]
    private var subscribers: [String: Set<ServerConnection>] = [:]
    private var rootScope: (any ServerScopeRouting)?
    private var channelScopes: [String: any ServerScopeRouting] = [:]
    // Arrays, not dictionaries: handlers run in the order they were registered.
    private var listeners: [String: [(id: UUID, handler: ServerFrameHandler)]] = [:]
    /// Listeners across every address of a channel's template, by route: a frame's channel is matched against each.
    private var templateListeners: [String: [(id: UUID, template: ChannelTemplate, handler: ServerTemplateHandler)]] = [:]
    private var responders = ResponderTable<ServerResponder>()
    private var errorHandlers: [(id: UUID, handler: @Sendable (ServerConnection, IncomingFailure) -> Void)] = []
    private var connectHandlers: [(id: UUID, handler: @Sendable (ServerConnection) -> Void)] = []
    private var disconnectHandlers: [(id: UUID, handler: @Sendable (ServerConnection, String) -> Void)] = []
    private var correlationCounter = 0
    private var acknowledgementTimeout: Duration? = .seconds(30)
    private var currentLimits = ServerLimits.standard
    /// Writes under way, by number, with their connection and when they started: what the watchdog checks.
    private var writes: [UInt64: (connection: ServerConnection, started: ContinuousClock.Instant)] = [:]
    private var lastWrite: UInt64 = 0
    private var watchdog: Task<Void, Never>?

    /// What the server knows of one connection.
    private struct Membership {
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
    public init(transport: any RealtimeServerTransport, framing: WireFraming, dates: WireDateEncoding, separator: FrameSeparator? = nil,
                maximumPendingRequests: Int = 1_024) {
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

    // MARK: Connections and groups

    /// The connections open now, oldest first.
    public var openConnections: [ServerConnection] {
        lock.withLock { connections.keys.sorted() }
    }

    /// Adds `connection` to `group` (a Socket.IO room); it leaves every group when it disconnects.
    public func join(_ connection: ServerConnection, to group: String) {
        lock.withLock {
            guard connections[connection] != nil else { return }
            connections[connection]?.groups.insert(group)
            groups[group, default: []].insert(connection)
        }
    }

    /// Removes `connection` from `group`.
    public func leave(_ connection: ServerConnection, from group: String) {
        lock.withLock {
            connections[connection]?.groups.remove(group)
            groups[group]?.remove(connection)
            if groups[group]?.isEmpty == true { groups[group] = nil }
        }
    }

    /// The connections in `group` now.
    public func members(of group: String) -> [ServerConnection] {
        lock.withLock { (groups[group] ?? []).sorted() }
    }

    /// Subscribes `connection` to the channel at `address`, for protocols that carry no subscriptions of their own
    /// (a plain WebSocket): the channel's ``Recipients/subscribers(of:)`` include it from now on.
    public func subscribe(_ connection: ServerConnection, to address: String) {
        lock.withLock {
            guard connections[connection] != nil else { return }
            connections[connection]?.channels.insert(address)
            subscribers[address, default: []].insert(connection)
        }
    }

    /// Unsubscribes `connection` from the channel at `address`.
    public func unsubscribe(_ connection: ServerConnection, from address: String) {
        lock.withLock {
            connections[connection]?.channels.remove(address)
            subscribers[address]?.remove(connection)
            if subscribers[address]?.isEmpty == true { subscribers[address] = nil }
        }
    }

    /// The connections subscribed to the channel at `address` now.
    public func subscribers(of address: String) -> [ServerConnection] {
        lock.withLock { (subscribers[address] ?? []).sorted() }
    }

    /// Closes `connection` from the server's side.
    public func close(_ connection: ServerConnection) async {
        await transport.close(connection)
    }

    /// Calls `handler` with every connection that opens.
    public func onConnect(_ handler: @escaping @Sendable (ServerConnection) -> Void) -> ListenerToken {
        let id = UUID()
        lock.withLock { connectHandlers.append((id, handler)) }
        return ListenerToken(id: id) { [weak self] in self?.lock.withLock { self?.connectHandlers.removeAll { $0.id == id } } }
    }

    /// Calls `handler` with every connection that ends, and why, after it left its groups and channels.
    public func onDisconnect(_ handler: @escaping @Sendable (ServerConnection, String) -> Void) -> ListenerToken {
        let id = UUID()
        lock.withLock { disconnectHandlers.append((id, handler)) }
        return ListenerToken(id: id) { [weak self] in self?.lock.withLock { self?.disconnectHandlers.removeAll { $0.id == id } } }
    }

    /// Calls `handler` for every frame from a connection that cannot be delivered (malformed, an event the contract
    /// does not have for clients, a payload that does not decode). The connection's other frames keep flowing.
    public func addErrorHandler(_ handler: @escaping @Sendable (ServerConnection, IncomingFailure) -> Void) -> ListenerToken {
        let id = UUID()
        lock.withLock { errorHandlers.append((id, handler)) }
        return ListenerToken(id: id) { [weak self] in self?.lock.withLock { self?.errorHandlers.removeAll { $0.id == id } } }
    }

    // MARK: Sending

    /// Encodes `payload` and sends the event in the contract's framing to `recipients`.
    public func emit(eventName: String, channel: String?, payload: (some Encodable & Sendable)?, to recipients: Recipients) async throws {
        try await send(frames.frame(eventName: eventName, channel: channel, payload: payload), to: recipients)
    }

    /// Sends an event without payload to `recipients`.
    public func emit(eventName: String, channel: String?, to recipients: Recipients) async throws {
        try await send(frames.frame(eventName: eventName, channel: channel, body: nil), to: recipients)
    }

    /// Encodes `payload` and sends the event at `address` (contracts with frame shapes) to `recipients`.
    public func emit(_ address: EventAddress, channel: String?, payload: (some Encodable & Sendable)?, to recipients: Recipients) async throws {
        try await send(frames.frame(address, channel: channel, payload: payload), to: recipients)
    }

    /// Sends the event at `address` without payload to `recipients`.
    public func emit(_ address: EventAddress, channel: String?, to recipients: Recipients) async throws {
        try await send(frames.frame(address, channel: channel, body: nil), to: recipients)
    }

    /// Sends an event the contract does not describe, its payload given as raw JSON, to `recipients`.
    public func emit(eventName: String, channel: String?, rawPayload: Data?, to recipients: Recipients) async throws {
        try await send(frames.frame(eventName: eventName, channel: channel, body: rawPayload), to: recipients)
    }

    /// Sends the answer to a client's request to `connection`, the request's correlation `value` written into it at
    /// `path` (see ``correlationValue(in:at:)``), whatever the server's handler put there.
    public func emit(eventName: String, channel: String?, payload: some Encodable & Sendable, echoing value: JSONValue?, at path: String,
                     to connection: ServerConnection) async throws {
        try await send(frames.frame(eventName: eventName, channel: channel, body: frames.body(payload, echoing: value, at: path)), to: .connection(connection))
    }

    /// ``emit(eventName:channel:payload:echoing:at:to:)`` for the event at `address` (contracts with frame shapes).
    public func emit(_ address: EventAddress, channel: String?, payload: some Encodable & Sendable, echoing value: JSONValue?, at path: String,
                     to connection: ServerConnection) async throws {
        try await send(frames.frame(address, channel: channel, body: frames.body(payload, echoing: value, at: path)), to: .connection(connection))
    }

    /// The correlation value a client's request carries at `source` (a frame field, or a member of its payload), read
    /// as the client reads its replies' values; `nil` when the frame has none.
    public func correlationValue(in frame: WireFraming.ParsedFrame, at source: ReplyMatch.Source) -> JSONValue? {
        source.value(in: frame)
    }

    /// Sends `frame` to the recipients, to all at once. A failure to send to one named connection is thrown; to a
    /// group, it is skipped (the connection is closing, and its disconnect follows), so one dead or stalled connection
    /// stops no broadcast.
    private func send(_ frame: OutgoingFrame, to recipients: Recipients) async throws {
        if recipients.isSingleConnection, case .connections(let list) = recipients.selection {
            return try await write(frame, to: list[0])
        }
        let targets = resolve(recipients)
        if targets.count == 1 { return (try? await write(frame, to: targets[0])) ?? () }
        await withTaskGroup(of: Void.self) { group in
            for connection in targets {
                group.addTask { try? await self.write(frame, to: connection) }
            }
        }
    }

    /// One write, watched: the watchdog closes a connection whose write outlasts ``writeTimeout``, which ends it. (A
    /// transport that queues its writes, as the WebSocket server transport does, returns at once and times its own
    /// writes: this watchdog is for transports whose send waits for the socket.)
    private func write(_ frame: OutgoingFrame, to connection: ServerConnection) async throws {
        let number: UInt64 = lock.withLock {
            lastWrite += 1
            writes[lastWrite] = (connection, .now)
            if watchdog == nil {
                // Every quarter second (a cancelled long sleep per write would hold its memory until its deadline), for
                // as long as the server lives.
                watchdog = Task { [weak self] in
                    while !Task.isCancelled {
                        try? await Task.sleep(for: .milliseconds(250))
                        guard let self else { return }
                        await self.closeStalledConnections()
                    }
                }
            }
            return lastWrite
        }
        defer { lock.withLock { writes[number] = nil } }
        try await transport.send(frame, to: connection)
    }

    /// Closes the connections of writes that outlast the write timeout.
    private func closeStalledConnections() async {
        let now = ContinuousClock.now
        let (stalled, limit): ([ServerConnection], Duration) = lock.withLock {
            let late = writes.filter { now - $0.value.started >= currentLimits.writeTimeout }
            for number in late.keys { writes[number] = nil }
            return (Array(Set(late.values.map(\.connection))).sorted(), currentLimits.writeTimeout)
        }
        for connection in stalled {
            await transport.close(connection, reason: "the client took no frame for \(limit) (it stopped reading); closed so it stalls no one else")
        }
    }

    deinit {
        watchdog?.cancel()
    }

    private func resolve(_ recipients: Recipients) -> [ServerConnection] {
        let chosen: [ServerConnection] = lock.withLock {
            switch recipients.selection {
            case .connections(let list): list
            case .group(let name): (groups[name] ?? []).sorted()
            case .subscribers(let address): (subscribers[address] ?? []).sorted()
            case .everyone: connections.keys.sorted()
            }
        }
        return recipients.excluded.isEmpty ? chosen : chosen.filter { !recipients.excluded.contains($0) }
    }

    // MARK: Acknowledgements

    /// How long the server waits for a connection's acknowledgement or answer when the call names no timeout (30
    /// seconds unless set); `nil` waits until it comes or the connection ends.
    public var defaultAcknowledgementTimeout: Duration? {
        get { lock.withLock { acknowledgementTimeout } }
        set { lock.withLock { acknowledgementTimeout = newValue } }
    }

    /// Sends the event to `connection` asking for an acknowledgement (Socket.IO) and returns its arguments, the JSON
    /// array the client's callback answered with. Throws ``RequestFailure`` when none comes within `timeout` or the
    /// connection ends, ``AcknowledgementsUnsupported`` when the transport carries none, `CancellationError` when the
    /// calling task is cancelled.
    public func emitExpectingAck(eventName: String, channel: String?, payload: (some Encodable & Sendable)?, to connection: ServerConnection,
                                 timeout: Duration? = nil) async throws -> Data {
        guard transport.supportsAcknowledgements else { throw AcknowledgementsUnsupported(eventName: eventName) }
        let id = nextCorrelationNumber()
        let frame = try frames.frame(eventName: eventName, channel: channel, payload: payload, ackID: id)
        let match = ReplyMatch(route: RealtimeClientCore.acknowledgementRoute, channel: nil, source: .field(""))
        return try await exchange(frame, expecting: match, correlation: .number(JSONNumber(id)), with: connection, timeout: timeout).payloadOrNull
    }

    // MARK: The server's requests

    /// A fresh correlation number (1, 2, 3…), for the server's requests and acknowledgements.
    public func nextCorrelationNumber() -> Int {
        lock.withLock {
            correlationCounter = correlationCounter == .max ? 1 : correlationCounter + 1
            return correlationCounter
        }
    }

    /// Sends the server's request to `connection`, `correlation` written into its encoded value at `path`, and returns
    /// the frame that answers it: the first frame on `match`'s route from that connection carrying `correlation`.
    /// Throws ``RequestFailure`` when no answer comes within `timeout` (or ``defaultAcknowledgementTimeout``) or the
    /// connection ends, and `CancellationError` when the calling task is cancelled. The answer also reaches the
    /// route's listeners.
    public func request(eventName: String, channel: String?, payload: some Encodable & Sendable, correlation: JSONValue, at path: String,
                        expecting match: ReplyMatch, from connection: ServerConnection, timeout: Duration? = nil) async throws -> WireFraming.ParsedFrame {
        let frame = frames.frame(eventName: eventName, channel: channel, body: try frames.body(payload, echoing: correlation, at: path))
        return try await exchange(frame, expecting: match, correlation: correlation, with: connection, timeout: timeout)
    }

    /// ``request(eventName:channel:payload:correlation:at:expecting:from:timeout:)`` for the event at `address`
    /// (contracts with frame shapes).
    public func request(_ address: EventAddress, channel: String?, payload: some Encodable & Sendable, correlation: JSONValue, at path: String,
                        expecting match: ReplyMatch, from connection: ServerConnection, timeout: Duration? = nil) async throws -> WireFraming.ParsedFrame {
        let frame = frames.frame(address, channel: channel, body: try frames.body(payload, echoing: correlation, at: path))
        return try await exchange(frame, expecting: match, correlation: correlation, with: connection, timeout: timeout)
    }

    /// Sends `frame` to `connection` and waits in the connection's table for what answers it.
    private func exchange(_ frame: OutgoingFrame, expecting match: ReplyMatch, correlation: JSONValue, with connection: ServerConnection,
                          timeout: Duration?) async throws -> WireFraming.ParsedFrame {
        let (pending, limit) = lock.withLock { (connections[connection]?.pending, timeout ?? acknowledgementTimeout) }
        guard let pending else { throw RequestFailure.connectionLost(reason: "\(connection) is not open") }
        return try await pending.exchange(expecting: match, correlation: correlation, timeout: limit) {
            try await transport.send(frame, to: connection)
        }
    }

    /// Decodes an acknowledgement's arguments: all of them as a tuple type when `spread`, else the first one.
    public func decodeAcknowledgement<Value: Decodable>(_ type: Value.Type, from arguments: Data, spread: Bool) throws -> Value {
        try decoder.decodeAcknowledgement(Value.self, from: arguments, spread: spread)
    }

    /// Answers a connection's request for an acknowledgement `ackID` with `value`: as its arguments when `spread` (a
    /// tuple type), else as its one argument.
    public func acknowledge(_ ackID: Int, eventName: String, channel: String?, with value: some Encodable & Sendable, spread: Bool,
                            to connection: ServerConnection) async throws {
        try await transport.send(frames.acknowledgement(ackID, eventName: eventName, channel: channel, with: value, spread: spread), to: connection)
    }

    // MARK: Registering

    /// Declares a scope (`nil`: events outside channels) and how its frames decode into its generated client-event
    /// enum, for ``events(channel:as:)``. Idempotent.
    public func registerScope<Event: Sendable>(channel: String?,
                                               decode: @escaping @Sendable (WireFraming.ParsedFrame, WireDecoder) throws -> Event) {
        lock.withLock {
            if scope(for: channel) == nil { setScope(ServerScope<Event>(decode: decode), for: channel) }
        }
    }

    /// Calls `handler` with the connection and payload of every `route` frame of the scope, the payload decoded as
    /// `Payload` from `source`.
    public func addListener<Payload: Decodable & Sendable>(
        channel: String?, eventName route: String, decoding type: Payload.Type, from source: WireFraming.PayloadSource = .payload,
        handler: @escaping @Sendable (ServerConnection, Payload) -> Void
    ) -> ListenerToken {
        addListener(channel: channel, eventName: route) { connection, frame, decoder in
            handler(connection, try decoder.decode(Payload.self, from: frame, source: source))
        }
    }

    /// Calls `handler` with the connection of every `route` frame of the scope (events without payload).
    public func addListener(channel: String?, eventName route: String, handler: @escaping @Sendable (ServerConnection) -> Void) -> ListenerToken {
        addListener(channel: channel, eventName: route) { connection, _, _ in handler(connection) }
    }

    private func addListener(channel: String?, eventName route: String, _ handler: @escaping ServerFrameHandler) -> ListenerToken {
        let id = UUID()
        let key = routeKey(route, channel)
        lock.withLock { listeners[key, default: []].append((id, handler)) }
        return ListenerToken(id: id) { [weak self] in
            guard let self else { return }
            self.lock.withLock {
                self.listeners[key]?.removeAll { $0.id == id }
                if self.listeners[key]?.isEmpty == true { self.listeners[key] = nil }
            }
        }
    }

    /// Calls `handler` with the connection, the channel's address, its parameters' values and the frame of every `route`
    /// frame on any channel whose address `template` matches, whether or not the server made that channel's scope (a
    /// room made on the fly).
    public func addListener(template: ChannelTemplate, eventName route: String,
                            handler: @escaping @Sendable (ServerConnection, String, [String], WireFraming.ParsedFrame, WireDecoder) throws -> Void)
        -> ListenerToken {
        let id = UUID()
        lock.withLock { templateListeners[route, default: []].append((id, template, handler)) }
        return ListenerToken(id: id) { [weak self] in
            guard let self else { return }
            self.lock.withLock {
                self.templateListeners[route]?.removeAll { $0.id == id }
                if self.templateListeners[route]?.isEmpty == true { self.templateListeners[route] = nil }
            }
        }
    }

    /// Sets the server's answer to the clients' requests on a route of a scope (one per route: a request has one
    /// answer), replacing any before. The token's `cancel()` removes it.
    public func setResponder(channel: String?, eventName route: String, _ responder: @escaping ServerResponder) -> ListenerToken {
        let key = routeKey(route, channel)
        let id = lock.withLock { responders.set(responder, for: key) }
        return ListenerToken(id: id) { [weak self] in self?.lock.withLock { self?.responders.remove(key, id: id) } }
    }

    /// Every event clients send in the scope, with its connection, until the consuming task ends; buffered as
    /// ``limits``' `eventBuffer` says.
    public func events<Event: Sendable>(channel: String?, as type: Event.Type) -> AsyncStream<ReceivedEvent<Event>> {
        let buffer = limits.eventBuffer
        return AsyncStream(bufferingPolicy: buffer.policy(for: ReceivedEvent<Event>.self)) { continuation in
            let id = UUID()
            lock.withLock {
                (scope(for: channel) as? ServerScope<Event>)?.addStream(id: id) { event in
                    if case .dropped = continuation.yield(event) { return buffer }
                    return nil
                }
            }
            continuation.onTermination = { [weak self] _ in
                guard let self else { return }
                self.lock.withLock { (self.scope(for: channel) as? ServerScope<Event>)?.removeStream(id: id) }
            }
        }
    }

    // MARK: Receiving

    /// Handles one transport event. Transports call this through the receiver set at init.
    public func receive(_ event: ServerTransportEvent) {
        switch event {
        case .connected(let connection):
            let handlers = lock.withLock {
                if connections[connection] == nil { connections[connection] = Membership(pending: PendingReplies(limit: maximumPendingRequests)) }
                return connectHandlers
            }
            for entry in handlers { entry.handler(connection) }
        case .frame(let frame, let connection):
            receive(frame, from: connection)
        case .subscribed(let connection, let channel):
            subscribe(connection, to: channel)
        case .unsubscribed(let connection, let channel):
            unsubscribe(connection, from: channel)
        case .disconnected(let connection, let reason):
            let (membership, handlers) = lock.withLock {
                let membership = connections.removeValue(forKey: connection)
                for group in membership?.groups ?? [] {
                    groups[group]?.remove(connection)
                    if groups[group]?.isEmpty == true { groups[group] = nil }
                }
                for channel in membership?.channels ?? [] {
                    subscribers[channel]?.remove(connection)
                    if subscribers[channel]?.isEmpty == true { subscribers[channel] = nil }
                }
                return (membership, disconnectHandlers)
            }
            guard let membership else { return }
            membership.pending.failAll(RequestFailure.connectionLost(reason: reason))
            for entry in handlers { entry.handler(connection, reason) }
        }
    }

    private func receive(_ incoming: IncomingFrame, from connection: ServerConnection) {
        if let id = incoming.acknowledges {
            return receiveAcknowledgement(incoming, id: id, from: connection)
        }
        if let separator {
            let frames = separator.incomingFrames(of: incoming)
            if frames.isEmpty {
                return report(IncomingFailure(eventName: nil, channel: incoming.channel, rawFrame: incoming.data, rawPayload: nil,
                                              reason: .malformedFrame(.init(reason: "the message holds no frame"))), from: connection)
            }
            return frames.forEach { receiveFrame($0, from: connection) }
        }
        receiveFrame(incoming, from: connection)
    }

    private func receiveFrame(_ incoming: IncomingFrame, from connection: ServerConnection) {
        let parsed: WireFraming.ParsedFrame
        do {
            parsed = try framing.parse(incoming.data)
        } catch {
            return report(IncomingFailure(eventName: nil, channel: incoming.channel, rawFrame: incoming.data, rawPayload: nil,
                                          reason: .malformedFrame(error)), from: connection)
        }
        let channel = parsed.channel ?? incoming.channel
        let key = routeKey(parsed.route, channel)
        let (handlers, responder, routing, pending, hasScope, templated) = lock.withLock {
            let scope = scope(for: channel), handlers = listeners[key] ?? [], responder = responders.isEmpty ? nil : responders[key]
            return (handlers, responder, scope?.routing ?? (handlers.isEmpty && responder == nil ? scope?.check : nil), connections[connection]?.pending,
                    scope != nil, channel == nil || templateListeners.isEmpty ? [] : templateListeners[parsed.route] ?? [])
        }
        let across = channel.map { address in templated.compactMap { entry in entry.template.values(in: address).map { (entry.handler, address, $0) } } } ?? []
        // An answer to the server's own request, from this connection; it still reaches the route's listeners.
        let delivery = pending?.deliver(parsed, channel: channel)
        if case .unexpected(let correlation) = delivery {
            report(IncomingFailure(eventName: parsed.reportedName, channel: channel, rawFrame: incoming.data, rawPayload: parsed.payload,
                                   reason: .unexpectedReply(correlation: correlation)), from: connection)
        }
        // A channel the server made no scope for, where nothing else waits either: said, not dropped unseen.
        let isReply = switch delivery { case .answered?, .unexpected?: true; case .notAReply?, nil: false }
        if !hasScope, handlers.isEmpty, responder == nil, across.isEmpty, !isReply {
            return report(IncomingFailure(eventName: parsed.reportedName, channel: channel, rawFrame: incoming.data, rawPayload: parsed.payload,
                                          reason: .unhandled), from: connection)
        }
        // A payload that does not decode is reported once per frame, however many consumers tried.
        var failure: (any Error)?
        if let responder {
            do {
                if let work = try responder(connection, parsed, decoder, incoming.ackID) {
                    answer(work, to: parsed, channel: channel, from: connection, incoming: incoming)
                }
            } catch {
                failure = failure ?? error
            }
        }
        for entry in handlers {
            do { try entry.handler(connection, parsed, decoder) } catch { failure = failure ?? error }
        }
        for (handler, address, values) in across {
            do { try handler(connection, address, values, parsed, decoder) } catch { failure = failure ?? error }
        }
        do {
            try routing?(connection, parsed, decoder)
        } catch {
            failure = failure ?? error
        }
        guard let failure else { return }
        let reason: IncomingFailure.Reason = if let error = failure as? DecodingError {
            .undecodablePayload(error)
        } else if let overflow = failure as? StreamOverflow {
            .droppedByStream(overflow.buffer)
        } else {
            .malformedFrame(failure as? WireFraming.MalformedFrame ?? WireFraming.MalformedFrame(reason: "\(failure)"))
        }
        report(IncomingFailure(eventName: parsed.reportedName, channel: channel, rawFrame: incoming.data, rawPayload: parsed.payload, reason: reason),
               from: connection)
        if let overflow = failure as? StreamOverflow, let reason = overflow.buffer.failureReason {
            Task { await transport.close(connection, reason: reason) }
        }
    }

    /// Works out one answer in a task of its own, within the connection's limit of requests in flight; an answer that
    /// cannot be sent is reported, never dropped unseen.
    private func answer(_ work: @escaping @Sendable () async throws -> Void, to parsed: WireFraming.ParsedFrame, channel: String?,
                        from connection: ServerConnection, incoming: IncomingFrame) {
        let (allowed, limit): (Bool, Int) = lock.withLock {
            guard var membership = connections[connection] else { return (false, 0) }
            let limit = currentLimits.maximumRequestsInFlight
            guard membership.inFlight < limit else { return (false, limit) }
            membership.inFlight += 1
            connections[connection] = membership
            return (true, limit)
        }
        guard allowed else {
            guard limit > 0 else { return }  // a connection that is gone: its frames are reported elsewhere
            report(IncomingFailure(eventName: parsed.reportedName, channel: channel, rawFrame: incoming.data, rawPayload: parsed.payload,
                                   reason: .tooManyRequestsInFlight(limit: limit)), from: connection)
            Task { await transport.close(connection, reason: "more than \(limit) requests in flight at once; closed so it exhausts no one else") }
            return
        }
        Task {
            do {
                try await work()
            } catch {
                report(IncomingFailure(eventName: parsed.reportedName, channel: channel, rawFrame: incoming.data, rawPayload: parsed.payload,
                                       reason: .answerNotSent("\(error)")), from: connection)
            }
            lock.withLock { connections[connection]?.inFlight -= 1 }
        }
    }

    private func receiveAcknowledgement(_ incoming: IncomingFrame, id: Int, from connection: ServerConnection) {
        let frame = WireFraming.ParsedFrame(eventName: "", channel: nil, payload: incoming.data, frame: incoming.data,
                                            route: RealtimeClientCore.acknowledgementRoute)
        let pending = lock.withLock { connections[connection]?.pending }
        if pending.map({ if case .answered = $0.deliverAcknowledgement(frame, id: id) { true } else { false } }) != true {
            report(IncomingFailure(eventName: nil, channel: incoming.channel, rawFrame: incoming.data, rawPayload: incoming.data,
                                   reason: .unexpectedReply(correlation: .number(JSONNumber(id)))), from: connection)
        }
    }

    private func report(_ failure: IncomingFailure, from connection: ServerConnection) {
        let handlers = lock.withLock { errorHandlers }
        for entry in handlers { entry.handler(connection, failure) }
    }

    // Called with the lock held.
    private func scope(for channel: String?) -> (any ServerScopeRouting)? {
        guard let channel else { return rootScope }
        return channelScopes[channel]
    }

    private func setScope(_ scope: any ServerScopeRouting, for channel: String?) {
        if let channel { channelScopes[channel] = scope } else { rootScope = scope }
    }
}

/// Handles one parsed frame from a connection: decodes it and calls what listens to it.
typealias ServerFrameHandler = @Sendable (ServerConnection, WireFraming.ParsedFrame, WireDecoder) throws -> Void

/// Handles one parsed frame on a channel a template matched, with the parameters' values read from its address.
typealias ServerTemplateHandler = @Sendable (ServerConnection, String, [String], WireFraming.ParsedFrame, WireDecoder) throws -> Void

/// The server's answer to a client's request: decodes the request from the frame at once (a payload that does not
/// decode is reported like any other), and returns the work that makes and sends the answer, which the server runs in
/// a task of its own. `ackID` is the acknowledgement the client asked for, if it asked for one.
public typealias ServerResponder = @Sendable (_ connection: ServerConnection, _ frame: WireFraming.ParsedFrame, _ decoder: WireDecoder,
                                              _ ackID: Int?) throws -> (@Sendable () async throws -> Void)?
