import LifeGrid
import LifeSystem
import Protocol

/// How the editing commands (`paste`, `cell`, `clear`, `rotate`, `flip`) read places and sizes:
/// a cell as `ROW,COL` counted from `0,0` at the world's top-left, a rectangle's size as
/// `ROWSxCOLS`. Only what no world could hold is a usage error here; whether a place lies in
/// the daemon's world is the daemon's to say (see ``EditRequest``).
enum EditArguments {
    /// `ROW,COL`: two whole numbers from 0 to 4095.
    static func cell(_ text: String) throws(UsageError) -> Pattern.Coordinate {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let row = Int(parts[0]), let col = Int(parts[1]) else {
            throw UsageError("\"\(text)\" is not ROW,COL: two whole numbers from 0, such as 12,40 (0,0 is the top-left cell)")
        }
        guard (0..<Grid.maxSide).contains(row), (0..<Grid.maxSide).contains(col) else {
            throw .outOfRange("\(text): rows and columns go from 0 to \(Grid.maxSide - 1) (no world is larger than \(Grid.maxSide)x\(Grid.maxSide))")
        }
        return Pattern.Coordinate(row: row, col: col)
    }

    /// `ROWSxCOLS`: each from 1 to 4096.
    static func size(_ text: String) throws(UsageError) -> (rows: Int, cols: Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let rows = Int(parts[0]), let cols = Int(parts[1]) else {
            throw UsageError("\"\(text)\" is not a size ROWSxCOLS such as 10x20, each from 1 to \(Grid.maxSide)")
        }
        guard (1...Grid.maxSide).contains(rows), (1...Grid.maxSide).contains(cols) else {
            throw .outOfRange("\(text): a size's rows and columns go from 1 to \(Grid.maxSide)")
        }
        return (rows, cols)
    }

    /// The rectangle of `ROW,COL SIZE`, the first two of `arguments` for `command` (which takes
    /// `more` words after them).
    static func rectangle(_ arguments: [String], _ command: String, more: Int) throws(UsageError) -> CellRect {
        try expectCount(arguments, (2 + more)...(2 + more), command)
        let corner = try cell(arguments[0])
        let (rows, cols) = try size(arguments[1])
        return CellRect(row: corner.row, col: corner.col, rows: rows, cols: cols)
    }
}
