import Foundation

/// One connection's messages waiting to be written, bounded in bytes, with the write under way timed: what lets a
/// server broadcast without waiting for its slowest reader. A send only queues (``enqueue(_:)``); the connection's
/// writer takes messages one at a time (``next()``) and writes them; a queue that would pass its bound, or a write
/// that outlasts the write timeout, ends the connection with that reason (``WebSocketServerTransport``).
///
/// Thread-safe; one writer.
final class ServerOutbox: @unchecked Sendable {
    /// What the writer does next.
    enum Item {
        case write(WebSocketMessage)
        /// Close the socket, saying why, once what was queued before is written.
        case close(String)
    }

    /// Why a message was not queued.
    enum Refusal: Error {
        /// The queue holds `bytes` already and this message does not fit in the bound.
        case full(bytes: Int, limit: Int)
        /// The connection is closing or closed.
        case closed
    }

    private let limit: Int
    private let lock = NSLock()
    private var queued = FIFOQueue<Item>()
    private var bytes = 0
    private var closing = false
    /// The reason of the first close: the connection's end, whichever of its tasks notices it first.
    private var closedFor: String?
    private var aborted: String?
    private var writer: CheckedContinuation<Item?, Never>?
    /// When the write under way started.
    private var writingSince: ContinuousClock.Instant? {
        didSet { if writingSince != nil, let watcher { wokenWatcher = watcher; self.watcher = nil } }
    }
    /// The write watchdog, waiting for a write to start (``waitForWrite()``).
    private var watcher: CheckedContinuation<Void, Never>?
    /// A watcher a write woke, resumed once the lock is let go (``resumeWatcher()``).
    private var wokenWatcher: CheckedContinuation<Void, Never>?

    /// - Parameter limit: how many bytes may wait; one message bigger than this is still taken when nothing waits.
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Queues messages to be written in order, all or none.
    func enqueue(_ messages: [WebSocketMessage]) throws(Refusal) {
        let size = messages.reduce(0) { $0 + $1.byteCount }
        let outcome: Result<(CheckedContinuation<Item?, Never>, WebSocketMessage)?, Refusal> = lock.withLock {
            guard !closing else { return .failure(.closed) }
            guard bytes == 0 || bytes + size <= limit else { return .failure(.full(bytes: bytes, limit: limit)) }
            if let writer, let first = messages.first {
                self.writer = nil
                queued.append(contentsOf: messages.dropFirst().map(Item.write))
                bytes += size - first.byteCount
                writingSince = .now
                return .success((writer, first))
            }
            queued.append(contentsOf: messages.map(Item.write))
            bytes += size
            return .success(nil)
        }
        resumeWatcher()
        let handed = try outcome.get()
        if let (writer, message) = handed { writer.resume(returning: .write(message)) }
    }

    /// Queues the socket's close, after what waits; nothing can be queued after it. Returns `false` when a close was
    /// queued already.
    @discardableResult
    func close(reason: String) -> Bool {
        let handed: CheckedContinuation<Item?, Never>? = lock.withLock {
            guard !closing else { return nil }
            closing = true
            closedFor = reason
            if let writer {
                self.writer = nil
                writingSince = .now
                return writer
            }
            queued.append(.close(reason))
            return nil
        }
        resumeWatcher()
        handed?.resume(returning: .close(reason))
        return true
    }

    /// Ends the queue at once, its messages let go: the connection is gone, or is being closed for `reason` without
    /// waiting for its writes (``abortReason``). The writer's ``next()`` returns `nil`. Returns `false` when the queue
    /// was aborted already.
    @discardableResult
    func abort(reason: String? = nil) -> Bool {
        let (first, waiting): (Bool, CheckedContinuation<Item?, Never>?) = lock.withLock {
            let first = aborted == nil
            if first { aborted = reason ?? "" }
            closing = true
            queued.removeAll()
            bytes = 0
            defer { writer = nil }
            return (first, writer)
        }
        waiting?.resume(returning: nil)
        return first
    }

    /// Why the connection was first asked to close (by the server, or by its input ending), when it was.
    var closeReason: String? {
        lock.withLock { closedFor }
    }

    /// Why the queue was aborted, when a reason was given: the connection's real end, whatever its socket then says.
    var abortReason: String? {
        lock.withLock { aborted.flatMap { $0.isEmpty ? nil : $0 } }
    }

    /// The next item to write, waiting for one; `nil` once aborted. The write it starts is timed until the next
    /// call (``writeStarted``).
    func next() async -> Item? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Item?, Never>) in
            let item: Item?? = lock.withLock {
                writingSince = nil
                if let item = queued.popFirst() {
                    if case .write(let message) = item { bytes -= message.byteCount }
                    writingSince = .now
                    return .some(item)
                }
                if closing { return .some(nil) }
                writer = continuation
                return nil
            }
            resumeWatcher()
            if let item { continuation.resume(returning: item) }
        }
    }

    /// Returns once a write is under way (``writeStarted`` is set) or the task is cancelled: what the write watchdog
    /// waits on while nothing is written, rather than waking every so often (10,000 idle connections woke 4,000
    /// times a second).
    func waitForWrite() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = lock.withLock { () -> Bool in
                    if writingSince != nil || Task.isCancelled { return true }
                    watcher = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            lock.withLock { () -> CheckedContinuation<Void, Never>? in
                defer { watcher = nil }
                return watcher
            }?.resume()
        }
    }

    private func resumeWatcher() {
        lock.withLock { () -> CheckedContinuation<Void, Never>? in
            defer { wokenWatcher = nil }
            return wokenWatcher
        }?.resume()
    }

    /// When the write under way started; `nil` while the writer waits for something to write.
    var writeStarted: ContinuousClock.Instant? {
        lock.withLock { writingSince }
    }
}
