import Protocol

/// The daemon's refusal of something a key sent, in lifewatch's words: which key, and what to
/// press instead, rather than the protocol's action names (`simulation.resetGridToRandom is not
/// allowed while the timer runs; send simulation.stopTimer first`).
public enum RefusalWords {
    /// What `action` (an action lifewatch sent) was, as the key that sent it; nil for actions
    /// no key sends.
    public static func what(_ action: AppAction) -> String? {
        switch action.type {
        case .simulationStartTimer: return "space (start)"
        case .simulationStopTimer: return "space (stop)"
        case .simulationTick: return "n (one tick)"
        case .simulationResetGridToEmpty: return "e (an empty grid)"
        case .simulationResetGridToRandom: return "r (a random grid)"
        case .simulationReset: return "0 (ticks to 0)"
        case .configurationsLoad: return "enter (load the configuration)"
        case .configurationsFetch: return "c (fetch the configurations)"
        case .gridCancelJump: return "x (cancel the jump)"
        case .gridSetCells:
            if case .simulation(.grid(.edit(.setCells(_, to: .toggle)))) = action { return "t (toggle the cell)" }
            return "drawing"
        case .gridPaste: return "p (paste)"
        case .settingsUpdate: return "that setting"
        case .historyUndo: return "u (undo)"
        case .historyRedo: return "U (redo)"
        case .historyRewind: return "R (rewind)"
        default: return nil
        }
    }

    /// The words for the refusal `code`, `message` of `action`, by why the state refused it
    /// (`details.refused`), with `world` as the mirror shows it now (for the jump's progress and
    /// why the timer stopped). A refusal the daemon explains (a jump runs, the timer runs or had
    /// already stopped) says what to press; any other keeps the daemon's message.
    public static func text(action: AppAction, code: String, message: String, details: ErrorDetails, world: WorldView?) -> String {
        guard code == ErrorCode.notAllowed.rawValue, let what = what(action), let refusal = details.refusal else {
            return message.isEmpty ? "lifed refused: \(code)" : message
        }
        switch refusal {
        case .jumpRunning:
            guard let jump = world?.jump else { return "\(what) waits for the jump in flight: press x to cancel it" }
            let percent = jump.target > 0 ? Int((Double(jump.done) / Double(jump.target) * 100).rounded(.down)) : 0
            return "\(what) waits for the jump in flight (\(percent)% done): press x to cancel it"
        case .timerStopped:
            let reason = world?.stoppedBecause.map { ": \($0)" } ?? ""
            return "the timer had already stopped\(reason)"
        case .timerRunning:
            // The timer's own actions say it by the timer (their declaration's words).
            if let words = action.type.spec.timerWords { return words }
            return "\(what) needs the timer stopped: press space first"
        case .nothingToUndo: return "nothing to undo"
        case .nothingToRedo: return "nothing to redo"
        case .nothingToRewind: return "nothing to rewind to: no run of the timer, step or jump yet"
        }
    }
}
