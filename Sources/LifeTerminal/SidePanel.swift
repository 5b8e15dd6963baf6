/// The panel right of the grid: the statistics (when `settings.display.showStatistics` is
/// on) and the configurations list with the chosen one highlighted.
///
/// By default it shows only where the whole grid fits beside it: it takes 28 columns, and a
/// grid that would need them shows all of itself instead (issue 24: at 80x24 a 40x60 world
/// showed columns 0–51 only). `i` shows or hides it whatever the grid (``Choice``). Hidden,
/// its statistics are one line under the grid, and the chosen configuration and a fetch's
/// progress are on the message line.
public enum SidePanel {
    /// The panel's width in columns.
    public static let width = 26
    /// The columns the panel takes from the grid: its width and a gap of two.
    public static let takes = width + 2
    /// The narrowest body that gets a panel beside the grid by default.
    public static let minimumBodyWidth = 60
    /// The narrowest body that gets a panel when `i` asks for it: room for a few cells beside it.
    public static let minimumBodyWidthAskedFor = takes + 10

    /// Whether the panel shows: as the grid's room decides, or as `i` last said.
    public enum Choice: Hashable, Sendable {
        /// Beside a grid that fits beside it, on a body at least ``minimumBodyWidth`` wide.
        case automatic
        /// Whenever there is anything for it and the body is at least ``minimumBodyWidthAskedFor`` wide.
        case shown
        /// Never.
        case hidden
    }

    /// What the last frame did with the panel, for `i`.
    public struct Placement: Hashable, Sendable {
        /// Whether the world has anything for it (see ``wants(_:)``).
        public var isWanted: Bool
        /// Whether it showed.
        public var isShown: Bool
        /// Whether the body had room for it when asked for.
        public var hasRoom: Bool

        /// A placement.
        public init(isWanted: Bool, isShown: Bool, hasRoom: Bool) {
            self.isWanted = isWanted
            self.isShown = isShown
            self.hasRoom = hasRoom
        }
    }

    /// Whether the panel shows for `world` on a body `bodyWidth` wide under `choice`;
    /// `fitsBeside` says whether the whole grid shows in the room left beside the panel.
    public static func shows(_ world: WorldView, choice: Choice, bodyWidth: Int, fitsBeside: () -> Bool) -> Bool {
        guard wants(world) else { return false }
        switch choice {
        case .automatic: return bodyWidth >= minimumBodyWidth && fitsBeside()
        case .shown: return bodyWidth >= minimumBodyWidthAskedFor
        case .hidden: return false
        }
    }

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
