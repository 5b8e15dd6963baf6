/// A colour as the screen model holds it: the terminal's default, an RGB triple, or one of
/// the 16 basic colours.
///
/// Colours are mostly described in 24-bit RGB; ``SGR`` maps them to the nearest entry of the
/// 256-colour palette when the terminal has no truecolor, to the nearest basic colour when it
/// has only 8 or 16, and drops them in monochrome. The cells' palette for 8 or 16 colours
/// names basic colours itself (``CellPalette``): nearest colours would blur its states.
public enum Color: Hashable, Sendable {
    /// The terminal's own foreground or background.
    case `default`
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)
    /// A basic colour, 0–15: black, red, green, yellow, blue, magenta, cyan, white, then
    /// their bright kin (8 is bright black, a grey), whatever the terminal's theme makes of them.
    case basic(UInt8)

    /// The basic colours' names, by number.
    public static let black = Color.basic(0), red = Color.basic(1), green = Color.basic(2), yellow = Color.basic(3)
    public static let blue = Color.basic(4), magenta = Color.basic(5), cyan = Color.basic(6), white = Color.basic(7)
    public static let grey = Color.basic(8), brightRed = Color.basic(9), brightGreen = Color.basic(10)
    public static let brightYellow = Color.basic(11), brightBlue = Color.basic(12), brightMagenta = Color.basic(13)
    public static let brightCyan = Color.basic(14), brightWhite = Color.basic(15)

    /// The colour at `fraction` (0...1) of its brightness; the default colour stays as it is,
    /// and a bright basic colour becomes its plain kin.
    public func dimmed(_ fraction: Double = 0.45) -> Color {
        switch self {
        case .default: return self
        case .basic(let index): return .basic(index >= 8 ? index - 8 : index)
        case .rgb(let r, let g, let b):
            func scale(_ component: UInt8) -> UInt8 { UInt8((Double(component) * min(max(fraction, 0), 1)).rounded()) }
            return .rgb(scale(r), scale(g), scale(b))
        }
    }

    /// The basic colour (0–15, or 0–7 when `count` is 8) that stands for this one: a basic
    /// colour itself (its plain kin when only 8 are asked for), nil for the default.
    ///
    /// Not the nearest by distance, which sends light reds and blues to grey: a colour of
    /// little saturation is black, grey, white or bright white by its lightness; any other
    /// takes the primaries within 60% of its strongest, bright when that is over 200.
    public func basicIndex(among count: Int) -> UInt8? {
        let sixteen = count > 8
        switch self {
        case .default: return nil
        case .basic(let index): return !sixteen && index >= 8 ? index - 8 : index
        case .rgb(let r, let g, let b):
            let (red, green, blue) = (Int(r), Int(g), Int(b))
            let strongest = max(red, green, blue)
            let weakest = min(red, green, blue)
            if strongest - weakest < 40 {
                let lightness = (red + green + blue) / 3
                guard sixteen else { return lightness < 128 ? 0 : 7 }
                return lightness < 64 ? 0 : lightness < 160 ? 8 : lightness < 224 ? 7 : 15
            }
            let threshold = strongest * 6 / 10
            let hue = (red >= threshold ? 1 : 0) | (green >= threshold ? 2 : 0) | (blue >= threshold ? 4 : 0)
            return UInt8(hue + (sixteen && strongest > 200 ? 8 : 0))
        }
    }

    /// The nearest entry of the xterm 256-colour palette (16...255: the 6x6x6 cube and the grey ramp).
    public var paletteIndex: UInt8? {
        // The palette's first 16 are the basic colours.
        if case .basic(let index) = self { return index }
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
