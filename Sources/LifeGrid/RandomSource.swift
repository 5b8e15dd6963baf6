/// A reproducible source of random numbers (SplitMix64): the same seed gives the same worlds.
///
/// `lifed --seed N` seeds it; without a seed it starts from the system's generator.
public final class RandomSource: RandomNumberGenerator {
    private var generator: SplitMix64

    /// A source that repeats exactly for the same `seed`.
    public init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    /// A source seeded from the system's generator.
    public convenience init() {
        var system = SystemRandomNumberGenerator()
        self.init(seed: system.next())
    }

    public func next() -> UInt64 { generator.next() }

    /// The generator's whole state: setting it back replays the same numbers (the daemon's
    /// journal records it before an action that draws on it, so a restart replays the same grid).
    public var state: UInt64 {
        get { generator.state }
        set { generator.state = newValue }
    }

    /// A uniform value in [0, 1).
    public func nextUnit() -> Double { Double(next() >> 11) * 0x1.0p-53 }
}

extension Grid {
    /// A grid where each cell is live (`alive`) with probability `density`.
    public static func random(rows: Int, cols: Int, density: Double, using random: RandomSource) -> Grid {
        var grid = Grid(rows: rows, cols: cols)
        for row in 0..<rows {
            for col in 0..<cols where random.nextUnit() < density {
                grid[row, col] = .alive
            }
        }
        return grid
    }
}
