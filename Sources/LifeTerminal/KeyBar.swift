import Protocol

/// The bottom line: the keys and what they do now. A key whose action the mirrored state
/// does not allow now (e.g. `r` while the timer runs) is dimmed; pressing it still sends
/// it, and the daemon's refusal is flashed.
public enum KeyBar {
    /// One key in the bar.
    public struct Item: Hashable, Sendable {
        /// The key's name.
        public var key: String
        /// What it does.
        public var label: String
        /// Whether the state allows its action now.
        public var isAllowed: Bool

        /// An item.
        public init(_ key: String, _ label: String, isAllowed: Bool = true) {
            self.key = key
            self.label = label
            self.isAllowed = isAllowed
        }
    }

    /// The items for a world (nil: none mirrored yet); every action is dimmed while not connected.
    /// Whether a key's action is allowed now is its declaration's (``ActionType/spec``): e.g.
    /// while a jump runs, what would change the grid is dimmed, and `x` cancels the jump.
    public static func items(for world: WorldView?, connected: Bool) -> [Item] {
        let live = connected && world != nil
        let running = world?.isRunning ?? false
        let jumping = world?.jump != nil
        /// Whether the action a key sends is allowed now.
        func allows(_ type: ActionType) -> Bool { live && type.spec.allows(timerRuns: running, jumping: jumping) }
        var items = [
            Item(
                "space", running ? "stop" : "start",
                isAllowed: allows(running ? .simulationStopTimer : .simulationStartTimer) && !(world?.wouldStopAtOnce ?? false)),
            Item("n", "tick", isAllowed: allows(.simulationTick)),
            Item("e", "empty", isAllowed: allows(.simulationResetGridToEmpty)),
            Item("r", "random", isAllowed: allows(.simulationResetGridToRandom)),
            Item("0", "reset", isAllowed: allows(.simulationReset)),
            Item("c", "pick", isAllowed: allows(.configurationsFetch)),
            Item("⏎", "load", isAllowed: allows(.configurationsLoad)),
            Item("+/-", "speed", isAllowed: allows(.settingsUpdate)),
            Item("s", "stats", isAllowed: allows(.settingsUpdate)),
            Item("t", "toggle", isAllowed: allows(.gridSetCells)),
            Item("z/Z", "zoom"),
            Item("?", "help"),
            Item("q", "quit"),
        ]
        if jumping { items.insert(Item("x", "cancel jump", isAllowed: allows(.gridCancelJump)), at: 0) }
        return items
    }

    /// The items when watching part of the state (`--path`): only moving around and leaving.
    public static let subtreeItems: [Item] = [Item("↑↓", "scroll"), Item("?", "help"), Item("q", "quit")]

    /// The bar as plain text.
    public static func text(_ items: [Item]) -> String {
        items.map { "\($0.key) \($0.label)" }.joined(separator: "  ")
    }

    /// Draws `items` into `row` of `buffer` from `col`, at most `width` columns. Keys are
    /// bold, labels plain; items not allowed now are dim. When not all fit, the last two
    /// (help and quit) still show, and `…` marks where items were left out.
    public static func draw(_ items: [Item], into buffer: inout ScreenBuffer, row: Int, col: Int, width: Int) {
        let shown = fitting(items, width: width)
        var used = 0
        for (index, entry) in shown.enumerated() {
            if index > 0 { used += 2 }
            guard let item = entry else {
                used += buffer.write("…", row: row, col: col + used, style: Style(dim: true))
                continue
            }
            let keyStyle = item.isAllowed ? Style(bold: true) : Style(dim: true)
            let labelStyle = item.isAllowed ? Style.plain : Style(dim: true)
            used += buffer.write(item.key, row: row, col: col + used, style: keyStyle, maxWidth: width - used)
            used += buffer.write(" " + item.label, row: row, col: col + used, style: labelStyle, maxWidth: width - used)
        }
    }

    /// The items that fit in `width`, in order; nil stands for the ones left out.
    static func fitting(_ items: [Item], width: Int) -> [Item?] {
        func length(_ list: [Item?]) -> Int {
            list.reduce(0) { $0 + ($1.map { TextWidth.of($0.key) + 1 + TextWidth.of($0.label) } ?? 1) } + 2 * max(0, list.count - 1)
        }
        guard length(items) > width else { return items }
        let tail = Array(items.suffix(2))
        var head: [Item?] = []
        for item in items.dropLast(2) {
            guard length(head + [item, nil] + tail) <= width else { break }
            head.append(item)
        }
        let result = head + [nil] + tail.map { Optional($0) }
        if length(result) <= width { return result }
        // Quit, at least, when it fits.
        return items.suffix(1).filter { length([$0]) <= width }
    }
}
