/// The keys lifewatch understands, for the help overlay and `lifewatch --help`.
public enum KeyHelp {
    /// Each key (or keys) and what it does, in the order they are listed.
    public static let entries: [(keys: String, action: String)] = [
        ("space", "start or stop the timer"),
        ("n", "one tick (ticks + 1 and a generation)"),
        ("e", "an empty grid (not while running)"),
        ("r", "a random grid (not while running)"),
        ("0", "reset ticks to 0 (not while running)"),
        ("c", "choose the next configuration (fetches the list if empty)"),
        ("enter", "load the chosen configuration (not while running)"),
        ("+ / -", "faster / slower: halve or double the interval"),
        ("s", "show or hide the statistics panel"),
        ("x", "cancel the jump in flight (a long lifectl step); the grid stays as it was"),
        ("arrows, hjkl", "pan a grid larger than the screen; scroll text"),
        ("?", "show or hide this help"),
        ("ctrl-l", "redraw the screen"),
        ("ctrl-z", "suspend (fg resumes)"),
        ("q, ctrl-c", "quit"),
    ]

    /// The entries as aligned lines.
    public static var lines: [String] {
        let width = entries.map { TextWidth.of($0.keys) }.max() ?? 0
        return entries.map { TextWidth.pad($0.keys, to: width) + "  " + $0.action }
    }
}
