import LifeEngine
import LifeGrid

/// The engine's state kept between actions: the last ``BitGrid`` a tick stepped, and the grid
/// of cells it holds. A tick whose grid is still that grid steps the kept engine, whose activity
/// tracking (BitEngineActivity.swift) then computes only the tiles next to the last changes, instead
/// of converting the grid again and stepping it whole.
///
/// Nothing depends on whether the cache hits: the engine is taken only when its grid equals, cell
/// for cell and state for state, the grid in the state (the comparison is immediate when the two
/// share their storage, as they do when nothing touched the grid since the last tick), and an
/// engine stepped from equal planes gives equal worlds, censuses and fingerprints whatever it
/// remembers (the engine keys what it remembers by rule and topology, and forgets it under
/// others). Any edit, load, rule or topology change, restore or replay simply misses.
///
/// A class, so that the reducers (values) can keep something between actions; it is used only on
/// the store's executor (as the store itself), and a reducer that throws after taking the engine
/// only leaves the cache empty. It is `@unchecked Sendable` only so that an environment holding
/// it can be made anywhere; it must not be used from two threads at once.
public final class EngineCache: @unchecked Sendable {
    private var kept: (engine: BitGrid, grid: Grid)?
    /// Ticks that found their engine kept, and ticks that made one (for tests and `status`).
    public private(set) var hits = 0
    public private(set) var misses = 0

    public init() {}

    /// The engine holding `grid`: the kept one when it holds exactly `grid` (taken out of the
    /// cache, so that stepping it copies nothing), else a new one made from `grid`.
    public func engine(for grid: Grid) -> BitGrid {
        if let kept, kept.grid == grid {
            self.kept = nil
            hits += 1
            return kept.engine
        }
        kept = nil
        misses += 1
        return BitGrid(grid)
    }

    /// Keeps `engine`, which holds `grid`, for the next action.
    public func keep(_ engine: BitGrid, holding grid: Grid) {
        kept = (engine, grid)
    }

    /// Forgets the kept engine (tests: the next tick misses).
    public func clear() { kept = nil }
}
