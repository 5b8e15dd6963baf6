/// The key help drawn in a box over the middle of the screen.
public enum HelpOverlay {
    /// Draws the help over `buffer`, centred in `area`.
    public static func draw(into buffer: inout ScreenBuffer, area: Rect, lines: [String] = KeyHelp.lines) {
        let title = " lifewatch keys "
        let footer = " any key closes "
        let contentWidth = max(lines.map { TextWidth.of($0) }.max() ?? 0, TextWidth.of(title), TextWidth.of(footer))
        let box = area.centered(height: lines.count + 2, width: contentWidth + 4)
        guard box.height >= 3, box.width >= 6 else { return }
        let frame = Style(bold: true)
        buffer.fill(box)
        let inner = box.width - 2
        buffer.write("┌" + String(repeating: "─", count: inner) + "┐", row: box.row, col: box.col, style: frame)
        buffer.write(title, row: box.row, col: box.col + 2, style: frame, maxWidth: inner - 1)
        for index in 0..<(box.height - 2) {
            let row = box.row + 1 + index
            buffer.write("│", row: row, col: box.col, style: frame)
            if index < lines.count { buffer.write(lines[index], row: row, col: box.col + 2, maxWidth: inner - 2) }
            buffer.write("│", row: row, col: box.right - 1, style: frame)
        }
        buffer.write("└" + String(repeating: "─", count: inner) + "┘", row: box.bottom - 1, col: box.col, style: frame)
        buffer.write(footer, row: box.bottom - 1, col: box.right - 2 - TextWidth.of(footer), style: Style(dim: true), maxWidth: inner - 1)
    }
}
