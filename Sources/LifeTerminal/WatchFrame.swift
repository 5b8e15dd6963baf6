import Protocol

/// A composed screen, and the geometry keys need to move around it.
public struct WatchFrame: Sendable {
    /// Every cell of the screen.
    public var buffer: ScreenBuffer
    /// How the grid was laid out, when one shows.
    public var gridLayout: GridLayout?
    /// Where on the screen the grid was drawn, when one shows (for the mouse).
    public var gridRect: Rect?
    /// The part of the grid the screen shows (what a viewport subscription must cover), when one shows.
    public var visibleGrid: Viewport?
    /// How many lines the text view has.
    public var textLines: Int
    /// How many lines of text show at once.
    public var textPage: Int
}
