import LifeClient
import LifeJSON
import LifeScheduling
import LifeSystem
import Protocol

/// `status`: the daemon's pid, version, uptime, clients, a summary of the world, and a line about
/// saving when saving does not work. Never starts lifed: it asks a running one (a daemon started
/// to answer it would say nothing worth knowing), and with none it says how to start one.
let statusCommand = Command(
    name: "status", usage: "status", summary: "The daemon's pid, version, uptime, clients, and a summary of the world.",
    daemonStart: .never
) { arguments throws(UsageError) in
    try expectCount(arguments, 0...0, "status")
    return { session throws(Connection.Failure) in
        let reply = try session.request(.status)
        return session.report(reply, said: Said("status")) {
            if case .status(_, let info) = reply { return formatStatus(info, socketPath: session.socketPath) }
            return nil
        }
    }
}

/// The lines of `lifectl status`, from the daemon's `status` reply.
func formatStatus(_ info: [String: JSON], socketPath: String) -> String {
    let summary = info["summary"] ?? .null
    func int(_ json: JSON?) -> Int { json?.intValue ?? 0 }
    let uptimeSeconds = int(info["uptimeMs"]) / 1000
    let running = summary["isRunningTimer"]?.boolValue == true
    var interval = DurationText.format(milliseconds: int(summary["intervalMs"]))
    let step = summary["generationsPerTick"]?.intValue ?? 1
    if step != 1 { interval += ", \(step) generations a tick" }
    var settling = summary["status"]?.stringValue ?? "evolving"
    if let period = summary["period"]?.intValue { settling += " (period \(period))" }
    let lines = """
        \(info["server"]?.stringValue ?? "lifed") (pid \(int(info["pid"]))) on \(info["socket"]?.stringValue ?? socketPath), up \(uptimeSeconds / 3600)h\(uptimeSeconds / 60 % 60)m\(uptimeSeconds % 60)s
        clients \(int(info["clients"])), subscriptions \(int(info["subscriptions"])), resyncs \(int(info["resyncs"])), version \(int(info["version"]))
        world \(int(summary["rows"]))x\(int(summary["cols"])) \(summary["topology"]?.stringValue ?? "torus") \(summary["rule"]?.stringValue ?? ""), ticks \(int(summary["ticks"])), \(running ? "running every \(interval)" : "stopped (interval \(interval))"), population \(int(summary["population"])), \(settling), steps \(int(summary["steps"]))
        """
    return lines + timerLine(info["timer"], running: running) + storageLine(info["storage"])
}

/// A line about how the timer keeps up while it runs: the generations per second its ticks
/// achieved, and the beats it skipped while a tick was still being computed.
func timerLine(_ timer: JSON?, running: Bool) -> String {
    guard running, let timer else { return "" }
    let rate = timer["generationsPerSecond"]?.doubleValue ?? 0
    return "\ntimer: \(Int(rate.rounded())) generations/s, \(timer["beatsSkipped"]?.intValue ?? 0) beats skipped"
}

/// A last line about saving, when it matters: nothing while saving works.
func storageLine(_ storage: JSON?) -> String {
    switch storage?["saving"]?.stringValue {
    case "failed":
        let retry = DurationText.format(milliseconds: storage?["retryInMs"]?.intValue ?? 0)
        return "\nstorage: cannot save (\(storage?["error"]?.stringValue ?? "unknown reason")); changes are refused; the state saved at version \(storage?["savedVersion"]?.intValue ?? 0) is kept; next attempt within \(retry)"
    case "off":
        return "\nstorage: off (--ephemeral): nothing is kept on disk"
    case "recovered":
        let recovered = storage?["recovered"]
        let setAside = recovered?["setAside"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let kept = setAside.isEmpty ? "" : "; set aside (kept): \(setAside.joined(separator: ", "))"
        return "\nstorage: lifed --recover started from what was intact and dropped \(recovered?["dropped"]?.stringValue ?? "something")\(kept); versions continued at \(recovered?["at"]?.intValue ?? 0); saving works (lifectl acknowledge once seen)"
    default:
        return ""
    }
}
