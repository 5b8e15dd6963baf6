import LifeGrid
import LifeJSON
import LifePatterns

/// Every action the store understands, nested as the reducers are composed.
///
/// On the wire an action is an object whose `type` names it (`"simulation.startTimer"`);
/// parameters are further fields of that object. See ``AppAction/init(json:)``.
public enum AppAction: Equatable, Sendable {
    case simulation(SimulationAction)
    case statistics(StatisticsAction)
    case settings(SettingsAction)
    case configurations(ConfigurationsAction)
    /// Undo, redo and rewind (see ``History``).
    case history(HistoryAction)
    /// The state on disk: the daemon's, not the world's (no reducer changes the state for it).
    case storage(StorageAction)
}

/// The state on disk, as the daemon keeps it.
public enum StorageAction: Equatable, Sendable {
    /// Someone has seen what `--recover` dropped at start-up: `status` stops reporting it.
    case acknowledgeRecovery
}

/// The Simulation tab's buttons, and the timer's tick.
public enum SimulationAction: Equatable, Sendable {
    /// The grid's own actions, pulled back into the simulation.
    case grid(GridAction)
    /// An empty grid of the settings' size; refused while the timer runs.
    case resetGridToEmpty
    /// A random grid of the settings' size and density; refused while the timer runs.
    case resetGridToRandom
    /// ticks += 1 and one generation: what the timer sends.
    case tick
    /// Starts the repeating timer; refused while it runs.
    case startTimer
    /// Stops the timer; refused while it is stopped.
    case stopTimer
    /// ticks = 0; refused while the timer runs.
    case reset
    /// Replaces the grid (and, when given, the rule and topology); refused while the timer runs.
    case setGrid(GridReplacement)
}

/// A new grid for `simulation.setGrid`, with the rule and topology a pattern file may carry,
/// and whether to keep its pattern in the configurations as well (in the same change).
public struct GridReplacement: Equatable, Sendable {
    public var grid: Grid
    public var rule: Rule?
    public var topology: Topology?
    /// When set, the grid's pattern also joins the configurations list, all or nothing with the
    /// grid: on the wire `"keep": {"title": TITLE}`.
    public var keep: Keep?

    /// How a loaded pattern is kept in the configurations: under `title`.
    public struct Keep: Equatable, Sendable {
        /// The configuration's title (any string, as `configurations.add` takes).
        public var title: String

        public init(title: String) { self.title = title }
    }

    public init(grid: Grid, rule: Rule? = nil, topology: Topology? = nil, keep: Keep? = nil) {
        self.grid = grid
        self.rule = rule
        self.topology = topology
        self.keep = keep
    }
}

/// Actions on the grid alone.
public enum GridAction: Equatable, Sendable {
    /// `generations` generations (1 to 1,000,000,000) as one change: at once when one action may
    /// compute that many at the grid's size, else as a jump in the background.
    case step(generations: Int)
    /// Stops the jump in flight; the grid stays as it was before the jump.
    case cancelJump
    /// How far the jump in flight has got (sent by the jump's effect, never by clients).
    case jumpProgress(Jump)
    /// The jump's outcome, to install (sent by the jump's effect, never by clients).
    case jumpFinished(JumpResult)
    /// Cells set, cleared, toggled, pasted, rotated or flipped: one edit, one version.
    case edit(GridEdit)

    /// One generation.
    public static var step: GridAction { .step(generations: 1) }
    /// The generations one `grid.step` may ask for.
    public static let generationsRange = 1...1_000_000_000
}

/// Walking the world's history (see ``History``). Each stops a running timer first, as Golly
/// does, and is refused while a jump runs.
public enum HistoryAction: Equatable, Sendable {
    /// Takes back the newest `count` changes not yet undone (fewer when there are fewer): one version.
    case undo(count: Int)
    /// Makes again the oldest `count` changes undone (fewer when there are fewer): one version.
    case redo(count: Int)
    /// Returns the world to how it was when the latest run of the timer, step or jump began
    /// (Golly's Reset): one new change, which undo takes back.
    case rewind

    /// The counts one undo or redo may ask for.
    public static let countRange = 1...History.maxEntries
}

/// Actions on the statistics.
public enum StatisticsAction: Equatable, Sendable {
    /// All statistics to 0.
    case reset
}

/// Actions on the settings.
public enum SettingsAction: Equatable, Sendable {
    /// Changes the fields given, all or nothing.
    case update(SettingsUpdate)
    /// Restores the defaults; refused while the timer runs.
    case reset
    /// Turns `autoStop` over, in one change: what a key that flips it sends, so that two clients
    /// flipping it at once never both set the same value.
    case toggleAutoStop
}

/// The Configurations tab.
public enum ConfigurationsAction: Equatable, Sendable {
    /// Fetches a list of patterns from `url` (else the daemon's default source).
    case fetch(url: String?)
    /// Stops a fetch in flight.
    case cancelFetch
    /// Forgets the list, what users added too, and stops a fetch in flight.
    case clear
    /// Adds one pattern to the list (on the wire: a `title` and an `rle` or the course's `contents`).
    case add(Configuration)
    /// Puts a pattern of the list centred on the grid, and ticks to 0; refused while the timer runs.
    case load(ConfigurationSelector, resize: Bool)
    /// Takes one pattern out of the list, fetched or added.
    case remove(ConfigurationSelector)
    /// The outcome of a fetch (sent by the fetch effect, never by clients).
    case fetchResponse(Result<[Configuration], FetchFailure>)
}

/// Why a fetch failed, in words for the `error` field.
public struct FetchFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension AppAction {
    /// The wire names of every action clients may send, in the order the docs list them.
    public static let allTypeNames: [String] = ActionType.clientTypes.map(\.rawValue)

    /// The action's name.
    public var type: ActionType {
        switch self {
        case .simulation(.grid(.step)): return .gridStep
        case .simulation(.grid(.cancelJump)): return .gridCancelJump
        case .simulation(.grid(.jumpProgress)): return .gridJumpProgress
        case .simulation(.grid(.jumpFinished)): return .gridJumpFinished
        case .simulation(.grid(.edit(let edit))): return edit.type
        case .simulation(.tick): return .simulationTick
        case .simulation(.startTimer): return .simulationStartTimer
        case .simulation(.stopTimer): return .simulationStopTimer
        case .simulation(.resetGridToEmpty): return .simulationResetGridToEmpty
        case .simulation(.resetGridToRandom): return .simulationResetGridToRandom
        case .simulation(.reset): return .simulationReset
        case .simulation(.setGrid): return .simulationSetGrid
        case .statistics(.reset): return .statisticsReset
        case .settings(.update): return .settingsUpdate
        case .settings(.reset): return .settingsReset
        case .settings(.toggleAutoStop): return .settingsToggleAutoStop
        case .configurations(.fetch): return .configurationsFetch
        case .configurations(.cancelFetch): return .configurationsCancelFetch
        case .configurations(.clear): return .configurationsClear
        case .configurations(.add): return .configurationsAdd
        case .configurations(.load): return .configurationsLoad
        case .configurations(.remove): return .configurationsRemove
        case .configurations(.fetchResponse): return .configurationsFetchResponse
        case .storage(.acknowledgeRecovery): return .storageAcknowledgeRecovery
        case .history(.undo): return .historyUndo
        case .history(.redo): return .historyRedo
        case .history(.rewind): return .historyRewind
        }
    }

    /// The action's wire name.
    public var typeName: String { type.rawValue }

    /// Whether only the daemon itself sends this action (a fetch's outcome, a jump's progress and end).
    public var isInternal: Bool { type.isInternal }

    /// Whether this is a jump's progress report (a version nobody waits for).
    public var isJumpProgress: Bool {
        if case .simulation(.grid(.jumpProgress)) = self { return true }
        return false
    }
}

extension GridReplacement {
    /// The members the wire writes beside `type`: the grid as `rle` when its cells are only
    /// alive or empty (its own size in the header, so it reads back as the same grid), else as
    /// `rows`, `cols` and `cells`; and the `rule`, `topology` and `keep` given.
    public var members: [String: JSON] {
        var members: [String: JSON] = [:]
        if grid.live == grid.previous, grid.dying.isEmpty, let rle = RLEFormat.write(cells: grid.live, rule: nil, limit: .max) {
            // Only alive and empty cells (as every RLE gives): the grid as RLE of its own size,
            // which reads back as the same grid, in kilobytes where `cells` takes 16.8 MB at 4096 x 4096.
            members["rle"] = .string(rle)
        } else {
            for (key, value) in grid.json.objectValue ?? [:] { members[key] = value }
        }
        if let rule { members["rule"] = .string(rule.notation) }
        if let topology { members["topology"] = .string(topology.rawValue) }
        if let keep { members["keep"] = ["title": .string(keep.title)] }
        return members
    }

    /// Reads `{rows, cols, cells}` or `{rle}`, with an optional `rule`, `topology` and `keep`.
    public init(fields: JSONFields) throws(ProtocolError) {
        let keep = try fields.members["keep"].flatMap { (value: JSON) throws(ProtocolError) -> Keep? in
            guard value != .null else { return nil }
            let inner = try JSONFields(value, at: "keep", pointer: fields.field("keep"))
            try inner.rejectUnknown(["title"])
            return Keep(title: try inner.string("title"))
        }
        var rule = try fields.optionalString("rule").map { (text: String) throws(ProtocolError) -> Rule in
            do { return try Rule(parsing: text) } catch { throw ProtocolError(.invalidArgument, "rule: \(error)", member: "rule") }
        }
        var topology = try fields.optionalString("topology").map { (text: String) throws(ProtocolError) -> Topology in
            try Topology(field: "topology", text)
        }
        if let rle = try fields.optionalString("rle") {
            guard fields.members["cells"] == nil, fields.members["rows"] == nil, fields.members["cols"] == nil else {
                throw ProtocolError(.invalidArgument, "simulation.setGrid takes either rle or rows, cols and cells, not both")
            }
            let pattern: Pattern
            do {
                pattern = try PatternFormat.rle.read(rle)
            } catch {
                throw ProtocolError(.invalidArgument, "rle: \(error)", member: "rle")
            }
            let size = pattern.worldSize ?? Pattern.Size(rows: pattern.rows, cols: pattern.cols)
            guard (1...Grid.maxSide).contains(size.rows), (1...Grid.maxSide).contains(size.cols) else {
                throw ProtocolError(
                    .invalidArgument, "rle: the grid must be from 1x1 to \(Grid.maxSide)x\(Grid.maxSide), not \(size.rows)x\(size.cols)",
                    member: "rle")
            }
            rule = rule ?? pattern.rule
            topology = topology ?? pattern.topology
            // A world larger than the pattern holds it where Golly puts it (centred, or at its #CXRLE position).
            self.init(grid: pattern.worldGrid ?? pattern.grid(rows: size.rows, cols: size.cols), rule: rule, topology: topology, keep: keep)
        } else {
            let rows = try fields.int("rows", in: 1...Grid.maxSide)
            let cols = try fields.int("cols", in: 1...Grid.maxSide)
            let grid = try Grid(json: ["rows": .int(rows), "cols": .int(cols), "cells": try fields.required("cells")])
            self.init(grid: grid, rule: rule, topology: topology, keep: keep)
        }
    }
}

extension Configuration {
    /// Reads `configurations.add`'s `title` and its `rle` or `contents`.
    init(addFields fields: JSONFields) throws(ProtocolError) {
        do throws(ConfigurationError) {
            try self.init(decoding: JSON.object(fields.members).removingMember("type"))
        } catch {
            // A title that is not a string is told first; after it, the pattern is at fault:
            // its rle or its contents (the one required when neither is given), or both.
            let given = ["rle", "contents"].filter { fields.members[$0] != nil }
            let member = fields.members["title"]?.stringValue == nil ? "title" : given.count == 2 ? nil : given.first ?? "contents"
            throw ProtocolError(
                error.exceedsLimit ? .limitExceeded : .invalidArgument, "configurations.add: \(error.message)",
                field: member.map { JSONPointer(tokens: [$0]) })
        }
    }
}

extension Topology {
    /// Reads a topology name for the field `field`.
    public init(field: String, _ text: String) throws(ProtocolError) {
        guard let topology = Topology(rawValue: text) else {
            throw ProtocolError(
                .invalidArgument, "\(field) must be \"torus\" or \"bounded\", not \(JSON.string(text).preview)", member: field)
        }
        self = topology
    }
}

extension JSON {
    /// This object without the member `key` (other values unchanged).
    public func removingMember(_ key: String) -> JSON {
        guard case .object(var members) = self else { return self }
        members[key] = nil
        return .object(members)
    }
}
