import LifeEngine
import LifeGrid
import Protocol
import Synchronization

/// The generations of a jump, computed a batch at a time so that whoever runs it (a worker
/// thread, or slices of the scheduler's turns) can report progress and stop between batches.
///
/// Every generation is counted in the statistics and recorded in the settling history exactly as
/// ``GridWorld/advance(generations:)`` counts and records it, so a jump ends in the state that
/// stepping one generation at a time would reach.
///
/// **Settled worlds are fast-forwarded.** Once the settling history says the world repeats with
/// period `p` (extinct and still: 1), the computation proves it: it keeps the cells' states (live, and dying), steps `p`
/// more generations (counting them as usual) and compares the live cells again, bit for bit (the
/// fingerprints the history compares are hashes; this is not). Equal live cells `p` generations
/// apart repeat forever, and so do the cells' states and counts one generation later: so the
/// remaining whole cycles are added at once (their counts, and the last of their fingerprints to
/// the history), and only the rest of a cycle is stepped. A blinker's 10^9 generations take
/// microseconds; an evolving world's are all computed.
public struct JumpComputation: Sendable {
    /// The jump being computed.
    public let jump: Jump
    /// Generations done so far: computed, or skipped as whole cycles of a proven repeat.
    public private(set) var done = 0
    /// Of `done`, the generations skipped as whole cycles.
    public private(set) var skipped = 0
    /// The engine, from the first generation on (before, ``slot`` holds it).
    private var held: BitGrid?
    /// The engine until the first generation: handed over through a slot rather than held, so
    /// that the copies of this value made before it runs (the effect's, the runner's) do not
    /// share its planes, which would make its first generation copy them whole: 4 MB a tick of
    /// a 4096 x 4096 world.
    private let slot: Handover<BitGrid>
    /// The grid to write the last generation's cells into, and where it may differ from the
    /// engine's cells (``EngineCache/takeSpare()``): handed over as the engine is.
    private let spareSlot: Handover<(grid: Grid, differsWithin: TileChanges)>
    /// The engine (taken from ``slot`` when first changed).
    private var bits: BitGrid {
        get {
            // Only the copy that steps reads it after the first generation (the runner's).
            guard let engine = held ?? slot.peek() else { preconditionFailure("another copy of the computation took its engine") }
            return engine
        }
        _modify {
            if held == nil { held = slot.take() }
            yield &held!
        }
    }
    private let rule: Rule
    private let topology: Topology
    /// What the generations so far add to the statistics.
    private var statistics = Statistics()
    private var settling: Settling
    /// A repeat being proven, while one is.
    private var check: CycleCheck?
    /// Where the engine goes when the last generation is done, for the next tick to step on.
    private let handBack: EngineHandBack?
    /// For a tick on the kept engine: the grid it started from and the tiles the tick before
    /// changed, so that its grid says where it may differ from that one (``result``).
    private let base: (grid: Grid, changesBefore: TileChanges)?
    /// The tiles the generations changed, taken from the engine when the last one is done.
    private var changed: TileChanges?
    /// The grid the last generation's cells were written into, when a spare was given (see
    /// ``EngineCache/takeSpare()``): its own planes, overwritten where they differ.
    private var written: Grid?
    /// Whether a still world's repeat is proven by the engine's record of changed tiles (no copy
    /// of the planes); false once that record could not prove one (a generation stepped whole
    /// records that anything may have changed), and the planes are compared instead.
    private var provesStillByTiles = true

    /// The generations the engine runs between two looks at the settling status.
    static let chunk = Settling.maxPeriod

    /// A jump of `jump.target` generations from `grid`, whose settling history is `settling`.
    public init(jump: Jump, grid: Grid, settling: Settling, rule: Rule, topology: Topology) {
        self.init(jump: jump, engine: BitGrid(grid), settling: settling, rule: rule, topology: topology)
    }

    /// A jump of `jump.target` generations from the grid `engine` holds (a tick's, whose engine the
    /// ``EngineCache`` kept), handing the engine to `handBack` once the last generation is done.
    /// `base` is the tick's start when the engine was kept (``EngineCache/tickBase``).
    public init(
        jump: Jump, engine: BitGrid, settling: Settling, rule: Rule, topology: Topology, handBack: EngineHandBack? = nil,
        base: (grid: Grid, changesBefore: TileChanges)? = nil, spare: (grid: Grid, differsWithin: TileChanges)? = nil
    ) {
        self.jump = jump
        slot = Handover(engine)
        spareSlot = Handover(spare)
        rows = engine.rows
        cols = engine.cols
        self.settling = settling
        self.rule = rule
        self.topology = topology
        self.handBack = handBack
        self.base = base
    }

    /// The computation that `state`'s next jump of `generations` generations starts with.
    public init(generations: Int, startedAt started: Int, from state: AppState) {
        self.init(
            jump: Jump(target: generations, started: started), grid: state.simulation.gridState.grid, settling: state.simulation.settling,
            rule: state.settings.rule, topology: state.settings.topology)
    }

    /// The grid's size.
    public let rows: Int
    public let cols: Int

    /// Whether every generation is done.
    public var isFinished: Bool { done >= jump.target }

    /// The outcome so far: after ``isFinished``, what the jump's last action installs.
    public var result: JumpResult {
        var progress = jump
        progress.done = done
        var grid = written ?? bits.grid
        if let base, let changed {
            // It differs from the grid the tick started from only where the tick's generations
            // changed cells, and (its previous plane) where the generation before them did: so
            // whoever compares the two for subscribers looks there only.
            var differs = changed
            differs.formUnion(base.changesBefore)
            grid.recordLineage(from: base.grid, changedWithin: differs.rects(rows: grid.rows, cols: grid.cols))
        }
        return JumpResult(jump: progress, grid: grid, statistics: statistics, settling: settling)
    }

    /// Computes up to `budget` more generations (fewer when the jump ends first; more are done
    /// when a proven repeat lets whole cycles be skipped), on up to `threads` threads.
    public mutating func advance(by budget: Int, threads: Int = 1) {
        var left = min(max(budget, 0), jump.target - done)
        while left > 0 {
            if var proof = check {
                let count = min(left, proof.period - proof.generations.count)
                step(count, threads: threads) { census, fingerprint in proof.generations.append((census, fingerprint)) }
                left -= count
                check = nil
                if proof.generations.count < proof.period {
                    check = proof
                } else if let before = proof.changesBefore {
                    // A still world: the generation changed no tile, so no cell.
                    let during = bits.takeChanges()
                    bits.restoreChanges(before)
                    if during.isEmpty {
                        skipWholeCycles(of: proof)
                        left = min(left, jump.target - done)
                    } else {
                        provesStillByTiles = false
                    }
                } else if bits.hasStatePlanes(proof.statePlanes) {
                    skipWholeCycles(of: proof)
                    left = min(left, jump.target - done)
                }
            } else {
                let count = min(left, Self.chunk)
                step(count, threads: threads) { _, _ in }
                left -= count
                startCheckIfSettled()
            }
        }
        if isFinished, changed == nil {
            let taken = bits.takeChanges()
            changed = taken
            if var spare = spareSlot.take() {
                // Its only reference while it is written (the slot gave it up).
                var differs = taken
                differs.formUnion(spare.differsWithin)
                bits.write(differs, into: &spare.grid)
                written = spare.grid
            }
            handBack?.put((bits, taken))
        }
    }

    /// Steps `count` generations, counting and recording each, and telling `observe` too.
    private mutating func step(_ count: Int, threads: Int, _ observe: (Census, UInt64) -> Void) {
        guard count > 0 else { return }
        let threads = min(max(threads, 1), BitGrid.automaticThreads(rows: bits.rows, cols: bits.cols, generations: count))
        var statistics = self.statistics
        var settling = self.settling
        bits.advance(generations: count, rule: rule, topology: topology, threads: threads) { census, fingerprint in
            statistics.record(census)
            settling.record(fingerprint: fingerprint, population: census.occupied)
            observe(census, fingerprint)
        }
        self.statistics = statistics
        self.settling = settling
        done += count
    }

    /// When the history says the world repeats, and whole cycles would be left to skip after
    /// proving it, starts the proof from the grid in place.
    private mutating func startCheckIfSettled() {
        let period: Int
        switch settling.status {
        case .evolving: return
        case .extinct, .still: period = 1
        case .oscillating(let p): period = p
        }
        guard jump.target - done >= 2 * period else { return }
        if period == 1, provesStillByTiles {
            // The engine records the tiles each generation changes: the next generation proves a
            // still world if it changed none, without copying and comparing the planes (two
            // passes over a 4096 x 4096 grid every tick of a settled world).
            check = CycleCheck(period: 1, statePlanes: [], changesBefore: bits.takeChanges())
            return
        }
        check = CycleCheck(period: period, statePlanes: bits.statePlanes)
    }

    /// The live cells `proof.period` generations ago are the live cells now: every generation from
    /// here on repeats one of the proof's, in turn. Adds as many whole cycles as the jump has left.
    private mutating func skipWholeCycles(of proof: CycleCheck) {
        let period = proof.period
        let cycles = (jump.target - done) / period
        guard cycles > 0 else { return }
        var cycle = Statistics()
        for (census, _) in proof.generations { cycle.record(census) }
        statistics.add(cycle.repeated(cycles))
        // Only the latest generations decide the history and its status: record enough of them.
        let skipped = cycles * period
        let recorded = min(skipped, 2 * Settling.maxPeriod)
        for index in (skipped - recorded)..<skipped {
            let (census, fingerprint) = proof.generations[index % period]
            settling.record(fingerprint: fingerprint, population: census.occupied)
        }
        done += skipped
        self.skipped += skipped
    }
}

/// A repeat being proven: the cells' states at its start (live, and dying under Generations
/// rules), and the generations stepped since.
private struct CycleCheck: Sendable {
    let period: Int
    /// The cells' states at the start; empty when the engine's changed tiles prove it instead.
    let statePlanes: [UInt64]
    /// For a proof by changed tiles: the changes taken from the engine at the start, to put back.
    var changesBefore: TileChanges? = nil
    var generations: [(census: Census, fingerprint: UInt64)] = []
}

/// A value passed once from one thread to another: put by one, taken (and so no longer held
/// here) by the other.
public final class Handover<Value: Sendable>: Sendable {
    private let slot: Mutex<Value?>

    public init(_ value: Value? = nil) { slot = Mutex(value) }

    /// Leaves `value` here.
    public func put(_ value: Value) { slot.withLock { $0 = value } }

    /// The value left here, if any, taken away.
    public func take() -> Value? { slot.withLock { slot in defer { slot = nil }; return slot } }

    /// The value left here, if any, to read (not taken).
    public func peek() -> Value? { slot.withLock { $0 } }
}

/// The engine a finished computation leaves, with the tiles its generations changed, passed from
/// the thread that computed it to the store's executor, which keeps it for the next tick
/// (``EngineCache/keepFinished(_:holding:changes:)``).
public typealias EngineHandBack = Handover<(engine: BitGrid, changes: TileChanges)>
