/// Reads a go-to prompt's answer: a row and a column counted from 1, as the view's hints
/// count them (`120,340`, `120 340` or `120, 340`).
public enum GoToInput {
    /// The cell (counted from 0, as the grid is) for `text` on a `rows` x `cols` grid, or why not.
    public static func parse(_ text: String, rows: Int, cols: Int) -> Result<(row: Int, col: Int), WordedError> {
        let parts = text.split(whereSeparator: { $0 == "," || $0 == " " })
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy(\.isASCII) }),
            let row = Int(parts[0]), let col = Int(parts[1])
        else {
            return .failure(WordedError("go to needs a row and a column such as 120,340 (rows 1–\(rows), columns 1–\(cols))"))
        }
        guard (1...max(1, rows)).contains(row) else {
            return .failure(WordedError("row \(row) is outside the grid: its rows are 1–\(rows)"))
        }
        guard (1...max(1, cols)).contains(col) else {
            return .failure(WordedError("column \(col) is outside the grid: its columns are 1–\(cols)"))
        }
        return .success((row - 1, col - 1))
    }
}
