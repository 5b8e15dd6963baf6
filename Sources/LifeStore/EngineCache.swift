import LifeEngine
import LifeGrid

/// The engine's state kept between actions: the last ``BitGrid`` a tick stepped, and the grid
/// of cells it holds. A tick whose grid is still that grid steps the kept engine, whose activity
/// tracking (BitEngineActivity.swift) then computes only the tiles next to the last changes,
/// instead of converting the grid again and stepping it whole.
///
/// The grid of cells a tick makes is written in place of the one two ticks old (kept here as a
/// spare, no longer in the state), and only in the tiles that changed since then, so a sparse
/// world's tick costs what changed in it rather than a copy of its planes. When the spare is still
/// shared (someone kept that state), writing it copies it first, as any write to a value does.
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
/// only leaves the cache holding a grid the state does not have, which the next tick misses. It is
/// `@unchecked Sendable` only so that an environment holding it can be made anywhere; it must not
/// be used from two threads at once.
public final class EngineCache: @unchecked Sendable {
    /// The engine, and the grid of cells it holds (the one in the state after the last tick).
    private var kept: (engine: BitGrid, grid: Grid)?
    /// The grid of two ticks ago, no longer in the state: the next tick writes its cells into it.
    private var spare: Grid?
    /// While a tick runs on the kept engine, the grid it started from: the next tick's spare.
    private var startedFrom: Grid?
    /// The tiles the last two ticks changed, newest first: where the spare differs from the
    /// engine's cells before the next tick (with the generation before each tick's first).
    private var history: [TileChanges] = []
    /// Memory for what a tick works out from the changes (their union with the last two ticks'),
    /// and the changes that left ``history``, in which the engine counts the next tick's: kept so
    /// that a tick makes no new array for them.
    private var union = TileChanges()
    private var recycled: TileChanges?
    /// Ticks that found their engine kept, and ticks that made one (for tests).
    public private(set) var hits = 0
    public private(set) var misses = 0

    public init() {}

    /// The engine holding `grid`: the kept one when it holds exactly `grid` (taken out of the
    /// cache, so that stepping it copies nothing), else a new one made from `grid`.
    public func engine(for grid: Grid) -> BitGrid {
        // Compared in place, and taken out (not copied: an engine holds many buffers, each retained
        // by a copy and released again with the cache's).
        if kept?.grid == grid, let kept = kept.take() {
            startedFrom = kept.grid
            hits += 1
            return kept.engine
        }
        clear()
        misses += 1
        return BitGrid(grid)
    }

    /// Keeps `engine`, stepped from the grid ``engine(for:)`` was given, for the next action, and
    /// returns its cells: the spare overwritten where the last three ticks changed it, or a new grid.
    /// `generations` is how many the tick stepped (one: only the live plane is written).
    public func keep(_ engine: consuming BitGrid, generations: Int) -> Grid {
        var engine = engine
        let changes = engine.takeChanges(recycling: recycled.take() ?? TileChanges())
        var grid: Grid
        // The spare is taken out, so that this is its only reference while it is written (the
        // state no longer holds it).
        if var older = spare.take(), history.count == 2 {
            union.assign(changes)
            for earlier in history { union.formUnion(earlier) }
            // A tick of one generation writes the live plane only, into the spare's previous
            // plane's storage: its previous plane is the live plane of the grid it started from.
            if generations == 1, let base = startedFrom, let next = engine.gridAfterOneGeneration(of: base, reusing: &older, changes: union) {
                grid = next
            } else {
                engine.write(union, into: &older)
                grid = older
            }
        } else {
            grid = engine.grid
        }
        // The new grid differs from the one this tick started from only in the tiles this tick
        // changed (its live cells), and the last tick changed (its previous plane: a tile the last
        // tick's last generation changed was live-but-different a generation ago), so whoever
        // compares the two for subscribers looks there only.
        if let last = history.first {
            union.assign(changes)
            union.formUnion(last)
        } else {
            union = TileChanges()
        }
        grid.recordLineage(from: startedFrom, changedWithin: union.rects(rows: grid.rows, cols: grid.cols))
        // The grid this tick started from leaves the state with this tick: the next one's spare.
        spare = startedFrom
        startedFrom = nil
        pushHistory(changes)
        kept = (engine, grid)
        return grid
    }

    /// Keeps `engine`, which a tick computed in the background left, holding `grid` (the grid that
    /// tick installs), for the next tick. Its cells are the tick's result already; `changes` are
    /// the tiles the tick changed (nil: not known), where the next tick's grid may differ from `grid`.
    public func keepFinished(_ engine: BitGrid, holding grid: Grid, changes: TileChanges?) {
        guard let changes, let startedFrom else {
            clear()
            kept = (engine, grid)
            if let changes { history = [changes] }
            return
        }
        // As ``keep(_:)``: the grid the tick started from leaves the state now, the next spare.
        spare = startedFrom
        self.startedFrom = nil
        pushHistory(changes)
        kept = (engine, grid)
    }

    /// `changes` as the newest of the last two ticks' changes, in place (no new array a tick).
    private func pushHistory(_ changes: TileChanges) {
        if history.count == 2 { recycled = history.removeLast() }
        history.insert(changes, at: 0)
    }

    /// For a tick about to run in the background on the kept engine: the grid of two ticks ago,
    /// no longer in the state, taken out of the cache, and the tiles where it may differ from the
    /// engine's cells (the last two ticks' changes), so that the tick writes its cells there
    /// rather than exporting new planes; nil when there is none.
    public func takeSpare() -> (grid: Grid, differsWithin: TileChanges)? {
        guard startedFrom != nil, let older = spare, history.count == 2 else { return nil }
        spare = nil
        var differs = history[0]
        differs.formUnion(history[1])
        return (older, differs)
    }

    /// While a tick runs on the kept engine (``engine(for:)`` hit): the grid it started from and
    /// the tiles the tick before changed (the generation before this tick's first among them), so
    /// that the grid a tick computed elsewhere can say where it may differ from the one it
    /// started from. Nil when the engine was made afresh.
    public var tickBase: (grid: Grid, changesBefore: TileChanges)? {
        guard let startedFrom, let last = history.first else { return nil }
        return (startedFrom, last)
    }

    /// Forgets the kept engine (tests: the next tick misses).
    public func clear() {
        kept = nil
        spare = nil
        startedFrom = nil
        history = []
    }
}
