import LifeEngine
import LifeGrid
import Protocol

/// The grid with everything one generation touches: the statistics it counts, the settling
/// history it records, and the rule and topology it follows.
public struct GridWorld: Equatable {
    public var grid: Grid
    public var statistics: Statistics
    public var settling: Settling
    public var rule: Rule
    public var topology: Topology
    /// Whether a jump runs: the grid is the jump's until it ends, and no generation may touch it.
    public var isJumping: Bool

    public init(
        grid: Grid, statistics: Statistics = Statistics(), settling: Settling = Settling(), rule: Rule = .conway, topology: Topology = .torus,
        isJumping: Bool = false
    ) {
        self.grid = grid
        self.statistics = statistics
        self.settling = settling
        self.rule = rule
        self.topology = topology
        self.isJumping = isJumping
    }

    /// The most cell updates one action may compute on the event loop, so that no single action
    /// holds it for long (every other client waits meanwhile). A `grid.step` of more is a jump
    /// (``AppEnvironment/cellUpdatesPerAction`` is this, but for tests).
    public static let maxCellUpdatesPerAction = 200_000_000

    /// The most generations one action computes at once on a `rows` x `cols` grid, at most
    /// `cellUpdates` cell updates: at least 1.
    public static func generationsPerAction(rows: Int, cols: Int, cellUpdates: Int = maxCellUpdatesPerAction) -> Int {
        max(1, cellUpdates / max(rows * cols, 1))
    }

    /// Advances `generations` generations, counting statistics and recording the history for each.
    ///
    /// The generations run on the grid's bit planes (``BitGrid``), which count each generation's
    /// census and fingerprint as they go; the grid of cells is made once, at the end. Large
    /// worlds are split across the processors (``BitGrid/automaticThreads(rows:cols:generations:)``).
    ///
    /// With a `cache`, the engine that holds this grid is taken from it when it is kept there, and
    /// the one stepped is kept for the next action (see ``EngineCache``); the world, statistics and
    /// history are the same either way.
    public mutating func advance(generations: Int, cache: EngineCache? = nil) {
        guard generations > 0 else { return }
        var bits = cache?.engine(for: grid) ?? BitGrid(grid)
        let threads = BitGrid.automaticThreads(rows: grid.rows, cols: grid.cols, generations: generations)
        bits.advance(generations: generations, rule: rule, topology: topology, threads: threads) { census, fingerprint in
            statistics.record(census)
            settling.record(fingerprint: fingerprint, population: census.occupied)
        }
        if let cache {
            grid = cache.keep(bits, generations: generations)
        } else {
            grid = bits.grid
        }
    }
}

extension Reducer where State == GridWorld, Action == GridAction, Environment == Void {
    /// The grid's own reducer: `edit` changes cells (the settling history starts afresh), and
    /// `step` advances its generations as one change; neither touches a grid a jump has (in the
    /// app, a step of more generations than one action computes at once starts a jump, which the
    /// simulation's jump reducer runs in the background and installs, and which refuses edits).
    public static var grid: Reducer {
        Reducer { world, action, _ throws(ProtocolError) in
            switch action {
            case .step(let generations):
                guard !world.isJumping else { return .none }
                world.advance(generations: generations)
                return .none
            case .edit(let edit):
                // In the app the jumps reducer has refused it already, with the jump's progress.
                guard !world.isJumping else { return .none }
                let before = world.grid
                try world.grid.apply(edit, topology: world.topology)
                // The world is not the one whose history the settling status counted: it starts
                // afresh. An edit that changed no cell leaves the history, and so the whole state,
                // as it was: no version, as for any action that changes nothing (the history is
                // not in the state document, so a version for it alone would show no diff).
                if world.grid != before { world.settling.reset(startingWith: world.grid.fingerprint, empty: world.grid.holdsNoCells) }
                return .none
            case .cancelJump, .jumpProgress, .jumpFinished:
                return .none
            }
        }
    }
}
