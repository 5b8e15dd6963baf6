import LifeGrid
import Protocol

/// What a key asks the watcher to do beyond changing its own UI state.
public enum WatchCommand: Equatable, Sendable {
    /// Send this action to the daemon (a `dispatch` request, where it goes as its wire form, ``AppAction/json``).
    case dispatch(AppAction)
    /// Ask the daemon where the live cells are (a `status` request: `summary.liveBounds`),
    /// then hand the answer to ``WatchUI/liveCellsFound(_:for:context:)``.
    case findLiveCells(LiveCellsIntent)
    /// Read the configuration at `index` (a `configurations.read`), then paste it with its
    /// top-left corner at `at` (see ``WatchUI/pasteAction(configuration:expectedTitle:at:)``).
    case pasteConfiguration(index: Int, title: String, at: Pattern.Coordinate)
    /// Restore the terminal and exit.
    case quit
    /// Restore the terminal and stop the process (Ctrl-Z); redraw when continued.
    case suspend
    /// Draw the whole screen again (Ctrl-L).
    case redraw
}

/// What to do once the daemon says where the live cells are.
public enum LiveCellsIntent: Hashable, Sendable {
    /// Centre the view on them, at the zoom shown (`m`).
    case centre
    /// Zoom so that they all show, and centre on them (`f`).
    case fit
}
