import LifeGrid
import Protocol

/// How each cell state looks in a colour mode.
///
/// With colour, the four states are four colours (a wide cell is two blank columns on that
/// background; a half block takes the colour as its foreground or background). Without
/// colour they are told apart by glyphs, the same characters the protocol uses: `O` alive,
/// `+` born, `x` died, and `·` for empty. Every screen cell is made once, when the palette is.
public struct CellPalette: Sendable {
    /// The colour mode the palette is for.
    public let mode: ColorMode
    // Indexed by `cell.rawValue`, then 4 more for the faded cells.
    private let wideLeft: [ScreenCell]
    private let wideRight: [ScreenCell]
    private let narrowCells: [ScreenCell]
    // Indexed by top * 5 + bottom (4 for none), then 20 more for the faded cells.
    private let halfBlocks: [ScreenCell]
    // Lower half blocks, for a bottom cell under one not known: by `cell.rawValue`, then faded.
    private let lowerHalves: [ScreenCell]
    // Braille characters by their dots, then 256 more faded.
    private let brailleCells: [ScreenCell]
    // Plain blocks: empty, alive, then faded.
    private let plainBlocks: [ScreenCell]

    /// The palette for `mode` (made once per mode: a frame asks for it each time it is drawn).
    public init(mode: ColorMode) {
        switch mode {
        case .trueColor: self = Self.trueColor
        case .palette256: self = Self.palette256
        case .basic16: self = Self.basic16
        case .basic8: self = Self.basic8
        case .monochrome: self = Self.monochrome
        }
    }

    private static let trueColor = CellPalette(making: .trueColor)
    private static let palette256 = CellPalette(making: .palette256)
    private static let basic16 = CellPalette(making: .basic16)
    private static let basic8 = CellPalette(making: .basic8)
    private static let monochrome = CellPalette(making: .monochrome)

    /// Makes every screen cell of `mode`'s palette.
    private init(making mode: ColorMode) {
        self.mode = mode
        let states = Cell.allCases.sorted { $0.rawValue < $1.rawValue }
        var left: [ScreenCell] = []
        var right: [ScreenCell] = []
        var narrow: [ScreenCell] = []
        var halves: [ScreenCell] = []
        var lowers: [ScreenCell] = []
        for faded in [false, true] {
            for cell in states {
                let style = Self.adjust(mode.hasColor ? Style(background: Self.color(of: cell, in: mode)) : Self.monochromeStyle(cell), faded)
                left.append(mode.hasColor ? .blank(style) : ScreenCell(Self.glyph(of: cell), style: style))
                right.append(.blank(style))
                narrow.append(mode.hasColor ? .blank(style) : ScreenCell(Self.glyph(of: cell), style: style))
            }
            for top in states {
                for bottom in states.map(Optional.some) + [nil] {
                    let below = bottom.map { Self.color(of: $0, in: mode) } ?? .default
                    let style = Style(foreground: Self.color(of: top, in: mode), background: below)
                    halves.append(ScreenCell("▀", style: Self.adjust(style, faded)))
                }
                lowers.append(ScreenCell("▄", style: Self.adjust(Style(foreground: Self.color(of: top, in: mode)), faded)))
            }
        }
        var braille: [ScreenCell] = []
        var plain: [ScreenCell] = []
        for faded in [false, true] {
            let dotStyle =
                mode.hasColor ? Style(foreground: Self.color(of: .alive, in: mode), background: Self.color(of: .empty, in: mode)) : Style()
            for bits in 0...255 { braille.append(ScreenCell(DotGlyphs.braille(UInt8(bits)), style: Self.adjust(dotStyle, faded))) }
            if mode.hasColor {
                plain.append(.blank(Self.adjust(Style(background: Self.color(of: .empty, in: mode)), faded)))
                plain.append(.blank(Self.adjust(Style(background: Self.color(of: .alive, in: mode)), faded)))
            } else {
                plain.append(ScreenCell(".", style: Self.adjust(Style(), faded)))
                plain.append(ScreenCell("#", style: Self.adjust(Style(bold: true), faded)))
            }
        }
        brailleCells = braille
        plainBlocks = plain
        wideLeft = left
        wideRight = right
        narrowCells = narrow
        halfBlocks = halves
        lowerHalves = lowers
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

    /// The colour of a state in `mode`: ``color(of:)``, or where the terminal has only the basic
    /// colours, green alive, yellow born, red died, black empty (bright green and yellow where
    /// it has 16), so the states stay apart instead of falling to whichever basic colour is nearest.
    public static func color(of cell: Cell, in mode: ColorMode) -> Color {
        guard mode.isBasic else { return color(of: cell) }
        let bright = mode == .basic16
        switch cell {
        case .alive: return bright ? .brightGreen : .green
        case .born: return bright ? .brightYellow : .yellow
        case .died: return .red
        case .empty: return .black
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
        let index = Int(cell.rawValue) + (faded ? 4 : 0)
        return (wideLeft[index], wideRight[index])
    }

    /// The screen cell of a cell drawn one column wide (no colour: a glyph; colour: a full block).
    public func narrow(_ cell: Cell, faded: Bool = false) -> ScreenCell {
        narrowCells[Int(cell.rawValue) + (faded ? 4 : 0)]
    }

    /// The screen cell showing `top` over `bottom` (nil below the last row) as an upper half block.
    public func halfBlock(top: Cell, bottom: Cell?, faded: Bool = false) -> ScreenCell {
        halfBlocks[Int(top.rawValue) * 5 + (bottom.map { Int($0.rawValue) } ?? 4) + (faded ? 20 : 0)]
    }

    /// The screen cell showing `top` over `bottom`, either of which may be unknown (outside the
    /// window of the grid held, or below the last row): the terminal's own background there.
    public func halfBlock(top: Cell?, bottom: Cell?, faded: Bool = false) -> ScreenCell {
        if let top { return halfBlock(top: top, bottom: bottom, faded: faded) }
        guard let bottom else { return .blank() }
        return lowerHalves[Int(bottom.rawValue) + (faded ? 4 : 0)]
    }

    /// The braille character whose lit dots are `bits` (see ``DotGlyphs/braille(_:)``): with
    /// colour, green dots on the empty cells' grey.
    public func braille(_ bits: UInt8, faded: Bool = false) -> ScreenCell {
        brailleCells[Int(bits) + (faded ? 256 : 0)]
    }

    /// The plain glyph of a zoomed-out block: `#` when any cell in it is alive, `.` when none
    /// (with colour, a blank in the alive or the empty colour).
    public func plainBlock(live: Bool, faded: Bool = false) -> ScreenCell {
        plainBlocks[(live ? 1 : 0) + (faded ? 2 : 0)]
    }

    /// The cursor's colour with colour: light grey on a live cell, blue on a dead one.
    public static func cursorColor(live: Bool) -> Color {
        live ? .rgb(235, 235, 235) : .rgb(70, 110, 230)
    }

    /// The cursor's colour in `mode`: ``cursorColor(live:)``, or with the basic colours white on
    /// a live cell and cyan on a dead one (blue is a fading dying state's there).
    public static func cursorColor(live: Bool, in mode: ColorMode) -> Color {
        guard mode.isBasic else { return cursorColor(live: live) }
        let bright = mode == .basic16
        return live ? (bright ? .brightWhite : .white) : (bright ? .brightCyan : .cyan)
    }

    /// `cell` marked as the cursor's: with colour, in the cursor's colour (``cursorColor(live:)``)
    /// where the cell shows its state as a background (a wide or narrow cell, a plain block);
    /// else, and for braille, in reverse video.
    public func cursor(_ cell: ScreenCell, live: Bool) -> ScreenCell {
        var style = cell.style
        if mode.hasColor, cell.character == " " {
            style.background = Self.cursorColor(live: live, in: mode)
        } else {
            style.reverse.toggle()
        }
        return cell.isContinuation ? .continuation(style) : ScreenCell(cell.character, style: style)
    }

    /// A half block whose top or bottom half (`cursorOnTop`) is the cursor's colour, the other
    /// half `other`'s (nil: not known, or below the last row).
    public func halfBlockCursor(cursorOnTop: Bool, live: Bool, other: Cell?, faded: Bool = false) -> ScreenCell {
        let cursor = Self.cursorColor(live: live, in: mode)
        let otherColor = other.map { Self.color(of: $0, in: mode) } ?? .default
        let style = cursorOnTop ? Style(foreground: cursor, background: otherColor) : Style(foreground: otherColor, background: cursor)
        if !cursorOnTop, other == nil { return ScreenCell("▄", style: Self.adjust(Style(foreground: cursor), faded)) }
        return ScreenCell("▀", style: Self.adjust(style, faded))
    }

    private static func monochromeStyle(_ cell: Cell) -> Style {
        switch cell {
        case .alive, .born: return Style(bold: true)
        case .died, .empty: return Style()
        }
    }

    private static func adjust(_ style: Style, _ faded: Bool) -> Style {
        faded ? style.faded : style
    }
}
