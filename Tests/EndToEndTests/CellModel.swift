import DaemonTestSupport
import LifeJSON
import LifeTestSupport
import Protocol

/// A world as the state document shows it (rows of `.`, `O`, `+`, `x`), edited and stepped a
/// cell at a time: the model the daemon's edits and generations are checked against, written
/// apart from the daemon's word-at-a-time code.
struct CellModel: Equatable, CustomStringConvertible {
    private(set) var cells: [[Character]]
    let torus: Bool

    init(_ lines: [String], torus: Bool = true) {
        cells = lines.map(Array.init)
        self.torus = torus
    }

    /// The world in a state document: its `cells` (`/simulation/gridState/grid`), topology from `settings`.
    init?(state: JSON) {
        guard let lines = state["simulation"]?["gridState"]?["grid"]?["cells"]?.arrayValue?.compactMap(\.stringValue) else { return nil }
        self.init(lines, torus: state["settings"]?["topology"]?.stringValue != "bounded")
    }

    var rows: Int { cells.count }
    var cols: Int { cells.first?.count ?? 0 }
    var lines: [String] { cells.map { String($0) } }
    var description: String { lines.joined(separator: "\n") }
    var population: Int { cells.reduce(0) { $0 + $1.filter { $0 == "O" || $0 == "+" }.count } }

    func isLive(_ row: Int, _ col: Int) -> Bool { cells[row][col] == "O" || cells[row][col] == "+" }

    /// What an edit does to a cell it writes: alive or empty, whatever it was (born, died).
    mutating func write(_ row: Int, _ col: Int, _ live: Bool) { cells[row][col] = live ? "O" : "." }

    enum Change { case on, off, toggle }

    mutating func set(_ places: [(Int, Int)], _ change: Change) {
        var seen = Set<[Int]>()
        for (row, col) in places where seen.insert([row, col]).inserted {
            switch change {
            case .on: write(row, col, true)
            case .off: write(row, col, false)
            case .toggle: write(row, col, !isLive(row, col))
            }
        }
    }

    /// `pattern`'s rows (`O` live, anything else empty) with its top-left cell at `row`, `col`:
    /// wrapped on a torus, cut off on a bounded world.
    mutating func paste(_ pattern: [String], at row: Int, _ col: Int, mode: String) {
        let before = self
        for (r, line) in pattern.enumerated() {
            for (c, symbol) in line.enumerated() {
                var target = (row + r, col + c)
                if torus {
                    target = (target.0 % rows, target.1 % cols)
                } else if target.0 >= rows || target.1 >= cols {
                    continue
                }
                let live = symbol == "O"
                switch mode {
                case "copy": write(target.0, target.1, live)
                case "xor": if live { write(target.0, target.1, !before.isLive(target.0, target.1)) }
                default: if live { write(target.0, target.1, true) }
                }
            }
        }
    }

    mutating func clear(row: Int, col: Int, rows height: Int, cols width: Int) {
        for r in row..<row + height { for c in col..<col + width { write(r, c, false) } }
    }

    /// A quarter turn of the `height` x `width` rectangle at `row`, `col`: it becomes `width` x
    /// `height` with the same top-left cell, the old rectangle cleared first.
    mutating func rotate(row: Int, col: Int, rows height: Int, cols width: Int, clockwise: Bool) {
        let before = self
        clear(row: row, col: col, rows: height, cols: width)
        for r in 0..<width {
            for c in 0..<height {
                // Clockwise, the new row r is the old column r read from the bottom up.
                let source = clockwise ? (height - 1 - c, r) : (c, width - 1 - r)
                write(row + r, col + c, before.isLive(row + source.0, col + source.1))
            }
        }
    }

    mutating func flip(row: Int, col: Int, rows height: Int, cols width: Int, leftRight: Bool) {
        let before = self
        for r in 0..<height {
            for c in 0..<width {
                let source = leftRight ? (r, width - 1 - c) : (height - 1 - r, c)
                write(row + r, col + c, before.isLive(row + source.0, col + source.1))
            }
        }
    }

    /// One generation of B3/S23, with each cell's state as the daemon shows it (`+` born, `x` died).
    func next() -> CellModel {
        var result = self
        for r in 0..<rows {
            for c in 0..<cols {
                var neighbours = 0
                for dr in -1...1 {
                    for dc in -1...1 where dr != 0 || dc != 0 {
                        var (nr, nc) = (r + dr, c + dc)
                        if torus {
                            nr = (nr + rows) % rows
                            nc = (nc + cols) % cols
                        } else if nr < 0 || nr >= rows || nc < 0 || nc >= cols {
                            continue
                        }
                        if isLive(nr, nc) { neighbours += 1 }
                    }
                }
                let was = isLive(r, c)
                let now = neighbours == 3 || (was && neighbours == 2)
                result.cells[r][c] = now ? (was ? "O" : "+") : (was ? "x" : ".")
            }
        }
        return result
    }
}

/// An RLE of `pattern`'s rows (`O` live), with its whole box in the header, lines under 70 characters.
func rle(_ pattern: [String]) -> String {
    let body = pattern.map { line in String(line.map { $0 == "O" ? "o" : "b" }) }.joined(separator: "$") + "!"
    var lines: [String] = []
    var rest = Substring(body)
    while !rest.isEmpty {
        lines.append(String(rest.prefix(60)))
        rest = rest.dropFirst(60)
    }
    return "x = \(pattern.first?.count ?? 0), y = \(pattern.count)\n" + lines.joined(separator: "\n") + "\n"
}

/// `rows` lines of `cols` cells, each `O` with probability one in `oneIn`, from `random`.
func randomLines(rows: Int, cols: Int, oneIn: Int = 3, using random: inout some RandomNumberGenerator) -> [String] {
    (0..<rows).map { _ in String((0..<cols).map { _ in Int.random(in: 0..<oneIn, using: &random) == 0 ? "O" : "." }) }
}
