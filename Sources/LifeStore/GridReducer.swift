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
    public mutating func advance(generations: Int) {
        for _ in 0..<generations {
            grid = grid.nextGeneration(rule: rule, topology: topology)
            let census = grid.census
            statistics.record(census)
            settling.record(fingerprint: grid.fingerprint, population: census.alive + census.born)
        }
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
