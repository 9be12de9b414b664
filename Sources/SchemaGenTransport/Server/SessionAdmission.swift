import Foundation
import SchemaGenRuntime

/// Which new sessions a ``WebSocketServerTransport`` takes: at most ``ServerLimits/maximumSessions`` open at once
/// (WebSockets and long-polling sessions alike, a handshake nobody followed up included), and from one address at most
/// ``ServerLimits/handshakesPerSecond`` new ones a second, with a burst of five seconds' worth. Without a bound, a
/// client that opens long-polling handshakes and never polls again holds a session each until its ping times out:
/// 100,000 of them took a server to 2.37 GiB.
///
/// The addresses' table is bounded too (``addressLimit``): when it is full, the addresses whose allowance has grown
/// back whole (idle for five seconds) are forgotten first, then any one: an address forgotten starts again with a
/// whole allowance, which ``ServerLimits/maximumSessions`` still bounds.
final class SessionAdmission: @unchecked Sendable {
    private let lock = NSLock()
    private var open = 0
    private var allowances: [String: Allowance] = [:]
    private var lastSweep: ContinuousClock.Instant?
    /// How many addresses the rate is kept for.
    let addressLimit: Int

    /// One address's token bucket: how many handshakes it may still open, as of `updated`.
    private struct Allowance {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    init(addressLimit: Int = 4_096) {
        self.addressLimit = max(1, addressLimit)
    }

    /// How many sessions are open.
    var openSessions: Int { lock.withLock { open } }

    /// How many addresses the table remembers.
    var addressCount: Int { lock.withLock { allowances.count } }

    /// Why a refusal happened, for the status an HTTP handshake is answered with.
    enum Refusal: Error {
        /// The server holds ``ServerLimits/maximumSessions``.
        case full(String)
        /// The address opened sessions faster than ``ServerLimits/handshakesPerSecond``.
        case tooFast(String)

        var reason: String {
            switch self {
            case .full(let reason), .tooFast(let reason): reason
            }
        }
    }

    /// Takes one session, or says why not; a session taken is given back with ``release()``.
    func admit(from address: String?, limits: ServerLimits, at now: ContinuousClock.Instant = .now) -> Refusal? {
        lock.withLock {
            guard open < limits.maximumSessions else {
                return .full(
                    "the server already holds \(limits.maximumSessions) sessions (ServerLimits.maximumSessions); a new one from \(address.map { PeerText.loggable($0) } ?? "an unknown address") was refused"
                )
            }
            if let address {
                let rate = Double(limits.handshakesPerSecond)
                let burst = rate * 5
                var allowance = allowances[address] ?? makeRoom(now: now, burst: burst, rate: rate)
                allowance.tokens = min(burst, allowance.tokens + rate * (now - allowance.updated).seconds)
                allowance.updated = now
                guard allowance.tokens >= 1 else {
                    allowances[address] = allowance
                    return .tooFast(
                        "\(PeerText.loggable(address)) opened sessions faster than \(limits.handshakesPerSecond) a second (ServerLimits.handshakesPerSecond); refused until it slows down"
                    )
                }
                allowance.tokens -= 1
                allowances[address] = allowance
            }
            open += 1
            return nil
        }
    }

    /// Gives back a session ``admit(from:limits:at:)`` took.
    func release() {
        lock.withLock { open = max(0, open - 1) }
    }

    /// A full allowance for an address seen for the first time, after making room for it in the table. Called with
    /// the lock held. A table full of addresses is swept at most once a second, so that clients from many addresses
    /// cost each handshake O(1), not a sweep each.
    private func makeRoom(now: ContinuousClock.Instant, burst: Double, rate: Double) -> Allowance {
        if allowances.count >= addressLimit {
            if lastSweep.map({ now - $0 >= .seconds(1) }) ?? true {
                lastSweep = now
                // Addresses whose allowance has grown back whole are worth nothing to remember.
                let refill = Duration.seconds(burst / max(rate, 1))
                allowances = allowances.filter { now - $0.value.updated < refill }
            }
            if allowances.count >= addressLimit { allowances.remove(at: allowances.startIndex) }
        }
        return Allowance(tokens: burst, updated: now)
    }
}
