import LifeGrid
import LifeScheduling
import Protocol

/// The watcher's own UI state, and what keys do to it.
///
/// The world itself is never changed here: a key that acts sends its action
/// (``WatchCommand/dispatch(_:)``) and the screen changes when the daemon's diff comes back.
/// Only local things change at once: the help overlay, the configuration chosen with `c`,
/// where the view is and the cursor, prompts, and flashed messages.
public struct WatchUI: Equatable, Sendable {
    /// Whether the key help covers the screen.
    public var showsHelp = false
    /// The first line of the key help shown (on a screen too short for all of it).
    public var helpScroll = 0
    /// The index (into `configurations.configs`) that `enter` loads.
    public var selectedConfiguration: Int?
    /// A message shown for a while.
    public var flash: Flash?
    /// What the state was when the flash came: the flash goes once that changes (see ``observe(world:connected:)``).
    public var flashFacts: StateFacts?
    /// Where the view of the grid is, its zoom and the cursor.
    public var navigation = GridNavigation()
    /// The first line shown of a text view (`--path` onto something other than the world).
    public var scroll = 0
    /// The line of input open on the message line, if any.
    public var prompt: Prompt?
    /// The last text searched for with `/` (an empty answer searches for it again).
    public var lastSearch = ""
    /// The mouse stroke drawing or erasing, if any.
    public var stroke: DrawStroke?
    /// Actions of strokes that ended before their cells went out (see ``takeStroke()``).
    public var strokesToSend: [AppAction] = []
    /// The grid size last seen (a new size starts at the automatic zoom, the cursor in the middle).
    public var gridSize: Pattern.Size?
    /// Whether the side panel shows: by default where the grid fits beside it; `i` decides for good.
    public var panel = SidePanel.Choice.automatic

    /// A UI in its initial state.
    public init() {}

    /// The part of a large grid that shows.
    public var viewport: GridViewport {
        get { navigation.viewport }
        set { navigation.viewport = newValue }
    }

    /// What a key press needs to know besides the UI state.
    public struct Context: Sendable {
        /// The world, when the whole state is watched and mirrored.
        public var world: WorldView?
        /// Whether the view is of part of the state (`--path`).
        public var isSubtree: Bool
        /// Whether the connection is live.
        public var isConnected: Bool
        /// How the grid was last laid out (for moving around it).
        public var gridLayout: GridLayout?
        /// Where on the screen the grid was last drawn (for the mouse).
        public var gridRect: Rect?
        /// How many lines the text view has.
        public var textLines: Int
        /// How many lines of text show at once.
        public var textPage: Int
        /// The monotonic time now, for flashes.
        public var now: Duration
        /// What the last frame did with the side panel (for `i`).
        public var panel: SidePanel.Placement?

        /// A context.
        public init(
            world: WorldView?, isSubtree: Bool = false, isConnected: Bool, gridLayout: GridLayout? = nil, gridRect: Rect? = nil,
            textLines: Int = 0, textPage: Int = 0, now: Duration, panel: SidePanel.Placement? = nil
        ) {
            self.world = world
            self.isSubtree = isSubtree
            self.isConnected = isConnected
            self.gridLayout = gridLayout
            self.gridRect = gridRect
            self.textLines = textLines
            self.textPage = textPage
            self.now = now
            self.panel = panel
        }

        /// The facts a flash shown now speaks of.
        var facts: StateFacts { StateFacts(world: world, connected: isConnected) }
    }

    /// The context of a key or a reply: `content` as the mirror shows it now (watched through
    /// a `--path` unless `watchesWorld`), over a connection that is live or not, and the grid laid
    /// out as the last frame drew it, at the zoom asked for since (several keys may come in one
    /// read, before the next frame).
    public func context(content: WatchedContent?, watchesWorld: Bool, lastFrame: WatchFrame?, isConnected: Bool, now: Duration) -> Context {
        var isSubtree = !watchesWorld
        if case .subtree? = content { isSubtree = true }
        var layout = lastFrame?.gridLayout
        if let drawn = layout {
            let zoom =
                navigation.zoom
                ?? GridLayout.automaticZoom(gridRows: drawn.gridRows, gridCols: drawn.gridCols, areaRows: drawn.areaRows, areaCols: drawn.areaCols)
            layout = drawn.with(zoom: zoom)
        }
        return Context(
            world: content?.world, isSubtree: isSubtree, isConnected: isConnected, gridLayout: layout, gridRect: lastFrame?.gridRect,
            textLines: lastFrame?.textLines ?? 0, textPage: lastFrame?.textPage ?? 0, now: now, panel: lastFrame?.panel)
    }

    /// Updates the UI for `key` and returns what else should happen.
    public mutating func handle(_ key: Key, context: Context) -> [WatchCommand] {
        if key == .interrupt { return [.quit] }
        if prompt != nil { return handlePrompt(key, context: context) }
        if case .mouse(let event) = key { return handleMouse(event, context: context) }
        // A key press moves on from whatever was flashed before it.
        flash = nil
        switch key {
        case .character("q"): return [.quit]
        case .control("z"): return [.suspend]
        case .control("l"): return [.redraw]
        default: break
        }
        if showsHelp {
            // The arrows scroll a help taller than the screen; any other key closes it.
            let step: Int? =
                switch key {
                case .down, .character("j"): 1
                case .up, .character("k"): -1
                case .pageDown, .character(" "): 10
                case .pageUp: -10
                default: nil
                }
            if let step {
                helpScroll = min(max(0, helpScroll + step), KeyHelp.entries.count - 1)
            } else {
                showsHelp = false
            }
            return []
        }
        if key == .character("?") {
            showsHelp = true
            helpScroll = 0
            return []
        }
        if context.isSubtree { return scrollText(key, context: context) }
        if key == .character("i") {
            togglePanel(context: context)
            return []
        }
        if let commands = navigate(key, context: context) { return commands }
        return act(on: key, context: context)
    }

    /// The rows and columns an arrow or hjkl key moves the cursor by; nil for other keys.
    static func direction(of key: Key) -> (Int, Int)? {
        switch key {
        case .up, .character("k"): return (-1, 0)
        case .down, .character("j"): return (1, 0)
        case .left, .character("h"): return (0, -1)
        case .right, .character("l"): return (0, 1)
        default: return nil
        }
    }

    /// The pages a page key moves by (PageUp/PageDown, Shift-arrows, HJKL); nil for other keys.
    static func pageDirection(of key: Key) -> (Int, Int)? {
        switch key {
        case .pageUp, .shiftUp, .character("K"): return (-1, 0)
        case .pageDown, .shiftDown, .character("J"): return (1, 0)
        case .shiftLeft, .character("H"): return (0, -1)
        case .shiftRight, .character("L"): return (0, 1)
        default: return nil
        }
    }

    private mutating func scrollText(_ key: Key, context: Context) -> [WatchCommand] {
        if let (rows, _) = Self.direction(of: key) {
            scroll(by: rows, context: context)
            return []
        }
        switch key {
        case .pageUp, .shiftUp: scroll(by: -max(1, context.textPage - 1), context: context)
        case .pageDown, .shiftDown, .character(" "): scroll(by: max(1, context.textPage - 1), context: context)
        case .home: scroll = 0
        case .end: scroll(by: context.textLines, context: context)
        case .escape: break
        default: note("this view shows part of the state (--path); keys that act need the whole state", context)
        }
        return []
    }

    mutating func scroll(by lines: Int, context: Context) {
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
            if world.isRunning { return [.dispatch(.simulation(.stopTimer))] }
            if world.wouldStopAtOnce {
                // The daemon would give it one tick and stop it again (autoStop): say so instead.
                note("the world is \(StatusLine.settling(world)): autostop would stop it after one tick (a turns autostop off)", context)
                return []
            }
            return [.dispatch(.simulation(.startTimer))]
        case .character("n"):
            return [.dispatch(.simulation(.tick))]
        case .character("e"):
            return [.dispatch(.simulation(.resetGridToEmpty))]
        case .character("r"):
            return [.dispatch(.simulation(.resetGridToRandom))]
        case .character("0"):
            return [.dispatch(.simulation(.reset))]
        case .character("c"), .character("C"):
            let count = world.configurationTitles.count
            guard count > 0 else {
                if world.isFetching {
                    note("still fetching the configurations…", context)
                    return []
                }
                // Say so: the list may take a while, and nothing else on screen changes until then.
                note("fetching the configurations…", context)
                return [.dispatch(.configurations(.fetch(url: nil)))]
            }
            if key == .character("c") {
                selectedConfiguration = (selectedConfiguration.map { $0 + 1 } ?? 0) % count
            } else {
                selectedConfiguration = selectedConfiguration.map { ($0 - 1 + count) % count } ?? count - 1
            }
            return []
        case .character("/"):
            guard !world.configurationTitles.isEmpty else {
                note(world.isFetching ? "still fetching the configurations…" : "no configurations yet: press c to fetch them", context)
                return []
            }
            prompt = Prompt(.find(restore: selectedConfiguration))
            return []
        case .enter:
            let count = world.configurationTitles.count
            guard let index = selectedConfiguration, index < count else {
                note(count == 0 ? "no configurations yet: press c to fetch them" : "press c to choose a configuration first", context)
                return []
            }
            return [.dispatch(.configurations(.load(.index(index), resize: true)))]
        case .character("p"):
            let count = world.configurationTitles.count
            guard let index = selectedConfiguration, index < count else {
                note(count == 0 ? "no configurations yet: press c to fetch them" : "press c to choose a configuration to paste first", context)
                return []
            }
            guard let cursor = navigation.cursor else { return [] }
            return [.pasteConfiguration(index: index, title: world.configurationTitles[index], at: cursor)]
        case .character("t"):
            guard let cursor = navigation.cursor else { return [] }
            return [.dispatch(.simulation(.grid(.edit(.setCells([cursor], to: .toggle)))))]
        case .character("+"), .character("="):
            return changeInterval(WatchUI.intervalLadder.last { $0 < world.intervalMs } ?? world.intervalMs, world: world, context: context, limit: "fastest")
        case .character("-"), .character("_"):
            return changeInterval(WatchUI.intervalLadder.first { $0 > world.intervalMs } ?? world.intervalMs, world: world, context: context, limit: "slowest")
        case .character("]"):
            return changeStep(up: true, world: world, context: context)
        case .character("["):
            return changeStep(up: false, world: world, context: context)
        case .character("s"):
            return [.dispatch(.settings(.update(SettingsUpdate(showStatistics: !world.showStatistics))))]
        case .character("a"):
            // One action that flips it in the daemon: two watchers pressing `a` at once never both set the same value.
            return [.dispatch(.settings(.toggleAutoStop))]
        case .character("u"):
            guard world.nextUndo != nil || world.isRunning else {
                note("nothing to undo", context)
                return []
            }
            return [.dispatch(.history(.undo(count: 1)))]
        case .character("U"):
            guard world.nextRedo != nil else {
                note("nothing to redo", context)
                return []
            }
            return [.dispatch(.history(.redo(count: 1)))]
        case .character("R"):
            return [.dispatch(.history(.rewind))]
        case .character("w"):
            // The size in place to edit: a resize is usually a small change of it.
            prompt = Prompt(.resize, text: world.grid.map { "\($0.rows)x\($0.cols)" } ?? "")
            return []
        case .character("x"):
            guard world.jump != nil else {
                note("no jump runs (lifectl step N starts one when N is more than one action computes at once)", context)
                return []
            }
            return [.dispatch(.simulation(.grid(.cancelJump)))]
        default:
            return []
        }
    }

    private static let actionKeys: Set<Key> = [
        .character(" "), .character("n"), .character("e"), .character("r"), .character("0"), .character("c"), .character("C"),
        .character("/"), .enter, .character("p"), .character("t"), .character("+"), .character("="), .character("-"),
        .character("_"), .character("s"), .character("a"), .character("x"), .character("]"), .character("["),
        .character("u"), .character("U"), .character("R"), .character("w"),
    ]

    /// The intervals `+` and `-` step through, in milliseconds: a fixed ladder, so that `+` then
    /// `-` comes back to where it started (halving and doubling walked 250, 125, 62, 31, 15, 30…).
    static let intervalLadder = [10, 20, 50, 100, 250, 500, 1000, 2000, 5000, 10_000, 30_000, 60_000]

    private mutating func changeInterval(_ wanted: Int, world: WorldView, context: Context, limit: String) -> [WatchCommand] {
        let interval = wanted.clamped(to: Settings.intervalRange)
        guard interval != world.intervalMs else {
            note("already the \(limit): every \(DurationText.format(milliseconds: world.intervalMs))", context)
            return []
        }
        return [.dispatch(.settings(.update(SettingsUpdate(intervalMs: interval))))]
    }

    /// Golly's step keys, with a base of 10: the next power of 10 above the generations a tick
    /// computes, or the one below (a step of 7 goes up to 10 and down to 1).
    private mutating func changeStep(up: Bool, world: WorldView, context: Context) -> [WatchCommand] {
        let range = Settings.generationsPerTickRange
        let current = world.generationsPerTick
        var power = 1
        if up {
            while power <= current, power < range.upperBound { power *= 10 }
        } else {
            while power * 10 < current { power *= 10 }
        }
        let step = power.clamped(to: range)
        guard step != current else {
            note("already the \(up ? "largest" : "smallest") step: \(current) generation\(current == 1 ? "" : "s") a tick", context)
            return []
        }
        return [.dispatch(.settings(.update(SettingsUpdate(generationsPerTick: step))))]
    }

    /// `i`: hides the side panel where it shows, shows it where it does not (for good: the
    /// grid's room no longer decides); a note when it has nothing to show or no room.
    private mutating func togglePanel(context: Context) {
        guard let placement = context.panel else { return }
        if placement.isShown {
            panel = .hidden
            return
        }
        guard placement.isWanted else {
            note("the side panel has nothing to show: s shows the statistics, c fetches the configurations", context)
            return
        }
        guard placement.hasRoom else {
            note("the screen is too narrow for the side panel (\(SidePanel.minimumBodyWidthAskedFor) columns at least)", context)
            return
        }
        panel = .shown
    }

    /// Flashes a note (not an error).
    public mutating func note(_ text: String, _ context: Context) {
        flash = Flash(text, isError: false, now: context.now)
        flashFacts = context.facts
    }

    /// Flashes an error: the daemon's reason for refusing a request, or a prompt's bad answer.
    public mutating func showError(_ text: String, now: Duration, facts: StateFacts? = nil) {
        flash = Flash(text, isError: true, now: now)
        flashFacts = facts
    }

    /// Takes in the state as the mirror now shows it: a flash about facts that have changed
    /// since (the connection came back, the timer started or stopped, a jump or a fetch
    /// ended, …) goes; the chosen configuration stays inside the list; a grid of a new size
    /// starts at the automatic zoom with the cursor in the middle of the view.
    public mutating func observe(world: WorldView?, connected: Bool) {
        if flash != nil, let flashFacts, flashFacts != StateFacts(world: world, connected: connected) {
            flash = nil
            self.flashFacts = nil
        }
        guard let world else { return }
        fitSelection(toCount: world.configurationTitles.count)
        if let grid = world.grid {
            let size = Pattern.Size(rows: grid.rows, cols: grid.cols)
            if let gridSize, gridSize != size {
                navigation.zoom = nil
                navigation.cursor = nil
            }
            gridSize = size
        }
    }

    /// Keeps the chosen configuration inside a list of `count` (it may have shrunk).
    public mutating func fitSelection(toCount count: Int) {
        if let index = selectedConfiguration, index >= count { selectedConfiguration = count > 0 ? count - 1 : nil }
    }
}

/// The facts of the state a flash may speak of: while they hold, it shows its time; once
/// one changes, it is out of date and goes (see ``WatchUI/observe(world:connected:)``).
public struct StateFacts: Hashable, Sendable {
    /// Whether the connection is live.
    public var connected: Bool
    /// Whether the timer runs.
    public var isRunning: Bool
    /// Whether a jump runs.
    public var isJumping: Bool
    /// Whether a fetch of configurations is in flight.
    public var isFetching: Bool
    /// The timer's interval.
    public var intervalMs: Int
    /// How many configurations there are.
    public var configurations: Int
    /// Whether autoStop is on (nil: the state does not say).
    public var autoStop: Bool?
    /// Whether the world has settled with autoStop on (space then says why it does not start).
    public var wouldStopAtOnce: Bool

    /// The facts of `world` (nil: none mirrored) over a connection that is live or not.
    public init(world: WorldView?, connected: Bool) {
        self.connected = connected
        isRunning = world?.isRunning ?? false
        isJumping = world?.jump != nil
        isFetching = world?.isFetching ?? false
        intervalMs = world?.intervalMs ?? 0
        configurations = world?.configurationTitles.count ?? 0
        autoStop = world?.autoStop
        wouldStopAtOnce = world?.wouldStopAtOnce ?? false
    }
}
