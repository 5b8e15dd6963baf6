import LifeGrid
import LifeJSON

extension Grid {
    /// Applies `edit` on a world of `topology`: a paste wraps around the edges of a torus and is
    /// cut off at the edges of a bounded world. Cells an edit sets or clears become alive or
    /// empty (not born or died, nor dying); the others keep their state, and a transformed
    /// rectangle's dying cells keep theirs. Refused with `invalid-argument`,
    /// the grid unchanged, when a cell or rectangle lies outside the grid or a pattern is larger
    /// than it.
    public mutating func apply(_ edit: GridEdit, topology: Topology) throws(ProtocolError) {
        switch edit {
        case .setCells(let cells, let change):
            for (index, cell) in cells.enumerated() where !(0..<rows).contains(cell.row) || !(0..<cols).contains(cell.col) {
                throw ProtocolError(
                    .invalidArgument, "the cell [\(cell.row), \(cell.col)] is outside the \(rows)x\(cols) grid",
                    field: JSONPointer(tokens: ["cells", String(index)]))
            }
            switch change {
            case .alive: for cell in cells { self[cell.row, cell.col] = .alive }
            case .empty: for cell in cells { self[cell.row, cell.col] = .empty }
            case .toggle:
                var seen = Set<Pattern.Coordinate>(minimumCapacity: cells.count)
                for cell in cells where seen.insert(cell).inserted {
                    self[cell.row, cell.col] = isLive(row: cell.row, col: cell.col) ? .empty : .alive
                }
            }

        case .paste(let pattern, let origin, let mode):
            guard pattern.rows <= rows, pattern.cols <= cols else {
                throw ProtocolError(
                    .invalidArgument, "the pattern is \(pattern.rows)x\(pattern.cols), larger than the \(rows)x\(cols) grid", member: "rle")
            }
            guard (0..<rows).contains(origin.row), (0..<cols).contains(origin.col) else {
                throw ProtocolError(
                    .invalidArgument,
                    "the paste's top-left cell \(origin.row),\(origin.col) is outside the \(rows)x\(cols) grid (rows 0 to \(rows - 1), columns 0 to \(cols - 1))",
                    member: (0..<rows).contains(origin.row) ? "col" : "row")
            }
            // On a torus the part past the bottom or right edge comes back at the top or left.
            let wraps = topology == .torus
            let rowOffsets = wraps && origin.row + pattern.rows > rows ? [origin.row, origin.row - rows] : [origin.row]
            let colOffsets = wraps && origin.col + pattern.cols > cols ? [origin.col, origin.col - cols] : [origin.col]
            for row in rowOffsets {
                for col in colOffsets { combine(pattern, atRow: row, col: col, mode: mode) }
            }

        case .clearRect(let rect):
            try requireInside(rect, "the rectangle")
            combine(BitPlane(rows: rect.rows, cols: rect.cols), atRow: rect.row, col: rect.col, mode: .copy)

        case .transformRect(let rect, let transform):
            try requireInside(rect, "the rectangle")
            let turned = CellRect(
                row: rect.row, col: rect.col, rows: transform.isRotation ? rect.cols : rect.rows,
                cols: transform.isRotation ? rect.rows : rect.cols)
            if transform.isRotation {
                try requireInside(turned, "the rotated rectangle")
            }
            let cells = live.cropped(to: rect)
            // Dying cells (Generations) turn with the rest, their states kept.
            let dyingCells = hasDyingCells ? dying.map { $0.cropped(to: rect).transformed(transform) } : []
            combine(BitPlane(rows: rect.rows, cols: rect.cols), atRow: rect.row, col: rect.col, mode: .copy)
            combine(cells.transformed(transform), atRow: turned.row, col: turned.col, mode: .copy)
            if !dyingCells.isEmpty { placeDying(dyingCells, atRow: turned.row, col: turned.col) }
        }
    }

    /// Refuses `rect` unless it lies inside the grid, with `field` naming the member that puts it
    /// outside: `row` or `col` for a corner outside the grid, else `rows` or `cols` for a size
    /// that reaches past an edge.
    private func requireInside(_ rect: CellRect, _ what: String) throws(ProtocolError) {
        guard !rect.fits(rows: rows, cols: cols) else { return }
        let member =
            !(0..<rows).contains(rect.row) ? "row"
            : !(0..<cols).contains(rect.col) ? "col"
            : rect.row + rect.rows > rows ? "rows" : "cols"
        throw ProtocolError(.invalidArgument, "\(what) (\(rect)) reaches outside the \(rows)x\(cols) grid", member: member)
    }
}
