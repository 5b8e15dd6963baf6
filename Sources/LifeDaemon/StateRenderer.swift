import LifeGrid
import LifeJSON
import Protocol

/// Renders the parts of the state that `get` and subscriptions ask for, building only what a
/// path needs: the grid is rendered only for a path that holds it (so a watcher of
/// `/simulation/gridState/ticks` never pays for a 4096 x 4096 grid), and only the window a
/// viewport asks for. The sections that change rarely (settings, statistics, configurations, history)
/// keep their JSON while their value is unchanged.
public final class StateRenderer {
    private var statistics: (value: Statistics, json: JSON)?
    private var settings: (value: Settings, json: JSON)?
    private var configurations: (value: ConfigurationsState, json: JSON)?
    private var history: (value: History, json: JSON)?
    /// The last grid whose population a window's value needed, and that population: a
    /// snapshot of a 1 x 1 window would otherwise count the whole 4096 x 4096 grid each time.
    private var counted: (grid: Grid, population: Int)?

    public init() {}

    /// The value at `path` of `state`, with the grid windowed when `window` is set; nil when
    /// nothing is there.
    public func value(of state: AppState, at path: JSONPointer, window: Viewport? = nil) -> JSON? {
        let grid = state.simulation.gridState.grid
        switch GridPlacement(path: path) {
        case .none:
            return gridless(state).value(at: path)
        case .contains(let at):
            guard var value = gridless(state).value(at: path) else { return nil }
            do {
                try value.apply([.replace(path: at, value: grid.json(window: window, population: window.map { _ in population(of: grid) }))])
            } catch {
                // The state's shape is fixed (PROTOCOL.md, section 9): the grid's place always exists.
                preconditionFailure("the grid is missing from the state's JSON at \(at): \(error)")
            }
            return value
        case .inside(let rest):
            return grid.json(window: window, at: rest, population: window.map { _ in population(of: grid) })
        }
    }

    /// The live cells of `grid`, counted once for a grid however many windows of it are rendered
    /// (the state's grid is the same storage until it changes, so the comparison is immediate).
    public func population(of grid: Grid) -> Int {
        if let counted, counted.grid == grid { return counted.population }
        let population = grid.population
        counted = (grid, population)
        return population
    }

    /// The whole state's JSON with `null` where the grid goes: every section but the grid.
    public func gridless(_ state: AppState) -> JSON {
        .object(Dictionary(uniqueKeysWithValues: Section.allCases.map { ($0.rawValue, json(of: $0, in: state)) }))
    }

    /// The JSON Patch from `old`'s value at `path` to `new`'s, the grid left out (`null` in both):
    /// what ``JSONDiff/patch(from:to:at:)`` gives for ``gridless(_:)``'s values at `path`, with
    /// paths relative to `path`. Only the sections whose values differ are compared (a tick
    /// changes the simulation's and the statistics', never the settings' or the configurations');
    /// those two are compared member by member, in the order a patch lists them, without
    /// building or hashing an object of either (they change at every tick), and the other two as
    /// JSON kept from one change to the next.
    public func gridlessPatch(from old: AppState, to new: AppState, at path: JSONPointer) -> [PatchOperation] {
        guard let first = path.tokens.first else {
            var operations: [PatchOperation] = []
            for section in Section.allCases where section.differs(old, new) {
                operations += patch(of: section, from: old, to: new, at: JSONPointer(tokens: [section.rawValue]))
            }
            return operations
        }
        guard let section = Section(rawValue: first), section.differs(old, new) else { return [] }
        let rest = Array(path.tokens.dropFirst())
        guard let member = rest.first, let both = members(of: section, old, new) else {
            return rest.isEmpty
                ? patch(of: section, from: old, to: new, at: .root)
                : JSONDiff.patch(
                    from: json(of: section, in: old).value(at: JSONPointer(tokens: rest)) ?? .null,
                    to: json(of: section, in: new).value(at: JSONPointer(tokens: rest)) ?? .null)
        }
        let inside = JSONPointer(tokens: Array(rest.dropFirst()))
        return JSONDiff.patch(
            from: both.old.first { $0.key == member }?.value.value(at: inside) ?? .null,
            to: both.new.first { $0.key == member }?.value.value(at: inside) ?? .null)
    }

    /// ``gridlessPatch(from:to:at:)``'s operations encoded, comma-separated, without the array's
    /// brackets (the bytes `PatchWriter.operations` gives for them). The simulation's and the
    /// statistics' members (which a tick changes) are compared field by field and their `replace`
    /// operations written straight away, without building either section's members as JSON: at
    /// every tick, for every subscription that reaches them, that building and the diff of the
    /// `gridState` object cost more than the rest of the tick's patch and the tick itself.
    public func gridlessPatchText(from old: AppState, to new: AppState, at path: JSONPointer) -> [UInt8] {
        switch path.tokens.count {
        case 0:
            // The sections in the order of their names, as a patch of the whole lists them.
            var patch = MemberPatch()
            for section in [Section.configurations, .history, .settings] where section.differs(old, new) {
                let base = JSONPointer(tokens: [section.rawValue])
                if section == .configurations, let operations = configurationsPatch(from: old.configurations, to: new.configurations, at: base) {
                    patch.append(PatchWriter.operations(operations))
                    continue
                }
                patch.append(PatchWriter.operations(JSONDiff.patch(from: json(of: section, in: old), to: json(of: section, in: new), at: base)))
            }
            Self.simulationPatch(from: old.simulation, to: new.simulation, inSection: true, into: &patch)
            Self.statisticsPatch(from: old.statistics, to: new.statistics, inSection: true, into: &patch)
            return patch.text
        case 1:
            var patch = MemberPatch()
            switch Section(rawValue: path.tokens[0]) {
            case .simulation: Self.simulationPatch(from: old.simulation, to: new.simulation, inSection: false, into: &patch)
            case .statistics: Self.statisticsPatch(from: old.statistics, to: new.statistics, inSection: false, into: &patch)
            default: return PatchWriter.operations(gridlessPatch(from: old, to: new, at: path))
            }
            return patch.text
        default:
            return PatchWriter.operations(gridlessPatch(from: old, to: new, at: path))
        }
    }

    /// Appends the encoded patch of the simulation's section (``SimulationState/jsonMembers(gridJSON:)``,
    /// the grid `null` on both sides), its paths in the whole state (`/simulation/…`) or in the
    /// section: what ``JSONDiff`` and the encoder give for it, member by member in their order.
    private static func simulationPatch(from old: SimulationState, to new: SimulationState, inSection: Bool, into patch: inout MemberPatch) {
        let base: StaticString = inSection ? "/simulation" : ""
        // `gridState` is `{"grid": null, "ticks": …}`: only its ticks can differ.
        if old.gridState.ticks != new.gridState.ticks { patch.replace(base, "/gridState/ticks", int: new.gridState.ticks) }
        if old.isRunningTimer != new.isRunningTimer { patch.replace(base, "/isRunningTimer", literal: new.isRunningTimer ? "true" : "false") }
        if old.jump != new.jump {
            // An object on one side at least: its diff, which is empty when what differs is not in its JSON.
            let at = JSONPointer(tokens: inSection ? ["simulation", "jump"] : ["jump"])
            patch.append(PatchWriter.operations(JSONDiff.patch(from: old.jump?.json ?? .null, to: new.jump?.json ?? .null, at: at)))
        }
        let (oldStatus, newStatus) = (old.settling.status, new.settling.status)
        if oldStatus != newStatus {
            let (oldPeriod, newPeriod) = (oldStatus.period, newStatus.period)
            if oldPeriod != newPeriod { patch.replace(base, "/period", json: newPeriod.map(JSON.int) ?? .null) }
            if oldStatus.name != newStatus.name { patch.replace(base, "/status", json: .string(newStatus.name)) }
        }
        if old.stoppedBecause != new.stoppedBecause { patch.replace(base, "/stoppedBecause", json: new.stoppedBecause.map(JSON.string) ?? .null) }
    }

    /// Appends the encoded patch of the statistics' section (``Statistics/jsonMembers``), as
    /// ``simulationPatch(from:to:inSection:into:)`` for the simulation's.
    private static func statisticsPatch(from old: Statistics, to new: Statistics, inSection: Bool, into patch: inout MemberPatch) {
        let base: StaticString = inSection ? "/statistics" : ""
        if old.alive != new.alive { patch.replace(base, "/alive", int: new.alive) }
        if old.born != new.born { patch.replace(base, "/born", int: new.born) }
        if old.died != new.died { patch.replace(base, "/died", int: new.died) }
        if old.empty != new.empty { patch.replace(base, "/empty", int: new.empty) }
        if old.steps != new.steps { patch.replace(base, "/steps", int: new.steps) }
    }

    /// Encoded patch operations, comma-separated, written as the encoder writes them.
    private struct MemberPatch {
        private(set) var text: [UInt8] = []

        /// `{"op":"replace","path":"<base><member>","value":…}`: what JSONDiff and the encoder
        /// make of a member whose scalar value changed. The section's path and the member's are
        /// plain ASCII, which neither JSON Pointer nor JSON escapes.
        private mutating func startReplace(_ base: StaticString, _ member: StaticString) {
            if text.isEmpty { text.reserveCapacity(256) } else { text.append(UInt8(ascii: ",")) }
            Self.append(#"{"op":"replace","path":""#, to: &text)
            Self.append(base, to: &text)
            Self.append(member, to: &text)
            Self.append(#"","value":"#, to: &text)
        }

        mutating func replace(_ base: StaticString, _ member: StaticString, int value: Int) {
            startReplace(base, member)
            // As the encoder writes an integer.
            if value >= 0 { text.appendDecimal(value) } else { text.append(contentsOf: JSON.int(value).encoded()) }
            text.append(UInt8(ascii: "}"))
        }

        mutating func replace(_ base: StaticString, _ member: StaticString, literal: StaticString) {
            startReplace(base, member)
            Self.append(literal, to: &text)
            text.append(UInt8(ascii: "}"))
        }

        mutating func replace(_ base: StaticString, _ member: StaticString, json value: JSON) {
            startReplace(base, member)
            text.append(contentsOf: value.encoded())
            text.append(UInt8(ascii: "}"))
        }

        /// Operations already encoded.
        mutating func append(_ operations: [UInt8]) {
            guard !operations.isEmpty else { return }
            if !text.isEmpty { text.append(UInt8(ascii: ",")) }
            text.append(contentsOf: operations)
        }

        private static func append(_ literal: StaticString, to text: inout [UInt8]) {
            literal.withUTF8Buffer { text.append(contentsOf: $0) }
        }
    }

    private func append(_ operations: [UInt8], to text: inout [UInt8]) {
        guard !operations.isEmpty else { return }
        if !text.isEmpty { text.append(UInt8(ascii: ",")) }
        text.append(contentsOf: operations)
    }

    /// The members of ``gridless(_:)``, in the order of their names' UTF-8 bytes.
    private enum Section: String, CaseIterable {
        case configurations, history, settings, simulation, statistics

        /// Whether the section's value differs between the two states (the grid aside).
        func differs(_ old: AppState, _ new: AppState) -> Bool {
            switch self {
            case .configurations: return old.configurations != new.configurations
            case .history: return old.history != new.history
            case .settings: return old.settings != new.settings
            case .simulation: return SimulationSection(old.simulation) != SimulationSection(new.simulation)
            case .statistics: return old.statistics != new.statistics
            }
        }
    }

    /// The patch of `section` from `old` to `new`, at `base`.
    private func patch(of section: Section, from old: AppState, to new: AppState, at base: JSONPointer) -> [PatchOperation] {
        if section == .configurations, let operations = configurationsPatch(from: old.configurations, to: new.configurations, at: base) {
            return operations
        }
        guard let both = members(of: section, old, new) else {
            return JSONDiff.patch(from: json(of: section, in: old), to: json(of: section, in: new), at: base)
        }
        // The same members in the same order on both sides: a patch of two objects with the same
        // members is each changed member's patch, in that order.
        var operations: [PatchOperation] = []
        for (was, now) in zip(both.old, both.new) where was.value != now.value {
            operations += JSONDiff.patch(from: was.value, to: now.value, at: base.appending(now.key))
        }
        return operations
    }

    /// The configurations' patch without rendering the list, when the list changed by entries
    /// added at the end or one inserted or removed (an add, a keep, a remove, on a list of 10000):
    /// the operations ``JSONDiff`` gives for the two sections' JSON, in its order (the changed
    /// members by name: `configs`, `error`, `fetchedCount`, `isFetching`). Nil for any other
    /// change, which the JSON is compared for.
    private func configurationsPatch(from old: ConfigurationsState, to new: ConfigurationsState, at base: JSONPointer) -> [PatchOperation]? {
        guard let change = ConfigurationsState.listChange(from: old.list, to: new.list) else { return nil }
        var operations: [PatchOperation] = []
        let list = base.appending("configs")
        switch change {
        case .none: break
        case .appended(let added): for index in added { operations.append(.add(path: list.appending(index: index), value: new.list[index].json)) }
        case .inserted(let index): operations.append(.add(path: list.appending(index: index), value: new.list[index].json))
        case .removed(let index): operations.append(.remove(path: list.appending(index: index)))
        }
        if old.error != new.error { operations.append(.replace(path: base.appending("error"), value: new.error.map(JSON.string) ?? .null)) }
        if old.fetchedCount != new.fetchedCount { operations.append(.replace(path: base.appending("fetchedCount"), value: .int(new.fetchedCount))) }
        if old.isFetching != new.isFetching { operations.append(.replace(path: base.appending("isFetching"), value: .bool(new.isFetching))) }
        return operations
    }

    /// The members of the sections that change at every tick, old and new; nil for the others.
    private func members(of section: Section, _ old: AppState, _ new: AppState) -> (old: [(key: String, value: JSON)], new: [(key: String, value: JSON)])? {
        switch section {
        case .simulation: return (old.simulation.jsonMembers(gridJSON: .null), new.simulation.jsonMembers(gridJSON: .null))
        case .statistics: return (old.statistics.jsonMembers, new.statistics.jsonMembers)
        case .configurations, .history, .settings: return nil
        }
    }

    private func json(of section: Section, in state: AppState) -> JSON {
        switch section {
        case .configurations: return configurationsJSON(state.configurations)
        case .history: return historyJSON(state.history)
        case .settings: return settingsJSON(state.settings)
        case .simulation: return state.simulation.json(gridJSON: .null)
        case .statistics: return statisticsJSON(state.statistics)
        }
    }

    private func statisticsJSON(_ value: Statistics) -> JSON {
        if let statistics, statistics.value == value { return statistics.json }
        statistics = (value, value.json)
        return value.json
    }

    private func settingsJSON(_ value: Settings) -> JSON {
        if let settings, settings.value == value { return settings.json }
        settings = (value, value.json)
        return value.json
    }

    private func historyJSON(_ value: History) -> JSON {
        if let history, history.value == value { return history.json }
        let json = value.json
        history = (value, json)
        return json
    }

    private func configurationsJSON(_ value: ConfigurationsState) -> JSON {
        if let configurations, configurations.value == value { return configurations.json }
        let json = value.json
        configurations = (value, json)
        return json
    }
}

extension Grid {
    /// The value at `pointer` within the grid's JSON form (``json(window:)``), rendering only
    /// what the pointer reaches: one row for `/cells/N`, no row at all for `/rows`. `population`,
    /// when the caller has counted it, saves counting it again.
    public func json(window: Viewport?, at pointer: JSONPointer, population counted: Int? = nil) -> JSON? {
        guard let first = pointer.tokens.first else { return json(window: window, population: counted) }
        let clamped = window?.clamped(toRows: rows, cols: cols) ?? Viewport(row: 0, col: 0, rows: rows, cols: cols)
        let rest = JSONPointer(tokens: Array(pointer.tokens.dropFirst()))
        switch first {
        case "cells":
            // (Only the cells are taken: the population is not counted for them.)
            guard let index = rest.tokens.first else { return json(window: window, population: 0)["cells"] }
            guard let row = Int(index), String(row) == index, row >= 0, row < clamped.rows else { return nil }
            var scratch: [UInt64] = []
            return JSON.string(windowRowText(clamped, index: row, scratch: &scratch)).value(at: JSONPointer(tokens: Array(rest.tokens.dropFirst())))
        case "rows": return JSON.int(rows).value(at: rest)
        case "cols": return JSON.int(cols).value(at: rest)
        case "viewport" where window != nil: return clamped.json.value(at: rest)
        case "population" where window != nil: return JSON.int(counted ?? population).value(at: rest)
        default: return nil
        }
    }
}

/// What the simulation's section of the state's JSON shows besides the grid: compared instead of
/// the simulation, whose grid differs at every tick and is not in that section.
private struct SimulationSection: Equatable {
    var isRunningTimer: Bool
    var ticks: Int
    var status: Settling.Status
    var stoppedBecause: String?
    var jump: Jump?

    init(_ simulation: SimulationState) {
        isRunningTimer = simulation.isRunningTimer
        ticks = simulation.gridState.ticks
        status = simulation.settling.status
        stoppedBecause = simulation.stoppedBecause
        jump = simulation.jump
    }
}

extension Settling.Status {
    /// The period the state's JSON shows (`/simulation/period`): an oscillation's, else none.
    fileprivate var period: Int? {
        if case .oscillating(let period) = self { return period }
        return nil
    }
}
