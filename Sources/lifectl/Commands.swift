import Glibc
import LifeIO
import LifeJSON
import Protocol

/// Every command, in the order `lifectl --help` lists them.
let commands: [Command] = [
    Command(name: "status", usage: "status", summary: "The daemon's pid, version, uptime, clients, and a summary of the world.") { arguments throws(UsageError) in
        try expectCount(arguments, 0...0, "status")
        return { session throws(Connection.Failure) in
            let reply = try session.request(.status)
            return session.report(reply, said: Said("status")) {
                if case .status(_, let info) = reply { return formatStatus(info, socketPath: session.socketPath) }
                return nil
            }
        }
    },
    simpleAction("start", "simulation.startTimer", "Start the timer.", done: "started the timer"),
    simpleAction("stop", "simulation.stopTimer", "Stop the timer.", done: "stopped the timer"),
    stepCommand,
    cancelCommand,
    simpleAction("tick", "simulation.tick", "ticks += 1, and one generation.", done: "ticked once"),
    simpleAction(
        "empty", "simulation.resetGridToEmpty", "An empty grid of the settings' size; refused while the timer or a jump runs.",
        done: "an empty grid"),
    simpleAction(
        "random", "simulation.resetGridToRandom", "A random grid of the settings' size and density; refused while the timer or a jump runs.",
        done: "a random grid"),
    simpleAction("reset", "simulation.reset", "ticks = 0; refused while the timer runs.", done: "ticks back to 0"),
    statsCommand,
    configsCommand,
    loadCommand,
    saveCommand,
    pasteCommand,
    cellCommand,
    clearCommand,
    rotateCommand,
    flipCommand,
    setCommand,
    Command(
        name: "get", usage: "get [POINTER]",
        summary: "The state, or the part at a JSON Pointer such as /simulation/gridState or /settings/rule."
    ) { arguments throws(UsageError) in
        try expectCount(arguments, 0...1, "get")
        let pointer: JSONPointer
        do {
            pointer = try JSONPointer(parsing: arguments.first ?? "")
        } catch {
            throw UsageError("\"\(arguments.first ?? "")\" is not a JSON Pointer (use \"\" or a path such as /simulation/gridState): \(error)")
        }
        let said = Said("get").with(pointer: "/path", "POINTER", pointer.description)
        return { session throws(Connection.Failure) in
            let reply = try session.request(.get(path: pointer))
            return session.report(reply, said: said) {
                if case .state(_, _, _, let value) = reply { return value.prettyText() }
                return nil
            }
        }
    },
    watchCommand,
    Command(
        name: "shutdown", usage: "shutdown", summary: "Ask the daemon to shut down, as SIGTERM does."
    ) { arguments throws(UsageError) in
        try expectCount(arguments, 0...0, "shutdown")
        return { session throws(Connection.Failure) in
            let reply = try session.request(.shutdown)
            return session.report(reply, said: Said("shutdown")) { "lifed is shutting down" }
        }
    },
    Command(
        name: "send", usage: "send JSON", summary: "Send a raw protocol request and print the reply (see PROTOCOL.md).",
        details: "Example: lifectl send '{\"type\":\"dispatch\",\"id\":1,\"action\":{\"type\":\"grid.step\"}}'"
    ) { arguments throws(UsageError) in
        try expectCount(arguments, 1...1, "send")
        let request: JSON
        do {
            request = try JSON(parsing: arguments[0])
        } catch {
            throw UsageError("send needs one JSON request object: \(error)")
        }
        return { session throws(Connection.Failure) in
            try session.connection().sendFrame(Frame.encode(request))
            let reply = try session.connection().receive()
            print(reply.json.text)
            if case .error = reply { return .failure }
            return .success
        }
    },
]

/// A command that dispatches one action with no parameters; `done` says its success.
func simpleAction(_ name: String, _ type: String, _ summary: String, done: String) -> Command {
    Command(name: name, usage: name, summary: "\(summary) (\(type))") { arguments throws(UsageError) in
        try expectCount(arguments, 0...0, name)
        return { session throws(Connection.Failure) in
            try session.dispatch(["type": .string(type)], said: Said(name)) { "\(done) (version \($0))" }
        }
    }
}

/// `cancel`: cancels the jump in flight, and says whether there was one.
let cancelCommand = Command(
    name: "cancel", usage: "cancel", summary: "Cancel the jump in flight; the grid stays as it was before it. (grid.cancelJump)"
) { arguments throws(UsageError) in
    try expectCount(arguments, 0...0, "cancel")
    return { session throws(Connection.Failure) in
        let running = try session.get("/simulation/jump") != .null
        return try session.dispatch(["type": "grid.cancelJump"], said: Said("cancel")) { version in
            running ? "cancelled the jump; the grid is as it was before it (version \(version))" : "no jump was running (version \(version))"
        }
    }
}

let statsCommand = Command(
    name: "stats", usage: "stats [reset]", summary: "The cumulative statistics, or reset them (statistics.reset)."
) { arguments throws(UsageError) in
    try expectCount(arguments, 0...1, "stats")
    if let sub = arguments.first {
        guard sub == "reset" else { throw UsageError("stats takes no argument or \"reset\", not \"\(sub)\"") }
        return { session throws(Connection.Failure) in
            try session.dispatch(["type": "statistics.reset"], said: Said("stats reset")) { "statistics reset to 0 (version \($0))" }
        }
    }
    return { session throws(Connection.Failure) in
        let reply = try session.request(.get(path: JSONPointer(tokens: ["statistics"])))
        return session.report(reply, said: Said("stats")) {
            guard case .state(_, _, _, let value) = reply else { return nil }
            return ["steps", "alive", "born", "died", "empty"].map { "\($0) \(value[$0]?.intValue ?? 0)" }.joined(separator: "\n")
        }
    }
}

func formatStatus(_ info: [String: JSON], socketPath: String) -> String {
    let summary = info["summary"] ?? .null
    func int(_ json: JSON?) -> Int { json?.intValue ?? 0 }
    let uptimeSeconds = int(info["uptimeMs"]) / 1000
    let running = summary["isRunningTimer"]?.boolValue == true
    let interval = DurationText.format(milliseconds: int(summary["intervalMs"]))
    var settling = summary["status"]?.stringValue ?? "evolving"
    if let period = summary["period"]?.intValue { settling += " (period \(period))" }
    let lines = """
        \(info["server"]?.stringValue ?? "lifed") (pid \(int(info["pid"]))) on \(info["socket"]?.stringValue ?? socketPath), up \(uptimeSeconds / 3600)h\(uptimeSeconds / 60 % 60)m\(uptimeSeconds % 60)s
        clients \(int(info["clients"])), subscriptions \(int(info["subscriptions"])), resyncs \(int(info["resyncs"])), version \(int(info["version"]))
        world \(int(summary["rows"]))x\(int(summary["cols"])) \(summary["topology"]?.stringValue ?? "torus") \(summary["rule"]?.stringValue ?? ""), ticks \(int(summary["ticks"])), \(running ? "running every \(interval)" : "stopped (interval \(interval))"), population \(int(summary["population"])), \(settling), steps \(int(summary["steps"]))
        """
    return lines + storageLine(info["storage"])
}

/// A last line about saving, when it matters: nothing while saving works.
func storageLine(_ storage: JSON?) -> String {
    switch storage?["saving"]?.stringValue {
    case "failed":
        let retry = DurationText.format(milliseconds: storage?["retryInMs"]?.intValue ?? 0)
        return "\nstorage: cannot save (\(storage?["error"]?.stringValue ?? "unknown reason")); changes are refused; the state saved at version \(storage?["savedVersion"]?.intValue ?? 0) is kept; next attempt within \(retry)"
    case "off":
        return "\nstorage: off (--ephemeral): nothing is kept on disk"
    default:
        return ""
    }
}

/// `watch [POINTER]`: the snapshot, then one JSON line per diff, for shell pipelines.
let watchCommand = Command(
    name: "watch", usage: "watch [POINTER] [--format json|text]",
    summary: "Print the snapshot, then one JSON line per diff, until the daemon goes away.",
    details: """
        Each line is the daemon's message as it arrived (type snapshot, then diff), like
        swaymsg -m -t subscribe. Example: lifectl watch /statistics | jq -c .patch
        --format text prints a line a person reads instead: for the whole world (no POINTER)
        the version, ticks, population, status and whether the timer runs; for a POINTER, the
        version and the value there, as compact JSON. --json asks for the JSON lines (the
        default), so it does not go with --format text.
        """
) { arguments throws(UsageError) in
    let parsed = try Arguments(arguments, options: ["format"], flags: [])
    try expectCount(parsed.positionals, 0...1, "watch")
    let text = try parsed.value("format", as: "json or text") { ["json": false, "text": true][$0] } ?? false
    let pointer: JSONPointer
    do {
        pointer = try JSONPointer(parsing: parsed.positionals.first ?? "")
    } catch {
        throw UsageError("\"\(parsed.positionals.first ?? "")\" is not a JSON Pointer: \(error)")
    }
    let said = Said("watch").with(pointer: "/path", "POINTER", pointer.description)
    return { session throws(Connection.Failure) in
        if text, session.jsonOutput {
            printError("lifectl", "watch: --json prints JSON lines and --format text lines for people; choose one")
            return .usage
        }
        let connection = try session.connection()
        let id = connection.makeID()
        // The text lines of the whole world need no cells: a window of one cell keeps them out.
        let window = text && pointer.isRoot ? Viewport(row: 0, col: 0, rows: 1, cols: 1) : nil
        try connection.send(ClientRequest(id: id, kind: .subscribe(path: pointer, viewport: window)))
        var mirror = JSON.null
        while true {
            let message = try connection.receive()
            switch message {
            case .error(_, let code, let text, let details):
                if session.jsonOutput { print(message.json.text) }
                printError("lifectl", ErrorWords.line(code: code, message: text, details: details, said: said))
                return .failure
            case .bye:
                return .success
            case .snapshot(_, let version, _, let value, _):
                mirror = value
                print(text ? WatchLine.text(version: version, value: mirror, whole: pointer.isRoot) : message.json.text)
                fflush(nil)
            case .diff(_, _, let version, let patch):
                if text {
                    do {
                        try mirror.apply(patch)
                    } catch {
                        printError("lifectl", "a diff did not apply: \(error)")
                        return .failure
                    }
                }
                print(text ? WatchLine.text(version: version, value: mirror, whole: pointer.isRoot) : message.json.text)
                fflush(nil)
            default:
                continue
            }
        }
    }
}

/// `lifectl watch --format text`'s lines.
enum WatchLine {
    /// `version 12: ticks 5, population 31, evolving, running` for the whole world, else
    /// `version 12: VALUE` with the value as compact JSON.
    static func text(version: Int, value: JSON, whole: Bool) -> String {
        guard whole else { return "version \(version): \(String(decoding: value.encoded(), as: UTF8.self))" }
        let simulation = value["simulation"]
        let ticks = simulation?["gridState"]?["ticks"]?.intValue ?? 0
        let population = simulation?["gridState"]?["grid"]?["population"]?.intValue ?? 0
        var status = simulation?["status"]?.stringValue ?? "evolving"
        if let period = simulation?["period"]?.intValue { status += " (period \(period))" }
        let timer = simulation?["isRunningTimer"] == true ? "running" : "stopped"
        return "version \(version): ticks \(ticks), population \(population), \(status), \(timer)"
    }
}
