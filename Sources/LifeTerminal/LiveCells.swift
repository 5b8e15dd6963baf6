import LifeJSON
import Protocol

/// Where the daemon says the live cells are (`status`'s `summary.liveBounds`).
public enum LiveCells: Hashable, Sendable {
    /// Their bounding box.
    case at(Viewport)
    /// There are none.
    case none
    /// The daemon does not say (one older than this lifewatch).
    case unreported

    /// Reads where the live cells are from a `status` reply's members (`summary.liveBounds`);
    /// ``unreported`` when it does not say, or says something else than a box.
    public init(status info: [String: JSON]) {
        guard let summary = info["summary"], let bounds = summary["liveBounds"] else {
            self = .unreported
            return
        }
        if bounds == .null {
            self = .none
            return
        }
        guard let row = bounds["row"]?.intValue, let col = bounds["col"]?.intValue, let rows = bounds["rows"]?.intValue,
            let cols = bounds["cols"]?.intValue, row >= 0, col >= 0, rows > 0, cols > 0
        else {
            self = .unreported
            return
        }
        self = .at(Viewport(row: row, col: col, rows: rows, cols: cols))
    }
}
