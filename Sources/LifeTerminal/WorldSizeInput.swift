import Protocol

/// Reads a resize prompt's answer: the world's new size as rows and columns, `40x60` (`40 x 60`,
/// `40×60` and `40,60` too), each from 3 to 4096 as the settings take them.
public enum WorldSizeInput {
    /// The size `text` asks for, or why it is not one.
    public static func parse(_ text: String) -> Result<(rows: Int, cols: Int), WordedError> {
        let parts = text.lowercased().split(whereSeparator: { "x×, ".contains($0) })
        let range = Settings.sideRange
        guard parts.count == 2, parts.allSatisfy({ $0.count <= 9 && $0.allSatisfy(\.isASCII) }), let rows = Int(parts[0]),
            let cols = Int(parts[1])
        else {
            return .failure(WordedError("a size is rows x columns, such as 40x60 (each \(range.lowerBound) to \(range.upperBound))"))
        }
        guard range.contains(rows), range.contains(cols) else {
            return .failure(WordedError("\(rows)x\(cols) is not a world size: each side is \(range.lowerBound) to \(range.upperBound)"))
        }
        return .success((rows, cols))
    }
}
