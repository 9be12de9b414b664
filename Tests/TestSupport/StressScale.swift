import Foundation

/// How many concurrent calls the stress tests make: 10,000, or 1,000 when `.ci/run` runs the suite under
/// ThreadSanitizer (`SCHEMAGEN_SANITIZER=thread`). There every task is several times slower, and 10,000 calls
/// held the two-core pool for over a minute, starving the suite's other tests; 1,000 still race every path.
public let concurrentCalls = ProcessInfo.processInfo.environment["SCHEMAGEN_SANITIZER"] == nil ? 10_000 : 1_000
