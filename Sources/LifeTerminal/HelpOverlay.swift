/// The key help drawn in a box over the middle of the screen. When the screen is too short
/// for all of it, the lines from `scroll` show, and the box's edges say that more is above
/// or below (the arrows scroll it).
public enum HelpOverlay {
    /// How many lines of help show in `area` (two go to the box's edges).
    public static func visibleLines(in area: Rect, lines: [String] = KeyHelp.lines) -> Int {
        max(0, min(lines.count, area.height - 2))
    }

    /// The first line shown for a wanted `scroll`, kept so that the box stays full.
    public static func clampedScroll(_ scroll: Int, in area: Rect, lines: [String] = KeyHelp.lines) -> Int {
        min(max(0, scroll), max(0, lines.count - visibleLines(in: area, lines: lines)))
    }

    /// Draws the help over `buffer`, centred in `area`, from line `scroll`.
    public static func draw(into buffer: inout ScreenBuffer, area: Rect, lines: [String] = KeyHelp.lines, scroll: Int = 0) {
        let first = clampedScroll(scroll, in: area, lines: lines)
        let shown = visibleLines(in: area, lines: lines)
        let above = first > 0
        let below = first + shown < lines.count
        let title = " lifewatch keys " + (above ? "(↑ more) " : "")
        let footer = (below ? " ↓ more ·" : "") + " any other key closes "
        let contentWidth = max(lines.map { TextWidth.of($0) }.max() ?? 0, TextWidth.of(title), TextWidth.of(footer))
        let box = area.centered(height: shown + 2, width: contentWidth + 4)
        guard box.height >= 3, box.width >= 6 else { return }
        let frame = Style(bold: true)
        buffer.fill(box)
        let inner = box.width - 2
        buffer.write("┌" + String(repeating: "─", count: inner) + "┐", row: box.row, col: box.col, style: frame)
        buffer.write(title, row: box.row, col: box.col + 2, style: frame, maxWidth: inner - 1)
        for index in 0..<(box.height - 2) {
            let row = box.row + 1 + index
            buffer.write("│", row: row, col: box.col, style: frame)
            if first + index < lines.count {
                buffer.write(lines[first + index], row: row, col: box.col + 2, maxWidth: inner - 2)
            }
            buffer.write("│", row: row, col: box.right - 1, style: frame)
        }
        buffer.write("└" + String(repeating: "─", count: inner) + "┘", row: box.bottom - 1, col: box.col, style: frame)
        buffer.write(footer, row: box.bottom - 1, col: box.right - 2 - TextWidth.of(footer), style: Style(dim: true), maxWidth: inner - 1)
    }
}
