import LifeGrid

// A plain, cell-by-cell Larger than Life stepper: the reference the engine's Larger than Life
// generations are checked against.

/// One generation of a two-state Larger than Life rule, cell by cell: for every offset (dr, dc)
/// with |dr|, |dc| <= r (Moore) or |dr| + |dc| <= r (von Neumann), the middle (0, 0) only when
/// the rule counts it, count the live cell at that offset: wrapped with modular arithmetic on a
/// torus (an offset that goes round the grid more than once counts its cell again), skipped
/// outside a bounded grid. A live cell whose count is in the survival range is `alive`, else
/// `died`; a dead cell whose count is in the birth range is `born`, else `empty`.
public func referenceStep(_ grid: Grid, _ rule: LargerThanLife, _ topology: Topology) -> Grid {
    let rows = grid.rows
    let cols = grid.cols
    var isLive = [Bool](repeating: false, count: rows * cols)
    for row in 0..<rows {
        for col in 0..<cols { isLive[row * cols + col] = grid.isLive(row: row, col: col) }
    }
    let r = rule.range
    var cells = [Cell](repeating: .empty, count: rows * cols)
    for row in 0..<rows {
        for col in 0..<cols {
            var count = 0
            for dr in -r...r {
                // The columns of the neighbourhood in this row: all 2r + 1, or those with |dr| + |dc| <= r.
                let reach = rule.shape == .moore ? r : r - abs(dr)
                for dc in -reach...reach {
                    if dr == 0 && dc == 0 && !rule.countsMiddle { continue }
                    var neighbourRow = row + dr
                    var neighbourCol = col + dc
                    if topology == .torus {
                        neighbourRow = ((neighbourRow % rows) + rows) % rows
                        neighbourCol = ((neighbourCol % cols) + cols) % cols
                    } else if neighbourRow < 0 || neighbourRow >= rows || neighbourCol < 0 || neighbourCol >= cols {
                        continue
                    }
                    if isLive[neighbourRow * cols + neighbourCol] { count += 1 }
                }
            }
            if isLive[row * cols + col] {
                cells[row * cols + col] = rule.survival.contains(count) ? .alive : .died
            } else {
                cells[row * cols + col] = rule.birth.contains(count) ? .born : .empty
            }
        }
    }
    guard let next = Grid(rows: rows, cols: cols, cells: cells) else { preconditionFailure("the reference made a grid of the wrong size") }
    return next
}
