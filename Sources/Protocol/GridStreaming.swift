/// Encoding a document that holds a large grid without building the grid's JSON first.
///
/// A 4096 x 4096 grid is 4096 strings of 4096 characters: as a JSON value and then as encoded
/// bytes it would need 32 MB or more at once. Here the document around the grid is encoded with
/// a placeholder where the grid goes, and the grid's rows are encoded straight from its bit planes
/// into that place, a batch of rows per chunk. The bytes are exactly `document.encoded()` with
/// the grid's `json` in the placeholder's place.
extension JSON {
    /// The encoded document in chunks: `self`, with `grid.json` in place of the string value
    /// `placeholder` (which must occur exactly once in `self` as a string value, and nowhere
    /// else in its encoding: choose one that nothing else can contain, such as a random token).
    public func encodedChunks(replacing placeholder: String, with grid: Grid, rowsPerChunk: Int = 256) -> AnyIterator<[UInt8]> {
        let whole = encoded()
        let marker = JSON.string(placeholder).encoded()
        guard let at = whole.firstRange(of: marker) else {
            var done = false
            return AnyIterator {
                defer { done = true }
                return done ? nil : whole
            }
        }
        var stage = 0
        var row = 0
        let batch = max(1, rowsPerChunk)
        return AnyIterator {
            switch stage {
            case 0:
                stage = 1
                return Array(whole[..<at.lowerBound]) + Array(#"{"cells":["#.utf8)
            case 1:
                guard row < grid.rows else {
                    stage = 2
                    return Array(#"],"cols":\#(grid.cols),"rows":\#(grid.rows)}"#.utf8) + Array(whole[at.upperBound...])
                }
                var chunk: [UInt8] = []
                let end = min(grid.rows, row + batch)
                chunk.reserveCapacity((end - row) * (grid.cols + 3))
                while row < end {
                    if row > 0 { chunk.append(UInt8(ascii: ",")) }
                    // Cell characters never need escaping.
                    chunk.append(UInt8(ascii: "\""))
                    chunk.append(contentsOf: grid.rowText(row).utf8)
                    chunk.append(UInt8(ascii: "\""))
                    row += 1
                }
                return chunk
            default:
                return nil
            }
        }
    }
}
