import LifeGrid

extension BitPlane {
    /// A plane of `rows` x `cols` whose cells are each set with probability 1 / `oneIn`.
    public static func random(rows: Int, cols: Int, oneIn: Int, using generator: inout SplitMix64) -> BitPlane {
        var plane = BitPlane(rows: rows, cols: cols)
        for row in 0..<rows {
            for col in 0..<cols where Int.random(in: 0..<oneIn, using: &generator) == 0 { plane[row, col] = true }
        }
        return plane
    }
}
