import LifeGrid

extension Grid {
    /// The next generation under `rule` and `topology`.
    ///
    /// A live cell whose live-neighbour count the rule keeps becomes `alive`; a non-live cell
    /// whose count the rule gives birth becomes `born`; any other live cell becomes `died`;
    /// any other cell becomes `empty`. Computed by ``BitGrid`` (bit-packed, bit-sliced).
    public func nextGeneration(rule: Rule = .conway, topology: Topology = .torus) -> Grid {
        guard rows > 0, cols > 0 else { return self }
        var bits = BitGrid(self)
        bits.step(rule: rule, topology: topology)
        return bits.grid
    }

    /// A 64-bit fingerprint of which cells are live (alive or born), for detecting repeats.
    /// Equal live patterns of the same size give equal fingerprints; it is the same function
    /// as ``BitGrid/fingerprint``, which the engine computes for each generation it makes.
    public var fingerprint: UInt64 { BitGrid(self).fingerprint }
}
