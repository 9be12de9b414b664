import Foundation

/// How many concurrent calls the stress tests make: 10,000, or 1,000 when `.ci/run` runs the suite under
/// ThreadSanitizer (`SCHEMAGEN_SANITIZER=thread`). There every task is several times slower, and 10,000 calls
/// held the two-core pool for over a minute, starving the suite's other tests; 1,000 still race every path.
public let concurrentCalls = ProcessInfo.processInfo.environment["SCHEMAGEN_SANITIZER"] == nil ? 10_000 : 1_000

/// How long ``eventually(_:within:_:)`` waits unless told: 30 seconds, or 3 minutes under ThreadSanitizer
/// (`SCHEMAGEN_SANITIZER`, as for ``concurrentCalls``). There the suite once stalled for most of a minute: tests that
/// run the `schemagen` binary wait for it synchronously, each holding one of the two-core cooperative pool's two
/// threads, and a connection's task could not start within 30 s.
public let eventualityLimit: Duration =
    ProcessInfo.processInfo.environment["SCHEMAGEN_SANITIZER"] == nil ? .seconds(30) : .seconds(180)
