import Protocol

extension WatchUI {
    /// Moves around the grid for `key`: the cursor (arrows, hjkl), pages (PageUp, PageDown,
    /// Shift-arrows, HJKL), the corners (Home, End), zoom (`z`, `Z`), go to (`g`), the live
    /// cells (`m` centres on them, `f` fits them). Nil when `key` is none of these.
    mutating func navigate(_ key: Key, context: Context) -> [WatchCommand]? {
        let isNavigation =
            Self.direction(of: key) != nil || Self.pageDirection(of: key) != nil
            || [.home, .end, .character("z"), .character("Z"), .character("g"), .character("m"), .character("f")].contains(key)
        guard isNavigation else { return nil }
        guard let layout = context.gridLayout else { return [] }
        if let (rows, cols) = Self.direction(of: key) {
            navigation.moveCursor(rows: rows, cols: cols, in: layout)
            return []
        }
        if let (rows, cols) = Self.pageDirection(of: key) {
            navigation.page(rows: rows, cols: cols, in: layout)
            return []
        }
        switch key {
        case .home: navigation.home(in: layout)
        case .end: navigation.end(in: layout)
        case .character("z"): zoom(closer: true, context: context, layout: layout)
        case .character("Z"): zoom(closer: false, context: context, layout: layout)
        case .character("g"): prompt = Prompt(.goTo)
        case .character("m"): return liveCellsRequest(.centre, context: context)
        case .character("f"): return liveCellsRequest(.fit, context: context)
        default: break
        }
        return []
    }

    /// One zoom step, or a note saying why there is none.
    mutating func zoom(closer: Bool, context: Context, layout: GridLayout) {
        if !closer, layout.zoom.isZoomedOut, !layout.isViewport {
            note("the whole grid shows already (zoom \(layout.zoom.label))", context)
            return
        }
        guard navigation.zoom(closer: closer, in: layout) else {
            note("already the \(closer ? "closest" : "farthest") zoom (\(layout.zoom.label))", context)
            return
        }
    }

    private mutating func liveCellsRequest(_ intent: LiveCellsIntent, context: Context) -> [WatchCommand] {
        guard context.isConnected else {
            note("not connected to lifed; keys act again once it is back", context)
            return []
        }
        return [.findLiveCells(intent)]
    }

    /// The daemon's answer to ``WatchCommand/findLiveCells(_:)``: the view centred on the live
    /// cells (and zoomed to fit them, for ``LiveCellsIntent/fit``), or a note why not.
    public mutating func liveCellsFound(_ found: LiveCells, for intent: LiveCellsIntent, context: Context) {
        guard let layout = context.gridLayout else { return }
        switch found {
        case .at(let box):
            switch intent {
            case .centre: navigation.centre(on: box, in: layout)
            case .fit: navigation.fit(box, in: layout)
            }
        case .none:
            note("no live cells to \(intent == .fit ? "fit" : "centre on")", context)
        case .unreported:
            note("this lifed does not say where the live cells are (it is older than lifewatch)", context)
        }
    }
}
