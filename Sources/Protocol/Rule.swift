/// A Life-like rule: which live-neighbour counts give birth to a dead cell and which keep a live one alive.
public struct Rule: Hashable, Sendable {
    /// Bit n set: a non-live cell with n live neighbours is born.
    public var birth: UInt16
    /// Bit n set: a live cell with n live neighbours survives.
    public var survival: UInt16

    public init(birth: UInt16, survival: UInt16) {
        self.birth = birth
        self.survival = survival
    }

    /// Conway's Game of Life, B3/S23.
    public static let conway = Rule(birth: 1 << 3, survival: 1 << 2 | 1 << 3)
}

/// What lies beyond the grid's edges.
public enum Topology: String, Hashable, Sendable, CaseIterable {
    /// Edges wrap around.
    case torus
    /// Cells outside the grid are dead.
    case bounded
}
