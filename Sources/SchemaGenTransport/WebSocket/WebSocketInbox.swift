import Foundation

/// Messages read from a socket ahead of whoever handles them, at most ``limit`` of them: the reader waits in
/// ``push(_:)`` while the inbox is full, so a backend that reads its socket only to push here stops reading it, and
/// the peer's writes back up in TCP instead of in this process's memory. What a backend hands over as
/// ``WebSocketConnection/messages`` (``messages``), and what a server adapter hands ``WebSocketServerTransport``.
///
/// Thread-safe; one reader (the socket's task) and one consumer. A consumer that stops reading before the inbox is
/// finished finishes it (``finish(throwing:)``), or its reader may wait for room forever; one cancelled while it waits
/// for a message finishes it itself.
public final class WebSocketInbox: @unchecked Sendable {
    /// How many messages wait for the consumer at most; at least one.
    public let limit: Int
    private let lock = NSLock()
    private var queued = FIFOQueue<WebSocketMessage>()
    private var ending: Ending?
    /// The consumer, waiting for a message.
    private var consumer: CheckedContinuation<WebSocketMessage?, any Error>?
    /// The reader, waiting for room.
    private var reader: CheckedContinuation<Void, Never>?

    private enum Ending {
        case finished
        case failed(any Error)
    }

    /// The messages, in order: finishes after ``finish(throwing:)`` once every pushed message has been taken, and
    /// throws the error it was given.
    public var messages: AsyncThrowingStream<WebSocketMessage, any Error> {
        AsyncThrowingStream(unfolding: { [self] in try await next() })
    }

    /// - Parameter limit: how many messages may wait; 64 unless given (the socket's own buffers hold more).
    public init(limit: Int = 64) {
        self.limit = max(1, limit)
    }

    /// How many messages wait now.
    public var count: Int {
        lock.withLock { queued.count }
    }

    /// Hands over one message, waiting while ``limit`` messages wait already. Returns `false`, the message not
    /// taken, once the inbox is finished (the consumer stopped or the connection ended), or when the calling task is
    /// cancelled while waiting.
    @discardableResult
    public func push(_ message: WebSocketMessage) async -> Bool {
        while true {
            let outcome: PushOutcome = lock.withLock {
                if ending != nil { return .refused }
                if let consumer {
                    self.consumer = nil
                    return .handed(consumer)
                }
                guard queued.count < limit else { return .full }
                queued.append(message)
                return .queued
            }
            switch outcome {
            case .refused: return false
            case .queued: return true
            case .handed(let consumer):
                consumer.resume(returning: message)
                return true
            case .full:
                guard !Task.isCancelled else { return false }
                await withTaskCancellationHandler {
                    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                        let wait = lock.withLock { () -> Bool in
                            // Room may have been made, or the inbox finished, since the lock was let go.
                            guard ending == nil, queued.count >= limit else { return false }
                            reader = continuation
                            return true
                        }
                        if !wait { continuation.resume() }
                    }
                } onCancel: {
                    lock.withLock { () -> CheckedContinuation<Void, Never>? in
                        defer { reader = nil }
                        return reader
                    }?.resume()
                }
                if Task.isCancelled { return false }
            }
        }
    }

    private enum PushOutcome {
        case refused, queued, full
        case handed(CheckedContinuation<WebSocketMessage?, any Error>)
    }

    /// Ends the inbox: messages already in it are still taken, then ``messages`` finishes (or throws `error`). A
    /// reader waiting for room is let go. Only the first ending counts.
    public func finish(throwing error: (any Error)? = nil) {
        let (consumer, reader) = lock.withLock {
            () -> (CheckedContinuation<WebSocketMessage?, any Error>?, CheckedContinuation<Void, Never>?) in
            guard ending == nil else { return (nil, nil) }
            ending = error.map(Ending.failed) ?? .finished
            defer { self.consumer = nil; self.reader = nil }
            return (self.consumer, self.reader)
        }
        reader?.resume()
        guard let consumer else { return }
        if let error { consumer.resume(throwing: error) } else { consumer.resume(returning: nil) }
    }

    /// The next message, waiting for one; `nil` once finished and empty. A cancelled consumer ends the inbox, so the
    /// reader is not left waiting for room no one will make.
    func next() async throws -> WebSocketMessage? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<WebSocketMessage?, any Error>) in
                let (result, reader) = lock.withLock {
                    () -> (Result<WebSocketMessage?, any Error>?, CheckedContinuation<Void, Never>?) in
                    if let message = queued.popFirst() {
                        defer { self.reader = nil }
                        return (.success(message), self.reader)
                    }
                    switch ending {
                    case .finished?: return (.success(nil), nil)
                    case .failed(let error)?: return (.failure(error), nil)
                    case nil:
                        if Task.isCancelled { return (.success(nil), nil) }
                        consumer = continuation
                        return (nil, nil)
                    }
                }
                reader?.resume()
                if let result { continuation.resume(with: result) }
            }
        } onCancel: {
            finish()
        }
    }
}
