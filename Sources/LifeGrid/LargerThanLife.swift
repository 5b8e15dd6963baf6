/// A Larger than Life rule (Evans's family, as Golly writes it: `R5,C0,M1,S34..58,B34..45,NM`):
/// counts of live cells over a large neighbourhood decide birth and survival.
public struct LargerThanLife: Hashable, Sendable {
    /// The shape of the neighbourhood.
    public enum Shape: String, Hashable, Sendable {
        /// The (2r+1) × (2r+1) square (`NM`).
        case moore = "M"
        /// The diamond of cells at Manhattan distance ≤ r (`NN`).
        case vonNeumann = "N"
    }

    /// The neighbourhood's range r, 1 or more.
    public var range: Int
    /// Whether the cell itself counts among its neighbours (`M1`).
    public var countsMiddle: Bool
    /// A live cell stays live when its count is in this range.
    public var survival: ClosedRange<Int>
    /// A dead cell becomes live when its count is in this range.
    public var birth: ClosedRange<Int>
    /// The neighbourhood's shape.
    public var shape: Shape

    /// A rule from its parts, unchecked (see the parser for the ranges Golly accepts).
    public init(range: Int, countsMiddle: Bool, survival: ClosedRange<Int>, birth: ClosedRange<Int>, shape: Shape) {
        self.range = range
        self.countsMiddle = countsMiddle
        self.survival = survival
        self.birth = birth
        self.shape = shape
    }

    /// How many cells the neighbourhood holds, the middle included when it counts.
    public var neighbourhoodSize: Int {
        let r = range
        let cells = shape == .moore ? (2 * r + 1) * (2 * r + 1) : 2 * r * (r + 1) + 1
        return countsMiddle ? cells : cells - 1
    }
}
