/// Where the parts of the watcher's screen go, from the top:
/// a header (title and connection), the body (grid and side panel), a message line
/// (flashes, the viewport, the chosen configuration), the status line and the key bar.
/// A small screen drops the header and message line first, then the key bar.
public struct ScreenLayout: Hashable, Sendable {
    /// The title and connection state; nil when the screen is too short.
    public var header: Rect?
    /// The grid, panels or text.
    public var body: Rect
    /// Flashes and hints; nil when the screen is too short (flashes then take the status line).
    public var message: Rect?
    /// The status line; nil only on a screen with no rows.
    public var status: Rect?
    /// The keys; nil when the screen is too short.
    public var keyBar: Rect?

    /// The layout of a `rows` x `cols` screen.
    public init(rows: Int, cols: Int) {
        func line(_ row: Int) -> Rect { Rect(row: row, col: 0, height: 1, width: cols) }
        switch rows {
        case ..<1:
            body = Rect(row: 0, col: 0, height: 0, width: cols)
        case 1:
            body = Rect(row: 0, col: 0, height: 0, width: cols)
            status = line(0)
        case 2:
            body = Rect(row: 0, col: 0, height: 1, width: cols)
            status = line(1)
        case 3:
            body = Rect(row: 0, col: 0, height: 1, width: cols)
            status = line(1)
            keyBar = line(2)
        case 4, 5:
            header = line(0)
            body = Rect(row: 1, col: 0, height: rows - 3, width: cols)
            status = line(rows - 2)
            keyBar = line(rows - 1)
        default:
            header = line(0)
            body = Rect(row: 1, col: 0, height: rows - 4, width: cols)
            message = line(rows - 3)
            status = line(rows - 2)
            keyBar = line(rows - 1)
        }
    }
}
