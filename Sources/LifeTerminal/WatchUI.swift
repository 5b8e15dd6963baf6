import LifeJSON
import Protocol

/// The watcher's own UI state, and what keys do to it.
///
/// The world itself is never changed here: a key that acts sends its action
/// (``WatchCommand/dispatch(_:)``) and the screen changes when the daemon's diff comes back.
/// Only local things change at once: the help overlay, the configuration chosen with `c`,
/// the viewport and scroll position, and flashed messages.
public struct WatchUI: Equatable, Sendable {
    /// Whether the key help covers the screen.
    public var showsHelp = false
    /// The index (into `configurations.configs`) that `enter` loads.
    public var selectedConfiguration: Int?
    /// A message shown for a while.
    public var flash: Flash?
    /// The part of a large grid that shows.
    public var viewport = GridViewport()
    /// The first line shown of a text view (`--path` onto something other than the world).
    public var scroll = 0

    /// A UI in its initial state.
    public init() {}

    /// What a key press needs to know besides the UI state.
    public struct Context: Sendable {
        /// The world, when the whole state is watched and mirrored.
        public var world: WorldView?
        /// Whether the view is of part of the state (`--path`).
        public var isSubtree: Bool
        /// Whether the connection is live.
        public var isConnected: Bool
        /// How the grid was last laid out (for panning).
        public var gridLayout: GridLayout?
        /// How many lines the text view has.
        public var textLines: Int
        /// How many lines of text show at once.
        public var textPage: Int
        /// The monotonic time now, for flashes.
        public var now: Duration

        /// A context.
        public init(
            world: WorldView?, isSubtree: Bool = false, isConnected: Bool, gridLayout: GridLayout? = nil, textLines: Int = 0,
            textPage: Int = 0, now: Duration
        ) {
            self.world = world
            self.isSubtree = isSubtree
            self.isConnected = isConnected
            self.gridLayout = gridLayout
            self.textLines = textLines
            self.textPage = textPage
            self.now = now
        }
    }

    /// Updates the UI for `key` and returns what else should happen.
    public mutating func handle(_ key: Key, context: Context) -> [WatchCommand] {
        switch key {
        case .character("q"), .interrupt: return [.quit]
        case .control("z"): return [.suspend]
        case .control("l"): return [.redraw]
        default: break
        }
        if showsHelp {
            // Any other key just closes the help.
            showsHelp = false
            return []
        }
        if key == .character("?") {
            showsHelp = true
            return []
        }
        if let (rows, cols) = Self.direction(of: key) {
            move(rows: rows, cols: cols, context: context)
            return []
        }
        if context.isSubtree {
            switch key {
            case .pageUp: scroll(by: -max(1, context.textPage - 1), context: context)
            case .pageDown, .character(" "): scroll(by: max(1, context.textPage - 1), context: context)
            case .home: scroll = 0
            case .end: scroll(by: context.textLines, context: context)
            case .escape: break
            default: note("this view shows part of the state (--path); keys that act need the whole state", context)
            }
            return []
        }
        return act(on: key, context: context)
    }

    /// The rows and columns an arrow or hjkl key moves by; nil for other keys.
    static func direction(of key: Key) -> (Int, Int)? {
        switch key {
        case .up, .character("k"): return (-1, 0)
        case .down, .character("j"): return (1, 0)
        case .left, .character("h"): return (0, -1)
        case .right, .character("l"): return (0, 1)
        default: return nil
        }
    }

    private mutating func move(rows: Int, cols: Int, context: Context) {
        if context.isSubtree {
            scroll(by: rows, context: context)
        } else if let layout = context.gridLayout {
            viewport = viewport.panned(rows: rows, cols: cols, in: layout)
        }
    }

    private mutating func scroll(by lines: Int, context: Context) {
        let limit = max(0, context.textLines - context.textPage)
        scroll = min(max(scroll + lines, 0), limit)
    }

    private mutating func act(on key: Key, context: Context) -> [WatchCommand] {
        guard Self.actionKeys.contains(key) else { return [] }
        guard context.isConnected, let world = context.world else {
            note("not connected to lifed; keys act again once it is back", context)
            return []
        }
        switch key {
        case .character(" "):
            return [.dispatch(Self.action(world.isRunning ? "simulation.stopTimer" : "simulation.startTimer"))]
        case .character("n"):
            return [.dispatch(Self.action("simulation.tick"))]
        case .character("e"):
            return [.dispatch(Self.action("simulation.resetGridToEmpty"))]
        case .character("r"):
            return [.dispatch(Self.action("simulation.resetGridToRandom"))]
        case .character("0"):
            return [.dispatch(Self.action("simulation.reset"))]
        case .character("c"):
            let count = world.configurationTitles.count
            guard count > 0 else {
                if world.isFetching {
                    note("still fetching the configurations…", context)
                    return []
                }
                return [.dispatch(Self.action("configurations.fetch"))]
            }
            let next = (selectedConfiguration.map { $0 + 1 } ?? 0) % count
            selectedConfiguration = next
            return []
        case .enter:
            let count = world.configurationTitles.count
            guard let index = selectedConfiguration, index < count else {
                note(count == 0 ? "no configurations yet: press c to fetch them" : "press c to choose a configuration first", context)
                return []
            }
            return [.dispatch(["type": "configurations.load", "index": .int(index), "resize": true])]
        case .character("+"), .character("="):
            return changeInterval(world.intervalMs / 2, world: world, context: context, limit: "fastest")
        case .character("-"), .character("_"):
            return changeInterval(world.intervalMs * 2, world: world, context: context, limit: "slowest")
        case .character("s"):
            return [.dispatch(["type": "settings.update", "display": ["showStatistics": .bool(!world.showStatistics)]])]
        case .character("x"):
            guard world.jump != nil else {
                note("no jump runs (lifectl step N starts one when N is more than one action computes at once)", context)
                return []
            }
            return [.dispatch(Self.action("grid.cancelJump"))]
        default:
            return []
        }
    }

    private static let actionKeys: Set<Key> = [
        .character(" "), .character("n"), .character("e"), .character("r"), .character("0"), .character("c"), .enter,
        .character("+"), .character("="), .character("-"), .character("_"), .character("s"), .character("x"),
    ]

    private mutating func changeInterval(_ wanted: Int, world: WorldView, context: Context, limit: String) -> [WatchCommand] {
        let interval = wanted.clamped(to: Settings.intervalRange)
        guard interval != world.intervalMs else {
            note("already the \(limit): every \(DurationText.format(milliseconds: world.intervalMs))", context)
            return []
        }
        return [.dispatch(["type": "settings.update", "intervalMs": .int(interval)])]
    }

    /// Flashes a note (not an error).
    public mutating func note(_ text: String, _ context: Context) {
        flash = Flash(text, isError: false, now: context.now)
    }

    /// Flashes the daemon's reason for refusing a request.
    public mutating func showError(_ text: String, now: Duration) {
        flash = Flash(text, isError: true, now: now)
    }

    /// Keeps the chosen configuration inside a list of `count` (it may have shrunk).
    public mutating func fitSelection(toCount count: Int) {
        if let index = selectedConfiguration, index >= count { selectedConfiguration = count > 0 ? count - 1 : nil }
    }

    /// An action object with only a type.
    static func action(_ type: String) -> JSON { ["type": .string(type)] }
}
