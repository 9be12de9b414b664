import Foundation

/// Which frames belong to a subscription: the event each item arrives as, the events that end it, and where each
/// carries the subscription's id (graphql-transport-ws `next`/`complete`/`error` by `id`; Ethereum
/// `eth_subscription` by `params.subscription`).
@_spi(Generated) public struct SubscriptionMatch: Sendable {
    /// The route of the event each item arrives as.
    public var route: String
    /// The channel the subscription lives on; `nil` outside channels.
    public var channel: String?
    /// Where an item carries the subscription id.
    public var source: ReplyMatch.Source
    /// An event that ends the subscription: the server is done.
    public var endRoute: (route: String, source: ReplyMatch.Source)?
    /// An event that ends the subscription with an error.
    public var errorRoute: (route: String, source: ReplyMatch.Source)?
    /// For a stream that ends by count: where each item says how many items there are in all (Discord's
    /// `chunk_count`). The stream finishes once that many items have arrived, with no end frame.
    public var countSource: ReplyMatch.Source?

    public init(
        route: String, channel: String?, source: ReplyMatch.Source,
        endRoute: (route: String, source: ReplyMatch.Source)? = nil,
        errorRoute: (route: String, source: ReplyMatch.Source)? = nil, countSource: ReplyMatch.Source? = nil
    ) {
        self.route = route
        self.channel = channel
        self.source = source
        self.endRoute = endRoute
        self.errorRoute = errorRoute
        self.countSource = countSource
    }
}

/// The subscriptions of one client that are open, by route, channel and subscription id.
///
/// Bounded like ``PendingReplies``. A subscription enters the table before its request is sent (its id chosen by
/// the client) or when the reply that confirms it arrives (its id chosen by the server), on the receiving thread,
/// so no item that follows the reply is missed.
final class ActiveSubscriptions: @unchecked Sendable {
    enum Role {
        case item, end, failure
    }

    private struct Key: Hashable {
        var route: String
        var channel: String?
        var id: JSONValue
    }

    /// What an open subscription does with its frames; built once, when it opens.
    struct Receiver: Sendable {
        /// Decodes and yields an item; returns the error when it does not decode, or ``StreamOverflow`` when the
        /// stream let one go (the subscription goes on).
        var item: @Sendable (WireFraming.ParsedFrame, WireDecoder) -> (any Error)?
        /// Ends the subscription: with `nil` as finished, or with the error.
        var finish: @Sendable ((any Error)?) -> Void
        /// Makes the error an end frame means.
        var failure: @Sendable (WireFraming.ParsedFrame, WireDecoder) -> any Error
    }

    /// A subscription's place in the table.
    final class Handle: @unchecked Sendable {
        fileprivate let match: SubscriptionMatch
        fileprivate let receiver: Receiver
        /// Its id once it is open; guarded by the table's lock.
        fileprivate var id: JSONValue?
        fileprivate var isClosed = false
        /// For a stream that ends by count: the items that arrived; guarded by the table's lock.
        fileprivate var received = 0

        fileprivate init(match: SubscriptionMatch, receiver: Receiver) {
            self.match = match
            self.receiver = receiver
        }
    }

    let limit: Int
    private let lock = NSLock()
    private var open: [Key: Handle] = [:]
    /// For each route (and channel) some subscription listens on: its role and where it carries the id, by the
    /// item route the subscription is filed under.
    private var routes: [String: [(role: Role, source: ReplyMatch.Source, itemRoute: String)]] = [:]
    private var reserved = 0

    init(limit: Int) {
        self.limit = limit
    }

    var count: Int { lock.withLock { reserved } }

    /// Takes a place for a subscription about to be requested.
    func reserve(_ match: SubscriptionMatch, receiver: Receiver) throws(RequestFailure) -> Handle {
        let handle = Handle(match: match, receiver: receiver)
        let full: Bool = lock.withLock {
            guard reserved < limit else { return true }
            reserved += 1
            return false
        }
        if full { throw .tooManyPending(limit: limit) }
        return handle
    }

    /// Opens `handle` under `id`: its frames are delivered from now on.
    func open(_ handle: Handle, id: JSONValue) throws(RequestFailure) {
        let match = handle.match
        let key = Key(route: match.route, channel: match.channel, id: id)
        let inUse: Bool = lock.withLock {
            guard !handle.isClosed, handle.id == nil else { return false }
            guard open[key] == nil else { return true }
            open[key] = handle
            handle.id = id
            let roles =
                [(Role.item, match.route, match.source)]
                + [
                    match.endRoute.map { (Role.end, $0.route, $0.source) },
                    match.errorRoute.map { (Role.failure, $0.route, $0.source) },
                ].compactMap { $0 }
            for (role, route, source) in roles {
                let routeKey = routeKey(route, match.channel)
                if routes[routeKey]?.contains(where: { $0.itemRoute == match.route && $0.role == role }) != true {
                    routes[routeKey, default: []].append((role, source, match.route))
                }
            }
            return false
        }
        if inUse { throw .correlationInUse(id) }
    }

    /// Whether `handle` was opened under an id, whether or not it has closed since: a subscription whose items and end
    /// arrive right behind its confirmation may be over before the task that asked for it resumes.
    func wasOpened(_ handle: Handle) -> Bool {
        lock.withLock { handle.id != nil }
    }

    /// Closes `handle` and returns its id if it was open; later frames with that id are not its own.
    @discardableResult
    func close(_ handle: Handle) -> JSONValue? {
        lock.withLock {
            guard !handle.isClosed else { return nil }
            handle.isClosed = true
            reserved -= 1
            guard let id = handle.id else { return nil }
            open[Key(route: handle.match.route, channel: handle.match.channel, id: id)] = nil
            return id
        }
    }

    /// Hands `frame` to the subscription it belongs to, if any; returns the error of an item that does not decode, or
    /// the ``StreamOverflow`` of a full stream.
    func deliver(_ frame: WireFraming.ParsedFrame, channel: String?, decoder: WireDecoder) -> (any Error)? {
        let routeKey = routeKey(frame.route, channel)
        guard let roles = lock.withLock({ routes[routeKey] }) else { return nil }
        for (role, source, itemRoute) in roles {
            guard let id = source.value(in: frame),
                let handle = lock.withLock({ open[Key(route: itemRoute, channel: channel, id: id)] })
            else { continue }
            switch role {
            case .item:
                let failure = handle.receiver.item(frame, decoder)
                if let countSource = handle.match.countSource, isLast(frame, of: handle, countSource: countSource),
                    close(handle) != nil
                {
                    handle.receiver.finish(nil)
                }
                return failure
            case .end:
                if close(handle) != nil { handle.receiver.finish(nil) }
            case .failure:
                if close(handle) != nil { handle.receiver.finish(handle.receiver.failure(frame, decoder)) }
            }
            return nil
        }
        return nil
    }

    /// Counts an item of a stream that ends by count: whether it is the last (as many items arrived as it says there
    /// are). An item that does not say how many (or says something other than a whole number) counts, and ends nothing.
    private func isLast(_ frame: WireFraming.ParsedFrame, of handle: Handle, countSource: ReplyMatch.Source) -> Bool {
        let total: Int? =
            if case .number(let number)? = countSource.value(in: frame) {
                number.int64.flatMap { Int(exactly: $0) }
            } else { nil }
        return lock.withLock {
            handle.received += 1
            return total.map { handle.received >= $0 } ?? false
        }
    }

    /// Ends every open subscription with `error` (the connection was lost).
    func failAll(_ error: any Error) {
        let handles = lock.withLock { Array(open.values) }
        for handle in handles where close(handle) != nil {
            handle.receiver.finish(error)
        }
    }
}

extension RealtimeClientCore {
    /// Opens a subscription and returns its items as they arrive.
    ///
    /// With `id`, the client chose the subscription's id (it is in the request `send` sends): the subscription opens
    /// before the request goes out. With `confirmation` instead, the request's reply confirms it and carries the id
    /// the server chose: its payload, or its payload's member `idInReply`; this call returns once the reply came, and throws what `reject` throws for an error
    /// reply, or ``RequestFailure`` as ``request(expecting:correlation:timeout:onAnswer:send:)`` does. With both, the id
    /// is the request's own correlation value: the subscription opens before the request goes out, and the call
    /// returns once the reply confirmed it (or throws as above, closing it).
    ///
    /// A reply whose payload (or member `idInReply`) is not a string or a number opens nothing: the call throws, since
    /// no item could ever be matched to it.
    ///
    /// The stream finishes on the end event, throws the error `failure` makes of the error event (or the error
    /// decoding it threw), and throws
    /// ``RequestFailure/connectionLost(reason:)`` when the connection is lost. When the loop leaves early (its task
    /// is cancelled, or the stream is dropped), the subscription closes and `cancel` is called with its id, to
    /// send the API's unsubscribe frame. An item that does not decode goes to the error handlers, and the
    /// subscription goes on.
    public func subscribe<Item: Sendable>(
        _ match: SubscriptionMatch, id: JSONValue? = nil,
        confirmation: (reply: ReplyMatch, correlation: JSONValue, timeout: Duration?)? = nil, idInReply: String? = nil,
        item decode: @escaping @Sendable (WireFraming.ParsedFrame, WireDecoder) throws -> Item,
        failure: @escaping @Sendable (WireFraming.ParsedFrame, WireDecoder) throws -> any Error = { _, _ in
            SubscriptionEnded()
        },
        reject: (WireFraming.ParsedFrame, WireDecoder) throws -> Void = { _, _ in },
        cancel: (@Sendable (JSONValue) async throws -> Void)? = nil,
        send: () async throws -> Void
    ) async throws -> SubscriptionStream<Item> {
        try Task.checkCancellation()
        let buffer = subscriptionBuffer
        let (stream, continuation) = AsyncThrowingStream<Item, any Error>.makeStream(
            bufferingPolicy: buffer.throwingPolicy(for: Item.self))
        let receiver = ActiveSubscriptions.Receiver(
            item: { frame, decoder in
                do {
                    if case .dropped = continuation.yield(try decode(frame, decoder)) {
                        return StreamOverflow(buffer: buffer)
                    }
                    return nil
                } catch let error as DecodingError {
                    return error
                } catch {
                    return DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(error)"))
                }
            },
            finish: { error in continuation.finish(throwing: error) },
            failure: { frame, decoder in
                do { return try failure(frame, decoder) } catch { return error }
            })
        let handle = try subscriptions.reserve(match, receiver: receiver)
        let table = subscriptions
        // Only a loop that left early unsubscribes: an end frame or a lost connection closed it already.
        let stop: @Sendable () -> Void = {
            guard let id = table.close(handle) else { return }
            continuation.finish()
            if let cancel { Task { try? await cancel(id) } }
        }
        continuation.onTermination = { termination in
            if case .cancelled = termination { stop() }
        }
        do {
            if let id {
                try subscriptions.open(handle, id: id)
            }
            if let confirmation, id != nil {
                // The id is the request's own value: the subscription is open already, and the reply only confirms it.
                let frame = try await request(
                    expecting: confirmation.reply, correlation: confirmation.correlation, timeout: confirmation.timeout,
                    send: send)
                try reject(frame, payloadDecoder)
            } else if id != nil {
                try await send()
            } else if let confirmation {
                let replyRoute = confirmation.reply.route
                let frame = try await request(
                    expecting: confirmation.reply, correlation: confirmation.correlation, timeout: confirmation.timeout,
                    onAnswer: { frame in
                        guard frame.route == replyRoute, let id = Self.subscriptionID(in: frame, key: idInReply) else {
                            return
                        }
                        try? table.open(handle, id: id)
                    }, send: send)
                try reject(frame, payloadDecoder)
                guard table.wasOpened(handle) else {
                    throw DecodingError.valueNotFound(
                        JSONValue.self,
                        .init(
                            codingPath: [],
                            debugDescription:
                                "the reply confirming the subscription carries no id, or the id of a subscription open already"
                        ))
                }
            }
        } catch {
            table.close(handle)
            continuation.finish(throwing: error)
            throw error
        }
        return SubscriptionStream(stream: stream, stop: stop)
    }

    private static func subscriptionID(in reply: WireFraming.ParsedFrame, key: String?) -> JSONValue? {
        let id: JSONValue?
        if let key {
            id = ReplyMatch.Source.payloadField(key).value(in: reply)
        } else if let payload = reply.payload {
            id = try? WireDecoder(dates: .iso8601).decode(JSONValue.self, from: payload)
        } else {
            id = nil
        }
        // Items carry an id as a string or a number; an object or null taken as one would match none of them.
        switch id {
        case .string?, .number?: return id
        default: return nil
        }
    }
}

/// The items of one subscription, for one `for try await` loop. The loop ends when the server ends the
/// subscription, and throws its error or a lost connection's; leaving it early (`break`, `return`, a thrown error,
/// a cancelled task) closes the subscription and sends the API's unsubscribe frame.
public struct SubscriptionStream<Element: Sendable>: AsyncSequence, Sendable {
    private let stream: AsyncThrowingStream<Element, any Error>
    private let stop: @Sendable () -> Void

    init(stream: AsyncThrowingStream<Element, any Error>, stop: @escaping @Sendable () -> Void) {
        self.stream = stream
        self.stop = stop
    }

    /// Closes the subscription now, as leaving the loop early does.
    public func cancel() {
        stop()
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(base: stream.makeAsyncIterator(), lease: Lease(stop: stop))
    }

    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Element, any Error>.Iterator
        let lease: Lease

        public mutating func next() async throws -> Element? {
            try await base.next()
        }
    }

    /// Held by the loop's iterator: when the loop is left, the iterator and its lease go, and the subscription
    /// closes (a no-op once it ended).
    public final class Lease: Sendable {
        let stop: @Sendable () -> Void

        init(stop: @escaping @Sendable () -> Void) {
            self.stop = stop
        }

        deinit {
            stop()
        }
    }
}

/// A subscription the server ended with its error event when the contract gives that event no payload.
public struct SubscriptionEnded: Error, Hashable, Sendable {
    public init() {}
}
