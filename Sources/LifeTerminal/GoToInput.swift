/// Reads a go-to prompt's answer: a row and a column counted from 0 at the grid's top-left,
/// as the view's hints, the protocol and `lifectl` count them (`120,340`, `120 340` or `120, 340`).
public enum GoToInput {
    /// The cell for `text` on a `rows` x `cols` grid (rows 0…rows-1, columns 0…cols-1), or why not.
    public static func parse(_ text: String, rows: Int, cols: Int) -> Result<(row: Int, col: Int), WordedError> {
        let parts = text.split(whereSeparator: { $0 == "," || $0 == " " })
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy(\.isASCII) }),
            let row = Int(parts[0]), let col = Int(parts[1])
        else {
            return .failure(
                WordedError("go to needs a row and a column such as 120,340 (rows \(range(rows)), columns \(range(cols)))"))
        }
        guard (0..<max(1, rows)).contains(row) else {
            return .failure(WordedError("row \(row) is outside the grid: its rows are \(range(rows))"))
        }
        guard (0..<max(1, cols)).contains(col) else {
            return .failure(WordedError("column \(col) is outside the grid: its columns are \(range(cols))"))
        }
        return .success((row, col))
    }

    /// The positions of `count` rows or columns, first–last, counted from 0.
    private static func range(_ count: Int) -> String { "0–\(max(0, count - 1))" }
}
