/// A colour as the screen model holds it: the terminal's default, or an RGB triple.
///
/// Colours are always described in 24-bit RGB; ``SGR`` maps them to the nearest entry of the
/// 256-colour palette when the terminal has no truecolor, and drops them in monochrome.
public enum Color: Hashable, Sendable {
    /// The terminal's own foreground or background.
    case `default`
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    /// The colour at `fraction` (0...1) of its brightness; the default colour stays as it is.
    public func dimmed(_ fraction: Double = 0.45) -> Color {
        guard case .rgb(let r, let g, let b) = self else { return self }
        func scale(_ component: UInt8) -> UInt8 { UInt8((Double(component) * min(max(fraction, 0), 1)).rounded()) }
        return .rgb(scale(r), scale(g), scale(b))
    }

    /// The nearest entry of the xterm 256-colour palette (16...255: the 6x6x6 cube and the grey ramp).
    public var paletteIndex: UInt8? {
        guard case .rgb(let r, let g, let b) = self else { return nil }
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ value: UInt8) -> Int {
            var best = 0
            for index in levels.indices where abs(levels[index] - Int(value)) < abs(levels[best] - Int(value)) { best = index }
            return best
        }
        let (ri, gi, bi) = (nearestLevel(r), nearestLevel(g), nearestLevel(b))
        let cubeIndex = 16 + 36 * ri + 6 * gi + bi
        let cubeDistance = Self.distance((levels[ri], levels[gi], levels[bi]), (Int(r), Int(g), Int(b)))
        // The grey ramp: 232...255 are 8, 18, ..., 238.
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let greyStep = min(max((average - 8 + 5) / 10, 0), 23)
        let grey = 8 + 10 * greyStep
        let greyDistance = Self.distance((grey, grey, grey), (Int(r), Int(g), Int(b)))
        return UInt8(greyDistance < cubeDistance ? 232 + greyStep : cubeIndex)
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return dr * dr + dg * dg + db * db
    }
}
