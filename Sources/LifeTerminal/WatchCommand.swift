import LifeJSON
import Protocol

/// What a key asks the watcher to do beyond changing its own UI state.
public enum WatchCommand: Equatable, Sendable {
    /// Send this action to the daemon (`{"type": "dispatch", "action": …}`).
    case dispatch(JSON)
    /// Restore the terminal and exit.
    case quit
    /// Restore the terminal and stop the process (Ctrl-Z); redraw when continued.
    case suspend
    /// Draw the whole screen again (Ctrl-L).
    case redraw
}
