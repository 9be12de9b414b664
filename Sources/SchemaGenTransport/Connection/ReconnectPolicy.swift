import Foundation

/// When a dropped connection is opened again: exponential backoff with jitter, as realtime SDKs do (socket.io-client,
/// phoenix.js), so a server restart is not met by every client at the same instant.
public struct ReconnectPolicy: Sendable, Hashable {
    /// The wait before the first attempt after a drop.
    public var initialDelay: Duration
    /// No wait grows beyond this.
    public var maximumDelay: Duration
    /// Each attempt waits this many times as long as the one before.
    public var multiplier: Double
    /// The share of each wait that is random, from 0 (none) to 1: a wait of `d` becomes a random one between
    /// `d × (1 − jitter)` and `d`.
    public var jitter: Double
    /// How many attempts in a row before giving up; `nil` never gives up, 0 never reconnects.
    public var maximumAttempts: Int?
    /// How long a connection must stay ready for the attempts to count from one again. One that drops sooner (a
    /// server that accepts and then drops) counts as another attempt: its wait grows, and `maximumAttempts` applies.
    public var stableAfter: Duration

    public init(
        initialDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(30), multiplier: Double = 2,
        jitter: Double = 0.5, maximumAttempts: Int? = nil, stableAfter: Duration = .seconds(10)
    ) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.multiplier = max(1, multiplier)
        self.jitter = min(1, max(0, jitter))
        self.maximumAttempts = maximumAttempts.map { max(0, $0) }
        self.stableAfter = max(.zero, stableAfter)
    }

    /// Half a second, doubling up to 30 s, half of it random, forever.
    public static let standard = ReconnectPolicy()
    /// A dropped connection stays down (``ConnectionState/disconnected(reason:)``).
    public static let never = ReconnectPolicy(maximumAttempts: 0)

    /// Whether attempt `attempt` (1, 2, …) may be made.
    public func allows(attempt: Int) -> Bool {
        maximumAttempts.map { attempt <= $0 } ?? true
    }

    /// The wait before attempt `attempt` (1, 2, …); `random` is a number in `0..<1` (a parameter so tests can
    /// pin it).
    public func delay(beforeAttempt attempt: Int, random: Double) -> Duration {
        let initial = initialDelay.seconds, ceiling = maximumDelay.seconds
        // pow overflows to infinity long before the attempt count could; min keeps it at the ceiling.
        let grown = min(ceiling, initial * pow(multiplier, Double(max(0, attempt - 1))))
        let jittered = grown * (1 - jitter * min(max(random, 0), 1))
        return .nanoseconds(Int64((jittered * 1e9).rounded()))
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
