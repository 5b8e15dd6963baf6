import LifeGrid

// Dying states (Generations rules) on the screen: a fading colour, from the colour of a cell
// that just died towards the empty cells' grey, the further the state (with the basic colours
// only: red, magenta, then blue); without colour, `#`, bold for state 2, plain for 3, faint
// from 4 on.

extension GridWindow {
    /// The dying state (2 or more) of the cell at `row`, `col` of the whole grid; nil for any
    /// other cell, outside the window, or in a window of blocks.
    public func dyingState(row: Int, col: Int) -> Int? {
        guard !window.isScaled else { return nil }
        let r = row - window.row
        let c = col - window.col
        guard r >= 0, r < window.rows, c >= 0, c < window.cols, !cells.dying.isEmpty else { return nil }
        let state = cells.state(row: r, col: c)
        return state >= 2 ? state : nil
    }
}

extension CellPalette {
    /// The colour of dying state `state` (2 or more): the died colour for 2, then fading: state k
    /// is 1 / (k − 1) of the way from the empty grey to it.
    public static func color(dying state: Int) -> Color {
        let near: (Double, Double, Double) = (170, 50, 50)
        let far: (Double, Double, Double) = (40, 40, 48)
        let share = 1 / Double(max(state - 1, 1))
        func mix(_ a: Double, _ b: Double) -> UInt8 { UInt8((b + (a - b) * share).rounded()) }
        return .rgb(mix(near.0, far.0), mix(near.1, far.1), mix(near.2, far.2))
    }

    /// The colour of dying state `state` in `mode`: ``color(dying:)``, or where the terminal has
    /// only the basic colours, red for 2 (as a cell that just died), magenta for 3, blue further.
    public static func color(dying state: Int, in mode: ColorMode) -> Color {
        guard mode.isBasic else { return color(dying: state) }
        switch state {
        case ...2: return .red
        case 3: return .magenta
        default: return .blue
        }
    }

    /// The style of a dying state: its colour as the background, or `#`'s weight without colour.
    private func dyingStyle(_ state: Int, faded: Bool) -> Style {
        let style = mode.hasColor
            ? Style(background: Self.color(dying: state, in: mode))
            : Style(bold: state == 2, dim: state >= 4)
        return faded ? style.faded : style
    }

    /// The two screen cells of a dying cell drawn two columns wide.
    public func wide(dying state: Int, faded: Bool = false) -> (ScreenCell, ScreenCell) {
        let style = dyingStyle(state, faded: faded)
        return (mode.hasColor ? .blank(style) : ScreenCell("#", style: style), .blank(style))
    }

    /// The screen cell of a dying cell drawn one column wide.
    public func narrow(dying state: Int, faded: Bool = false) -> ScreenCell {
        let style = dyingStyle(state, faded: faded)
        return mode.hasColor ? .blank(style) : ScreenCell("#", style: style)
    }

    /// The half block of a top and a bottom cell of which one at least is dying (`topDying`,
    /// `bottomDying`: their dying states; nil for a cell of another state, `top`/`bottom`).
    public func halfBlock(top: Cell?, topDying: Int?, bottom: Cell?, bottomDying: Int?, faded: Bool = false) -> ScreenCell {
        let topColor = topDying.map { Self.color(dying: $0, in: mode) } ?? top.map { Self.color(of: $0, in: mode) }
        let bottomColor = bottomDying.map { Self.color(dying: $0, in: mode) } ?? bottom.map { Self.color(of: $0, in: mode) } ?? .default
        guard let topColor else {
            let style = Style(foreground: bottomColor)
            return ScreenCell("▄", style: faded ? style.faded : style)
        }
        let style = Style(foreground: topColor, background: bottomColor)
        return ScreenCell("▀", style: faded ? style.faded : style)
    }
}
