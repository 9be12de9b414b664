import Foundation
import GoldenClients
import SchemaGenRuntime
import TestSupport
import Testing

/// Issue 35: one connection that never reads froze every broadcast (the server awaited each recipient in turn, with
/// no timeout). Broadcasts now go to every recipient at once, and a connection that takes no frame within the write
/// timeout is closed, saying why: a stalled reader delays the others' broadcasts by the write timeout at most, once.
@Suite struct StalledConnectionTests {
    /// Connection 1 reads; connection 2's writes never complete until it is closed, as a client that stopped reading
    /// holds a socket's send.
    final class StallingTransport: RealtimeServerTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var receiver: (@Sendable (ServerTransportEvent) -> Void)?
        private var stalled: [CheckedContinuation<Void, any Error>] = []
        private(set) var delivered: [Data] = []
        private(set) var closedWith: [UInt64: String] = [:]

        func setReceiver(_ receiver: @escaping @Sendable (ServerTransportEvent) -> Void) {
            lock.withLock { self.receiver = receiver }
        }
        func connect(_ id: UInt64) { lock.withLock { receiver }?(.connected(ServerConnection(id: id))) }
        var deliveredCount: Int { lock.withLock { delivered.count } }
        var reasons: [UInt64: String] { lock.withLock { closedWith } }

        func send(_ frame: OutgoingFrame, to connection: ServerConnection) async throws {
            if connection.id == 1 { return lock.withLock { delivered.append(frame.data) } }
            if lock.withLock({ closedWith[connection.id] != nil }) { throw CancellationError() }
            try await withCheckedThrowingContinuation { continuation in lock.withLock { stalled.append(continuation) } }
        }

        func close(_ connection: ServerConnection) async { await close(connection, reason: "closed") }

        func close(_ connection: ServerConnection, reason: String) async {
            let (waiting, receiver) = lock.withLock {
                () -> ([CheckedContinuation<Void, any Error>], (@Sendable (ServerTransportEvent) -> Void)?) in
                closedWith[connection.id] = reason
                defer { stalled = [] }
                return (stalled, self.receiver)
            }
            for continuation in waiting { continuation.resume(throwing: CancellationError()) }
            receiver?(.disconnected(connection, reason: reason))
        }
    }

    @Test func aClientThatStopsReadingStallsNoBroadcastAndIsClosedAfterTheWriteTimeout() async throws {
        let transport = StallingTransport()
        let server = Requests.Server(transport: transport)
        server.limits.writeTimeout = .milliseconds(300)
        let disconnects = Recorder<String>()
        server.onDisconnect { connection, reason in disconnects.append("\(connection.id): \(reason)") }
        transport.connect(1)
        transport.connect(2)
        let started = ContinuousClock.now
        for index in 0..<20 {
            try await server.emit(
                .balance(.init(requestId: "\(index)", amount: .init(value: 1, currency: "EUR"))), to: .everyone)
        }
        #expect(transport.deliveredCount == 20)
        // The first broadcast waited for the stalled write until the watchdog closed it; the others went out at once
        // (how long that takes on a busy machine is for a load test, not this one).
        #expect(ContinuousClock.now - started >= .milliseconds(300))
        #expect(
            transport.reasons[2]?.hasPrefix("the client took no frame for 0.3 seconds (it stopped reading)") == true)
        #expect(disconnects.values.first?.hasPrefix("2: the client took no frame") == true)
        #expect(transport.reasons[1] == nil)
    }
}
