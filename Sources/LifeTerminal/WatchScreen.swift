import Protocol

/// Composes the watcher's whole screen from the mirrored content, the connection and the
/// UI state. Pure: the same inputs give the same cells.
public struct WatchScreen: Sendable {
    /// The screen's height.
    public var rows: Int
    /// The screen's width.
    public var cols: Int
    /// How colours are shown.
    public var colorMode: ColorMode
    /// What is mirrored; nil before the first snapshot.
    public var content: WatchedContent?
    /// The mirror's version; nil before the first snapshot.
    public var version: Int?
    /// The path watched (`""` for the whole state).
    public var path: String
    /// The connection.
    public var connection: ConnectionStatus
    /// The UI state.
    public var ui: WatchUI
    /// The monotonic time now (flashes expire).
    public var now: Duration
    /// The rate of the jump in flight, as the watcher has measured it.
    public var jump: JumpProgressMeter
    /// How zoomed-out blocks are drawn (braille where the locale is UTF-8).
    public var glyphs: DotGlyphs

    /// A screen description.
    public init(
        rows: Int, cols: Int, colorMode: ColorMode, content: WatchedContent?, version: Int? = nil, path: String = "",
        connection: ConnectionStatus, ui: WatchUI = WatchUI(), now: Duration = .zero, jump: JumpProgressMeter = JumpProgressMeter(),
        glyphs: DotGlyphs = .braille
    ) {
        self.rows = rows
        self.cols = cols
        self.colorMode = colorMode
        self.content = content
        self.version = version
        self.path = path
        self.connection = connection
        self.ui = ui
        self.now = now
        self.jump = jump
        self.glyphs = glyphs
    }

    private var faded: Bool { !connection.isConnected }

    /// The screen.
    public func compose() -> WatchFrame {
        var buffer = ScreenBuffer(rows: rows, cols: cols)
        let layout = ScreenLayout(rows: rows, cols: cols)
        // The frame takes the buffer once it is drawn: holding it now would copy all its cells at the first write.
        var frame = WatchFrame(
            buffer: ScreenBuffer(rows: 0, cols: 0), gridLayout: nil, gridRect: nil, visibleGrid: nil, textLines: 0,
            textPage: layout.body.height)
        var hints: [String] = []
        switch content {
        case nil:
            let text = connection == .connecting ? "waiting for lifed…" : connection.text
            let area = layout.body.centered(height: 1, width: TextWidth.of(text))
            buffer.write(text, row: area.row, col: area.col, style: Style(dim: true))
        case .world(let world):
            if let (gridLayout, rect, visible, panel) = drawWorld(world, into: &buffer, body: layout.body, hints: &hints) {
                frame.gridLayout = gridLayout
                frame.gridRect = rect
                frame.visibleGrid = visible
                frame.panel = panel
            }
        case .subtree(let path, let value):
            let lines = SubtreeText.lines(path: path, value: value)
            frame.textLines = lines.count
            let scroll = min(ui.scroll, max(0, lines.count - layout.body.height))
            for index in 0..<layout.body.height where scroll + index < lines.count {
                buffer.write(lines[scroll + index], row: layout.body.row + index, col: 0, style: faded ? Style.plain.faded : .plain)
            }
            if lines.count > layout.body.height {
                hints.append("lines \(scroll + 1)–\(min(lines.count, scroll + layout.body.height)) of \(lines.count) (arrows scroll)")
            }
        }
        if let header = layout.header { drawHeader(into: &buffer, area: header) }
        var flash = ui.flash.flatMap { $0.isVisible(at: now) ? $0 : nil }
        // An open prompt takes the message line, over any flash.
        if case .world(let world) = content, let line = ui.promptLine(titles: world.configurationTitles) {
            flash = Flash(line.text, isError: line.isError, now: now)
        }
        if let message = layout.message {
            drawMessage(flash: flash, hints: hints, into: &buffer, area: message)
        }
        if let status = layout.status {
            if layout.message == nil, let flash {
                drawMessage(flash: flash, hints: [], into: &buffer, area: status)
            } else {
                drawStatus(into: &buffer, area: status, zoom: frame.gridLayout?.zoom)
            }
        }
        if let keyBar = layout.keyBar {
            let items: [KeyBar.Item]
            if case .world(let world) = content {
                items = KeyBar.items(for: world, connected: connection.isConnected)
            } else if content == nil, path.isEmpty {
                items = KeyBar.items(for: nil, connected: false)
            } else {
                items = KeyBar.subtreeItems
            }
            KeyBar.draw(items, into: &buffer, row: keyBar.row, col: 0, width: keyBar.width)
        }
        if ui.showsHelp {
            HelpOverlay.draw(into: &buffer, area: Rect(row: 0, col: 0, height: rows, width: cols), scroll: ui.helpScroll)
        }
        frame.buffer = buffer
        return frame
    }

    /// Draws the world; returns how the grid was laid out, where it went, the part of it that
    /// shows and what became of the side panel.
    private func drawWorld(
        _ world: WorldView, into buffer: inout ScreenBuffer, body: Rect, hints: inout [String]
    ) -> (GridLayout, Rect, Viewport, SidePanel.Placement)? {
        var gridArea = body
        func layout(width: Int, height: Int) -> GridLayout? {
            world.grid.map { grid in
                GridLayout(
                    gridRows: grid.rows, gridCols: grid.cols, areaRows: height, areaCols: width, halfBlocks: colorMode.hasColor,
                    zoom: ui.navigation.zoom, glyphs: glyphs)
            }
        }
        let showsPanel = SidePanel.shows(world, choice: ui.panel, bodyWidth: body.width) {
            // The whole grid beside the panel, at the zoom shown (the statistics take no line then).
            guard let beside = layout(width: body.width - SidePanel.takes, height: body.height) else { return true }
            return !beside.isViewport
        }
        let placement = SidePanel.Placement(
            isWanted: SidePanel.wants(world), isShown: showsPanel, hasRoom: body.width >= SidePanel.minimumBodyWidthAskedFor)
        if showsPanel {
            let panel = Rect(row: body.row, col: body.right - SidePanel.width, height: body.height, width: SidePanel.width)
            gridArea.width -= SidePanel.takes
            SidePanel.draw(world, selected: ui.selectedConfiguration, into: &buffer, area: panel, faded: faded)
        } else {
            if world.showStatistics, body.height >= 3 {
                buffer.write(
                    SidePanel.statisticsLine(world), row: body.bottom - 1, col: body.col, style: faded ? Style.plain.faded : .plain,
                    maxWidth: body.width)
                gridArea.height -= 1
            }
            // What the panel would say of the configurations, on the message line.
            if world.isFetching { hints.append("fetching configurations…") }
            if let error = world.fetchError { hints.append("fetch failed: \(error)") }
            if let selected = ui.selectedConfiguration, selected < world.configurationTitles.count {
                hints.append("configuration \(selected + 1)/\(world.configurationTitles.count): \(world.configurationTitles[selected])")
            }
        }
        if let selected = ui.selectedConfiguration, selected < world.configurationTitles.count {
            hints.append("\(world.configurationTitles[selected]): enter loads it, p pastes it at the cursor")
        }
        guard let grid = world.grid, let gridLayout = layout(width: gridArea.width, height: gridArea.height) else {
            buffer.write("the state has no grid", row: gridArea.row, col: gridArea.col, style: Style(dim: true))
            return nil
        }
        let cursor = ui.navigation.shownCursor(in: gridLayout)
        let painter = GridPainter(
            layout: gridLayout, palette: CellPalette(mode: colorMode), viewport: ui.viewport, faded: faded, cursor: cursor)
        let rect = painter.paint(grid, into: &buffer, area: gridArea)
        var place: [String] = []
        if gridLayout.isViewport {
            let view = painter.visible
            place.append(
                "rows \(view.row)–\(view.row + view.rows - 1) of \(grid.rows), cols \(view.col)–\(view.col + view.cols - 1) of \(grid.cols)")
        }
        if let cursor, cursor.row < grid.rows, cursor.col < grid.cols {
            let state = grid[cursor.row, cursor.col].map { $0.isLive ? " (alive)" : "" } ?? ""
            place.append("cursor \(cursor.row),\(cursor.col)\(state)")
        }
        if !place.isEmpty { hints.insert(place.joined(separator: " · "), at: 0) }
        if placement.isWanted, !showsPanel, ui.panel == .automatic, placement.hasRoom {
            hints.append("i shows the side panel")
        }
        return (gridLayout, rect, painter.visible, placement)
    }

    private func drawHeader(into buffer: inout ScreenBuffer, area: Rect) {
        var right = connection.text
        var title = path.isEmpty ? "lifewatch" : "lifewatch \(path)"
        if case .world(let world) = content {
            title = world.title.isEmpty ? "lifewatch" : world.title
            if let grid = world.grid { right = "\(grid.rows)×\(grid.cols) · " + right }
        }
        let connectionStyle: Style
        switch connection {
        case .connected: connectionStyle = Style(foreground: .rgb(80, 220, 100))
        case .connecting, .reconnecting: connectionStyle = Style(foreground: .rgb(240, 190, 60), bold: true)
        }
        let rightWidth = min(TextWidth.of(right), area.width)
        let rightCol = area.right - rightWidth
        buffer.write(TextWidth.truncate(right, to: rightWidth), row: area.row, col: rightCol, style: connectionStyle)
        let room = rightCol - area.col - 2
        if room > 0 {
            buffer.write(TextWidth.truncate(title, to: room), row: area.row, col: area.col, style: Style(bold: true))
        }
    }

    private func drawMessage(flash: Flash?, hints: [String], into buffer: inout ScreenBuffer, area: Rect) {
        if let flash {
            let style = flash.isError ? Style(foreground: .rgb(255, 110, 110), bold: true) : Style(foreground: .rgb(120, 190, 255))
            buffer.write(TextWidth.truncate(flash.text, to: area.width), row: area.row, col: area.col, style: style)
        } else if !hints.isEmpty {
            buffer.write(TextWidth.truncate(hints.joined(separator: " · "), to: area.width), row: area.row, col: area.col, style: Style(dim: true))
        }
    }

    private func drawStatus(into buffer: inout ScreenBuffer, area: Rect, zoom: GridZoom?) {
        switch content {
        case .world(let world):
            // The zoom shows once it is not the plain two-columns-a-cell view.
            let shown = zoom.flatMap { $0 == .wide ? nil : $0 }
            StatusLine.draw(world, jump: jump, zoom: shown, into: &buffer, row: area.row, col: area.col, width: area.width, faded: faded)
        case .subtree(let path, _):
            var text = "watching \(path.isEmpty ? "the whole state" : path)"
            if let version { text += " · version \(version)" }
            buffer.write(TextWidth.truncate(text, to: area.width), row: area.row, col: area.col, style: faded ? Style.plain.faded : .plain)
        case nil:
            buffer.write(TextWidth.truncate(connection.text, to: area.width), row: area.row, col: area.col, style: Style(dim: true))
        }
    }
}
