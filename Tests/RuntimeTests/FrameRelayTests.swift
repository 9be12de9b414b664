import Foundation
import SchemaGenRuntime
import TestSupport
import Testing

/// `FrameRelay`, what SDK adapters hand their callbacks' frames to: one frame at a time to the receiver, in order,
/// and at most `limit` waiting, the oldest let go of and reported.
@Suite struct FrameRelayTests {
    static func frame(_ index: Int) -> IncomingFrame {
        IncomingFrame(data: Data("\(index)".utf8))
    }

    /// A receiver that holds the first frame until `release()`, recording each frame and whether two overlapped.
    final class HeldReceiver: @unchecked Sendable {
        private let lock = NSLock()
        private var gate: CheckedContinuation<Void, Never>?
        private var released = false
        private var running = 0
        private(set) var overlapped = false
        let received = Recorder<String>()

        func receive(_ frame: IncomingFrame) async {
            let first = lock.withLock { () -> Bool in
                running += 1
                overlapped = overlapped || running > 1
                return received.values.isEmpty && !released
            }
            if first { await withCheckedContinuation { continuation in lock.withLock { gate = continuation } } }
            received.append(String(decoding: frame.data, as: UTF8.self))
            lock.withLock { running -= 1 }
        }

        func release() {
            let waiting = lock.withLock { () -> CheckedContinuation<Void, Never>? in
                released = true
                defer { gate = nil }
                return gate
            }
            waiting?.resume()
        }

        var isHolding: Bool { lock.withLock { gate != nil } }
    }

    @Test func framesReachTheReceiverInOrderOneAtATime() async throws {
        let receiver = HeldReceiver()
        let dropped = Recorder<IncomingFrame>()
        let relay = FrameRelay(limit: 100, receiver: receiver.receive, dropped: { dropped.append($0) })
        relay.relay(Self.frame(0))
        try await eventually("the receiver holds the first frame") { receiver.isHolding }
        for index in 1...50 { relay.relay(Self.frame(index)) }
        receiver.release()
        try await eventually("every frame arrived") { receiver.received.values.count == 51 }
        #expect(receiver.received.values == (0...50).map(String.init))
        #expect(!receiver.overlapped, "the receiver is awaited before the next frame")
        #expect(dropped.values.isEmpty)
    }

    @Test func aFullRelayLetsGoOfTheOldestWaitingFrameAndReportsIt() async throws {
        let receiver = HeldReceiver()
        let dropped = Recorder<IncomingFrame>()
        let relay = FrameRelay(limit: 3, receiver: receiver.receive, dropped: { dropped.append($0) })
        relay.relay(Self.frame(0))
        try await eventually("the receiver holds the first frame") { receiver.isHolding }
        for index in 1...5 { relay.relay(Self.frame(index)) }
        #expect(dropped.values == [Self.frame(1), Self.frame(2)], "1 and 2 were the oldest waiting when 4 and 5 came")
        receiver.release()
        try await eventually("the kept frames arrived") { receiver.received.values.count == 4 }
        #expect(receiver.received.values == ["0", "3", "4", "5"])
    }
}
