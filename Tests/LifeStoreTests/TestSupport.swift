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
                text += (count == 2 || count == 3) ? "O" : "x"
            } else {
                text += count == 3 ? "+" : "."
            }
        }
        rows.append(text)
    }
    if grid.rows == 0 { return grid }
    return gridFromRows(rows)
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
}

extension AppState {
    /// A stopped simulation on `grid`.
    static func fixture(
        grid: Grid = Blinker.start, ticks: Int = 0, running: Bool = false, statistics: Statistics = Statistics(),
        intervalMs: Int = 1000
    ) -> AppState {
        AppState(
            simulation: SimulationState(isRunningTimer: running, gridState: GridState(ticks: ticks, grid: grid)),
            statistics: statistics,
            settings: Settings(intervalMs: intervalMs)
        )
    }
}

/// The app's store, on a test scheduler and a seeded random source.
struct AppHarness {
    let scheduler: TestScheduler
    let store: TestStore<AppState, AppAction>

    init(state: AppState = .fixture(), seed: UInt64 = 7) {
        let scheduler = TestScheduler()
        self.scheduler = scheduler
        store = TestStore(
            initialState: state,
            reducer: Reducer<AppState, AppAction, AppEnvironment>.app,
            environment: AppEnvironment(scheduler: scheduler, random: RandomSource(seed: seed))
        )
    }
}
