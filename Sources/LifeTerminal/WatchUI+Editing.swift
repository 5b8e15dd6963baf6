import LifeGrid
import LifeJSON
import LifePatterns
import Protocol

extension GridZoom {
    /// Whether the mouse draws at this zoom: up to `1:4`, where a character shows at most 4 x 8
    /// cells. Farther out, a click only moves the cursor (a stroke would paint blocks of
    /// hundreds of cells).
    public var allowsMouseDrawing: Bool { cellsPerColumn <= 4 }
}

/// Editing: the mouse's strokes and pasting a configuration (`t` is in ``WatchUI``'s keys).
extension WatchUI {
    /// A mouse event: the left button draws or erases (the first cell decides, see
    /// ``DrawStroke``) and moves the cursor; the right or middle button moves the cursor; the
    /// wheel zooms in (up) or out (down) about the cell under the pointer. In a text view the
    /// wheel scrolls.
    ///
    /// At 1:1 with half blocks a character shows two rows: the event is for the one under the
    /// pointer where the terminal reports pixels (``MouseEvent/lowerHalf``), else for the top
    /// one (issue 24: a click drew both). A stroke goes by half lines there, so that a drag
    /// down a column leaves no gaps.
    mutating func handleMouse(_ event: MouseEvent, context: Context) -> [WatchCommand] {
        if showsHelp {
            if event.action == .press { showsHelp = false }
            return []
        }
        if context.isSubtree {
            if event.button == .wheelUp || event.button == .wheelDown {
                scroll(by: event.button == .wheelUp ? -3 : 3, context: context)
            }
            return []
        }
        let point = pointer(event, context: context)
        switch (event.button, event.action) {
        case (.wheelUp, .press), (.wheelDown, .press):
            guard let layout = context.gridLayout else { return [] }
            flash = nil
            // A zoom changes what a point is: a stroke in progress ends here.
            if stroke?.isDown == true { setAside() }
            if let block = block(at: point, context: context) {
                navigation.place(cursor: Pattern.Coordinate(row: block.row, col: block.col), in: layout)
            }
            zoom(closer: event.button == .wheelUp, context: context, layout: layout)
        case (.left, .press):
            flash = nil
            // The last stroke's cells not yet sent still go (a click can follow a release before the next frame).
            setAside()
            guard let layout = context.gridLayout, let block = block(at: point, context: context) else { return [] }
            navigation.place(cursor: Pattern.Coordinate(row: block.row, col: block.col), in: layout)
            guard context.isConnected, let world = context.world else {
                note("not connected to lifed; drawing works again once it is back", context)
                return []
            }
            guard layout.zoom.allowsMouseDrawing else {
                note("zoom in to 1:4 or closer (z) to draw with the mouse; here a click moves the cursor", context)
                return []
            }
            let live = world.grid?.anyLive(rows: block.row..<(block.row + block.rows), cols: block.col..<(block.col + block.cols)) ?? false
            var started = DrawStroke(change: live ? .empty : .alive, at: point)
            started.add(block)
            stroke = started
        case (.left, .drag):
            guard var current = stroke, current.isDown else { return [] }
            for passed in current.move(to: point) {
                if let block = block(at: passed, context: context) { current.add(block) }
            }
            stroke = current
        case (_, .release):
            stroke?.release()
        case (.right, .press), (.middle, .press):
            guard let layout = context.gridLayout, let block = block(at: point, context: context) else { return [] }
            flash = nil
            navigation.place(cursor: Pattern.Coordinate(row: block.row, col: block.col), in: layout)
        default:
            break
        }
        return []
    }

    /// Where `event` is, in the units a stroke goes by: in half blocks, half lines (the top
    /// half of a line unless pixel reports say the bottom), else screen cells.
    private func pointer(_ event: MouseEvent, context: Context) -> ScreenPoint {
        guard context.gridLayout?.mode == .halfBlock else { return ScreenPoint(row: event.row, col: event.col) }
        return ScreenPoint(row: event.row * 2 + (event.lowerHalf == true ? 1 : 0), col: event.col)
    }

    /// The cells at `point` (see ``pointer(_:context:)``), when the grid is there: the cells
    /// the character there shows, or in half blocks the one of its two rows.
    private func block(at point: ScreenPoint, context: Context) -> Viewport? {
        guard let layout = context.gridLayout, let rect = context.gridRect else { return nil }
        let halves = layout.mode == .halfBlock
        let line = halves ? point.row / 2 : point.row
        guard point.row >= 0, line >= rect.row, line < rect.bottom, point.col >= rect.col, point.col < rect.right,
            let cells = layout.cells(atLine: line - rect.row, column: point.col - rect.col, viewport: navigation.viewport.clamped(to: layout))
        else { return nil }
        guard halves else { return cells }
        // The bottom half of the last line of a grid of odd rows shows no cell.
        let row = cells.row + point.row % 2
        guard row < cells.row + cells.rows else { return nil }
        return Viewport(row: row, col: cells.col, rows: 1, cols: cells.cols)
    }

    /// Ends the stroke, keeping the actions for the cells it passed and did not send yet.
    private mutating func setAside() {
        guard var current = stroke else { return }
        strokesToSend += current.take()
        stroke = nil
    }

    /// The cells strokes passed since the last call, as actions to send now (once a frame);
    /// a stroke whose button came up is over once everything is sent.
    public mutating func takeStroke() -> [WatchCommand] {
        var actions = strokesToSend
        strokesToSend = []
        if var current = stroke {
            actions += current.take()
            stroke = current.isDown ? current : nil
        }
        return actions.map { .dispatch($0) }
    }

    /// The `grid.paste` action for a `configurations.read` reply's `configuration` (its `rle`),
    /// with its top-left corner at `cell`; an error in words when the reply is not the
    /// configuration chosen (the list changed meanwhile), has no pattern, or one that does not read.
    public static func pasteAction(configuration: JSON, expectedTitle: String, at cell: Pattern.Coordinate) -> Result<AppAction, WordedError> {
        guard configuration["title"]?.stringValue == expectedTitle else {
            return .failure(WordedError("the configurations changed meanwhile; choose one again with c"))
        }
        guard let rle = configuration["rle"]?.stringValue else {
            return .failure(WordedError("lifed sent \(expectedTitle) without its pattern"))
        }
        // The pattern's whole box (as its header gives it) goes, as the daemon reads a paste.
        do {
            let pattern = try PatternFormat.rle.read(rle)
            return .success(.simulation(.grid(.edit(.paste(pattern.cells, at: cell, mode: .or)))))
        } catch {
            return .failure(WordedError("lifed sent \(expectedTitle) with a pattern that does not read: \(error)"))
        }
    }
}
