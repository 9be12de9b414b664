import Foundation

/// Where a server runs the work a connection's frames start (the answers to its requests): a transport that
/// schedules its connections' work itself (the WebSocket server transport's fair scheduler) sets ``spawn`` for the
/// time it hands a connection's frames to the server, so the answers run with that connection's other work;
/// elsewhere each runs as a task of its own.
package enum ServerWork {
    @TaskLocal package static var spawn: (@Sendable (@escaping @Sendable () async -> Void) -> Void)?

    /// Starts `work` where the current connection's work runs.
    package static func run(_ work: @escaping @Sendable () async -> Void) {
        if let spawn { spawn(work) } else { Task { await work() } }
    }
}
