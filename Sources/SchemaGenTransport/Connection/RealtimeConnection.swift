import Foundation
import SchemaGenRuntime

/// A connection to a realtime server that a generated client talks through: a WebSocket from a
/// ``WebSocketBackend``, a protocol (``PlainWebSocketProtocol``, ``SocketIOProtocol``, ``PhoenixProtocol``) on it,
/// and a lifecycle around both: it reconnects with backoff when the network fails, joins its channels again, holds
/// or fails sends while it is down, fails pending replies when it drops, and says what state it is in.
///
/// ```swift
/// let connection = RealtimeConnection(url: URL(string: "wss://rooms.example.com")!,
///                                     backend: NIOWebSocketBackend(), protocol: SocketIOProtocol(),
///                                     options: ConnectionOptions(credentials: { .init(auth: ["token": .string(await tokens.fresh())]) }))
/// let rooms = Rooms.Client(transport: connection)
/// connection.connect()
/// for await state in connection.states { print(state) }
/// ```
///
/// The connection runs until ``disconnect()``; it is safe to use from any thread.
public final class RealtimeConnection: RealtimeTransport, @unchecked Sendable {
    public let url: URL
    let backend: any WebSocketBackend
    let wireProtocol: any RealtimeProtocol
    let options: ConnectionOptions

    /// Guards everything below; never held across a suspension.
    let lock = NSLock()
    private var currentState = ConnectionState.disconnected(reason: .notStarted)
    private var observers: [UUID: AsyncStream<ConnectionState>.Continuation] = [:]
    private var receiver: (@Sendable (IncomingFrame) async -> Void)?
    private var lossHandler: (@Sendable (String) -> Void)?
    private var reconnectionHandler: (@Sendable () -> Void)?
    /// Whether a connection has been ready before: the next ready one is a reconnection.
    var hasBeenReady = false
    /// The channels joined, in the order they were first joined (rejoined in that order).
    var channels: [String] = []
    /// What the server answered to each join, when the protocol's server answers them.
    let joins = ChannelJoins()
    /// The open WebSocket and its protocol session, from the WebSocket's opening to its end.
    var live: Live?
    /// Whether sends go straight out: the session is ready and every send that waited has gone.
    var acceptsSends = false
    /// Sends waiting for the connection, oldest first.
    var waiting: [SendTicket] = []
    var lifecycle: Task<Void, Never>?

    struct Live {
        let socket: any WebSocketConnection
        var session: any ProtocolSession
        var ready = false
        /// When the handshake finished, for how long the connection then stayed up.
        var readyAt: ContinuousClock.Instant?
        /// Why the client failed the connection (``failConnection(reason:)``): the reason its drop gives.
        var failedBecause: String?
    }

    /// - Parameters:
    ///   - url: the server (`wss://…`); protocols add their own path and query (``SocketIOProtocol/path``).
    ///   - backend: opens WebSockets: `NIOWebSocketBackend()` (package `SchemaGenNIOTransport`) or, on Apple
    ///     platforms, ``URLSessionWebSocketBackend``.
    ///   - protocol: what is spoken over the WebSocket; the contract's framing says which.
    public init(
        url: URL, backend: any WebSocketBackend, protocol wireProtocol: any RealtimeProtocol,
        options: ConnectionOptions = ConnectionOptions()
    ) {
        self.url = url
        self.backend = backend
        self.wireProtocol = wireProtocol
        self.options = options
    }

    deinit {
        lifecycle?.cancel()
    }

    // MARK: State

    /// The state now.
    public var state: ConnectionState { lock.withLock { currentState } }

    /// The state now, then every change, until the consuming task ends.
    public var states: AsyncStream<ConnectionState> {
        AsyncStream(bufferingPolicy: .bufferingNewest(64)) { continuation in
            let id = UUID()
            lock.withLock {
                continuation.yield(currentState)
                observers[id] = continuation
            }
            continuation.onTermination = { [weak self] _ in
                _ = self?.lock.withLock { self?.observers.removeValue(forKey: id) }
            }
        }
    }

    /// Called with the lock held.
    func setState(_ state: ConnectionState) {
        guard state != currentState else { return }
        currentState = state
        for observer in observers.values { observer.yield(state) }
    }

    // MARK: Starting and stopping

    /// Starts connecting, and keeps the connection up as ``ConnectionOptions/reconnect`` says. Does nothing while
    /// it is already running; after a ``DisconnectReason/rejected(_:)`` or ``disconnect()``, starts again.
    public func connect() {
        lock.withLock {
            guard lifecycle == nil else { return }
            setState(.connecting)
            lifecycle = Task { [self] in await runLifecycle() }
        }
    }

    /// Returns once the connection is open; throws ``ConnectionFailure/notConnected(_:)`` when it stops instead
    /// (refused, given up, or disconnected), and `CancellationError` when the calling task is cancelled.
    public func waitUntilConnected() async throws {
        for await state in states {
            switch state {
            case .connected: return
            case .disconnected(let reason) where reason != .notStarted: throw ConnectionFailure.notConnected(state)
            default: continue
            }
        }
        throw CancellationError()
    }

    /// Closes the connection and stops reconnecting: pending replies fail with a lost connection, waiting sends
    /// with ``ConnectionFailure/notConnected(_:)``. Returns when the WebSocket is closed.
    public func disconnect() async {
        let (task, socket) = lock.withLock { () -> (Task<Void, Never>?, (any WebSocketConnection)?) in
            defer { lifecycle = nil }
            return (lifecycle, live?.socket)
        }
        task?.cancel()
        await socket?.close()
        await task?.value
        stopped(.requested)
    }

    /// Drops the open connection, saying why, and reconnects as the policy says: what a client's
    /// ``StreamBuffer/failConnection(_:)`` stream asks when it overflows. Does nothing while not connected.
    public func failConnection(reason: String) async {
        let socket = lock.withLock { () -> (any WebSocketConnection)? in
            guard live != nil else { return nil }
            live?.failedBecause = reason
            return live?.socket
        }
        await socket?.close()
    }

    /// The lifecycle is over for good: the state says why, and nothing waits any more.
    func stopped(_ reason: DisconnectReason) {
        let (failed, handler) = lock.withLock {
            let failed = waiting
            waiting = []
            acceptsSends = false
            live = nil
            if case .requested = reason {} else { lifecycle = nil }
            setState(.disconnected(reason: reason))
            return (failed, lossHandler)
        }
        let error = ConnectionFailure.notConnected(.disconnected(reason: reason))
        for ticket in failed { ticket.finish(.failure(error)) }
        handler?(reason.description)
    }

    // MARK: RealtimeTransport

    public var supportsAcknowledgements: Bool { wireProtocol.supportsAcknowledgements }

    public func setReceiver(_ receiver: @escaping @Sendable (IncomingFrame) async -> Void) {
        lock.withLock { self.receiver = receiver }
    }

    public func setConnectionLossHandler(_ handler: @escaping @Sendable (String) -> Void) {
        lock.withLock { lossHandler = handler }
    }

    var connectionLossHandler: (@Sendable (String) -> Void)? { lock.withLock { lossHandler } }

    public func setReconnectionHandler(_ handler: @escaping @Sendable () -> Void) {
        lock.withLock { reconnectionHandler = handler }
    }

    /// The handler to call now that a connection is ready, when it is a reconnection; records that one was ready.
    func readyAgainHandler() -> (@Sendable () -> Void)? {
        lock.withLock {
            defer { hasBeenReady = true }
            return hasBeenReady ? reconnectionHandler : nil
        }
    }

    /// Sends the frame now when the connection is open; otherwise as ``ConnectionOptions/offlineSends`` says.
    /// Returns once the frame is written to the WebSocket.
    public func send(_ frame: OutgoingFrame) async throws {
        // A frame for a channel of a protocol whose server answers joins goes once the channel is joined: to a channel
        // the server refused, or never asked to join, it would vanish (a Socket.IO server drops it unseen).
        if let channel = frame.channel, frame.acknowledges == nil,
            let confirming = lock.withLock({ live.map { $0.ready && $0.session.confirmsJoins } }),
            confirming
        {
            try await joins.waitUntilJoined(channel, within: options.handshakeTimeout)
        }
        let ticket = SendTicket(frame: frame)
        let admission = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lock.withLock { admit(ticket, continuation) }
            }
        } onCancel: {
            let removed = lock.withLock {
                ticket.cancelled = true
                guard let index = waiting.firstIndex(where: { $0 === ticket }) else { return false }
                waiting.remove(at: index)
                return true
            }
            if removed { ticket.finish(.failure(CancellationError())) }
        }
        guard case .sendNow(let socket, let messages) = admission else { return }
        try await write(messages, to: socket)
    }

    /// Writes messages to the socket; a failure is the connection's (``ConnectionFailure/sendFailed(reason:)``), not the
    /// backend's own error type.
    func write(_ messages: [WebSocketMessage], to socket: any WebSocketConnection) async throws {
        do {
            for message in messages { try await socket.send(message) }
        } catch {
            throw ConnectionFailure.sendFailed(reason: "\(error)")
        }
    }

    /// Decides, with the lock held, whether a send goes now, waits, or fails.
    private func admit(_ ticket: SendTicket, _ continuation: CheckedContinuation<Admission, any Error>) {
        ticket.continuation = continuation
        if ticket.cancelled { return ticket.finish(.failure(CancellationError())) }
        if acceptsSends, let socket = live?.socket {
            do {
                let messages = try live!.session.encode(ticket.frame)
                return ticket.finish(.success(.sendNow(socket, messages)))
            } catch {
                return ticket.finish(.failure(error))
            }
        }
        guard lifecycle != nil, case .queue(let limit) = options.offlineSends else {
            return ticket.finish(.failure(ConnectionFailure.notConnected(currentState)))
        }
        guard waiting.count < limit else {
            return ticket.finish(.failure(ConnectionFailure.offlineQueueFull(limit: limit)))
        }
        waiting.append(ticket)
    }

    /// Joins `channel` now when open, and again after every reconnection.
    ///
    /// When the protocol's server answers joins (Socket.IO namespaces, Phoenix topics, Pusher channels) and the
    /// connection is open, returns once the server has accepted the join, and throws
    /// ``ConnectionFailure/channelRefused(channel:reason:)`` with the server's reason when it refuses (the channel is
    /// then not joined again after a reconnection).
    public func subscribe(to channel: String) async throws {
        let (outgoing, confirming) = lock.withLock { () -> (((any WebSocketConnection), [WebSocketMessage])?, Bool) in
            let confirming = live.map { $0.ready && $0.session.confirmsJoins } ?? false
            guard !channels.contains(channel) else { return (nil, confirming) }
            channels.append(channel)
            guard let socket = live?.socket, live?.ready == true else { return (nil, false) }
            if confirming { joins.joining([channel]) }
            return ((socket, live!.session.join(channel)), confirming)
        }
        if let (socket, messages) = outgoing { try await write(messages, to: socket) }
        if confirming {
            try await joins.waitUntilJoined(channel, within: options.handshakeTimeout, answeringJoin: true)
        }
    }

    /// Leaves `channel`, and no longer joins it after a reconnection.
    public func unsubscribe(from channel: String) async throws {
        let outgoing = lock.withLock { () -> ((any WebSocketConnection), [WebSocketMessage])? in
            guard let index = channels.firstIndex(of: channel) else { return nil }
            channels.remove(at: index)
            guard let socket = live?.socket, live?.ready == true else { return nil }
            return (socket, live!.session.leave(channel))
        }
        joins.left(channel)
        if let (socket, messages) = outgoing { try await write(messages, to: socket) }
    }

    /// Hands a frame to the client, and waits for its listeners (on their actors) before the next is read.
    func deliver(_ frame: IncomingFrame) async {
        guard let receiver = lock.withLock({ receiver }) else { return }
        await receiver(frame)
    }
}

/// What ``RealtimeConnection/send(_:)`` learns when it is let through.
enum Admission: @unchecked Sendable {
    /// Write these messages (the frame, encoded by the session) to this socket.
    case sendNow(any WebSocketConnection, [WebSocketMessage])
    /// The connection wrote it, after waiting.
    case sent
}

/// One send on its way: waiting for the connection, or let through. Guarded by the connection's lock.
final class SendTicket: @unchecked Sendable {
    let frame: OutgoingFrame
    var continuation: CheckedContinuation<Admission, any Error>?
    var cancelled = false

    init(frame: OutgoingFrame) {
        self.frame = frame
    }

    /// Resumes the send once: with the connection's lock held, or by whoever took the ticket out of the queue.
    func finish(_ result: Result<Admission, any Error>) {
        continuation?.resume(with: result)
        continuation = nil
    }
}
