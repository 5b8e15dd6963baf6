import LifeGrid
import Protocol

extension HistoryRecording {
    /// What an action that changed the world did, in a person's words; nil for actions that are
    /// not entries of the history (their changes are not the world's, or they are recorded elsewhere).
    static func description(of action: AppAction, from old: AppState, to new: AppState) -> String? {
        switch action {
        case .simulation(.grid(.edit(let edit))):
            return description(of: edit)
        case .simulation(.grid(.step(let generations))):
            return generations == 1 ? "step" : "step \(generations)"
        case .simulation(.resetGridToEmpty):
            return "empty"
        case .simulation(.resetGridToRandom):
            return "random (density \(shortDecimal(new.settings.density)))"
        case .simulation(.setGrid(let replacement)):
            var words = "load a \(replacement.grid.rows)x\(replacement.grid.cols) grid"
            if let rule = replacement.rule { words += " (rule \(rule.notation))" }
            return words
        case .configurations(.load(let selector, _)):
            switch selector {
            case .title(let title): return "load \(title)"
            case .index(let index):
                let title = old.configurations.configs.indices.contains(index) ? old.configurations.configs[index].title : "configuration \(index)"
                return "load \(title)"
            }
        case .settings(.update), .settings(.reset):
            var changes: [String] = []
            if old.settings.rows != new.settings.rows || old.settings.cols != new.settings.cols {
                changes.append("size=\(new.settings.rows)x\(new.settings.cols)")
            }
            if old.settings.rule != new.settings.rule { changes.append("rule=\(new.settings.rule.notation)") }
            if old.settings.topology != new.settings.topology { changes.append("topology=\(new.settings.topology.rawValue)") }
            guard !changes.isEmpty else { return nil }
            return action == .settings(.reset) ? "reset the settings (\(changes.joined(separator: " ")))" : "set \(changes.joined(separator: " "))"
        default:
            return nil
        }
    }

    static func description(of edit: GridEdit) -> String {
        switch edit {
        case .setCells(let cells, let change):
            let verb = change == .alive ? "draw" : change == .empty ? "erase" : "toggle"
            if cells.count == 1, let cell = cells.first { return "\(verb) \(cell.row),\(cell.col)" }
            return "\(verb) \(cells.count) cells"
        case .paste(let pattern, let at, let mode):
            return "paste \(pattern.rows)x\(pattern.cols) at \(at.row),\(at.col)" + (mode == .copy ? "" : " (\(mode.rawValue))")
        case .clearRect(let rect):
            return "clear \(rect.rows)x\(rect.cols) at \(rect.row),\(rect.col)"
        case .transformRect(let rect, let transform):
            let verb: String
            switch transform {
            case .rotateClockwise: verb = "rotate clockwise"
            case .rotateAnticlockwise: verb = "rotate anticlockwise"
            case .flipLeftRight: verb = "flip left-right"
            case .flipTopBottom: verb = "flip top-bottom"
            }
            return "\(verb) \(rect.rows)x\(rect.cols) at \(rect.row),\(rect.col)"
        }
    }

    /// The rows an action can have changed, when it says (an edit): the history compares only those.
    static func touchedRows(_ action: AppAction, _ old: AppState) -> Range<Int>? {
        guard case .simulation(.grid(.edit(let edit))) = action else { return nil }
        let rows = old.simulation.gridState.grid.rows
        switch edit {
        case .setCells(let cells, _):
            guard let low = cells.map(\.row).min(), let high = cells.map(\.row).max() else { return 0..<0 }
            return low..<(high + 1)
        case .paste(let pattern, let at, _):
            // A paste that wraps past the bottom edge of a torus touches the top rows too.
            return at.row + pattern.rows > rows ? nil : at.row..<(at.row + pattern.rows)
        case .clearRect(let rect):
            return rect.row..<(rect.row + rect.rows)
        case .transformRect(let rect, _):
            return rect.row..<(rect.row + max(rect.rows, rect.cols))
        }
    }

    /// `value` with at most two decimals.
    private static func shortDecimal(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return fraction == 0 ? "\(hundredths / 100)" : "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

extension AppAction {
    /// Whether this is a `grid.step`, of any number of generations.
    var isStep: Bool {
        if case .simulation(.grid(.step)) = self { return true }
        return false
    }
}
