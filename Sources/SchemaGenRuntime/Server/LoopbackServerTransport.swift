import Foundation

/// An in-memory server transport that generated clients connect to: a generated client and a generated server talk
/// through it in one process, in tests and previews, with everything a socket carries (acknowledgements both ways,
/// channel subscriptions, disconnects) and no socket. Frames are delivered in order: a server's `send` returns once the
/// client's listeners have run; a client's `send`, once the server's handlers have.
public final class LoopbackServerTransport: RealtimeServerTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var receiver: (@Sendable (ServerTransportEvent) -> Void)?
    private var clients: [ServerConnection: LoopbackClientTransport] = [:]
    private var lastID: UInt64 = 0
    public let supportsAcknowledgements: Bool

    /// - Parameter supportsAcknowledgements: whether it carries acknowledgements, as Socket.IO does.
    public init(supportsAcknowledgements: Bool = true) {
        self.supportsAcknowledgements = supportsAcknowledgements
    }

    public func setReceiver(_ receiver: @escaping @Sendable (ServerTransportEvent) -> Void) {
        lock.withLock { self.receiver = receiver }
    }

    /// Opens a new connection and returns the transport a client uses on it (`Client(transport:)`).
    ///
    /// Frames the server sends before the client's receiver is set (a scenario's opening `send:`, a welcome) are held,
    /// up to ``LoopbackClientTransport/heldFrameLimit``, and handed over in order when it is set; past the limit the
    /// server's `send` throws ``LoopbackFramesUnread``.
    public func connect() -> LoopbackClientTransport {
        open(receiving: nil)
    }

    /// Opens a new connection whose client end hands every frame to `receiver`, from the first one the server sends
    /// when it hears of the connection.
    public func connect(
        receiving receiver: @escaping @Sendable (IncomingFrame) async -> Void
    )
        -> LoopbackClientTransport
    {
        open(receiving: receiver)
    }

    private func open(receiving receiver: (@Sendable (IncomingFrame) async -> Void)?) -> LoopbackClientTransport {
        let client = lock.withLock {
            lastID += 1
            let client = LoopbackClientTransport(connection: ServerConnection(id: lastID), server: self)
            clients[client.connection] = client
            return client
        }
        if let receiver { client.setReceiver(receiver) }
        report(.connected(client.connection))
        return client
    }

    public func send(_ frame: OutgoingFrame, to connection: ServerConnection) async throws {
        guard let client = lock.withLock({ clients[connection] }) else {
            throw LoopbackConnectionClosed(connection: connection)
        }
        let delivered = await client.deliver(
            IncomingFrame(
                data: frame.data, channel: frame.channel, ackID: frame.ackID, acknowledges: frame.acknowledges))
        guard delivered else { throw LoopbackFramesUnread(connection: connection) }
    }

    public func close(_ connection: ServerConnection) async {
        drop(connection, reason: "closed by the server")
    }

    public func close(_ connection: ServerConnection, reason: String) async {
        drop(connection, reason: reason)
    }

    /// Ends the connection as a network fault would: both sides hear of it.
    func drop(_ connection: ServerConnection, reason: String) {
        guard let client = lock.withLock({ clients.removeValue(forKey: connection) }) else { return }
        client.lose(reason)
        report(.disconnected(connection, reason: reason))
    }

    func report(_ event: ServerTransportEvent) {
        let receiver = lock.withLock { self.receiver }
        receiver?(event)
    }

    func isOpen(_ connection: ServerConnection) -> Bool {
        lock.withLock { clients[connection] != nil }
    }
}

/// The client's end of one ``LoopbackServerTransport`` connection: a ``RealtimeTransport`` for a generated client.
public final class LoopbackClientTransport: RealtimeTransport, @unchecked Sendable {
    /// The connection as the server knows it.
    public let connection: ServerConnection
    private let server: LoopbackServerTransport
    private let lock = NSLock()
    private var receiver: (@Sendable (IncomingFrame) async -> Void)?
    private var lossHandler: (@Sendable (String) -> Void)?
    /// Frames that came before the receiver was set, or while the ones before them are still being handed over.
    private var held: [IncomingFrame] = []
    private var handingOver = false

    /// How many frames a connection holds for a receiver not yet set; the server's next `send` throws.
    public static let heldFrameLimit = 1024

    init(connection: ServerConnection, server: LoopbackServerTransport) {
        self.connection = connection
        self.server = server
    }

    public var supportsAcknowledgements: Bool { server.supportsAcknowledgements }

    public func send(_ frame: OutgoingFrame) async throws {
        guard server.isOpen(connection) else { throw LoopbackConnectionClosed(connection: connection) }
        server.report(
            .frame(
                IncomingFrame(
                    data: frame.data, channel: frame.channel, ackID: frame.ackID, acknowledges: frame.acknowledges),
                from: connection))
    }

    /// Sets the receiver, and hands it the frames held until now, in order, before any that come later.
    public func setReceiver(_ receiver: @escaping @Sendable (IncomingFrame) async -> Void) {
        let waiting: [IncomingFrame] = lock.withLock {
            self.receiver = receiver
            guard !handingOver, !held.isEmpty else { return [] }
            handingOver = true
            defer { held = [] }
            return held
        }
        guard !waiting.isEmpty else { return }
        Task {
            var batch = waiting
            while !batch.isEmpty {
                for frame in batch { await receiver(frame) }
                batch = lock.withLock {
                    defer { held = [] }
                    if held.isEmpty { handingOver = false }
                    return held
                }
            }
        }
    }

    public func setConnectionLossHandler(_ handler: @escaping @Sendable (String) -> Void) {
        lock.withLock { lossHandler = handler }
    }

    public func subscribe(to channel: String) async throws {
        guard server.isOpen(connection) else { throw LoopbackConnectionClosed(connection: connection) }
        server.report(.subscribed(connection, channel: channel))
    }

    public func unsubscribe(from channel: String) async throws {
        guard server.isOpen(connection) else { throw LoopbackConnectionClosed(connection: connection) }
        server.report(.unsubscribed(connection, channel: channel))
    }

    /// Ends the connection from the client's side, as a network fault would.
    public func disconnect(reason: String = "closed by the client") {
        server.drop(connection, reason: reason)
    }

    /// Hands `frame` to the receiver, or holds it while there is none yet; false when the hold is full.
    func deliver(_ frame: IncomingFrame) async -> Bool {
        let (current, accepted): ((@Sendable (IncomingFrame) async -> Void)?, Bool) = lock.withLock {
            if let receiver, !handingOver { return (receiver, true) }
            guard held.count < Self.heldFrameLimit else { return (nil, false) }
            held.append(frame)
            return (nil, true)
        }
        await current?(frame)
        return accepted
    }

    func lose(_ reason: String) {
        let handler = lock.withLock { lossHandler }
        handler?(reason)
    }
}

/// A frame was sent on a loopback connection whose client has set no receiver and already holds
/// ``LoopbackClientTransport/heldFrameLimit`` frames.
public struct LoopbackFramesUnread: Error, Hashable, Sendable, CustomStringConvertible {
    public var connection: ServerConnection

    public var description: String {
        "\(connection) holds \(LoopbackClientTransport.heldFrameLimit) frames its client has not read: set the client's receiver (or connect with connect(receiving:))"
    }
}

/// A frame was sent on a loopback connection that has ended.
public struct LoopbackConnectionClosed: Error, Hashable, Sendable, CustomStringConvertible {
    public var connection: ServerConnection

    public var description: String { "\(connection) is closed" }
}
