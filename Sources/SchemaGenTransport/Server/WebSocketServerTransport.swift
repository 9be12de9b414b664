import Foundation
import SchemaGenRuntime

/// One accepted WebSocket, as a server's web framework hands it over: what ``WebSocketServerTransport`` writes to.
public protocol ServerWebSocket: Sendable {
    /// Sends one message; throws when the socket is closed.
    func send(_ message: WebSocketMessage) async throws
    /// Closes the socket, saying why.
    func close(reason: String) async
}

/// A ``RealtimeServerTransport`` over WebSockets a web framework accepts (hummingbird-websocket's, in the transport
/// package): it speaks a ``ServerProtocol`` on each (a plain WebSocket, or Socket.IO), numbers the connections, runs
/// their heartbeats, and reports what arrives to the generated server. Foundation only: the framework's adapter only
/// wraps its socket as a ``ServerWebSocket`` and calls ``serve(_:messages:)``.
public final class WebSocketServerTransport: RealtimeServerTransport, @unchecked Sendable {
    public let serverProtocol: any ServerProtocol
    private let lock = NSLock()
    private var receiver: (@Sendable (ServerTransportEvent) -> Void)?
    private var connections: [ServerConnection: Served] = [:]
    private var lastID: UInt64 = 0

    /// One connection: its socket and its protocol state.
    private final class Served: @unchecked Sendable {
        let socket: any ServerWebSocket
        private let lock = NSLock()
        private var session: any ServerProtocolSession

        init(socket: any ServerWebSocket, session: any ServerProtocolSession) {
            self.socket = socket
            self.session = session
        }

        func withSession<Value>(_ body: (inout any ServerProtocolSession) throws -> Value) rethrows -> Value {
            try lock.withLock { try body(&session) }
        }
    }

    public init(protocol serverProtocol: any ServerProtocol = PlainWebSocketServerProtocol()) {
        self.serverProtocol = serverProtocol
    }

    public var supportsAcknowledgements: Bool { serverProtocol.supportsAcknowledgements }

    public func setReceiver(_ receiver: @escaping @Sendable (ServerTransportEvent) -> Void) {
        lock.withLock { self.receiver = receiver }
    }

    public func send(_ frame: OutgoingFrame, to connection: ServerConnection) async throws {
        guard let served = lock.withLock({ connections[connection] }) else { throw WebSocketFailure("\(connection) is closed") }
        for message in try served.withSession({ try $0.encode(frame) }) {
            try await served.socket.send(message)
        }
    }

    public func close(_ connection: ServerConnection) async {
        await close(connection, reason: "closed by the server")
    }

    public func close(_ connection: ServerConnection, reason: String) async {
        guard let served = lock.withLock({ connections[connection] }) else { return }
        await served.socket.close(reason: reason)
    }

    /// Serves one accepted WebSocket until it closes: speaks the protocol on it, hands the server what arrives, and
    /// reports the connection's end. Call it from the framework's WebSocket handler, which keeps the socket open
    /// while this runs.
    public func serve<Messages: AsyncSequence & Sendable>(_ socket: any ServerWebSocket, messages: Messages) async
        where Messages.Element == WebSocketMessage {
        let (connection, served) = lock.withLock {
            lastID += 1
            let served = Served(socket: socket, session: serverProtocol.makeSession())
            connections[ServerConnection(id: lastID)] = served
            return (ServerConnection(id: lastID), served)
        }
        let state = ConnectionState()
        // Started before the heartbeat looks for its first due time, which the start sets.
        let refused = await handle(served.withSession({ $0.start(at: .now) }), from: connection, served: served, state: state)
        let reason = if let refused { refused } else { await run(connection, served: served, state: state, messages: messages) }
        _ = lock.withLock { connections.removeValue(forKey: connection) }
        if state.isOpen { report(.disconnected(connection, reason: reason)) }
    }

    /// Runs a started connection: its messages and its heartbeat, until either ends it; returns why it ended.
    private func run<Messages: AsyncSequence & Sendable>(_ connection: ServerConnection, served: Served, state: ConnectionState,
                                                         messages: Messages) async -> String where Messages.Element == WebSocketMessage {
        await withTaskGroup(of: String?.self) { group in
            group.addTask {
                // The heartbeat: pings and silence checks, when the protocol has them.
                while !Task.isCancelled, let due = served.withSession({ $0.nextHeartbeat }) {
                    guard (try? await Task.sleep(until: due, clock: .continuous)) != nil else { return nil }
                    let events = served.withSession { $0.heartbeat(at: .now) }
                    if let closed = await self.handle(events, from: connection, served: served, state: state) { return closed }
                }
                return nil
            }
            group.addTask {
                do {
                    for try await message in messages {
                        let events = served.withSession { $0.receive(message, at: .now) }
                        if let closed = await self.handle(events, from: connection, served: served, state: state) { return closed }
                    }
                    return "the client closed the WebSocket"
                } catch {
                    return "the WebSocket failed: \(error)"
                }
            }
            // The first task to end ends the connection; the heartbeat that found nothing to do ends alone.
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

    /// Carries out a session's events; returns why the connection must end, if it must.
    private func handle(_ events: [ServerSessionEvent], from connection: ServerConnection, served: Served, state: ConnectionState) async -> String? {
        for event in events {
            switch event {
            case .send(let message):
                do { try await served.socket.send(message) } catch { return "the WebSocket failed while sending: \(error)" }
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
                await served.socket.close(reason: reason)
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
