import Foundation

/// An in-memory transport for tests and SwiftUI previews: it records what the client sends and delivers
/// frames you hand it: each `deliver` returns once the frame's listeners have run.
public final class LoopbackTransport: RealtimeTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var receiver: (@Sendable (IncomingFrame) async -> Void)?
    private var sent: [OutgoingFrame] = []
    private var channels: Set<String> = []
    private var failures: [String] = []
    private var sendFailure: (any Error)?
    private var reconnectionHandler: (@Sendable () -> Void)?
    private let echoes: Bool
    public let supportsAcknowledgements: Bool

    /// - Parameters:
    ///   - echoesSentFrames: when `true`, every frame sent is also delivered back as if the server had sent it
    ///     (handy for previews of events the app both sends and receives).
    ///   - supportsAcknowledgements: whether it carries acknowledgements, as a Socket.IO transport does.
    public init(echoesSentFrames: Bool = false, supportsAcknowledgements: Bool = true) {
        self.echoes = echoesSentFrames
        self.supportsAcknowledgements = supportsAcknowledgements
    }

    public func send(_ frame: OutgoingFrame) async throws {
        if let failure = lock.withLock({ sendFailure }) { throw failure }
        lock.withLock { sent.append(frame) }
        if echoes, frame.acknowledges == nil { await deliver(frame.data, channel: frame.channel) }
    }

    public func setReceiver(_ receiver: @escaping @Sendable (IncomingFrame) async -> Void) {
        lock.withLock { self.receiver = receiver }
    }

    public func subscribe(to channel: String) async throws {
        _ = lock.withLock { channels.insert(channel) }
    }

    public func unsubscribe(from channel: String) async throws {
        _ = lock.withLock { channels.remove(channel) }
    }

    public func setReconnectionHandler(_ handler: @escaping @Sendable () -> Void) {
        lock.withLock { reconnectionHandler = handler }
    }

    /// Does what a transport does once its connection is open again after a loss: tells the client, which subscribes
    /// again the channels it subscribed by request. For tests of what a reconnection sends.
    public func reopen() {
        lock.withLock { reconnectionHandler }?()
    }

    /// Records the failure: a loopback has no connection to drop (``connectionFailures``).
    public func failConnection(reason: String) async {
        lock.withLock { failures.append(reason) }
    }

    /// From now on every send throws `error`, nothing recorded, as a transport whose connection is gone does; `nil`
    /// lets sends through again. For tests and previews of what the app does when its frames cannot leave.
    public func failSends(with error: (any Error)?) {
        lock.withLock { sendFailure = error }
    }

    /// Why the client failed the connection (a ``StreamBuffer/failConnection(_:)`` stream overflowed), oldest first.
    public var connectionFailures: [String] { lock.withLock { failures } }

    /// Every frame sent so far, oldest first.
    public var sentFrames: [OutgoingFrame] { lock.withLock { sent } }

    /// The channels subscribed to now.
    public var subscribedChannels: Set<String> { lock.withLock { channels } }

    /// Delivers a frame to the client as if it had arrived from the server.
    public func deliver(_ data: Data, channel: String? = nil) async {
        let receiver = lock.withLock { self.receiver }
        await receiver?(IncomingFrame(data: data, channel: channel))
    }

    /// Delivers a frame written as JSON text; with `ackID`, as the server asking for an acknowledgement.
    public func deliver(json: String, channel: String? = nil, ackID: Int? = nil) async {
        let receiver = lock.withLock { self.receiver }
        await receiver?(IncomingFrame(data: Data(json.utf8), channel: channel, ackID: ackID))
    }

    /// Delivers the server's acknowledgement of the sent frame with `ackID`: its arguments, a JSON array.
    public func acknowledge(_ ackID: Int, arguments json: String) async {
        let receiver = lock.withLock { self.receiver }
        await receiver?(IncomingFrame(data: Data(json.utf8), acknowledges: ackID))
    }
}
