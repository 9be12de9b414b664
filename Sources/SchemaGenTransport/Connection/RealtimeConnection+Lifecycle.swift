import Foundation
import SchemaGenRuntime

/// The loop that keeps a ``RealtimeConnection`` up: connect, hand frames over until the connection ends, wait as the
/// reconnect policy says, connect again.
extension RealtimeConnection {
    /// How one connection ended.
    enum Ending: Sendable {
        /// Lost, or never opened: try again as the policy allows. `wasOpen` says it had become ready (pending replies
        /// fail); `wasStable` that it stayed up the policy's ``ReconnectPolicy/stableAfter``, which resets the attempt count.
        case dropped(reason: String, wasOpen: Bool, wasStable: Bool = false)
        /// Over for good: the server refused or closed the session, or the URL cannot work.
        case stopped(DisconnectReason)
        /// ``RealtimeConnection/disconnect()`` was called.
        case cancelled
    }

    func runLifecycle() async {
        var attempt = 0
        var lastReason = ""
        while !Task.isCancelled {
            if attempt > 0 {
                guard options.reconnect.allows(attempt: attempt) else {
                    let tries =
                        attempt == 1 ? "reconnection is off" : "gave up after \(attempt - 1) reconnection attempts"
                    options.monitor?(.stopped(.failed("\(lastReason); \(tries)")))
                    return stopped(.failed("\(lastReason); \(tries)"))
                }
                lock.withLock { setState(.reconnecting(attempt: attempt, after: lastReason)) }
                let delay = options.reconnect.delay(beforeAttempt: attempt, random: Double.random(in: 0..<1))
                options.monitor?(.waiting(delay))
                guard (try? await pause(until: .now + delay)) != nil else { return }
            }
            options.monitor?(.attempting(attempt: attempt, url: url))
            switch await runConnection() {
            case .dropped(let reason, _, let wasStable):
                options.monitor?(.dropped(reason: reason))
                lastReason = reason
                attempt = wasStable ? 1 : attempt + 1
            case .stopped(let reason):
                options.monitor?(.stopped(reason))
                return stopped(reason)
            case .cancelled:
                return
            }
        }
    }

    /// One connection, from asking for credentials to its end; pending replies fail when it ends after opening.
    private func runConnection() async -> Ending {
        let credentials: ConnectionCredentials
        let request: WebSocketRequest
        do {
            credentials = try await options.credentials()
            request = try wireProtocol.request(for: url, credentials: credentials)
        } catch is CancellationError {
            return .cancelled
        } catch let error as WebSocketFailure {
            return .stopped(.failed(error.description))
        } catch {
            return .dropped(reason: "could not get credentials: \(error)", wasOpen: false)
        }
        let socket: any WebSocketConnection
        do {
            socket = try await withDeadline(options.handshakeTimeout) { [backend] in
                try await backend.connect(to: request)
            }
        } catch is CancellationError {
            return .cancelled
        } catch {
            return .dropped(reason: "could not connect to \(request.url): \(error)", wasOpen: false)
        }
        let opening = lock.withLock { () -> [SessionEvent]? in
            // disconnect() came while the WebSocket opened.
            guard !Task.isCancelled else { return nil }
            var session = wireProtocol.makeSession(credentials: credentials)
            let events = session.start(at: .now)
            live = Live(socket: socket, session: session)
            return events
        }
        guard let opening else {
            await socket.close()
            return .cancelled
        }
        let ending = await withTaskGroup(of: Ending?.self) { group in
            group.addTask {
                if let ending = await self.handle(opening, on: socket) { return ending }
                // Heartbeats start once the opening is handled: a Phoenix channel's join goes before the first beat
                // however long sending it takes (on a busy machine a beat came first, with the join's reference).
                return await withTaskGroup(of: Ending?.self) { connection in
                    connection.addTask { await self.read(socket) }
                    connection.addTask { await self.beat(socket) }
                    for await result in connection {
                        guard let result else { continue }
                        connection.cancelAll()
                        return result
                    }
                    return nil
                }
            }
            group.addTask { await self.enforceHandshakeTimeout() }
            var ending = Ending.cancelled
            for await result in group {
                guard let result else { continue }
                ending = result
                break
            }
            group.cancelAll()
            return ending
        }
        let (wasOpen, readyAt) = lock.withLock {
            defer {
                live = nil
                acceptsSends = false
            }
            return (live?.ready ?? false, live?.readyAt)
        }
        let wasStable = readyAt.map { ContinuousClock.now - $0 >= options.reconnect.stableAfter } ?? false
        // No answer to a join comes on this connection any more: what waits for one fails.
        joins.connectionEnded(.notConnected(state))
        // Not awaited: a server that stopped answering would hold the close handshake, and the reconnection with it.
        Task { await socket.close() }
        if wasOpen, let handler = connectionLossHandler {
            switch ending {
            case .dropped(let reason, _, _): handler(reason)
            case .stopped(let reason): handler(reason.description)
            case .cancelled: break
            }
        }
        if case .dropped(let reason, _, _) = ending {
            return .dropped(reason: reason, wasOpen: wasOpen, wasStable: wasStable)
        }
        return ending
    }

    /// Why the app failed the connection, when it did (``RealtimeConnection/failConnection(reason:)``).
    private var failedBecause: String? {
        lock.withLock { live?.failedBecause }
    }

    /// Reads messages until the WebSocket ends or the session says to stop.
    private func read(_ socket: any WebSocketConnection) async -> Ending {
        do {
            for try await message in socket.messages {
                let events = lock.withLock { live?.session.receive(message, at: .now) ?? [] }
                if let ending = await handle(events, on: socket) { return ending }
            }
            return Task.isCancelled
                ? .cancelled : .dropped(reason: failedBecause ?? "the server closed the WebSocket", wasOpen: false)
        } catch {
            return Task.isCancelled
                ? .cancelled : .dropped(reason: failedBecause ?? "the WebSocket failed: \(error)", wasOpen: false)
        }
    }

    /// Does what the session asks; returns how the connection ends when it asks for that.
    private func handle(_ events: [SessionEvent], on socket: any WebSocketConnection) async -> Ending? {
        for event in events {
            switch event {
            case .send(let message):
                do { try await socket.send(message) } catch {
                    return .dropped(reason: "could not send: \(error)", wasOpen: false)
                }
            case .deliver(let frame):
                await deliver(frame)
            case .ready:
                if let ending = await becameReady(socket) { return ending }
            case .joined(let channel):
                joins.joined(channel)
            case .refused(let channel, let reason):
                // Not joined again after a reconnection: the server said no. A later subscribe asks again.
                options.monitor?(.channelRefused(channel: channel, reason: reason))
                lock.withLock { channels.removeAll { $0 == channel } }
                joins.refused(channel, reason: reason)
            case .reconnect(let reason):
                return .dropped(reason: reason, wasOpen: false)
            case .stop(let reason):
                return .stopped(reason)
            }
        }
        return nil
    }

    /// The handshake is done: join the channels, send what waited, then let sends through.
    private func becameReady(_ socket: any WebSocketConnection) async -> Ending? {
        let joinMessages = lock.withLock { () -> [WebSocketMessage] in
            live?.ready = true
            live?.readyAt = .now
            if live?.session.confirmsJoins == true { joins.joining(channels) }
            return channels.flatMap { live?.session.join($0) ?? [] }
        }
        for message in joinMessages {
            do { try await socket.send(message) } catch {
                return .dropped(reason: "could not join a channel: \(error)", wasOpen: false)
            }
        }
        while true {
            let next = lock.withLock { () -> (SendTicket, Result<[WebSocketMessage], any Error>)? in
                guard !waiting.isEmpty else {
                    acceptsSends = true
                    setState(.connected)
                    return nil
                }
                let ticket = waiting.removeFirst()
                return (ticket, Result { try live!.session.encode(ticket.frame) })
            }
            guard let (ticket, encoded) = next else {
                options.monitor?(.opened)
                // Once sends go through: what the client subscribed by request is asked for again.
                readyAgainHandler()?()
                return nil
            }
            let messages: [WebSocketMessage]
            do {
                messages = try encoded.get()
            } catch {
                ticket.finish(.failure(error))
                continue
            }
            do {
                try await write(messages, to: socket)
                ticket.finish(.success(.sent))
            } catch {
                ticket.finish(.failure(error))
                return .dropped(reason: "\(error)", wasOpen: false)
            }
        }
    }

    /// Sends heartbeats, and ends the connection when the session finds the server silent.
    private func beat(_ socket: any WebSocketConnection) async -> Ending? {
        while !Task.isCancelled {
            // Woken at least every quarter second: a message (the server's open packet, a ping) may bring the
            // deadline forward or push it back while this task sleeps.
            let due = lock.withLock { live?.session.nextHeartbeat }
            let wake = min(due ?? .now + pauseStep, .now + pauseStep)
            guard (try? await pause(until: wake)) != nil else { return nil }
            guard let due, ContinuousClock.now >= due else { continue }
            let events = lock.withLock { live?.session.heartbeat(at: .now) ?? [] }

            if let ending = await handle(events, on: socket) {
                if case .dropped(let reason, _, _) = ending { return .dropped(reason: reason, wasOpen: false) }
                return ending
            }
        }
        return nil
    }

    /// Ends a connection whose handshake takes longer than the options allow.
    private func enforceHandshakeTimeout() async -> Ending? {
        guard (try? await pause(until: .now + options.handshakeTimeout)) != nil else { return nil }
        guard lock.withLock({ live?.ready }) == false else { return nil }
        return .dropped(
            reason: "the server did not finish its handshake within \(options.handshakeTimeout)", wasOpen: false)
    }
}

/// Runs `operation`, failing with ``ConnectionFailure/handshakeTimedOut(after:)`` when it takes longer than `limit`.
func withDeadline<T: Sendable>(
    _ limit: Duration, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await pause(until: .now + limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            throw ConnectionFailure.handshakeTimedOut(after: limit)
        }
        return value
    }
}

/// The longest single sleep of a connection's timers.
let pauseStep = Duration.milliseconds(250)

/// Sleeps until `deadline`, in steps of at most ``pauseStep``; throws `CancellationError` when cancelled.
///
/// A cancelled `Task.sleep` keeps its timer, and the memory behind it, until the time it was set for: one 20-second
/// handshake timeout per connection attempt piled up about 2 KiB per reconnection while connections churned (measured
/// by the integration tests). Short steps bound what a cancelled wait leaves behind to a quarter second.
func pause(until deadline: ContinuousClock.Instant) async throws {
    while true {
        let now = ContinuousClock.now
        guard now < deadline else { return }
        try await Task.sleep(until: min(deadline, now + pauseStep), clock: .continuous)
    }
}
