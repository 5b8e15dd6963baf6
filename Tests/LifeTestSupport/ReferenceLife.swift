import LifeGrid
import Protocol
import XCTest

// Grids written as text, and a plain cell-by-cell Life stepper: the reference the engine is
// checked against.

/// A grid from row strings: `.` empty, `O` alive, `+` born, `x` died. Every row must have the same length.
public func grid(_ rows: String...) -> Grid {
    gridFromRows(rows)
}

/// A grid from row strings: `.` empty, `O` alive, `+` born, `x` died. Every row must have the same length.
public func gridFromRows(_ rows: [String]) -> Grid {
    do {
        return try Grid(rows: rows.count, cols: rows.first?.utf8.count ?? 0, rowStrings: rows)
    } catch {
        preconditionFailure("bad test grid \(rows): \(error)")
    }
}

/// The grid as text, one row per line, with a leading newline so that failure messages line up.
public func show(_ grid: Grid) -> String { "\(grid.rows)x\(grid.cols)\n" + grid.text }

/// Asserts that two grids are equal, printing both as text when they are not.
public func assertGrid(_ actual: Grid, _ expected: Grid, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    if actual != expected {
        XCTFail("grids differ \(message)\nactual:\n\(show(actual))\nexpected:\n\(show(expected))", file: file, line: line)
    }
}

/// The set of live (alive or born) coordinates of a grid.
public func liveSet(_ grid: Grid) -> Set<Coordinate> {
    var set: Set<Coordinate> = []
    for row in 0..<grid.rows {
        for col in 0..<grid.cols where grid[row, col] == .alive || grid[row, col] == .born {
            set.insert(Coordinate(row: row, col: col))
        }
    }
    return set
}

public struct Coordinate: Hashable, CustomStringConvertible {
    public var row: Int
    public var col: Int
    public var description: String { "(\(row),\(col))" }

    public init(row: Int, col: Int) {
        self.row = row
        self.col = col
    }
}

/// An independent, obviously-correct Conway stepper (B3/S23): the eight neighbours by explicit
/// offsets, wrapped with explicit modular arithmetic on a torus, or skipped outside a bounded grid.
public func referenceNextGeneration(_ grid: Grid, torus: Bool) -> Grid {
    referenceNextGeneration(grid, birth: [3], survival: [2, 3], torus: torus)
}

/// The same obviously-correct stepper for any Life-like rule, given as the sets of neighbour
/// counts that give birth and that keep a live cell alive (B36/S23 is `[3, 6]`, `[2, 3]`).
public func referenceNextGeneration(_ grid: Grid, birth: Set<Int>, survival: Set<Int>, torus: Bool) -> Grid {
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
public func referenceStep(_ grid: Grid, _ rule: Rule, _ topology: Topology) -> Grid {
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

/// The grids an independent stepper produces from `start`, generations 1 to `generations`.
public func referenceRun(
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
public func placed(_ pattern: [String], rows: Int, cols: Int, row: Int, col: Int) -> Grid {
    var world = Grid(rows: rows, cols: cols)
    for (r, line) in pattern.enumerated() {
        for (c, symbol) in line.enumerated() where symbol == "O" {
            world[row + r, col + c] = .alive
        }
    }
    return world
}

/// The live cells of `pattern` (row strings, `O` live) moved by `row`, `col`.
public func liveCells(_ pattern: [String], row: Int, col: Int) -> Set<Coordinate> {
    var set: Set<Coordinate> = []
    for (r, line) in pattern.enumerated() {
        for (c, symbol) in line.enumerated() where symbol == "O" {
            set.insert(Coordinate(row: row + r, col: col + c))
        }
    }
    return set
}

/// Well-known patterns, as row strings.
public enum Patterns {
    public static let glider = [
        ".O.",
        "..O",
        "OOO",
    ]
    public static let block = [
        "OO",
        "OO",
    ]
    public static let rPentomino = [
        ".OO",
        "OO.",
        ".O.",
    ]
    /// HighLife's replicator: under B36/S23 it makes two copies of itself every 12 generations.
    public static let replicator = [
        "..OOO",
        ".O..O",
        "O...O",
        "O..O.",
        "OOO..",
    ]
    /// Bill Gosper's glider gun: 9 rows by 36 columns.
    public static let gosperGun = [
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

// MARK: - Generations

/// Every cell's state, row by row: 0 dead, 1 live, 2 or more dying.
public func cellStates(_ grid: Grid) -> [[Int]] {
    (0..<grid.rows).map { row in (0..<grid.cols).map { col in grid.state(row: row, col: col) } }
}

/// A grid whose cells are in `states` (rows of equal length); every live cell `alive`.
public func gridFromStates(_ states: [[Int]]) -> Grid {
    var grid = Grid(rows: states.count, cols: states.first?.count ?? 0)
    for (row, line) in states.enumerated() {
        for (col, state) in line.enumerated() where state != 0 {
            if state == 1 { grid[row, col] = .alive } else { grid.setState(state, row: row, col: col) }
        }
    }
    return grid
}

/// An obviously-correct Generations stepper (Golly's semantics), cell by cell on arrays of
/// states: only state 1 counts as a neighbour; a dead cell whose live-neighbour count is in
/// `birth` becomes 1; a live cell whose count is in `survival` stays 1, else goes to 2 (0 when
/// `states` is 2); a dying cell k goes to k + 1, or 0 after `states - 1`.
public func referenceGenerationsStep(_ cells: [[Int]], birth: Set<Int>, survival: Set<Int>, states: Int, torus: Bool) -> [[Int]] {
    let rows = cells.count
    let cols = cells.first?.count ?? 0
    func mod(_ a: Int, _ n: Int) -> Int { ((a % n) + n) % n }
    var next = cells
    for row in 0..<rows {
        for col in 0..<cols {
            var count = 0
            for dr in -1...1 {
                for dc in -1...1 where dr != 0 || dc != 0 {
                    var r = row + dr
                    var c = col + dc
                    if torus {
                        r = mod(r, rows)
                        c = mod(c, cols)
                    } else if r < 0 || r >= rows || c < 0 || c >= cols {
                        continue
                    }
                    if cells[r][c] == 1 { count += 1 }
                }
            }
            let state = cells[row][col]
            switch state {
            case 0: next[row][col] = birth.contains(count) ? 1 : 0
            case 1: next[row][col] = survival.contains(count) ? 1 : (states > 2 ? 2 : 0)
            default: next[row][col] = state + 1 < states ? state + 1 : 0
            }
        }
    }
    return next
}

/// The states of the cells of a multi-state RLE body (Golly's letters: `.` or `b` 0, `A` or `o`
/// 1, `B` … `X` 2 … 24, `pA` … 25 …), rows padded to the header's `x`: a small reader of its own
/// for fixtures, independent of LifePatterns'.
public func statesFromRLE(_ text: String) -> [[Int]] {
    var lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
    guard !lines.isEmpty else { return [] }
    let header = lines.removeFirst()
    func number(after key: String) -> Int {
        guard let range = header.range(of: key) else { return 0 }
        return Int(header[range.upperBound...].prefix { $0.isNumber }) ?? 0
    }
    let cols = number(after: "x = ")
    let rows = number(after: "y = ")
    var states = [[Int]](repeating: [Int](repeating: 0, count: cols), count: rows)
    var row = 0
    var col = 0
    var count = ""
    var prefix: Int?
    for character in lines.joined() {
        if character.isNumber {
            count.append(character)
            continue
        }
        guard let ascii = character.asciiValue else { continue }
        if ("p"..."y").contains(character) {
            // A prefix letter: the run count before it (`2pE`) counts the state it starts.
            prefix = Int(ascii - UInt8(ascii: "p") + 1) * 24
            continue
        }
        let run = Int(count) ?? 1
        count = ""
        switch character {
        case "!": return states
        case "$":
            row += run
            col = 0
            continue
        default: break
        }
        let state: Int
        switch character {
        case ".", "b": state = 0
        case "o": state = 1
        default: state = (prefix ?? 0) + Int(ascii - UInt8(ascii: "A") + 1)
        }
        prefix = nil
        for _ in 0..<run {
            if state != 0 { states[row][col] = state }
            col += 1
        }
    }
    return states
}

/// `states` cut to the rows and columns between its first and last cells in a state but 0.
public func croppedStates(_ states: [[Int]]) -> [[Int]] {
    let rows = states.indices.filter { states[$0].contains { $0 != 0 } }
    guard let top = rows.first, let bottom = rows.last else { return [] }
    let cols = (states.first?.indices ?? 0..<0).filter { col in states.contains { $0[col] != 0 } }
    guard let left = cols.first, let right = cols.last else { return [] }
    return states[top...bottom].map { Array($0[left...right]) }
}
