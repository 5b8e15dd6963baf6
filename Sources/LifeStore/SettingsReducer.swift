import Protocol

extension Reducer where State == AppState, Action == AppAction, Environment == AppEnvironment {
    /// The settings every client sees, and the one reducer that changes them: their own actions,
    /// and the rule and topology a `simulation.setGrid` carries. Fields that change the world
    /// (size, topology, rule) are refused while the timer runs or a jump runs
    /// (``Preconditions/worldFieldsIdle``). (The app reducer restarts a running timer at a new
    /// interval and starts the settling history afresh under a new rule or topology.)
    public static var settings: Reducer {
        Reducer { state, appAction, environment throws(ProtocolError) in
            if case .simulation(.setGrid(let replacement)) = appAction {
                if let rule = replacement.rule { state.settings.rule = rule }
                if let topology = replacement.topology { state.settings.topology = topology }
                return .none
            }
            guard case .settings(let action) = appAction else { return .none }
            switch action {
            case .update(let update):
                let old = state.settings
                let new = update.applied(to: old)
                let checked = ActionType.settingsUpdate.requires.contains(.worldFieldsIdle)
                if checked, state.simulation.isRunningTimer {
                    let changed = worldFieldsChanged(from: old, to: new)
                    guard changed.isEmpty else {
                        throw ProtocolError(
                            .notAllowed,
                            "\(changed.joined(separator: ", ")) cannot change while the timer runs; send simulation.stopTimer first",
                            member: changed[0], refused: .timerRunning)
                    }
                }
                if checked, let jump = state.simulation.jump {
                    let changed = worldFieldsChanged(from: old, to: new)
                    guard changed.isEmpty else {
                        throw ProtocolError(
                            .notAllowed,
                            "\(changed.joined(separator: ", ")) cannot change while \(jump.runningWords); wait for it to end, or send grid.cancelJump",
                            member: changed[0], refused: .jumpRunning)
                    }
                }
                state.settings = new
                return .none

            case .reset:
                state.settings = environment.defaultSettings
                return .none

            case .toggleAutoStop:
                state.settings.autoStop.toggle()
                return .none
            }
        }
    }

    /// The names of the fields that would change the world, in the order the docs list them.
    static func worldFieldsChanged(from old: Settings, to new: Settings) -> [String] {
        var names: [String] = []
        if old.rows != new.rows { names.append("rows") }
        if old.cols != new.cols { names.append("cols") }
        if old.topology != new.topology { names.append("topology") }
        if old.rule != new.rule { names.append("rule") }
        return names
    }
}
