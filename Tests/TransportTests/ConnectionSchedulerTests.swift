import Foundation
@testable import SchemaGenTransport
import TestSupport
import Testing

/// The server's scheduler takes connections in turn (issue 49): without a clock, by the order jobs run on one thread.
@Suite(.timeLimit(.minutes(1))) struct ConnectionSchedulerTests {
    /// Ten connections hold 50 queued handler runs each and one holds one: the lone one runs within the first 11, where
    /// the global executor's order (first come, first run) put it 501st.
    @Test func aLoneRequestRunsWithinTheFirstElevenHandlerRuns() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return }
        let scheduler = ConnectionScheduler(threads: 1)
        let order = Recorder<String>()
        let release = await Self.holdTheOnlyThread(of: scheduler)
        for flooder in 0..<10 {
            let lane = scheduler.makeLane(name: "flooder \(flooder)")
            for _ in 0..<50 { Task(executorPreference: lane) { order.append(lane.name) } }
        }
        let lone = scheduler.makeLane(name: "lone")
        Task(executorPreference: lone) { order.append("lone") }
        release.signal()
        try await eventually("every run is done") { order.values.count == 501 }
        let position = (order.values.firstIndex(of: "lone") ?? 500) + 1
        #expect(position <= 11, "the lone request ran \(position)th")
    }

    /// A lane whose work keeps coming cannot starve the others: once it has used its quantum, each busy lane runs one
    /// job a turn.
    @Test func busyLanesTakeTurnsOneJobEach() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return }
        let scheduler = ConnectionScheduler(threads: 1, quantum: 2)
        let order = Recorder<String>()
        let release = await Self.holdTheOnlyThread(of: scheduler)
        let a = scheduler.makeLane(name: "a"), b = scheduler.makeLane(name: "b")
        for _ in 0..<6 { Task(executorPreference: a) { order.append("a") } }
        for _ in 0..<6 { Task(executorPreference: b) { order.append("b") } }
        release.signal()
        try await eventually("every run is done") { order.values.count == 12 }
        // Both start fresh (two jobs each, taking turns), then alternate as busy lanes.
        #expect(order.values.joined() == "abababababab")
    }

    /// Holds a one-thread scheduler's thread with a job of its own, so that the others' work queues up until the
    /// returned semaphore is signalled.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    static func holdTheOnlyThread(of scheduler: ConnectionScheduler) async -> DispatchSemaphore {
        let holding = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        Task(executorPreference: scheduler.makeLane(name: "gate")) {
            holding.signal()
            release.wait()
        }
        await offCooperativePool { holding.wait() }
        return release
    }
}
