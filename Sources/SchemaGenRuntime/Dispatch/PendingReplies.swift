import Foundation

/// How a reply says which request it answers: by a member of the reply's parts (a frame field such as JSON-RPC's
/// `id` or Phoenix's `ref`, ``WireFraming/ParsedFrame/parts``) or of its payload object, echoing the request's value.
@_spi(Generated) public struct ReplyMatch: Hashable, Sendable {
    public indirect enum Source: Hashable, Sendable {
        /// A frame or envelope field of the reply, by key.
        case field(String)
        /// A member of the reply's payload object, by key.
        case payloadField(String)
        /// A value the contract lets a frame leave out (or hold as `null`): a frame without it answers no request
        /// (an API's error event with the request's id answers it, and without one is about the connection), and
        /// goes to its listeners alone.
        case optional(Source)
        /// No value at all: replies answer requests in the order they were sent (`inOrder: true`), the next reply or
        /// error answering the oldest request waiting. A request that ended without its reply (timed out, cancelled)
        /// keeps its place, so its late reply is absorbed rather than answering the next.
        case order
    }

    /// The reply event's route (its name, or with frame shapes its ``EventAddress/route``).
    public var route: String
    /// The channel the reply arrives on; `nil` outside channels.
    public var channel: String?
    public var source: Source
    /// An event that answers the request with an error instead, and where it carries the correlation value.
    public var errorRoute: (route: String, source: Source)?

    public init(route: String, channel: String?, source: Source, errorRoute: (route: String, source: Source)? = nil) {
        self.route = route
        self.channel = channel
        self.source = source
        self.errorRoute = errorRoute
    }

    public static func == (lhs: ReplyMatch, rhs: ReplyMatch) -> Bool {
        lhs.route == rhs.route && lhs.channel == rhs.channel && lhs.source == rhs.source
            && lhs.errorRoute?.route == rhs.errorRoute?.route && lhs.errorRoute?.source == rhs.errorRoute?.source
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(route)
        hasher.combine(channel)
        hasher.combine(source)
        hasher.combine(errorRoute?.route)
    }

    /// Every route that answers the request, the reply's first.
    var answeringRoutes: [(route: String, source: Source)] {
        [(route, source)] + (errorRoute.map { [$0] } ?? [])
    }
}

/// The replies a request gets when it is answered once per item it names (`reply: {each: pair}`): a subscribe for
/// two pairs is acknowledged twice, under the same correlation value.
@_spi(Generated) public struct ReplyItems: Sendable {
    /// How many replies answer the request: one per item.
    public var count: Int
    /// The items the request named, and where each reply names its own: replies are then put in the items' order,
    /// and one naming an item not asked for, or answered already, is reported. `nil`: replies in arrival order.
    public var named: (values: [JSONValue], source: ReplyMatch.Source)?

    /// `count` replies, kept in the order they arrive.
    public static func count(_ count: Int) -> ReplyItems {
        ReplyItems(count: count, named: nil)
    }

    /// One reply per value, each naming its value at `source`; a reply that names none takes the first value not
    /// yet answered.
    public static func named(_ values: [JSONValue], by source: ReplyMatch.Source) -> ReplyItems {
        ReplyItems(count: values.count, named: (values, source))
    }
}

/// A request the server answered with its error event (`reply: {error: ...}`), carrying that event's value.
public struct RequestRejected<Reply: Sendable>: Error, Sendable {
    public var reply: Reply

    public init(_ reply: Reply) {
        self.reply = reply
    }
}

/// Why a request ended without its reply.
public enum RequestFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// No reply came within the request's timeout.
    case timedOut(after: Duration)
    /// The connection was lost with the request pending (``RealtimeClientCore/failPendingRequests(_:)``).
    case connectionLost(reason: String)
    /// As many requests as the client allows were already waiting; nothing was sent.
    case tooManyPending(limit: Int)
    /// A request with the same correlation value was already waiting for the same reply; nothing was sent.
    case correlationInUse(JSONValue)

    public var description: String {
        switch self {
        case .timedOut(let duration): "no reply within \(duration)"
        case .connectionLost(let reason): "the connection was lost before the reply came: \(reason)"
        case .tooManyPending(let limit): "\(limit) requests are already waiting for replies; nothing was sent"
        case .correlationInUse(let value): "a request correlated by \(value) is already waiting; nothing was sent"
        }
    }
}

/// The requests of one client that wait for their replies, by reply route, channel and correlation value.
///
/// Bounded: at most `limit` requests wait at a time, and each leaves the table when its reply, its timeout, its
/// cancellation or a connection loss ends it, whichever comes first; the others then find it gone. A request is
/// entered before it is sent, so a reply that overtakes the send still finds it.
final class PendingReplies: @unchecked Sendable {
    fileprivate struct Key: Hashable {
        var route: String
        var channel: String?
        var correlation: JSONValue
    }

    private enum State {
        /// Sent (or being sent), nobody awaiting yet.
        case reserved
        case awaiting(CheckedContinuation<[WireFraming.ParsedFrame], any Error>)
        /// Ended before anybody awaited.
        case ended(Result<[WireFraming.ParsedFrame], any Error>)

        var isEnded: Bool {
            if case .ended = self { true } else { false }
        }
    }

    private struct Entry {
        var token: UInt64
        var state: State
        /// The routes that answer it, to count it off each when it leaves.
        var routes: [String]
        /// Called with the frame that answers it, on the receiving thread, before the next frame is read.
        var onAnswer: (@Sendable (WireFraming.ParsedFrame) -> Void)?
        /// For a request answered once per item: the replies so far, by item.
        var collected: Collected?
        /// Whether it is answered by order (``ReplyMatch/Source/order``): ended unanswered, it keeps its place.
        var ordered = false
    }

    /// The replies of a request answered once per item, gathered until every item has its own.
    private struct Collected {
        var items: ReplyItems
        var frames: [WireFraming.ParsedFrame?]
        var received = 0

        init(_ items: ReplyItems) {
            self.items = items
            frames = Array(repeating: nil, count: items.count)
        }

        /// Files `frame` under its item; `false` when it names an item not asked for or answered already.
        mutating func accept(_ frame: WireFraming.ParsedFrame) -> Bool {
            var slot = frames.firstIndex { $0 == nil }
            if let (values, source) = items.named, let item = source.value(in: frame) {
                slot = values.indices.first { values[$0] == item && frames[$0] == nil }
            }
            guard let slot else { return false }
            frames[slot] = frame
            received += 1
            return true
        }

        var isComplete: Bool { received == items.count }
    }

    /// A request's place in the table, to end or await it.
    struct Ticket: Sendable {
        fileprivate let key: Key
        fileprivate let token: UInt64
    }

    let limit: Int
    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    /// How each answering route (and channel) says which request it answers, the route requests are filed under
    /// (the reply's, for an error event too), and how many requests wait on it; a route stays once it carried a
    /// request, so a reply nobody waits for there is reported rather than ignored.
    private var routes: [String: (source: ReplyMatch.Source, primary: String, waiting: Int)] = [:]
    private var nextToken: UInt64 = 0
    /// Requests answered once per item that ended early (their error event came, they timed out or were cancelled),
    /// with how many replies may still come: those go to the reply event's listeners and are not reported. Bounded
    /// like the table: past `limit`, the oldest is forgotten (its late replies are then reported); emptied when the
    /// connection is lost.
    private var draining: [Key: Int] = [:]
    private var drainingOrder: [Key] = []
    /// For replies matched by order: per reply route (and channel), the requests in the order they were sent, by the
    /// number each was given; the first is answered next. Holds waiting and draining requests only.
    private var orderQueues: [String: [JSONValue]] = [:]
    private var orderCounter = 0

    init(limit: Int) {
        self.limit = limit
    }

    var count: Int { lock.withLock { entries.count } }

    /// Enters a request before it is sent.
    func reserve(
        _ match: ReplyMatch, correlation: JSONValue, each items: ReplyItems? = nil,
        onAnswer: (@Sendable (WireFraming.ParsedFrame) -> Void)? = nil
    ) throws(RequestFailure) -> Ticket {
        let ordered = match.source == .order
        let routeKeys = match.answeringRoutes.map { (routeKey($0.route, match.channel), $0.source) }
        let result: Result<Ticket, RequestFailure> = lock.withLock {
            var key = Key(route: match.route, channel: match.channel, correlation: correlation)
            if ordered {
                // Its place in the queue is its correlation value.
                orderCounter = orderCounter == .max ? 1 : orderCounter + 1
                key.correlation = .number(JSONNumber(orderCounter))
            }
            guard entries[key] == nil else { return .failure(.correlationInUse(correlation)) }
            guard entries.count < limit else { return .failure(.tooManyPending(limit: limit)) }
            nextToken += 1
            entries[key] = Entry(
                token: nextToken, state: .reserved, routes: routeKeys.map(\.0), onAnswer: onAnswer,
                collected: items.map(Collected.init), ordered: ordered)
            forgetDraining(key)
            if ordered { orderQueues[routeKey(match.route, match.channel), default: []].append(key.correlation) }
            for (routeKey, source) in routeKeys {
                routes[routeKey] = (source, match.route, (routes[routeKey]?.waiting ?? 0) + 1)
            }
            return .success(Ticket(key: key, token: nextToken))
        }
        return try result.get()
    }

    /// Enters a request, sends it with `send`, and waits for the frame that answers it, for at most `timeout`; see
    /// ``RealtimeClientCore/request(expecting:correlation:timeout:onAnswer:onCancel:send:)``.
    func exchange(
        expecting match: ReplyMatch, correlation: JSONValue, timeout: Duration?,
        onAnswer: (@Sendable (WireFraming.ParsedFrame) -> Void)? = nil,
        onCancel: (@Sendable (JSONValue) async throws -> Void)? = nil,
        send: () async throws -> Void
    ) async throws -> WireFraming.ParsedFrame {
        let frames = try await exchange(
            match, correlation: correlation, each: nil, timeout: timeout, onAnswer: onAnswer, onCancel: onCancel,
            send: send)
        return frames[0]
    }

    /// Enters a request answered once per item, sends it, and waits for every item's reply, or for the error event
    /// that ends it (then the one frame returned); see
    /// ``RealtimeClientCore/request(expecting:correlation:each:timeout:onCancel:send:)``.
    func exchange(
        expecting match: ReplyMatch, correlation: JSONValue, each items: ReplyItems, timeout: Duration?,
        onCancel: (@Sendable (JSONValue) async throws -> Void)? = nil,
        send: () async throws -> Void
    ) async throws -> [WireFraming.ParsedFrame] {
        guard items.count > 0 else {
            // Nothing to wait for: no reply answers a request that named no item.
            try await send()
            return []
        }
        return try await exchange(
            match, correlation: correlation, each: items, timeout: timeout, onAnswer: nil, onCancel: onCancel,
            send: send)
    }

    private func exchange(
        _ match: ReplyMatch, correlation: JSONValue, each items: ReplyItems?, timeout: Duration?,
        onAnswer: (@Sendable (WireFraming.ParsedFrame) -> Void)?,
        onCancel: (@Sendable (JSONValue) async throws -> Void)?,
        send: () async throws -> Void
    ) async throws -> [WireFraming.ParsedFrame] {
        try Task.checkCancellation()
        let ticket = try reserve(match, correlation: correlation, each: items, onAnswer: onAnswer)
        let timer = timeout.map { limit in
            Task { [self] in
                // A timer cancelled because the request ended must not end it again.
                guard (try? await Task.sleep(for: limit)) != nil else { return }
                end(ticket, with: .failure(RequestFailure.timedOut(after: limit)))
            }
        }
        defer { timer?.cancel() }
        do {
            try await send()
        } catch {
            end(ticket, with: .failure(error))
        }
        do {
            return try await wait(for: ticket)
        } catch let error as CancellationError {
            if let onCancel { Task { try? await onCancel(correlation) } }
            throw error
        }
    }

    /// Waits for the request's end: its reply (or replies), or the error that ended it.
    func wait(for ticket: Ticket) async throws -> [WireFraming.ParsedFrame] {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ended: Result<[WireFraming.ParsedFrame], any Error>? = lock.withLock {
                    guard let entry = entries[ticket.key], entry.token == ticket.token else {
                        return .failure(CancellationError())
                    }
                    if case .ended(let result) = entry.state {
                        remove(ticket.key)
                        return result
                    }
                    entries[ticket.key]?.state = .awaiting(continuation)
                    return nil
                }
                if let ended { continuation.resume(with: ended) }
            }
        } onCancel: {
            end(ticket, with: .failure(CancellationError()))
        }
    }

    /// Ends the request with `result`, unless something ended it already. A reply that ends it is first handed to
    /// its `onAnswer`, so what the reply sets up (a subscription) is in place before the next frame. A request
    /// answered once per item that ends before every item's reply came leaves the rest to drain (`remaining`).
    private func end(
        _ ticket: Ticket, with result: Result<[WireFraming.ParsedFrame], any Error>, remaining: Int? = nil
    ) {
        let ended:
            (
                CheckedContinuation<[WireFraming.ParsedFrame], any Error>?,
                (@Sendable (WireFraming.ParsedFrame) -> Void)?
            )? =
                lock.withLock {
                    guard let entry = entries[ticket.key], entry.token == ticket.token else { return nil }
                    if let collected = entry.collected, !entry.state.isEnded {
                        let left = remaining ?? (collected.items.count - collected.received)
                        if left > 0 { drain(ticket.key, left) }
                    }
                    // Unanswered, a request matched by order keeps its place for its late reply.
                    if entry.ordered, !entry.state.isEnded, case .failure = result { drain(ticket.key, 1) }
                    switch entry.state {
                    case .reserved:
                        entries[ticket.key]?.state = .ended(result)
                        return (nil, entry.onAnswer)
                    case .awaiting(let continuation):
                        remove(ticket.key)
                        return (continuation, entry.onAnswer)
                    case .ended:
                        return nil
                    }
                }
        guard let (continuation, onAnswer) = ended else { return }
        if case .success(let frames) = result, let frame = frames.first { onAnswer?(frame) }
        continuation?.resume(with: result)
    }

    /// What an incoming frame means to the table.
    enum Delivery {
        /// The frame's route carries no replies.
        case notAReply
        /// It answered a waiting request.
        case answered
        /// It is a reply nobody waits for: unknown, duplicated, or after its request ended.
        case unexpected(correlation: JSONValue?)
    }

    /// Hands `frame` to the request it answers, if any waits on its route.
    func deliver(_ frame: WireFraming.ParsedFrame, channel: String?) -> Delivery {
        let frameRoute = routeKey(frame.route, channel)
        // Routes stay known once they carried a reply, so a late or duplicated one is reported with its value.
        guard let (source, primary) = lock.withLock({ routes[frameRoute].map { ($0.source, $0.primary) } }) else {
            return .notAReply
        }
        if source == .order {
            // The oldest request waiting (or draining) takes it; with none, it is an event like any other.
            let queueKey = routeKey(primary, channel)
            let first: JSONValue? = lock.withLock {
                guard var queue = orderQueues[queueKey], !queue.isEmpty else { return nil }
                let first = queue.removeFirst()
                orderQueues[queueKey] = queue.isEmpty ? nil : queue
                return first
            }
            guard let first else { return .notAReply }
            let delivery = answer(frame, under: primary, channel: channel, correlation: first)
            if case .unexpected = delivery { return .notAReply }
            return delivery
        }
        guard let correlation = source.value(in: frame) else {
            return source.isOptional ? .notAReply : .unexpected(correlation: nil)
        }
        return answer(frame, under: primary, channel: channel, correlation: correlation)
    }

    /// Hands a Socket.IO acknowledgement to the request that asked for it; it carries its id beside the frame.
    func deliverAcknowledgement(_ frame: WireFraming.ParsedFrame, id: Int) -> Delivery {
        answer(frame, under: frame.route, channel: nil, correlation: .number(JSONNumber(id)))
    }

    private func answer(
        _ frame: WireFraming.ParsedFrame, under primary: String, channel: String?, correlation: JSONValue
    ) -> Delivery {
        let key = Key(route: primary, channel: channel, correlation: correlation)
        enum Step {
            case end(Ticket, [WireFraming.ParsedFrame], remaining: Int?)
            case wait, drained, unexpected
        }
        let step: Step = lock.withLock {
            guard let entry = entries[key] else {
                guard let left = draining[key] else { return .unexpected }
                if left > 1 { draining[key] = left - 1 } else { forgetDraining(key) }
                return .drained
            }
            let ticket = Ticket(key: key, token: entry.token)
            guard var collected = entry.collected else { return .end(ticket, [frame], remaining: nil) }
            guard frame.route == primary else {
                // The error event ends the call at once; the items' other replies may still come.
                return .end(ticket, [frame], remaining: collected.items.count - collected.received - 1)
            }
            guard collected.accept(frame) else { return .unexpected }
            entries[key]?.collected = collected
            return collected.isComplete ? .end(ticket, collected.frames.compactMap { $0 }, remaining: 0) : .wait
        }
        switch step {
        case .end(let ticket, let frames, let remaining):
            end(ticket, with: .success(frames), remaining: remaining)
            return .answered
        case .wait, .drained:
            return .answered
        case .unexpected:
            return .unexpected(correlation: correlation)
        }
    }

    /// Ends every waiting request with `error` (the connection was lost).
    func failAll(_ error: any Error) {
        let tickets = lock.withLock { entries.map { Ticket(key: $0.key, token: $0.value.token) } }
        for ticket in tickets { end(ticket, with: .failure(error)) }
        // No reply of a lost connection's requests can come on the next one.
        lock.withLock {
            draining.removeAll()
            drainingOrder.removeAll()
            orderQueues.removeAll()
        }
    }

    // Called with the lock held.
    private func drain(_ key: Key, _ remaining: Int) {
        if draining.updateValue(remaining, forKey: key) == nil { drainingOrder.append(key) }
        while draining.count > limit, !drainingOrder.isEmpty {
            let forgotten = drainingOrder.removeFirst()
            draining[forgotten] = nil
            orderQueues[routeKey(forgotten.route, forgotten.channel)]?.removeAll { $0 == forgotten.correlation }
        }
    }

    // Called with the lock held.
    private func forgetDraining(_ key: Key) {
        guard draining.removeValue(forKey: key) != nil else { return }
        drainingOrder.removeAll { $0 == key }
    }

    // Called with the lock held.
    private func remove(_ key: Key) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        // A request matched by order keeps its place only while it drains (bounded); otherwise the next answer is
        // the next request's.
        if entry.ordered, draining[key] == nil {
            orderQueues[routeKey(key.route, key.channel)]?.removeAll { $0 == key.correlation }
        }
        for routeKey in entry.routes {
            if let route = routes[routeKey] { routes[routeKey] = (route.source, route.primary, route.waiting - 1) }
        }
    }

}

extension ReplyMatch.Source {
    /// Whether a frame may leave the value out (``optional(_:)``).
    var isOptional: Bool {
        if case .optional = self { true } else { false }
    }

    /// The correlation value `frame` carries here, read without decoding the rest of it; `nil` when it has none.
    /// A key with dots is a path into nested objects (`meta.request_id`). A frame shape's parts hold each declared
    /// field under the key the contract wrote (`fields: {meta.stream: Int}` is the member `"meta.stream"` there), so
    /// the whole key is looked up first.
    func value(in frame: WireFraming.ParsedFrame) -> JSONValue? {
        let (document, key): (Data?, String)
        switch self {
        case .field(let name): (document, key) = (frame.parts ?? frame.frame, name)
        case .payloadField(let name): (document, key) = (frame.payload, name)
        case .optional(let source):
            let value = source.value(in: frame)
            return value == .null ? nil : value
        case .order:
            return nil
        }
        guard let document else { return nil }
        return document.withUnsafeBytes { raw -> JSONValue? in
            let range =
                frame.parts != nil && key.contains(".") ? member(at: [Substring(key)], in: raw) : nil
            guard let range = range ?? member(at: key.split(separator: ".", omittingEmptySubsequences: false), in: raw)
            else { return nil }
            return try? WireDecoder(dates: .iso8601).decode(JSONValue.self, from: Data(raw[range]))
        }
    }

    /// The bytes of the value at `path` (keys through nested objects) in the JSON document `raw`.
    private func member(at path: [Substring], in raw: UnsafeRawBufferPointer) -> Range<Int>? {
        var range = 0..<raw.count
        for component in path {
            var scanner = JSONScanner(raw, at: range.lowerBound)
            scanner.skipWhitespace()
            guard scanner.current == UInt8(ascii: "{"), let members = try? scanner.objectMembers(),
                let member = members.first(where: { $0.key == component })?.value
            else { return nil }
            range = member
        }
        return range
    }
}
