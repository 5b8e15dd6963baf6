import LifeClient
import LifeJSON
import LifeScheduling
import LifeSystem
import Protocol

/// `set KEY=VALUE...`: one `settings.update` with every pair, all or nothing; `set reset`: the
/// settings lifed started with (`settings.reset`). Starts lifed on demand.
///
/// The values go to lifed as typed (a number, a rule's text), not checked here beyond their
/// form, so the action is built as JSON: lifed says what is wrong with them, and ``ErrorWords``
/// says it in the words of the setting typed.
let setCommand = Command(
    name: "set", usage: "set KEY=VALUE...",
    summary: "Change settings, all or nothing (settings.update). `set reset` restores the defaults.",
    details: """
        Keys:
          interval=DURATION   timer period, 10ms to 60s (e.g. 250ms, 2s)
          step=N              generations each tick computes, 1 to 1000000 (as Golly's step)
          size=ROWSxCOLS      resize the world now, e.g. 40x80 (3 to 4096 a side), its cells
                              kept centred: cut from or added on every side; also rows=N, cols=N
          rule=RULE           a Life-like rule: B3/S23, B36/S23 (HighLife), B2/S (Seeds), ...
          topology=NAME       torus or bounded
          density=X           share of live cells in random grids, 0.05 to 0.95
          autostop=on|off     stop the timer when the world settles
          title=TEXT          the title every watcher shows
          statistics=on|off   whether watchers show the statistics panel
        size, rule and topology are refused while the timer runs.
        Example: lifectl set interval=250ms size=40x80 rule=B36/S23 title="Hello"
        """,
    daemonStart: .onDemand
) { arguments throws(UsageError) in
    guard !arguments.isEmpty else { throw UsageError("set needs KEY=VALUE pairs (see lifectl set --help)") }
    if arguments == ["reset"] {
        return { session throws(Connection.Failure) in
            try session.dispatch(.settings(.reset), said: Said("set reset")) { "settings back to lifed's start-up settings (version \($0))" }
        }
    }
    var fields: [String: JSON] = ["type": .string(ActionType.settingsUpdate.name)]
    var display: [String: JSON] = [:]
    // How each field was typed, so that the daemon's errors come back in these words.
    var said = Said("set")
    for argument in arguments {
        guard let equals = argument.firstIndex(of: "=") else { throw UsageError("\"\(argument)\" is not KEY=VALUE") }
        let key = argument[..<equals].lowercased()
        let value = String(argument[argument.index(after: equals)...])
        func bad(_ what: String) -> UsageError { UsageError("\(key) needs \(what), not \"\(value)\"") }
        switch key {
        case "interval", "intervalms":
            guard let ms = DurationText.milliseconds(value) else {
                if Int(value) != nil { throw UsageError("interval needs a unit: \(value)ms or \(value)s?") }
                throw bad("a duration such as 250ms or 2s")
            }
            fields["intervalMs"] = .int(ms)
            said = said.with(action: "intervalMs", "interval", value)
        case "step", "generationspertick":
            guard let n = Int(value) else { throw bad("a whole number of generations") }
            fields["generationsPerTick"] = .int(n)
            said = said.with(action: "generationsPerTick", "step", value)
        case "size":
            let parts = value.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let rows = Int(parts[0]), let cols = Int(parts[1]) else { throw bad("ROWSxCOLS such as 40x80") }
            fields["rows"] = .int(rows)
            fields["cols"] = .int(cols)
            said = said.with(action: "rows", "size", value).with(action: "cols", "size", value)
        case "rows", "cols":
            guard let n = Int(value) else { throw bad("a whole number") }
            fields[key] = .int(n)
            said = said.with(action: key, key, value)
        case "rule":
            fields["rule"] = .string(value)
            said = said.with(action: "rule", "rule", value)
        case "topology":
            fields["topology"] = .string(value)
            said = said.with(action: "topology", "topology", value)
        case "density":
            guard let x = Double(value) else { throw bad("a number such as 0.35") }
            fields["density"] = .double(x)
            said = said.with(action: "density", "density", value)
        case "autostop":
            guard let on = parseSwitch(value) else { throw bad("on or off") }
            fields["autoStop"] = .bool(on)
            said = said.with(action: "autoStop", "autostop", value)
        case "title":
            display["title"] = .string(value)
            said = said.with(action: "display/title", "title", value)
        case "statistics", "showstatistics", "stats":
            guard let on = parseSwitch(value) else { throw bad("on or off") }
            display["showStatistics"] = .bool(on)
            said = said.with(action: "display/showStatistics", "statistics", value)
        default:
            throw UsageError("unknown setting \"\(key)\" (see lifectl set --help)")
        }
    }
    if !display.isEmpty { fields["display"] = .object(display) }
    let action = JSON.object(fields)
    let typed = said
    let resizes = fields["rows"] != nil || fields["cols"] != nil
    return { session throws(Connection.Failure) in
        try session.dispatch(action, said: typed) { version in
            // Settings as they were already change nothing, and the version stays where the
            // connection found it (another client's change in between would move it: then this
            // says changed, as it may have).
            if let found = try? session.connection().hello.version, found == version {
                return "settings unchanged: they already were so (version \(version))"
            }
            // Say what a resize did, as a person sees it: the world's size after it.
            guard resizes, let rows = try? session.get("/settings/rows").intValue, let cols = try? session.get("/settings/cols").intValue
            else { return "settings changed (version \(version))" }
            return "settings changed; the world is \(rows)x\(cols), its cells kept centred (version \(version))"
        }
    }
}

/// Reads on/off, true/false, yes/no, 1/0.
func parseSwitch(_ text: String) -> Bool? {
    switch text.lowercased() {
    case "on", "true", "yes", "1": return true
    case "off", "false", "no", "0": return false
    default: return nil
    }
}
