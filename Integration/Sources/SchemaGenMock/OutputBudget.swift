import Foundation

/// What `schemagen-mock` prints, held to a rate: a client that floods the mock must not flood the terminal or a CI
/// log with it (a minute's flood printed 273 MB before). Up to `entriesPerSecond` log entries a second are printed;
/// past that they are counted, and one line says how many were not, within a second of it or when the mock stops.
/// Refused frames count toward the exit status whether printed or not.
final class OutputBudget: @unchecked Sendable {
    let entriesPerSecond: Int
    private let lock = NSLock()
    private let clock = ContinuousClock()
    private var windowStart: ContinuousClock.Instant
    private var printed = 0
    private var withheld = 0

    init(entriesPerSecond: Int) {
        self.entriesPerSecond = max(1, entriesPerSecond)
        windowStart = clock.now
    }

    /// Prints `text` (one entry, a line or more, already escaped) on standard output, and on standard error too for
    /// a refusal, unless this second's budget is spent.
    func print(_ text: String, isRefusal: Bool = false) {
        let now = clock.now
        let (summary, shown): (String?, Bool) = lock.withLock {
            var summary: String?
            if now - windowStart >= .seconds(1) {
                summary = takeSummary()
                windowStart = now
                printed = 0
            }
            guard printed < entriesPerSecond else {
                withheld += 1
                return (summary, false)
            }
            printed += 1
            return (summary, true)
        }
        if let summary { FileHandle.standardOutput.write(Data(summary.utf8)) }
        guard shown else { return }
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
        if isRefusal { FileHandle.standardError.write(Data(("schemagen-mock: " + text + "\n").utf8)) }
    }

    /// Prints how many entries went unprinted, once their second has passed: called every second, so the count of a
    /// flood that stopped is printed without waiting for the next entry.
    func tick() {
        let now = clock.now
        let summary: String? = lock.withLock {
            guard now - windowStart >= .seconds(1) else { return nil }
            windowStart = now
            printed = 0
            return takeSummary()
        }
        if let summary { FileHandle.standardOutput.write(Data(summary.utf8)) }
    }

    /// Prints how many entries went unprinted since the last summary, if any: when the mock stops.
    func flush() {
        if let summary = lock.withLock({ takeSummary() }) { FileHandle.standardOutput.write(Data(summary.utf8)) }
    }

    private func takeSummary() -> String? {
        guard withheld > 0 else { return nil }
        defer { withheld = 0 }
        return "schemagen-mock: \(withheld) log entries not printed (over \(entriesPerSecond) a second, --log-rate); "
            + "refused frames among them still count toward the exit status\n"
    }
}
