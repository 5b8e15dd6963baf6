/// A reproducible source of random numbers (SplitMix64): the same seed gives the same worlds.
///
/// `lifed --seed N` seeds it; without a seed it starts from the system's generator.
public final class RandomSource: RandomNumberGenerator {
    private var state: UInt64

    /// A source that repeats exactly for the same `seed`.
    public init(seed: UInt64) { state = seed }

    /// A source seeded from the system's generator.
    public convenience init() {
        var system = SystemRandomNumberGenerator()
        self.init(seed: system.next())
    }

    public func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in [0, 1).
    public func nextUnit() -> Double { Double(next() >> 11) * 0x1.0p-53 }
}
