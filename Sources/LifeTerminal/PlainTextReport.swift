import Protocol

/// What `lifewatch --once` (or a lifewatch whose output is not a terminal) prints: the
/// title, the status line and the grid as the protocol's characters (`.` empty, `O` alive,
/// `+` born, `x` died), then the statistics when the display shows them. Of a grid larger
/// than the window lifewatch asked for, only that window shows, and the grid line says which. For a `--path`
/// onto part of the state, the same lines the text view shows.
public enum PlainTextReport {
    /// The report's lines.
    public static func lines(for content: WatchedContent) -> [String] {
        switch content {
        case .subtree(let path, let value):
            return SubtreeText.lines(path: path, value: value)
        case .world(let world):
            var lines = [world.title.isEmpty ? "lifewatch" : world.title, StatusLine.text(for: world)]
            if let grid = world.grid {
                let window = grid.window
                lines.append(
                    grid.isWhole
                        ? "grid \(grid.rows)x\(grid.cols)"
                        : "grid \(grid.rows)x\(grid.cols), rows \(window.row)–\(window.row + window.rows - 1) "
                            + "and cols \(window.col)–\(window.col + window.cols - 1) shown")
                lines += (0..<grid.cells.rows).map(grid.cells.rowText)
            }
            if world.showStatistics { lines.append("statistics: " + SidePanel.statisticsLine(world)) }
            return lines
        }
    }
}
