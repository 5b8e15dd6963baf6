import LifeJSON

/// One window a fanout watcher subscribes to: its top-left cell, its size in blocks, and the
/// blocks' side (1: a character a cell).
struct FanoutWindow: Hashable {
    var row: Int
    var col: Int
    var rows: Int
    var cols: Int
    var scale: Int

    /// The `viewport` member of a `subscribe`. `scale` is sent only above 1, so that a lifed
    /// that does not know it serves the unscaled windows as before.
    var json: JSON {
        var members: [String: JSON] = ["row": .int(row), "col": .int(col), "rows": .int(rows), "cols": .int(cols)]
        if scale > 1 { members["scale"] = .int(scale) }
        return .object(members)
    }

    /// The `subscribe` request of subscription `id` to `path` through this window.
    func subscribeRequest(id: Int, path: JSONPointer) -> JSON {
        ["type": "subscribe", "id": .int(id), "path": .string(path.description), "viewport": json]
    }

    /// The windows of every watcher (`windows[watcher][subscription]`), spread over the world
    /// on a lattice of about as many columns as rows, so that no two are at the same place while
    /// the world has room: 4,096 windows of one cell on 4096 x 4096 are 64 cells apart; 256 of
    /// 40 x 120 do not overlap. Nil when the options ask for no viewport.
    static func layout(_ options: FanoutOptions) -> [[FanoutWindow]]? {
        guard let size = options.viewport else { return nil }
        let total = options.subscriptions
        let across = Int(Double(total).squareRoot().rounded(.up))
        let down = (total + across - 1) / across
        return (0..<options.watchers).map { watcher in
            let scale = options.scale(ofWatcher: watcher)
            // The cells the window covers, as far as the world holds them.
            let height = min(options.gridRows, size.rows * scale)
            let width = min(options.gridCols, size.cols * scale)
            return (0..<options.windows).map { index in
                let place = watcher * options.windows + index
                let (latticeRow, latticeCol) = place.quotientAndRemainder(dividingBy: across)
                // On the lattice of the scale, as lifewatch places its windows (a zoomed-out view
                // moves a block at a time), which lets lifed serve them from its aligned blocks.
                return FanoutWindow(
                    row: spread(latticeRow, of: down, over: options.gridRows - height) / scale * scale,
                    col: spread(latticeCol, of: across, over: options.gridCols - width) / scale * scale,
                    rows: size.rows, cols: size.cols, scale: scale)
            }
        }
    }

    /// Place `index` of `count` evenly from 0 to `room` (both ends included).
    private static func spread(_ index: Int, of count: Int, over room: Int) -> Int {
        count > 1 ? room * index / (count - 1) : 0
    }
}
