/// The random decisions that draw one contract, recorded so a failing contract can be drawn again from them and
/// shrunk: every draw reads the next recorded number (or, past the end, zero), and zero is always the simplest
/// choice. Shrinking edits the record (drops a run of choices, lowers one) and keeps an edit while the failure
/// stays, as Hypothesis's choice sequences do: the generator never needs its own shrinker.
struct Choices {
    private(set) var record: [UInt32]
    private var position = 0
    private var random: SplitMix64?

    /// Fresh choices from `seed`.
    init(seed: UInt64) {
        record = []
        random = SplitMix64(seed: seed)
    }

    /// The choices of `record` again, zero past its end.
    init(replaying record: [UInt32]) {
        self.record = record
        random = nil
    }

    /// A number in `range`; the range's lower bound is the simplest.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        let raw = next()
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(UInt64(raw) % width)
    }

    /// True `percent` times in a hundred; false is the simpler choice.
    mutating func chance(_ percent: Int) -> Bool {
        int(0...99) >= 100 - percent
    }

    /// One of `options`; the first is the simplest.
    mutating func pick<T>(_ options: [T]) -> T {
        options[int(0...(options.count - 1))]
    }

    private mutating func next() -> UInt32 {
        defer { position += 1 }
        if position < record.count { return record[position] }
        guard var generator = random else {
            record.append(0)
            return 0
        }
        let value = UInt32(truncatingIfNeeded: generator.next())
        random = generator
        record.append(value)
        return value
    }
}

/// The choices' random numbers: small, fast and the same on every platform, which `SystemRandomNumberGenerator`
/// is not, so a printed seed draws the same contracts anywhere.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
