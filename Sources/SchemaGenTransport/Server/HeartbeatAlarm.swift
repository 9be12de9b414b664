import Foundation

/// What a connection's heartbeat sleeps on: until its next due time, or until a message moves that time earlier (a
/// pong schedules the next ping one interval after it, which may come before the pong's deadline the heartbeat was
/// sleeping toward).
final class HeartbeatAlarm: @unchecked Sendable {
    private let lock = NSLock()
    private var sleeper: Task<Void, Never>?
    /// A wake that came while nothing slept: the next sleep returns at once.
    private var woken = false

    /// Sleeps until `due`, ``wake()`` or the calling task's cancellation, whichever comes first.
    func sleep(until due: ContinuousClock.Instant) async {
        let task = Task { _ = try? await Task.sleep(until: due, clock: .continuous) }
        let wokenAlready = lock.withLock { () -> Bool in
            if woken {
                woken = false
                return true
            }
            sleeper = task
            return false
        }
        if wokenAlready { task.cancel() }
        await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        lock.withLock { if sleeper == task { sleeper = nil } }
    }

    /// Ends the current sleep early, or the next one if none is under way.
    func wake() {
        let sleeping = lock.withLock { () -> Task<Void, Never>? in
            guard let sleeper else {
                woken = true
                return nil
            }
            self.sleeper = nil
            return sleeper
        }
        sleeping?.cancel()
    }
}
