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
}

/// The Configurations tab.
public enum ConfigurationsAction: Equatable, Sendable {
    /// Fetches a list of patterns from `url` (else the daemon's default source).
    case fetch(url: String?)
    /// Stops a fetch in flight.
    case cancelFetch
    /// Forgets the list and stops a fetch in flight.
    case clear
    /// Adds one pattern to the list (on the wire: a `title` and an `rle` or the course's `contents`).
    case add(Configuration)
    /// Puts a pattern of the list centred on the grid, and ticks to 0; refused while the timer runs.
    case load(ConfigurationSelector, resize: Bool)
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
        case .configurations(.fetch): return .configurationsFetch
        case .configurations(.cancelFetch): return .configurationsCancelFetch
        case .configurations(.clear): return .configurationsClear
        case .configurations(.add): return .configurationsAdd
        case .configurations(.load): return .configurationsLoad
        case .configurations(.fetchResponse): return .configurationsFetchResponse
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

    /// The action as the wire carries it. A `simulation.setGrid` whose cells are only alive or
    /// empty is written with `rle` (the grid's own size in the header, so it reads back as the
    /// same grid), any other with `rows`, `cols` and `cells`.
    public var json: JSON {
        var members: [String: JSON] = ["type": .string(typeName)]
        switch self {
        case .simulation(.grid(.step(let generations))) where generations != 1:
            members["generations"] = .int(generations)
        case .simulation(.setGrid(let replacement)):
            let grid = replacement.grid
            if grid.live == grid.previous, let rle = RLEFormat.write(cells: grid.live, rule: nil, limit: .max) {
                // Only alive and empty cells (as every RLE gives): the grid as RLE of its own size,
                // which reads back as the same grid, in kilobytes where `cells` takes 16.8 MB at 4096 x 4096.
                members["rle"] = .string(rle)
            } else {
                for (key, value) in grid.json.objectValue ?? [:] { members[key] = value }
            }
            if let rule = replacement.rule { members["rule"] = .string(rule.notation) }
            if let topology = replacement.topology { members["topology"] = .string(topology.rawValue) }
            if let keep = replacement.keep { members["keep"] = ["title": .string(keep.title)] }
        case .simulation(.grid(.edit(let edit))):
            members.merge(edit.members) { $1 }
        case .settings(.update(let update)):
            for (key, value) in update.json.objectValue ?? [:] { members[key] = value }
        case .configurations(.fetch(let url?)):
            members["url"] = .string(url)
        case .configurations(.add(let configuration)):
            members["title"] = .string(configuration.title)
            members["rle"] = .string(configuration.rle)
        case .configurations(.load(let selector, let resize)):
            for (key, value) in selector.members { members[key] = value }
            if resize { members["resize"] = true }
        default:
            break
        }
        return .object(members)
    }

    /// Reads an action object. An unknown `type` is `unknown-action`; a malformed
    /// object or parameter is `invalid-argument` (or `bad-message` when `type` is not a string).
    public init(json: JSON) throws(ProtocolError) {
        let header = try JSONFields(json, at: "action", code: .badMessage)
        guard let typeText = try header.required("type").stringValue else {
            throw ProtocolError(.badMessage, "action.type must be a string", member: "type")
        }
        guard let type = ActionType(rawValue: typeText), !type.isInternal else {
            throw ProtocolError(
                .unknownAction,
                "no action is called \(JSON.string(typeText).preview); known actions: \(Self.allTypeNames.joined(separator: ", "))",
                member: "type")
        }
        // Parameters are named bare in messages ("rows must be ..."): they stand beside `type`.
        let fields = try JSONFields(json, at: "")
        func only(_ names: Set<String>) throws(ProtocolError) { try fields.rejectUnknown(names.union(["type"])) }
        switch type {
        case .gridStep:
            try only(["generations"])
            self = .simulation(.grid(.step(generations: try fields.int("generations", in: GridAction.generationsRange, default: 1))))
        case .gridCancelJump: try only([]); self = .simulation(.grid(.cancelJump))
        case .gridSetCells, .gridPaste, .gridClearRect, .gridTransformRect:
            self = .simulation(.grid(.edit(try GridEdit(type: type, fields: fields))))
        case .simulationTick: try only([]); self = .simulation(.tick)
        case .simulationStartTimer: try only([]); self = .simulation(.startTimer)
        case .simulationStopTimer: try only([]); self = .simulation(.stopTimer)
        case .simulationResetGridToEmpty: try only([]); self = .simulation(.resetGridToEmpty)
        case .simulationResetGridToRandom: try only([]); self = .simulation(.resetGridToRandom)
        case .simulationReset: try only([]); self = .simulation(.reset)
        case .simulationSetGrid:
            try only(["rows", "cols", "cells", "rle", "rule", "topology", "keep"])
            self = .simulation(.setGrid(try GridReplacement(fields: fields)))
        case .statisticsReset: try only([]); self = .statistics(.reset)
        case .settingsUpdate:
            self = .settings(.update(try SettingsUpdate(fields: fields)))
        case .settingsReset: try only([]); self = .settings(.reset)
        case .configurationsFetch:
            try only(["url"])
            self = .configurations(.fetch(url: try fields.optionalString("url")))
        case .configurationsCancelFetch: try only([]); self = .configurations(.cancelFetch)
        case .configurationsClear: try only([]); self = .configurations(.clear)
        case .configurationsAdd:
            try only(["title", "rle", "contents"])
            do throws(ConfigurationError) {
                self = .configurations(.add(try Configuration(decoding: json.removingMember("type"))))
            } catch {
                // A title that is not a string is told first; after it, the pattern is at fault:
                // its rle or its contents (the one required when neither is given), or both.
                let given = ["rle", "contents"].filter { fields.members[$0] != nil }
                let member = fields.members["title"]?.stringValue == nil ? "title" : given.count == 2 ? nil : given.first ?? "contents"
                throw ProtocolError(
                    error.exceedsLimit ? .limitExceeded : .invalidArgument, "configurations.add: \(error.message)",
                    field: member.map { JSONPointer(tokens: [$0]) })
            }
        case .configurationsLoad:
            try only(["title", "index", "resize"])
            let resize = try fields.bool("resize", default: false)
            self = .configurations(.load(try ConfigurationSelector(fields: fields, for: "configurations.load"), resize: resize))
        case .gridJumpProgress, .gridJumpFinished, .configurationsFetchResponse:
            preconditionFailure("internal actions are refused above")
        }
    }
}

extension GridReplacement {
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
