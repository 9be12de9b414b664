import Foundation

/// Hands frames that arrive in synchronous callbacks (an SDK's delegate or handler queue) to a client's receiver,
/// which is asynchronous: one frame at a time, in arrival order, from one task. What an adapter for
/// Socket.IO-Client-Swift, PusherSwift or supabase-swift uses in `setReceiver` (docs/transports.md).
///
/// A callback cannot wait for the receiver (the SDK's queue may be the main queue, where the app's listeners run), so
/// frames wait here. At most `limit` wait: when one more arrives, the oldest waiting frame is let go of and handed to
/// `dropped`, so a client whose listeners fall behind a fast server loses frames visibly, never without a trace.
public final class FrameRelay: Sendable {
    private let continuation: AsyncStream<IncomingFrame>.Continuation
    private let dropped: @Sendable (IncomingFrame) -> Void

    /// - Parameters:
    ///   - limit: how many frames may wait for the receiver.
    ///   - receiver: the client's receiver, as `setReceiver` got it.
    ///   - dropped: told of each frame let go of because `limit` frames were waiting; by default one line on
    ///     standard error per frame.
    public init(
        limit: Int = 4_096, receiver: @escaping @Sendable (IncomingFrame) async -> Void,
        dropped: @escaping @Sendable (IncomingFrame) -> Void = FrameRelay.reportOnStandardError
    ) {
        let (frames, continuation) = AsyncStream.makeStream(
            of: IncomingFrame.self, bufferingPolicy: .bufferingNewest(max(1, limit)))
        self.continuation = continuation
        self.dropped = dropped
        Task {
            for await frame in frames { await receiver(frame) }
        }
    }

    deinit {
        continuation.finish()
    }

    /// Queues `frame` for the receiver; returns at once, from any thread.
    public func relay(_ frame: IncomingFrame) {
        if case .dropped(let oldest) = continuation.yield(frame) { dropped(oldest) }
    }

    /// Stops relaying: frames still waiting are delivered, later ones are not.
    public func finish() {
        continuation.finish()
    }

    /// The default for `dropped`: one line on standard error naming the frame's size and channel.
    public static let reportOnStandardError: @Sendable (IncomingFrame) -> Void = { frame in
        let channel = frame.channel.map { " on channel '\(PeerText.loggable($0))'" } ?? ""
        FileHandle.standardError.write(
            Data(
                ("schemagen: a frame of \(frame.data.count) bytes\(channel) was let go of: the client's listeners fell behind "
                    + "and the adapter's FrameRelay was full\n").utf8))
    }
}
