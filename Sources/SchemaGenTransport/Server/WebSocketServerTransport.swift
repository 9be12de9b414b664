import Foundation
import SchemaGenRuntime

/// One accepted WebSocket, as a server's web framework hands it over: what ``WebSocketServerTransport`` writes to.
public protocol ServerWebSocket: Sendable {
    /// Sends one message; throws when the socket is closed.
    func send(_ message: WebSocketMessage) async throws
    /// Closes the socket, saying why.
    func close(reason: String) async
}

/// A ``RealtimeServerTransport`` over WebSockets a web framework accepts (hummingbird-websocket's, in
/// `SchemaGenHummingbird`): it speaks a ``ServerProtocol`` on each (a plain WebSocket, or Socket.IO), numbers the
/// connections, runs their heartbeats, and reports what arrives to the generated server. Socket.IO's connections may
/// also open over Engine.IO's HTTP long-polling (``poll(_:)``) and upgrade to a WebSocket
/// (``serve(_:inbox:upgrading:from:)``). Foundation only: the framework's adapter only wraps its socket as a
/// ``ServerWebSocket`` and calls ``serve(_:messages:)``, and hands its HTTP requests to ``poll(_:)``.
///
/// No connection can stall the others: a send only queues the frame for its connection (at most
/// ``ServerLimits/outboundBuffer`` bytes wait), and each connection's writer writes its own queue, so a broadcast
/// never waits for a slow reader. A connection whose queue would overflow, or whose write outlasts
/// ``ServerLimits/writeTimeout``, is closed, its disconnect saying which.
public final class WebSocketServerTransport: RealtimeServerTransport, @unchecked Sendable {
    public let serverProtocol: any ServerProtocol
    private let lock = NSLock()
    private var receiver: (@Sendable (ServerTransportEvent) -> Void)?
    private var connections: [ServerConnection: Served] = [:]
    private var lastID: UInt64 = 0
    private var currentLimits: ServerLimits
    /// The connections open over HTTP long-polling, by Engine.IO session id.
    let polling = PolledSockets()
    /// Which new sessions are taken: ``ServerLimits/maximumSessions`` and ``ServerLimits/handshakesPerSecond``.
    let admission = SessionAdmission()

    /// How many sessions are open: connections over WebSockets and long-polling sessions, handshakes nobody followed
    /// up included (``ServerLimits/maximumSessions`` bounds them).
    public var openSessions: Int { admission.openSessions }

    /// One connection: its socket, its protocol state and its queue of messages to write.
    private final class Served: @unchecked Sendable {
        let socket: any ServerWebSocket
        let outbox: ServerOutbox
        private let lock = NSLock()
        private var session: any ServerProtocolSession

        init(socket: any ServerWebSocket, session: any ServerProtocolSession, outboundBuffer: Int) {
            self.socket = socket
            self.session = session
            outbox = ServerOutbox(limit: outboundBuffer)
        }

        func withSession<Value>(_ body: (inout any ServerProtocolSession) throws -> Value) rethrows -> Value {
            try lock.withLock { try body(&session) }
        }
    }

    /// - Parameter limits: the transport's part of the server's limits; a server's `core.limits` replaces them.
    public init(
        protocol serverProtocol: any ServerProtocol = PlainWebSocketServerProtocol(), limits: ServerLimits = .standard
    ) {
        self.serverProtocol = serverProtocol
        currentLimits = limits
    }

    public var supportsAcknowledgements: Bool { serverProtocol.supportsAcknowledgements }

    /// The limits connections opened from now on are served with (the outbound buffer is fixed when a connection
    /// opens; the write timeout applies at once).
    public var limits: ServerLimits {
        lock.withLock { currentLimits }
    }

    public func apply(_ limits: ServerLimits) {
        lock.withLock { currentLimits = limits }
    }

    public func setReceiver(_ receiver: @escaping @Sendable (ServerTransportEvent) -> Void) {
        lock.withLock { self.receiver = receiver }
    }

    /// Queues the frame for the connection and returns: its writer writes it. Throws when the connection is closed,
    /// or when the frame would pass its outbound buffer, which closes it.
    public func send(_ frame: OutgoingFrame, to connection: ServerConnection) async throws {
        guard let served = lock.withLock({ connections[connection] }) else {
            throw WebSocketFailure("\(connection) is closed")
        }
        if let slow = Self.queue(try served.withSession({ try $0.encode(frame) }), on: served) {
            throw WebSocketFailure("\(connection) is closing: \(slow)")
        }
    }

    /// Queues messages on a connection; returns why the connection ends when they cannot be (the queue is full, which
    /// closes it, or it is closing).
    private static func queue(_ messages: [WebSocketMessage], on served: Served) -> String? {
        do {
            try served.outbox.enqueue(messages)
            return nil
        } catch .full(let bytes, let limit) {
            // Closed now, not after what waits: it waits because the client does not read.
            let reason =
                "the client fell behind: \(bytes) bytes already waited to be written to it (the outbound buffer holds \(limit)); closed so it stalls no one else"
            if served.outbox.abort(reason: reason) { Task { await served.socket.close(reason: reason) } }
            return reason
        } catch {
            return "the connection is closing"
        }
    }

    public func close(_ connection: ServerConnection) async {
        await close(connection, reason: "closed by the server")
    }

    /// Closes the connection once what was queued for it before, and the protocol's own goodbye (Socket.IO's
    /// `DISCONNECT`), is written (or the write timeout passes).
    public func close(_ connection: ServerConnection, reason: String) async {
        guard let served = lock.withLock({ connections[connection] }) else { return }
        if Self.queue(served.withSession { $0.closing() }, on: served) != nil { return }
        served.outbox.close(reason: reason)
    }

    /// Serves one accepted WebSocket whose messages its reader pushes into `inbox` (of ``ServerLimits/readAhead``
    /// messages, from ``limits``), until it closes; then finishes the inbox, so a reader waiting for room in it is let
    /// go however the connection ended.
    ///
    /// - Parameter address: the client's address, when the framework knows it, for
    ///   ``ServerLimits/handshakesPerSecond``.
    /// - Returns: why the connection was refused (``ServerLimits/maximumSessions``, ``ServerLimits/handshakesPerSecond``),
    ///   for the server's log; the socket is closed saying so.
    @discardableResult
    public func serve(
        _ socket: any ServerWebSocket, inbox: WebSocketInbox, from address: String? = nil
    ) async -> String? {
        defer { inbox.finish() }
        return await serve(socket, messages: inbox.messages, from: address)
    }

    /// Serves one accepted WebSocket until it closes: speaks the protocol on it, hands the server what arrives, and
    /// reports the connection's end. Call it from the framework's WebSocket handler, which keeps the socket open
    /// while this runs. Feed `messages` from a ``WebSocketInbox`` of ``ServerLimits/readAhead`` messages (``limits``)
    /// so that a client sending faster than the server handles is not read ahead of it.
    ///
    /// - Parameter address: the client's address, when the framework knows it, for
    ///   ``ServerLimits/handshakesPerSecond``.
    /// - Returns: why the connection was refused, for the server's log; the socket is closed saying so.
    @discardableResult
    public func serve<Messages: AsyncSequence & Sendable>(
        _ socket: any ServerWebSocket, messages: Messages, from address: String? = nil
    ) async -> String? where Messages.Element == WebSocketMessage {
        if let refusal = admission.admit(from: address, limits: limits) {
            await socket.close(reason: refusal.reason)
            return refusal.reason
        }
        defer { admission.release() }
        await serve(socket, session: serverProtocol.makeSession(), messages: messages)
        return nil
    }

    /// Serves one connection, over a WebSocket or long-polling, in the protocol state `session` starts it in: on a
    /// lane of its own of the ``ConnectionScheduler``, its input, writer, heartbeat and the answers to its requests,
    /// so that no connection's backlog goes before another's next step.
    func serve<Messages: AsyncSequence & Sendable>(
        _ socket: any ServerWebSocket, session: any ServerProtocolSession, messages: Messages
    ) async
    where Messages.Element == WebSocketMessage {
        await Self.onLane { await serveHere(socket, session: session, messages: messages) }
    }

    /// Runs `body`, and the tasks it starts, on a lane of its own of the ``ConnectionScheduler`` (where the platform
    /// has task executors), unless it runs on one already: a framework adapter runs its reading of a socket there too,
    /// so that every step of a connection takes its turn with the others'.
    package static func onLane<Result: Sendable>(_ body: () async -> Result) async -> Result {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
            ServerWork.current == nil
        else {
            return await body()
        }
        let lane = ConnectionScheduler.shared.makeLane()
        return await withTaskExecutorPreference(lane) {
            await ServerWork.$current.withValue(ServerWork { work in Task(executorPreference: lane) { await work() } })
            {
                await body()
            }
        }
    }

    /// Serves one connection on the executor the calling task prefers.
    private func serveHere<Messages: AsyncSequence & Sendable>(
        _ socket: any ServerWebSocket, session: any ServerProtocolSession, messages: Messages
    ) async
    where Messages.Element == WebSocketMessage {
        let (connection, served) = lock.withLock {
            lastID += 1
            let served = Served(socket: socket, session: session, outboundBuffer: currentLimits.outboundBuffer)
            connections[ServerConnection(id: lastID)] = served
            return (ServerConnection(id: lastID), served)
        }
        let state = ConnectionState()
        let reason = await withTaskGroup(of: Ended.self) { group in
            group.addTask { .writer(await Self.write(served)) }
            group.addTask { .watchdog(await self.watch(served)) }
            group.addTask { .input(await self.read(connection, served: served, state: state, messages: messages)) }
            // The input ending closes the socket once what waits is written; the writer or the watchdog ending means
            // the socket is closed (or failed), so nothing else has anything to do.
            var reason: String?
            for await ended in group {
                switch ended {
                case .input(let ending):
                    reason = reason ?? ending
                    served.outbox.close(reason: ending)
                case .writer(let ending):
                    // Without a reason of its own the writer stopped because its queue was aborted (the client fell
                    // behind): either way, the socket is done.
                    reason = reason ?? ending
                    served.outbox.abort()
                    group.cancelAll()
                case .watchdog(let ending?):
                    reason = reason ?? ending
                    group.cancelAll()
                case .watchdog(nil):
                    break
                }
            }
            // A connection closed for falling behind ends for that, and one the server or its input closed for the first
            // reason given, whatever its socket said as it closed (the input and the writer may notice in either order).
            return served.outbox.abortReason ?? served.outbox.closeReason ?? reason ?? "the connection ended"
        }
        _ = lock.withLock { connections.removeValue(forKey: connection) }
        if state.isOpen { report(.disconnected(connection, reason: reason)) }
    }

    /// How one of a connection's tasks ended, with the connection's end reason when it has one.
    private enum Ended: Sendable {
        case input(String)
        case writer(String?)
        case watchdog(String?)
    }

    /// Writes the connection's queue until it closes the socket (returning why) or the queue is aborted.
    private static func write(_ served: Served) async -> String? {
        while let item = await served.outbox.next() {
            switch item {
            case .write(let message):
                do { try await served.socket.send(message) } catch {
                    return "the WebSocket failed while sending: \(error)"
                }
            case .close(let reason):
                await served.socket.close(reason: reason)
                return reason
            }
        }
        return nil
    }

    /// Closes the socket when one write outlasts the write timeout: waits for a write to start, then until it is due.
    private func watch(_ served: Served) async -> String? {
        while !Task.isCancelled {
            guard let started = served.outbox.writeStarted else {
                await served.outbox.waitForWrite()
                continue
            }
            let timeout = limits.writeTimeout
            guard (try? await Task.sleep(until: started + timeout, clock: .continuous)) != nil else { return nil }
            if served.outbox.writeStarted == started {
                let reason =
                    "the client took no frame for \(timeout) (it stopped reading); closed so it stalls no one else"
                if served.outbox.abort(reason: reason) { await served.socket.close(reason: reason) }
                return reason
            }
        }
        return nil
    }

    /// Runs a connection's input: the protocol's handshake, then its messages and its heartbeat until either ends it;
    /// returns why it ended.
    private func read<Messages: AsyncSequence & Sendable>(
        _ connection: ServerConnection, served: Served, state: ConnectionState,
        messages: Messages
    ) async -> String where Messages.Element == WebSocketMessage {
        // Started before the heartbeat looks for its first due time, which the start sets.
        if let refused = handle(
            served.withSession({ $0.start(at: .now) }), from: connection, served: served, state: state)
        {
            return refused
        }
        let alarm = HeartbeatAlarm()
        return await withTaskGroup(of: String?.self) { group in
            group.addTask {
                // The heartbeat: pings and silence checks, when the protocol has them.
                while !Task.isCancelled, let due = served.withSession({ $0.nextHeartbeat }) {
                    await alarm.sleep(until: due)
                    guard !Task.isCancelled else { return nil }
                    let events = served.withSession { $0.heartbeat(at: .now) }
                    if let closed = self.handle(events, from: connection, served: served, state: state) {
                        return closed
                    }
                }
                return nil
            }
            group.addTask {
                do {
                    for try await message in messages {
                        let (events, sooner) = served.withSession { session in
                            let due = session.nextHeartbeat
                            let events = session.receive(message, at: .now)
                            return (
                                events, session.nextHeartbeat.map { next in due.map { next < $0 } ?? true } ?? false
                            )
                        }
                        if sooner { alarm.wake() }
                        if let closed = self.handle(events, from: connection, served: served, state: state) {
                            return closed
                        }
                        // One message per turn: a connection whose messages are all waiting already would otherwise take
                        // them all before any other connection's first.
                        await Task.yield()
                    }
                    return Task.isCancelled ? nil : "the client closed the WebSocket"
                } catch let ended as ConnectionEnded {
                    return ended.reason
                } catch {
                    return "the WebSocket failed: \(error)"
                }
            }
            // The first task to end ends the input; the heartbeat that found nothing to do ends alone.
            var reason: String?
            for await ended in group where reason == nil {
                if let ended {
                    reason = ended
                    group.cancelAll()
                }
            }
            return reason ?? "the connection ended"
        }
    }

    /// Whether the connection was announced to the server, so its end is announced too.
    private final class ConnectionState: @unchecked Sendable {
        private let lock = NSLock()
        private var open = false
        var isOpen: Bool {
            get { lock.withLock { open } }
            set { lock.withLock { open = newValue } }
        }
    }

    /// Carries out a session's events (its messages are queued, not awaited); returns why the connection must end,
    /// if it must.
    private func handle(
        _ events: [ServerSessionEvent], from connection: ServerConnection, served: Served, state: ConnectionState
    ) -> String? {
        for event in events {
            switch event {
            case .send(let message):
                if let ending = Self.queue([message], on: served) { return ending }
            case .ready:
                state.isOpen = true
                report(.connected(connection))
            case .deliver(let frame):
                if state.isOpen { report(.frame(frame, from: connection)) }
            case .subscribed(let channel):
                report(.subscribed(connection, channel: channel))
            case .unsubscribed(let channel):
                report(.unsubscribed(connection, channel: channel))
            case .close(let reason):
                return reason
            }
        }
        return nil
    }

    private func report(_ event: ServerTransportEvent) {
        let receiver = lock.withLock { self.receiver }
        receiver?(event)
    }
}
