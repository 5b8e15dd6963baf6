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
    /// The scale of the window a viewport subscription asks for: zoomed out, the side of the
    /// block each dot shows (``GridZoom/blockScale``); else 1, cells.
    public var gridScale: Int { gridLayout?.zoom.blockScale ?? 1 }
    /// How many lines the text view has.
    public var textLines: Int
    /// How many lines of text show at once.
    public var textPage: Int
    /// What the frame did with the side panel, when the world shows.
    public var panel: SidePanel.Placement?
}
