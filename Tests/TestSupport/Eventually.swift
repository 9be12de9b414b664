/// A condition a test waited for did not hold in time.
public struct NeverHappened: Error, CustomStringConvertible {
    public let description: String
}

/// Waits until `condition` holds, polling, for at most `limit`; throws `NeverHappened` naming `what` if it never does.
///
/// Generated clients deliver and send from their own tasks, and CI runs the suite on two busy cores beside
/// ThreadSanitizer-sized neighbours: the limit is generous because it is only reached when the test is failing.
/// Runs on the caller's actor, so a `@MainActor` test's condition may read main-actor state.
public func eventually(
    isolation: isolated (any Actor)? = #isolation, _ what: @autoclosure () -> String,
    within limit: Duration = eventualityLimit, _ condition: () -> Bool
) async throws {
    let deadline = ContinuousClock.now + limit
    while !condition() {
        guard ContinuousClock.now < deadline else {
            throw NeverHappened(description: "never happened within \(limit): \(what())")
        }
        try await Task.sleep(for: .milliseconds(2))
    }
}
