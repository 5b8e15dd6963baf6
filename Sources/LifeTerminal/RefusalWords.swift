import LifeJSON
import Protocol

/// The daemon's refusal of something a key sent, in lifewatch's words: which key, and what to
/// press instead, rather than the protocol's action names (`simulation.resetGridToRandom is not
/// allowed while the timer runs; send simulation.stopTimer first`).
public enum RefusalWords {
    /// What `action` (an action object lifewatch sent) was, as the key that sent it; nil for
    /// actions no key sends.
    public static func what(_ action: JSON) -> String? {
        switch action["type"]?.stringValue {
        case "simulation.startTimer": return "space (start)"
        case "simulation.stopTimer": return "space (stop)"
        case "simulation.tick": return "n (one tick)"
        case "simulation.resetGridToEmpty": return "e (an empty grid)"
        case "simulation.resetGridToRandom": return "r (a random grid)"
        case "simulation.reset": return "0 (ticks to 0)"
        case "configurations.load": return "enter (load the configuration)"
        case "configurations.fetch": return "c (fetch the configurations)"
        case "grid.cancelJump": return "x (cancel the jump)"
        case "grid.setCells": return action["to"]?.stringValue == "toggle" ? "t (toggle the cell)" : "drawing"
        case "grid.paste": return "p (paste)"
        case "settings.update": return "that setting"
        default: return nil
        }
    }

    /// The words for the refusal `code`, `message` of `action`, with `world` as the mirror
    /// shows it now. A refusal that the state explains (a jump runs, the timer runs or had
    /// already stopped) says what to press; any other keeps the daemon's message.
    public static func text(action: JSON, code: String, message: String, world: WorldView?) -> String {
        guard code == ErrorCode.notAllowed.rawValue, let what = what(action) else {
            return message.isEmpty ? "lifed refused: \(code)" : message
        }
        let type = action["type"]?.stringValue
        if let jump = world?.jump {
            let percent = jump.target > 0 ? Int((Double(jump.done) / Double(jump.target) * 100).rounded(.down)) : 0
            return "\(what) waits for the jump in flight (\(percent)% done): press x to cancel it"
        }
        if type == "simulation.stopTimer" {
            let reason = world?.stoppedBecause.map { ": \($0)" } ?? ""
            return "the timer had already stopped\(reason)"
        }
        if type == "simulation.startTimer", world?.isRunning == true {
            return "the timer is already running"
        }
        if world?.isRunning == true {
            return "\(what) needs the timer stopped: press space first"
        }
        return message
    }
}
