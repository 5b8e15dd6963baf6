import LifeGrid
import Protocol

// A plain cell-by-cell stepper for any rule on the 3 x 3 neighbourhood (a MooreTable: isotropic
// non-totalistic, MAP, Life-like, B0 included), and random tables to try the engine with.

/// One generation under `table`, cell by cell: the nine cells of each neighbourhood read by their
/// offsets in MAP order (NW N NE W C E SW S SE, north-west the most significant bit), wrapped with
/// modular arithmetic on a torus and dead outside a bounded grid, and the table looked up.
public func referenceStep(_ grid: Grid, table: MooreTable, _ topology: Topology) -> Grid {
    let rows = grid.rows
    let cols = grid.cols
    var cells = [Cell](repeating: .empty, count: rows * cols)
    for row in 0..<rows {
        for col in 0..<cols {
            let index = neighbourhoodIndex(row: row, col: col, rows: rows, cols: cols, torus: topology == .torus) {
                grid.isLive(row: $0, col: $1)
            }
            let next = table[index]
            if grid.isLive(row: row, col: col) {
                cells[row * cols + col] = next ? .alive : .died
            } else {
                cells[row * cols + col] = next ? .born : .empty
            }
        }
    }
    return Grid(rows: rows, cols: cols, cells: cells) ?? grid
}

/// A table with each of its 512 bits drawn at random, set with probability `density`.
public func randomTable(_ random: RandomSource, density: Double = 0.5) -> MooreTable {
    var table = MooreTable()
    for index in 0..<512 where random.nextUnit() < density { table[index] = true }
    return table
}

/// `table` made isotropic: each neighbourhood takes the value of the least index among its images
/// under the eight symmetries of the square (rotations and reflections), as every isotropic
/// non-totalistic (Hensel) rule does.
public func isotropic(_ table: MooreTable) -> MooreTable {
    var result = MooreTable()
    for index in 0..<512 {
        result[index] = table[symmetricImages(index).min() ?? index]
    }
    return result
}

/// The images of a neighbourhood index under the eight symmetries of the square.
public func symmetricImages(_ index: Int) -> [Int] {
    // Cell (r, c) of the 3 x 3 block is bit 8 - (3r + c).
    func cell(_ index: Int, _ r: Int, _ c: Int) -> Int { (index >> (8 - (3 * r + c))) & 1 }
    let maps: [(Int, Int) -> (Int, Int)] = [
        { r, c in (r, c) }, { r, c in (c, 2 - r) }, { r, c in (2 - r, 2 - c) }, { r, c in (2 - c, r) },
        { r, c in (r, 2 - c) }, { r, c in (2 - r, c) }, { r, c in (c, r) }, { r, c in (2 - c, 2 - r) },
    ]
    return maps.map { map in
        var image = 0
        for r in 0..<3 {
            for c in 0..<3 {
                let (r2, c2) = map(r, c)
                image |= cell(index, r, c) << (8 - (3 * r2 + c2))
            }
        }
        return image
    }
}

/// One Generations generation under `table` (Golly's semantics), cell by cell on arrays of
/// states: only state-1 cells are live in a neighbourhood (read as ``referenceStep(_:table:_:)``
/// reads it); a dead cell whose neighbourhood the table sets becomes 1; a live cell whose
/// neighbourhood it sets stays 1, else goes to 2 (0 when `states` is 2); a dying cell k goes to
/// k + 1, or 0 after `states - 1`, whatever its neighbourhood.
public func referenceGenerationsStep(_ cells: [[Int]], table: MooreTable, states: Int, torus: Bool) -> [[Int]] {
    let rows = cells.count
    let cols = cells.first?.count ?? 0
    var next = cells
    for row in 0..<rows {
        for col in 0..<cols {
            let index = neighbourhoodIndex(row: row, col: col, rows: rows, cols: cols, torus: torus) { cells[$0][$1] == 1 }
            switch cells[row][col] {
            case 0: next[row][col] = table[index] ? 1 : 0
            case 1: next[row][col] = table[index] ? 1 : (states > 2 ? 2 : 0)
            case let state: next[row][col] = state + 1 < states ? state + 1 : 0
            }
        }
    }
    return next
}

/// The table index of the neighbourhood of `row`, `col`: its nine cells read by their offsets in
/// MAP order (NW N NE W C E SW S SE, north-west the most significant bit), wrapped with modular
/// arithmetic on a torus and dead outside a bounded grid; `isLive` tells a cell inside.
private func neighbourhoodIndex(row: Int, col: Int, rows: Int, cols: Int, torus: Bool, _ isLive: (Int, Int) -> Bool) -> Int {
    var index = 0
    for dr in -1...1 {
        for dc in -1...1 {
            var r = row + dr
            var c = col + dc
            var live = false
            if torus {
                r = ((r % rows) + rows) % rows
                c = ((c % cols) + cols) % cols
                live = isLive(r, c)
            } else if r >= 0, r < rows, c >= 0, c < cols {
                live = isLive(r, c)
            }
            index = index << 1 | (live ? 1 : 0)
        }
    }
    return index
}
