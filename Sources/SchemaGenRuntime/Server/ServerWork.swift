import Foundation

/// Where a server runs the work a connection's frames start (the answers to its requests): a transport that
/// schedules its connections' work itself (the WebSocket server transport's fair scheduler) binds ``current`` for the
/// time it hands a connection's frames to the server, so the answers run with that connection's other work;
/// elsewhere each runs as a task of its own.
package final class ServerWork: Sendable {
    /// The work place of the connection whose frames the current task handles, if its transport schedules them.
    ///
    /// A class rather than the closure it holds: a task-local of a function type, bound in a release build with
    /// AddressSanitizer (FuzzProtocols), crashed in `swift_task_localValuePush` reading the value type's metadata
    /// through a null pointer (session 32); a class's metadata is a plain reference.
    @TaskLocal package static var current: ServerWork?

    private let spawn: @Sendable (@escaping @Sendable () async -> Void) -> Void

    /// A work place that starts each piece of work with `spawn`.
    package init(spawn: @escaping @Sendable (@escaping @Sendable () async -> Void) -> Void) {
        self.spawn = spawn
    }

    /// Starts `work` where the current connection's work runs.
    package static func run(_ work: @escaping @Sendable () async -> Void) {
        if let current { current.spawn(work) } else { Task { await work() } }
    }
}
