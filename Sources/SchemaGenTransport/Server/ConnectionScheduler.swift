import Foundation

/// Runs the server's work for its connections fairly when the server cannot keep up (issue 49): each connection's
/// jobs (its input, the answers to its requests, its writer) go to a ``Lane`` of its own, and the scheduler's threads
/// take the lanes in turn, one job each, instead of Swift's global executor taking every job in the order it came.
///
/// In that order a connection that asks now and then waited, at each of the five steps between its request and its
/// answer, behind every job every flooding connection had queued: 7-9% of its answers alone under ten flooders.
/// Here it waits behind at most one job of each other busy connection, and less: a lane that was idle goes first
/// (as FQ-CoDel serves new flows first) for its first ``quantum`` jobs, then joins the others' turn. A lane that keeps
/// busy cannot starve the rest, and one that asks now and then is served as soon as a thread is free.
///
/// One scheduler serves the process (``shared``), on one thread fewer than there are cores (at least one), so that the
/// operating system never queues the event loops that carry every connection's bytes behind the server's CPU-bound
/// work: on 2 cores, under the load test's ten flooders, the well-behaved client got 36-60% of its answers alone with
/// one thread and 15-26% with two or three (session 32), and the flood got more answers too. The threads wait on a
/// condition while no lane has work, and live as long as the process. Where the platform has no task executors
/// (before macOS 15 and iOS 18) connections run on the global executor as before.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class ConnectionScheduler: @unchecked Sendable {
    /// The process's scheduler.
    static let shared = ConnectionScheduler(threads: max(1, ProcessInfo.processInfo.activeProcessorCount - 1))

    /// How many jobs a lane that was idle runs before it takes its turn with the busy ones.
    let quantum: Int
    private let condition = NSCondition()
    /// Lanes that were idle when their work came: served first.
    private var fresh = FIFOQueue<Lane>()
    /// Lanes with work that have used their quantum: served in turn, one job each.
    private var busy = FIFOQueue<Lane>()

    init(threads: Int, quantum: Int = 8) {
        self.quantum = max(1, quantum)
        for index in 0..<max(1, threads) {
            let thread = Thread {
                // Named from inside, in at most 15 bytes: on Linux a name set before `start()`, or a longer one,
                // never reaches the system's thread list (`top -H`, `/proc/<pid>/task/*/comm`).
                Thread.current.name = "schemagen-lane\(index)"
                self.work()
            }
            thread.start()
        }
    }

    /// A connection's own queue of jobs: the executor its tasks prefer.
    final class Lane: TaskExecutor, @unchecked Sendable {
        fileprivate let scheduler: ConnectionScheduler
        /// Guarded by the scheduler's lock.
        fileprivate var jobs = FIFOQueue<UnownedJob>()
        fileprivate var queued = false
        /// Jobs run since the lane was last idle.
        fileprivate var served = 0
        /// A name for tests.
        let name: String

        init(_ scheduler: ConnectionScheduler, name: String = "") {
            self.scheduler = scheduler
            self.name = name
        }

        func enqueue(_ job: consuming ExecutorJob) {
            scheduler.enqueue(UnownedJob(job), on: self)
        }
    }

    /// A new lane for one connection.
    func makeLane(name: String = "") -> Lane { Lane(self, name: name) }

    fileprivate func enqueue(_ job: UnownedJob, on lane: Lane) {
        condition.lock()
        lane.jobs.append(job)
        if !lane.queued {
            lane.queued = true
            lane.served = 0
            fresh.append(lane)
        }
        condition.signal()
        condition.unlock()
    }

    /// One thread's loop: the next lane's next job, forever.
    private func work() {
        while true {
            condition.lock()
            while fresh.isEmpty && busy.isEmpty { condition.wait() }
            let lane = fresh.popFirst() ?? busy.popFirst()!
            let job = lane.jobs.popFirst()!
            lane.served += 1
            if lane.jobs.isEmpty {
                lane.queued = false
            } else if lane.served < quantum {
                fresh.append(lane)
            } else {
                busy.append(lane)
            }
            condition.unlock()
            job.runSynchronously(on: lane.asUnownedTaskExecutor())
        }
    }
}
