import Foundation

/// How many concurrent calls the stress tests make: 10,000, or 1,000 when `.ci/run` runs the suite under
/// ThreadSanitizer (`SCHEMAGEN_SANITIZER=thread`). There every task is several times slower, and 10,000 calls
/// held the two-core pool for over a minute, starving the suite's other tests; 1,000 still race every path.
public let concurrentCalls = ProcessInfo.processInfo.environment["SCHEMAGEN_SANITIZER"] == nil ? 10_000 : 1_000

/// How long ``eventually(_:within:_:)`` waits unless told: 2 minutes, or 3 under ThreadSanitizer
/// (`SCHEMAGEN_SANITIZER`, as for ``concurrentCalls``). The limit is not what a test measures: on two cores the
/// stress tests' 10,000 concurrent tasks fill the cooperative pool's queue, and every other test's tasks wait behind
/// them. Session 36 measured a connection's two refused attempts, 10 ms alone, take 7 to 35 seconds in the full
/// suite (one run in four failed at the 30 seconds this limit was); under ThreadSanitizer the suite once stalled for
/// most of a minute.
public let eventualityLimit: Duration =
    ProcessInfo.processInfo.environment["SCHEMAGEN_SANITIZER"] == nil ? .seconds(120) : .seconds(180)
