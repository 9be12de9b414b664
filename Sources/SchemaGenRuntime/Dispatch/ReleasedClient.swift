import Foundation

/// Frames that arrive after every copy of their generated client was released.
///
/// A client does not keep itself alive: its transport holds it weakly, so an app that lets go of both the
/// client and the transport frees the connection too. Its listeners and streams live as long as the client
/// (any copy of it, or of a channel's client made from it). A frame for a client that is gone cannot reach a
/// listener; rather than vanish, it goes to ``handler``, which by default writes one line to standard error
/// for the first such frame of each client, naming the event, so the mistake shows in Xcode's console.
public enum ReleasedClient {
    /// A frame that arrived for a released client.
    public struct Frame: Sendable {
        /// The event's wire name, when the frame could be read that far.
        public var eventName: String?
        public var frame: IncomingFrame
        /// Whether this is the first frame dropped for that client.
        public var isFirst: Bool
    }

    /// Called for every frame that arrives for a released client. Replace it to log elsewhere, or to fail a
    /// test; the default writes the first frame of each client to standard error.
    public static var handler: @Sendable (Frame) -> Void {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }

    /// The default ``handler``.
    public static let standardErrorHandler: @Sendable (Frame) -> Void = { dropped in
        guard dropped.isFirst else { return }
        let event = dropped.eventName.map { "event '\(PeerText.loggable($0))'" } ?? "a frame"
        FileHandle.standardError.write(
            Data(
                ("schemagen: \(event) arrived for a client that is no longer retained, and was dropped; keep the generated "
                    + "Client (or a channel's client) for as long as its listeners should run\n").utf8))
    }

    private static let state = LockedValue<@Sendable (Frame) -> Void>(standardErrorHandler)
}

/// What a client's transport keeps instead of the client: enough to report frames that outlive it.
final class ReleasedClientReporter: Sendable {
    private let framing: WireFraming
    private let reported = LockedValue(false)

    init(framing: WireFraming) {
        self.framing = framing
    }

    func report(_ frame: IncomingFrame) {
        let isFirst = reported.withLock { reported in
            defer { reported = true }
            return !reported
        }
        ReleasedClient.handler(
            ReleasedClient.Frame(eventName: try? framing.parse(frame.data).eventName, frame: frame, isFirst: isFirst))
    }
}

/// A value behind a lock (the runtime supports systems older than the Synchronization module's `Mutex`).
package final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&value) }
    }
}
