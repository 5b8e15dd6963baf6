import LifeGrid
import LifePatterns
import LifeScheduling
import LifeStore
import LifeTestSupport
import Protocol
import XCTest

/// A grid whose cells are live with probability `density`, each live cell alive or born and
/// each other cell died or empty at random.
public func soup(rows: Int, cols: Int, density: Double, _ random: RandomSource) -> Grid {
    let cells = (0..<(rows * cols)).map { _ -> Cell in
        let live = random.nextUnit() < density
        let coin = random.next() & 1 == 0
        return live ? (coin ? .alive : .born) : (coin ? .died : .empty)
    }
    return Grid(rows: rows, cols: cols, cells: cells)!
}

/// A random Life-like rule: now and then with B0, now and then with bits above 8.
public func randomRule(_ random: RandomSource) -> Rule {
    let bits = random.next()
    // Now and then with B0; now and then with bits above 8, which no count reaches.
    var birth = UInt16(truncatingIfNeeded: bits) & 0x1FE
    if bits >> 20 & 7 == 0 { birth |= 1 }
    var survival = UInt16(truncatingIfNeeded: bits >> 32) & 0x1FF
    if bits >> 24 & 7 == 0 { survival |= 0xFE00 }
    return Rule(birth: birth, survival: survival)
}

/// A grid whose cells are drawn uniformly from all four states.
public func randomFourStateGrid(rows: Int, cols: Int, seed: UInt64) -> Grid {
    let random = RandomSource(seed: seed)
    let cells = (0..<(rows * cols)).map { _ in Cell(rawValue: UInt8(random.next() % 4))! }
    return Grid(rows: rows, cols: cols, cells: cells)!
}

/// Fixtures: a vertical blinker in a 10x10 world, and the two phases it alternates between.
public enum Blinker {
    /// Generation 0: three `alive` cells in column 4, rows 3 to 5.
    public static let start = grid(
        "..........",
        "..........",
        "..........",
        "....O.....",
        "....O.....",
        "....O.....",
        "..........",
        "..........",
        "..........",
        ".........."
    )

    /// Odd generations: horizontal, the ends just born, the old ends just died.
    public static let odd = grid(
        "..........",
        "..........",
        "..........",
        "....x.....",
        "...+O+....",
        "....x.....",
        "..........",
        "..........",
        "..........",
        ".........."
    )

    /// Even generations (from 2): vertical again.
    public static let even = grid(
        "..........",
        "..........",
        "..........",
        "....+.....",
        "...xOx....",
        "....+.....",
        "..........",
        "..........",
        "..........",
        ".........."
    )

    /// Generation `n` (n >= 0).
    public static func generation(_ n: Int) -> Grid { n == 0 ? start : (n % 2 == 1 ? odd : even) }

    /// The cumulative statistics after `n` generations from `start`: each generation has
    /// 1 alive, 2 born, 2 died and 95 empty cells.
    public static func statistics(after n: Int) -> Statistics {
        Statistics(steps: n, alive: n, born: 2 * n, died: 2 * n, empty: 95 * n)
    }

    /// The settling history after `n` generations from `start`, as the store keeps it once
    /// `start` is in place: it starts with `start`'s fingerprint, so generation 2 (the same live
    /// cells as `start`) is recognised. `evolving` at 0 and after 1, `oscillating(period: 2)` from 2 on.
    public static func settling(after n: Int) -> Settling {
        Settling.after((0..<n).map { generation($0 + 1) }, from: start)
    }
}

extension Settling {
    /// Records the generation that produced `grid`: its fingerprint and its population.
    public mutating func record(_ grid: Grid) {
        record(fingerprint: grid.fingerprint, population: grid.population)
    }

    /// An empty history after the generations that produced `grids`, in order. (The store never
    /// starts from an empty history; see ``startingWith(_:)`` and ``after(_:from:)``.)
    public static func after(_ grids: [Grid]) -> Settling {
        var settling = Settling()
        for grid in grids { settling.record(grid) }
        return settling
    }

    /// The history the store starts whenever it puts `grid` in place (a replaced grid, a new
    /// rule or topology, the initial state): a fresh `Settling()` reset to start with `grid`'s
    /// fingerprint, still `evolving`.
    public static func startingWith(_ grid: Grid) -> Settling {
        var settling = Settling()
        settling.reset(startingWith: grid.fingerprint, empty: grid.holdsNoCells)
        return settling
    }

    /// The history that starts with `start` in place, after the generations that produced `grids`.
    public static func after(_ grids: [Grid], from start: Grid) -> Settling {
        var settling = startingWith(start)
        for grid in grids { settling.record(grid) }
        return settling
    }
}

extension Statistics {
    /// Cumulative statistics after the generations that produced `grids`, from zero.
    public static func after(_ grids: [Grid]) -> Statistics {
        var statistics = Statistics()
        for grid in grids { statistics.record(grid.census) }
        return statistics
    }
}

extension AppState {
    /// A stopped simulation on `grid`. `autoStop` is off unless asked for, so that a timer on
    /// an oscillator keeps ticking; everything else in the settings is the default. The settling
    /// history, unless given, is the one the store starts when it puts `grid` in place.
    public static func fixture(
        grid: Grid = Blinker.start, ticks: Int = 0, running: Bool = false, statistics: Statistics = Statistics(),
        settling: Settling? = nil, intervalMs: Int = 1000, autoStop: Bool = false, rule: Rule = .conway,
        topology: Topology = .torus, generationsPerTick: Int = 1
    ) -> AppState {
        AppState(
            simulation: SimulationState(
                isRunningTimer: running, gridState: GridState(ticks: ticks, grid: grid),
                settling: settling ?? .startingWith(grid)),
            statistics: statistics,
            // The settings' size is the world's, as the app keeps it.
            settings: Settings(
                intervalMs: intervalMs, rows: grid.rows, cols: grid.cols, topology: topology, rule: rule, autoStop: autoStop,
                generationsPerTick: generationsPerTick)
        )
    }

    /// What one generation that produces `next` does: the grid becomes `next`, its census is
    /// counted and its fingerprint recorded. (Ticks are the caller's business.)
    public mutating func expectGeneration(_ next: Grid) {
        simulation.gridState.grid = next
        statistics.record(next.census)
        simulation.settling.record(next)
    }

    /// What `simulation.startTimer` does with the history recorded: the timer runs, and its run
    /// is open from the world of `start` (by no one, at the harness's clock).
    public mutating func expectTimerStarted(from start: AppState) {
        simulation.isRunningTimer = true
        history.open = OpenEntry(
            what: "run of the timer", author: nil, time: AppHarness.wallClock, isTimer: true, before: start.worldMark,
            beforeGrid: start.simulation.gridState.grid)
    }

    /// What putting `grid` in place does (setGrid, the reset actions, configurations.load): the
    /// grid becomes `grid`, the settings' size its size, and its history starts afresh with
    /// `grid`'s fingerprint. (Ticks are the caller's business.)
    public mutating func expectReplacement(_ grid: Grid) {
        simulation.gridState.grid = grid
        settings.rows = grid.rows
        settings.cols = grid.cols
        simulation.settling = .startingWith(grid)
    }
}

/// What a fake `fetchConfigurations` answers.
public typealias FetchAnswer = Result<[Configuration], FetchFailure>

/// The app's store, on a test scheduler and a seeded random source.
public struct AppHarness {
    public let scheduler: TestScheduler
    public let store: TestStore<AppState, AppAction>
    /// The engine the environment keeps between ticks.
    public let engines: EngineCache

    /// The wall clock of every harness: when its jumps start.
    public static let wallClock = 1_700_000_000_000

    /// With `history`, the store runs the app as lifed does, recording the world's history
    /// (``Reducer/withHistory``); without it, the app alone, whose tests do not spell out history entries.
    /// `fetch`, when given, stands in for the environment's `fetchConfigurations`; it gets the
    /// harness's scheduler so that it can answer in virtual time. Jumps run in slices on the
    /// scheduler, `jumpSlice` generations every `jumpSliceInterval`; `cellUpdatesPerAction`
    /// replaces the daemon's bound on what one action computes at once.
    public init(
        state: AppState = .fixture(), seed: UInt64 = 7, defaultSettings: Settings = Settings(),
        fetch: ((_ scheduler: TestScheduler, _ url: String?) -> Effect<FetchAnswer>)? = nil,
        jumpSlice: Int = 1000, jumpSliceInterval: Duration = .milliseconds(60), cellUpdatesPerAction: Int = GridWorld.maxCellUpdatesPerAction,
        history: Bool = false
    ) {
        let scheduler = TestScheduler()
        self.scheduler = scheduler
        var environment = AppEnvironment(
            scheduler: scheduler, random: RandomSource(seed: seed), defaultSettings: defaultSettings,
            jumps: .slices(on: scheduler, every: jumpSliceInterval, generations: jumpSlice), wallClock: { AppHarness.wallClock })
        environment.cellUpdatesPerAction = cellUpdatesPerAction
        engines = environment.engines
        if let fetch {
            environment.fetchConfigurations = { url in fetch(scheduler, url) }
        }
        store = TestStore(
            initialState: state,
            reducer: history ? Reducer<AppState, AppAction, AppEnvironment>.withHistory : Reducer<AppState, AppAction, AppEnvironment>.app,
            environment: environment
        )
    }
}

/// A fake fetch that answers `answer` `delay` after it starts, in the scheduler's virtual time,
/// and records the URLs it was asked for.
public final class FakeFetch {
    public private(set) var urls: [String?] = []
    public var answers: [FetchAnswer]
    public let delay: Duration

    /// Answers the given results in turn (the last one again when they run out).
    public init(_ answers: FetchAnswer..., after delay: Duration = .seconds(2)) {
        self.answers = answers
        self.delay = delay
    }

    public func effect(_ scheduler: TestScheduler, _ url: String?) -> Effect<FetchAnswer> {
        urls.append(url)
        let answer = answers.count > 1 ? answers.removeFirst() : answers[0]
        let delay = self.delay
        return .run { send in scheduler.schedule(after: delay) { send(answer) } }
    }
}

extension Configuration {
    /// A configuration of `pattern`'s live cells (row strings, `O` live), moved by `row`, `col`.
    public init(title: String, _ pattern: [String], row: Int = 0, col: Int = 0) {
        let cells = LifeTestSupport.liveCells(pattern, row: row, col: col).map { Pattern.Coordinate(row: $0.row, col: $0.col) }
        let configuration: Configuration
        do throws(ConfigurationError) {
            configuration = try Configuration(title: title, cells: cells)
        } catch {
            preconditionFailure("the test pattern \(title) is not a configuration: \(error)")
        }
        self = configuration
    }
}
