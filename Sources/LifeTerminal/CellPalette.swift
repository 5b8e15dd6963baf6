import Protocol

/// How each cell state looks in a colour mode.
///
/// With colour, the four states are four colours (a wide cell is two blank columns on that
/// background; a half block takes the colour as its foreground or background). Without
/// colour they are told apart by glyphs, the same characters the protocol uses: `O` alive,
/// `+` born, `x` died, and `·` for empty.
public struct CellPalette: Hashable, Sendable {
    /// The colour mode the palette is for.
    public var mode: ColorMode

    /// The palette for `mode`.
    public init(mode: ColorMode) {
        self.mode = mode
    }

    /// The colour of a state: green alive, yellow born, dark red died, dark grey empty.
    public static func color(of cell: Cell) -> Color {
        switch cell {
        case .alive: return .rgb(60, 200, 80)
        case .born: return .rgb(250, 210, 60)
        case .died: return .rgb(170, 50, 50)
        case .empty: return .rgb(40, 40, 48)
        }
    }

    /// The glyph of a state without colour.
    public static func glyph(of cell: Cell) -> Character {
        switch cell {
        case .alive: return "O"
        case .born: return "+"
        case .died: return "x"
        case .empty: return "·"
        }
    }

    /// The two screen cells of a cell drawn two columns wide.
    public func wide(_ cell: Cell, faded: Bool = false) -> (ScreenCell, ScreenCell) {
        if mode.hasColor {
            let style = adjust(Style(background: Self.color(of: cell)), faded: faded)
            return (.blank(style), .blank(style))
        }
        let style = adjust(monochromeStyle(cell), faded: faded)
        return (ScreenCell(Self.glyph(of: cell), style: style), .blank(style))
    }

    /// The screen cell of a cell drawn one column wide (no colour: a glyph; colour: a full block).
    public func narrow(_ cell: Cell, faded: Bool = false) -> ScreenCell {
        if mode.hasColor { return .blank(adjust(Style(background: Self.color(of: cell)), faded: faded)) }
        return ScreenCell(Self.glyph(of: cell), style: adjust(monochromeStyle(cell), faded: faded))
    }

    /// The screen cell showing `top` over `bottom` (nil below the last row) as an upper half block.
    public func halfBlock(top: Cell, bottom: Cell?, faded: Bool = false) -> ScreenCell {
        let style = Style(foreground: Self.color(of: top), background: bottom.map(Self.color(of:)) ?? .default)
        return ScreenCell("▀", style: adjust(style, faded: faded))
    }

    private func monochromeStyle(_ cell: Cell) -> Style {
        switch cell {
        case .alive, .born: return Style(bold: true)
        case .died, .empty: return Style()
        }
    }

    private func adjust(_ style: Style, faded: Bool) -> Style {
        faded ? style.faded : style
    }
}
