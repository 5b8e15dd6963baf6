import LifeEngine
import LifeGrid
import LifePatterns
import LifeScheduling
import LifeStore
import Protocol
import XCTest

/// A grid from row strings: `.` empty, `O` alive, `+` born, `x` died. Every row must have the same length.
func grid(_ rows: String...) -> Grid {
    gridFromRows(rows)
}

/// A grid from row strings: `.` empty, `O` alive, `+` born, `x` died. Every row must have the same length.
func gridFromRows(_ rows: [String]) -> Grid {
    do {
        return try Grid(rows: rows.count, cols: rows.first?.utf8.count ?? 0, rowStrings: rows)
    } catch {
        preconditionFailure("bad test grid \(rows): \(error)")
    }
}

/// The grid as text, one row per line, with a leading newline so that failure messages line up.
func show(_ grid: Grid) -> String { "\(grid.rows)x\(grid.cols)\n" + grid.text }

/// Asserts that two grids are equal, printing both as text when they are not.
func assertGrid(_ actual: Grid, _ expected: Grid, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    if actual != expected {
        XCTFail("grids differ \(message)\nactual:\n\(show(actual))\nexpected:\n\(show(expected))", file: file, line: line)
    }
}

/// The set of live (alive or born) coordinates of a grid.
func liveSet(_ grid: Grid) -> Set<Coordinate> {
    var set: Set<Coordinate> = []
    for row in 0..<grid.rows {
        for col in 0..<grid.cols where grid[row, col] == .alive || grid[row, col] == .born {
            set.insert(Coordinate(row: row, col: col))
        }
    }
    return set
}

struct Coordinate: Hashable, CustomStringConvertible {
    var row: Int
    var col: Int
    var description: String { "(\(row),\(col))" }
}

/// An independent, obviously-correct Conway stepper (B3/S23): the eight neighbours by explicit
/// offsets, wrapped with explicit modular arithmetic on a torus, or skipped outside a bounded grid.
func referenceNextGeneration(_ grid: Grid, torus: Bool) -> Grid {
    referenceNextGeneration(grid, birth: [3], survival: [2, 3], torus: torus)
}

/// The same obviously-correct stepper for any Life-like rule, given as the sets of neighbour
/// counts that give birth and that keep a live cell alive (B36/S23 is `[3, 6]`, `[2, 3]`).
func referenceNextGeneration(_ grid: Grid, birth: Set<Int>, survival: Set<Int>, torus: Bool) -> Grid {
    let offsets = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
    func mod(_ a: Int, _ n: Int) -> Int { ((a % n) + n) % n }
    var rows: [String] = []
    for row in 0..<grid.rows {
        var text = ""
        for col in 0..<grid.cols {
            var count = 0
            for (dr, dc) in offsets {
                var r = row + dr
                var c = col + dc
                if torus {
                    r = mod(r, grid.rows)
                    c = mod(c, grid.cols)
                } else if r < 0 || r >= grid.rows || c < 0 || c >= grid.cols {
                    continue
                }
                let neighbour = grid[r, c]
                if neighbour == .alive || neighbour == .born { count += 1 }
            }
            let cell = grid[row, col]
            let wasLive = cell == .alive || cell == .born
            if wasLive {
                text += survival.contains(count) ? "O" : "x"
            } else {
                text += birth.contains(count) ? "+" : "."
            }
        }
        rows.append(text)
    }
    if grid.rows == 0 { return grid }
    return gridFromRows(rows)
}

// MARK: - The engine's reference

/// One generation, cell by cell: count the eight neighbours by their offsets (wrapped with
/// modular arithmetic on a torus, skipped outside a bounded grid), then look the count up in
/// the rule's birth or survival mask.
func referenceStep(_ grid: Grid, _ rule: Rule, _ topology: Topology) -> Grid {
    let rows = grid.rows
    let cols = grid.cols
    var cells = [Cell](repeating: .empty, count: rows * cols)
    for row in 0..<rows {
        for col in 0..<cols {
            var count = 0
            for dr in -1...1 {
                for dc in -1...1 where dr != 0 || dc != 0 {
                    var r = row + dr
                    var c = col + dc
                    if topology == .torus {
                        r = ((r % rows) + rows) % rows
                        c = ((c % cols) + cols) % cols
                    } else if r < 0 || r >= rows || c < 0 || c >= cols {
                        continue
                    }
                    if grid.isLive(row: r, col: c) { count += 1 }
                }
            }
            if grid.isLive(row: row, col: col) {
                cells[row * cols + col] = (rule.survival >> count) & 1 == 1 ? .alive : .died
            } else {
                cells[row * cols + col] = (rule.birth >> count) & 1 == 1 ? .born : .empty
            }
        }
    }
    return Grid(rows: rows, cols: cols, cells: cells)!
}

/// A grid whose cells are live with probability `density`, each live cell alive or born and
/// each other cell died or empty at random.
func soup(rows: Int, cols: Int, density: Double, _ random: RandomSource) -> Grid {
    let cells = (0..<(rows * cols)).map { _ -> Cell in
        let live = random.nextUnit() < density
        let coin = random.next() & 1 == 0
        return live ? (coin ? .alive : .born) : (coin ? .died : .empty)
    }
    return Grid(rows: rows, cols: cols, cells: cells)!
}

/// A random Life-like rule: now and then with B0, now and then with bits above 8.
func randomRule(_ random: RandomSource) -> Rule {
    let bits = random.next()
    // Now and then with B0; now and then with bits above 8, which no count reaches.
    var birth = UInt16(truncatingIfNeeded: bits) & 0x1FE
    if bits >> 20 & 7 == 0 { birth |= 1 }
    var survival = UInt16(truncatingIfNeeded: bits >> 32) & 0x1FF
    if bits >> 24 & 7 == 0 { survival |= 0xFE00 }
    return Rule(birth: birth, survival: survival)
}

/// A grid whose cells are drawn uniformly from all four states.
func randomFourStateGrid(rows: Int, cols: Int, seed: UInt64) -> Grid {
    let random = RandomSource(seed: seed)
    let cells = (0..<(rows * cols)).map { _ in Cell(rawValue: UInt8(random.next() % 4))! }
    return Grid(rows: rows, cols: cols, cells: cells)!
}

/// Fixtures: a vertical blinker in a 10x10 world, and the two phases it alternates between.
enum Blinker {
    /// Generation 0: three `alive` cells in column 4, rows 3 to 5.
    static let start = grid(
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
    static let odd = grid(
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
    static let even = grid(
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
    static func generation(_ n: Int) -> Grid { n == 0 ? start : (n % 2 == 1 ? odd : even) }

    /// The cumulative statistics after `n` generations from `start`: each generation has
    /// 1 alive, 2 born, 2 died and 95 empty cells.
    static func statistics(after n: Int) -> Statistics {
        Statistics(steps: n, alive: n, born: 2 * n, died: 2 * n, empty: 95 * n)
    }

    /// The settling history after `n` generations from `start`, as the store keeps it once
    /// `start` is in place: it starts with `start`'s fingerprint, so generation 2 (the same live
    /// cells as `start`) is recognised. `evolving` at 0 and after 1, `oscillating(period: 2)` from 2 on.
    static func settling(after n: Int) -> Settling {
        Settling.after((0..<n).map { generation($0 + 1) }, from: start)
    }
}

extension Settling {
    /// Records the generation that produced `grid`: its fingerprint and its population.
    mutating func record(_ grid: Grid) {
        record(fingerprint: grid.fingerprint, population: grid.population)
    }

    /// An empty history after the generations that produced `grids`, in order. (The store never
    /// starts from an empty history; see ``startingWith(_:)`` and ``after(_:from:)``.)
    static func after(_ grids: [Grid]) -> Settling {
        var settling = Settling()
        for grid in grids { settling.record(grid) }
        return settling
    }

    /// The history the store starts whenever it puts `grid` in place (a replaced grid, a new
    /// rule or topology, the initial state): a fresh `Settling()` reset to start with `grid`'s
    /// fingerprint, still `evolving`.
    static func startingWith(_ grid: Grid) -> Settling {
        var settling = Settling()
        settling.reset(startingWith: grid.fingerprint)
        return settling
    }

    /// The history that starts with `start` in place, after the generations that produced `grids`.
    static func after(_ grids: [Grid], from start: Grid) -> Settling {
        var settling = startingWith(start)
        for grid in grids { settling.record(grid) }
        return settling
    }
}

extension Statistics {
    /// Cumulative statistics after the generations that produced `grids`, from zero.
    static func after(_ grids: [Grid]) -> Statistics {
        var statistics = Statistics()
        for grid in grids { statistics.record(grid.census) }
        return statistics
    }
}

extension AppState {
    /// A stopped simulation on `grid`. `autoStop` is off unless asked for, so that a timer on
    /// an oscillator keeps ticking; everything else in the settings is the default. The settling
    /// history, unless given, is the one the store starts when it puts `grid` in place.
    static func fixture(
        grid: Grid = Blinker.start, ticks: Int = 0, running: Bool = false, statistics: Statistics = Statistics(),
        settling: Settling? = nil, intervalMs: Int = 1000, autoStop: Bool = false, rule: Rule = .conway,
        topology: Topology = .torus
    ) -> AppState {
        AppState(
            simulation: SimulationState(
                isRunningTimer: running, gridState: GridState(ticks: ticks, grid: grid),
                settling: settling ?? .startingWith(grid)),
            statistics: statistics,
            settings: Settings(intervalMs: intervalMs, topology: topology, rule: rule, autoStop: autoStop)
        )
    }

    /// What one generation that produces `next` does: the grid becomes `next`, its census is
    /// counted and its fingerprint recorded. (Ticks are the caller's business.)
    mutating func expectGeneration(_ next: Grid) {
        simulation.gridState.grid = next
        statistics.record(next.census)
        simulation.settling.record(next)
    }

    /// What putting `grid` in place does (setGrid, the reset actions, configurations.load): the
    /// grid becomes `grid` and its history starts afresh with `grid`'s fingerprint. (Ticks are
    /// the caller's business.)
    mutating func expectReplacement(_ grid: Grid) {
        simulation.gridState.grid = grid
        simulation.settling = .startingWith(grid)
    }
}

/// What a fake `fetchConfigurations` answers.
typealias FetchAnswer = Result<[Configuration], FetchFailure>

/// The app's store, on a test scheduler and a seeded random source.
struct AppHarness {
    let scheduler: TestScheduler
    let store: TestStore<AppState, AppAction>

    /// The wall clock of every harness: when its jumps start.
    static let wallClock = 1_700_000_000_000

    /// `fetch`, when given, stands in for the environment's `fetchConfigurations`; it gets the
    /// harness's scheduler so that it can answer in virtual time. Jumps run in slices on the
    /// scheduler, `jumpSlice` generations every `jumpSliceInterval`; `cellUpdatesPerAction`
    /// replaces the daemon's bound on what one action computes at once.
    init(
        state: AppState = .fixture(), seed: UInt64 = 7, defaultSettings: Settings = Settings(),
        fetch: ((_ scheduler: TestScheduler, _ url: String?) -> Effect<FetchAnswer>)? = nil,
        jumpSlice: Int = 1000, jumpSliceInterval: Duration = .milliseconds(60), cellUpdatesPerAction: Int = GridWorld.maxCellUpdatesPerAction
    ) {
        let scheduler = TestScheduler()
        self.scheduler = scheduler
        var environment = AppEnvironment(
            scheduler: scheduler, random: RandomSource(seed: seed), defaultSettings: defaultSettings,
            jumps: .slices(on: scheduler, every: jumpSliceInterval, generations: jumpSlice), wallClock: { AppHarness.wallClock })
        environment.cellUpdatesPerAction = cellUpdatesPerAction
        if let fetch {
            environment.fetchConfigurations = { url in fetch(scheduler, url) }
        }
        store = TestStore(
            initialState: state,
            reducer: Reducer<AppState, AppAction, AppEnvironment>.app,
            environment: environment
        )
    }
}

/// A fake fetch that answers `answer` `delay` after it starts, in the scheduler's virtual time,
/// and records the URLs it was asked for.
final class FakeFetch {
    private(set) var urls: [String?] = []
    var answers: [FetchAnswer]
    let delay: Duration

    /// Answers the given results in turn (the last one again when they run out).
    init(_ answers: FetchAnswer..., after delay: Duration = .seconds(2)) {
        self.answers = answers
        self.delay = delay
    }

    func effect(_ scheduler: TestScheduler, _ url: String?) -> Effect<FetchAnswer> {
        urls.append(url)
        let answer = answers.count > 1 ? answers.removeFirst() : answers[0]
        let delay = self.delay
        return .run { send in scheduler.schedule(after: delay) { send(answer) } }
    }
}

/// The grids an independent stepper produces from `start`, generations 1 to `generations`.
func referenceRun(
    _ start: Grid, generations: Int, birth: Set<Int> = [3], survival: Set<Int> = [2, 3], torus: Bool = true
) -> [Grid] {
    var grids: [Grid] = []
    var world = start
    for _ in 0..<generations {
        world = referenceNextGeneration(world, birth: birth, survival: survival, torus: torus)
        grids.append(world)
    }
    return grids
}

/// An empty `rows` x `cols` grid with `pattern` (row strings, `O` live) placed with its
/// top-left corner at `row`, `col`.
func placed(_ pattern: [String], rows: Int, cols: Int, row: Int, col: Int) -> Grid {
    var world = Grid(rows: rows, cols: cols)
    for (r, line) in pattern.enumerated() {
        for (c, symbol) in line.enumerated() where symbol == "O" {
            world[row + r, col + c] = .alive
        }
    }
    return world
}

/// The live cells of `pattern` (row strings, `O` live) moved by `row`, `col`.
func liveCells(_ pattern: [String], row: Int, col: Int) -> Set<Coordinate> {
    var set: Set<Coordinate> = []
    for (r, line) in pattern.enumerated() {
        for (c, symbol) in line.enumerated() where symbol == "O" {
            set.insert(Coordinate(row: row + r, col: col + c))
        }
    }
    return set
}

/// Well-known patterns, as row strings.
enum Patterns {
    static let glider = [
        ".O.",
        "..O",
        "OOO",
    ]
    static let block = [
        "OO",
        "OO",
    ]
    static let rPentomino = [
        ".OO",
        "OO.",
        ".O.",
    ]
    /// HighLife's replicator: under B36/S23 it makes two copies of itself every 12 generations.
    static let replicator = [
        "..OOO",
        ".O..O",
        "O...O",
        "O..O.",
        "OOO..",
    ]
    /// Bill Gosper's glider gun: 9 rows by 36 columns.
    static let gosperGun = [
        "........................O...........",
        "......................O.O...........",
        "............OO......OO............OO",
        "...........O...O....OO............OO",
        "OO........O.....O...OO..............",
        "OO........O...O.OO....O.O...........",
        "..........O.....O.......O...........",
        "...........O...O....................",
        "............OO......................",
    ]
}

extension Configuration {
    /// A configuration of `pattern`'s live cells (row strings, `O` live), moved by `row`, `col`.
    init(title: String, _ pattern: [String], row: Int = 0, col: Int = 0) {
        let cells = LifeStoreTests.liveCells(pattern, row: row, col: col).map { Pattern.Coordinate(row: $0.row, col: $0.col) }
        let configuration: Configuration
        do throws(ConfigurationError) {
            configuration = try Configuration(title: title, cells: cells)
        } catch {
            preconditionFailure("the test pattern \(title) is not a configuration: \(error)")
        }
        self = configuration
    }
}
