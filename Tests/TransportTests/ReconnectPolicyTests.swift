import SchemaGenTransport
import Testing

struct ReconnectPolicyTests {
    @Test func waitsGrowByTheMultiplierUpToTheCeiling() {
        let policy = ReconnectPolicy(
            initialDelay: .milliseconds(100), maximumDelay: .seconds(1), multiplier: 2, jitter: 0)
        #expect(
            (1...6).map { policy.delay(beforeAttempt: $0, random: 0.7) }
                == [
                    .milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .seconds(1),
                    .seconds(1),
                ])
        #expect(policy.delay(beforeAttempt: 10_000, random: 0) == .seconds(1))
    }

    @Test func jitterTakesARandomShareOffEachWait() {
        let policy = ReconnectPolicy(initialDelay: .seconds(1), maximumDelay: .seconds(10), jitter: 0.5)
        #expect(policy.delay(beforeAttempt: 1, random: 0) == .seconds(1))
        #expect(policy.delay(beforeAttempt: 1, random: 1) == .milliseconds(500))
        #expect(policy.delay(beforeAttempt: 2, random: 0.5) == .milliseconds(1_500))
    }

    @Test func attemptsAreBoundedWhenAsked() {
        #expect(ReconnectPolicy.standard.allows(attempt: 1_000_000))
        #expect(!ReconnectPolicy.never.allows(attempt: 1))
        let three = ReconnectPolicy(maximumAttempts: 3)
        #expect(three.allows(attempt: 3) && !three.allows(attempt: 4))
    }

    @Test func outOfRangeSettingsAreClamped() {
        let policy = ReconnectPolicy(multiplier: 0.1, jitter: 7, maximumAttempts: -2)
        #expect(policy.multiplier == 1 && policy.jitter == 1 && policy.maximumAttempts == 0)
    }
}
