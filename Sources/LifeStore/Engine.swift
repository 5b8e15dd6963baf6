import Protocol

extension Grid {
    /// The next generation under `rule` and `topology`.
    ///
    /// A live cell whose live-neighbour count the rule keeps becomes `alive`; a non-live cell
    /// whose count the rule gives birth becomes `born`; any other live cell becomes `died`;
    /// any other cell becomes `empty`.
    public func nextGeneration(rule: Rule = .conway, topology: Topology = .torus) -> Grid {
        guard rows > 0, cols > 0 else { return self }
        var next = [Cell](repeating: .empty, count: rows * cols)
        cells.withUnsafeBufferPointer { current in
            next.withUnsafeMutableBufferPointer { out in
                for row in 0..<rows {
                    for col in 0..<cols {
                        var neighbours = 0
                        for dr in -1...1 {
                            for dc in -1...1 where dr != 0 || dc != 0 {
                                var r = row + dr
                                var c = col + dc
                                switch topology {
                                case .torus:
                                    r = (r + rows) % rows
                                    c = (c + cols) % cols
                                case .bounded:
                                    if r < 0 || r >= rows || c < 0 || c >= cols { continue }
                                }
                                if current[r * cols + c].isLive { neighbours += 1 }
                            }
                        }
                        let index = row * cols + col
                        let mask = UInt16(1) << neighbours
                        if current[index].isLive {
                            out[index] = rule.survival & mask != 0 ? .alive : .died
                        } else {
                            out[index] = rule.birth & mask != 0 ? .born : .empty
                        }
                    }
                }
            }
        }
        // `next` has exactly rows * cols cells.
        return Grid(rows: rows, cols: cols, cells: next) ?? self
    }

    /// A 64-bit fingerprint of which cells are live (alive or born), for detecting repeats.
    /// Equal live patterns of the same size give equal fingerprints.
    public var fingerprint: UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: rows &* 4099 &+ cols)
        var word: UInt64 = 0
        var bits = 0
        func mix(_ value: UInt64) {
            var z = hash ^ value
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            hash = z ^ (z >> 31)
        }
        for cell in cells {
            word = word << 1 | (cell.isLive ? 1 : 0)
            bits += 1
            if bits == 64 {
                mix(word)
                word = 0
                bits = 0
            }
        }
        mix(word ^ UInt64(bits) << 58)
        return hash
    }

    /// A grid where each cell is live (`alive`) with probability `density`.
    public static func random(rows: Int, cols: Int, density: Double, using random: RandomSource) -> Grid {
        var grid = Grid(rows: rows, cols: cols)
        for row in 0..<rows {
            for col in 0..<cols where random.nextUnit() < density {
                grid[row, col] = .alive
            }
        }
        return grid
    }
}
