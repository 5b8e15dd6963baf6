/// The keys lifewatch understands, for the help overlay and `lifewatch --help`.
public enum KeyHelp {
    /// Each key (or keys) and what it does, in the order they are listed.
    public static let entries: [(keys: String, action: String)] = [
        ("space", "start or stop the timer"),
        ("n", "one tick (ticks + 1 and a generation)"),
        ("e", "an empty grid (not while running)"),
        ("r", "a random grid (not while running)"),
        ("0", "reset ticks to 0 (not while running)"),
        ("arrows, hjkl", "move the cursor; the view follows it"),
        ("PgUp, PgDn", "move the view a screenful up or down"),
        ("shift-arrows, HJKL", "move the view a screenful any way"),
        ("home, end", "the grid's top-left or bottom-right corner"),
        ("g", "go to a row and column from 0 (g 120,340 enter)"),
        ("m", "centre the view on the live cells"),
        ("f", "zoom out until all the live cells show"),
        ("z, Z", "zoom in or out: 2:1, 1:1, then braille 1:2 to 1:128"),
        ("t", "toggle the cell under the cursor"),
        ("mouse", "click, drag: draw (erase from a live cell); wheel: zoom"),
        ("", "at 1:1 the top one of a line's two cells; the one under"),
        ("", "the pointer where the terminal reports pixels (not tmux)"),
        ("c, C", "choose the next or previous configuration (or fetch)"),
        ("/", "find a configuration by part of its title"),
        ("enter", "load the chosen configuration (not while running)"),
        ("p", "paste the chosen configuration at the cursor"),
        ("+ / -", "faster / slower, on a ladder from 10ms to 60s (shared)"),
        ("] / [", "step up / down: 10 times the generations a tick (shared)"),
        ("s", "statistics on or off (shared: every watcher sees it)"),
        ("i", "side panel on or off (default: if the grid fits too)"),
        ("a", "autostop on or off: stop once settled (shared)"),
        ("x", "cancel the jump in flight (a long lifectl step)"),
        ("u, U", "undo / redo the last change to the world (shared)"),
        ("R", "rewind to where the last run, step or jump began"),
        ("w", "resize the world: w 40x60 enter (cells kept centred)"),
        ("?", "show or hide this help (arrows scroll it)"),
        ("ctrl-l", "redraw the screen"),
        ("ctrl-z", "suspend (fg resumes)"),
        ("q, ctrl-c", "quit"),
    ]

    /// The widest a line may be, so that the help's box fits an 80-column terminal.
    public static let maxWidth = 76

    /// The entries as aligned lines.
    public static var lines: [String] {
        let width = entries.map { TextWidth.of($0.keys) }.max() ?? 0
        return entries.map { TextWidth.pad($0.keys, to: width) + "  " + $0.action }
    }
}
