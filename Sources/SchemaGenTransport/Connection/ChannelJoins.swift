import Foundation

/// What the server answered to each channel join, for protocols whose server confirms joins
/// (``ProtocolSession/confirmsJoins``: Socket.IO's namespaces, Phoenix topics, Pusher channels): `subscribe` waits for
/// the answer and throws a refusal, and a send on a channel that is being joined waits for it, so nothing sent to a
/// refused channel vanishes.
final class ChannelJoins: @unchecked Sendable {
    private enum State {
        case joining
        case joined
    }

    private let lock = NSLock()
    private var states: [String: State] = [:]
    /// Why the server last refused each channel, kept until it is joined again: what a later send says.
    private var refusals: [String: String] = [:]
    private var waiters: [String: [UUID: CheckedContinuation<Void, any Error>]] = [:]

    /// The join of these channels is on its way.
    func joining(_ channels: [String]) {
        lock.withLock {
            for channel in channels {
                states[channel] = .joining
                refusals[channel] = nil
            }
        }
    }

    /// The server accepted the join.
    func joined(_ channel: String) {
        let waiting = lock.withLock { () -> [CheckedContinuation<Void, any Error>] in
            states[channel] = .joined
            refusals[channel] = nil
            return Array((waiters.removeValue(forKey: channel) ?? [:]).values)
        }
        for waiter in waiting { waiter.resume() }
    }

    /// The server refused the join (or left the channel), saying why.
    func refused(_ channel: String, reason: String) {
        let waiting = lock.withLock { () -> [CheckedContinuation<Void, any Error>] in
            states[channel] = nil
            refusals[channel] = reason
            return Array((waiters.removeValue(forKey: channel) ?? [:]).values)
        }
        for waiter in waiting {
            waiter.resume(throwing: ConnectionFailure.channelRefused(channel: channel, reason: reason))
        }
    }

    /// The app left the channel.
    func left(_ channel: String) {
        let waiting = lock.withLock { () -> [CheckedContinuation<Void, any Error>] in
            states[channel] = nil
            return Array((waiters.removeValue(forKey: channel) ?? [:]).values)
        }
        for waiter in waiting { waiter.resume(throwing: ConnectionFailure.notJoined(channel: channel, refusal: nil)) }
    }

    /// The connection ended: no answer comes on it. Waiting joins and sends fail; every channel is joined again when it
    /// reconnects.
    func connectionEnded(_ failure: ConnectionFailure) {
        let waiting = lock.withLock { () -> [CheckedContinuation<Void, any Error>] in
            for channel in states.keys { states[channel] = .joining }
            defer { waiters = [:] }
            return waiters.values.flatMap(\.values)
        }
        for waiter in waiting { waiter.resume(throwing: failure) }
    }

    /// Returns once the channel is joined; throws the server's refusal, ``ConnectionFailure/notJoined(channel:refusal:)``
    /// for a channel never subscribed, or ``ConnectionFailure/handshakeTimedOut(after:)`` when no answer comes in time.
    /// `answeringJoin`: the caller waits for the answer to the join it just sent, so a refusal that came before it
    /// started waiting is that answer (``ConnectionFailure/channelRefused(channel:reason:)``), not a later send's
    /// `notJoined`.
    func waitUntilJoined(_ channel: String, within limit: Duration, answeringJoin: Bool = false) async throws {
        let id = UUID()
        try await withDeadline(limit) { [self] in
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    let outcome: Result<Void, any Error>? = lock.withLock {
                        switch states[channel] {
                        case .joined?: return .success(())
                        case nil:
                            if answeringJoin, let reason = refusals[channel] {
                                return .failure(ConnectionFailure.channelRefused(channel: channel, reason: reason))
                            }
                            return .failure(ConnectionFailure.notJoined(channel: channel, refusal: refusals[channel]))
                        case .joining?:
                            if Task.isCancelled { return .failure(CancellationError()) }
                            waiters[channel, default: [:]][id] = continuation
                            return nil
                        }
                    }
                    if let outcome { continuation.resume(with: outcome) }
                }
            } onCancel: {
                lock.withLock { waiters[channel]?.removeValue(forKey: id) }?.resume(throwing: CancellationError())
            }
        }
    }
}
