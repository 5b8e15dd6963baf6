/// The panel right of the grid: the statistics (when `settings.display.showStatistics` is
/// on) and the configurations list with the chosen one highlighted.
public enum SidePanel {
    /// The panel's width in columns.
    public static let width = 26
    /// The narrowest body that gets a panel beside the grid.
    public static let minimumBodyWidth = 60

    /// Whether `world` has anything for the panel.
    public static func wants(_ world: WorldView) -> Bool {
        world.showStatistics || !world.configurationTitles.isEmpty || world.isFetching || world.fetchError != nil
    }

    /// The statistics as a one-line summary, for screens too narrow for the panel.
    public static func statisticsLine(_ world: WorldView) -> String {
        let s = world.statistics
        return "steps \(s.steps) · alive \(s.alive) · born \(s.born) · died \(s.died) · empty \(s.empty)"
    }

    /// Draws the panel for `world` into `area`; `selected` is the chosen configuration.
    public static func draw(_ world: WorldView, selected: Int?, into buffer: inout ScreenBuffer, area: Rect, faded: Bool) {
        func style(_ style: Style) -> Style { faded ? style.faded : style }
        var row = area.row
        func line(_ text: String, _ lineStyle: Style = .plain) {
            guard row < area.bottom else { return }
            buffer.write(TextWidth.truncate(text, to: area.width), row: row, col: area.col, style: style(lineStyle))
            row += 1
        }
        if world.showStatistics {
            // The course's statistics add up every generation's census, so "alive" is not the
            // population: the heading says they are sums (the status line has the population).
            line("Summed over steps", Style(bold: true, underline: true))
            let s = world.statistics
            for (label, value) in [("steps", s.steps), ("alive", s.alive), ("born", s.born), ("died", s.died), ("empty", s.empty)] {
                let number = String(value)
                line(TextWidth.pad(label, to: max(0, area.width - TextWidth.of(number))) + number)
            }
            row += 1
        }
        let count = world.configurationTitles.count
        guard count > 0 || world.isFetching || world.fetchError != nil else { return }
        let heading = count == 0 ? "Configurations" : selected.map { "Configurations \($0 + 1)/\(count)" } ?? "Configurations (\(count))"
        line(heading, Style(bold: true, underline: true))
        if world.isFetching { line("fetching…", Style(dim: true)) }
        if let error = world.fetchError { line("fetch failed: \(error)", Style(foreground: .rgb(230, 80, 80))) }
        let room = area.bottom - row
        guard room > 0, count > 0 else { return }
        let first = max(0, min((selected ?? 0) - room / 2, count - room))
        for index in first..<min(count, first + room) {
            let isSelected = index == selected
            let text = (isSelected ? "▸ " : "  ") + world.configurationTitles[index]
            line(TextWidth.pad(text, to: area.width), isSelected ? Style(bold: true, reverse: true) : .plain)
        }
    }
}
