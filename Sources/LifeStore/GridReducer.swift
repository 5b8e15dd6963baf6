import Protocol

/// The grid with everything one generation touches: the statistics it counts, the settling
/// history it records, and the rule and topology it follows.
public struct GridWorld: Equatable {
    public var grid: Grid
    public var statistics: Statistics
    public var settling: Settling
    public var rule: Rule
    public var topology: Topology

    public init(grid: Grid, statistics: Statistics = Statistics(), settling: Settling = Settling(), rule: Rule = .conway, topology: Topology = .torus) {
        self.grid = grid
        self.statistics = statistics
        self.settling = settling
        self.rule = rule
        self.topology = topology
    }

    /// The most cell updates one `grid.step` may ask for, so that no single action holds the
    /// event loop for long (every other client waits meanwhile).
    public static let maxCellUpdatesPerAction = 200_000_000

    /// Advances `generations` generations, counting statistics and recording the history for each.
    ///
    /// The generations run on the grid's bit planes (``BitGrid``), which count each generation's
    /// census and fingerprint as they go; the grid of cells is made once, at the end. Large
    /// worlds are split across the processors (``BitGrid/automaticThreads(rows:cols:generations:)``).
    public mutating func advance(generations: Int) {
        guard generations > 0 else { return }
        var bits = BitGrid(grid)
        let threads = BitGrid.automaticThreads(rows: grid.rows, cols: grid.cols, generations: generations)
        bits.advance(generations: generations, rule: rule, topology: topology, threads: threads) { census, fingerprint in
            statistics.record(census)
            settling.record(fingerprint: fingerprint, population: census.alive + census.born)
        }
        grid = bits.grid
    }
}

extension Reducer where State == GridWorld, Action == GridAction, Environment == Void {
    /// The grid's own reducer: `step` advances one or more generations as one change.
    public static var grid: Reducer {
        Reducer { world, action, _ throws(ProtocolError) in
            switch action {
            case .step(let generations):
                let cells = world.grid.rows * world.grid.cols
                guard generations <= max(1, GridWorld.maxCellUpdatesPerAction / max(cells, 1)) else {
                    throw ProtocolError(
                        .invalidArgument,
                        "\(generations) generations of a \(world.grid.rows)x\(world.grid.cols) grid is more work than one action may do; at most \(GridWorld.maxCellUpdatesPerAction / max(cells, 1)) at this size")
                }
                world.advance(generations: generations)
                return .none
            }
        }
    }
}
