/// SplitMix64 (Steele, Lea and Flood, 2014): a small, fast generator whose whole state is one
/// 64-bit word, so the same seed always gives the same numbers. lifed's random grids come from
/// it (`--seed N` makes a run reproducible), and so do the property tests.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The whole state: the next value is computed from it, so saving it saves the sequence.
    public var state: UInt64

    /// A generator that repeats exactly for the same `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// SplitMix64's finalizer: a bijection of 64-bit words in which every bit of the result
    /// depends on every bit of `value`. ``next()`` applies it to each state; the bit engine's
    /// fingerprint finishes with it.
    @inlinable
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
