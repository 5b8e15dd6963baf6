import LifeIO
import LifeJSON
import Protocol

/// `configs [list | show NAME|INDEX | fetch [URL] | cancel | clear | load NAME|INDEX [--resize]]`: the list of patterns.
let configsCommand = Command(
    name: "configs", usage: "configs [list | show NAME|INDEX | fetch [URL] | cancel | clear | load NAME|INDEX [--resize]]",
    summary: "The list of patterns (configurations): list them, show one, fetch a list, or load one onto the grid.",
    details: """
        list             the patterns in the list: index, title, live cells, size and rule (the default)
        show NAME|INDEX  one pattern as an RLE file (#N and its title, then the RLE the daemon keeps)
        fetch [URL]      fetch a list (http, https or file URL; default: the daemon's source),
                         wait for it, and say how many arrived or why it failed
        cancel           stop a fetch in flight
        clear            empty the list
        load NAME|INDEX  put a pattern centred on the grid, ticks to 0 (refused while running);
                         --resize grows the grid when the pattern does not fit
        """
) { arguments throws(UsageError) in
    let sub = arguments.first ?? "list"
    let rest = Array(arguments.dropFirst())
    switch sub {
    case "list":
        try expectCount(rest, 0...0, "configs list")
        return { session throws(Connection.Failure) in
            let reply = try session.request(.get(path: JSONPointer(tokens: ["configurations"])))
            return session.report(reply, said: Said("configs list")) {
                guard case .state(_, _, _, let value) = reply else { return nil }
                return formatConfigurations(value)
            }
        }
    case "show":
        try expectCount(rest, 1...1, "configs show")
        let selector: ConfigurationSelector = Int(rest[0]).map { .index($0) } ?? .title(rest[0])
        let said = Said("configs show").with(pointer: Int(rest[0]) == nil ? "/title" : "/index", "NAME|INDEX", rest[0])
        return { session throws(Connection.Failure) in
            let reply = try session.request(.readConfiguration(selector))
            return session.report(reply, said: said) {
                guard case .configuration(_, _, _, let configuration) = reply else { return nil }
                return showConfiguration(configuration)
            }
        }
    case "fetch":
        try expectCount(rest, 0...1, "configs fetch")
        var action: JSON = ["type": "configurations.fetch"]
        var said = Said("configs fetch")
        if let url = rest.first {
            action = ["type": "configurations.fetch", "url": .string(url)]
            said = said.with(action: "url", "URL", url)
        }
        return { session throws(Connection.Failure) in try fetchAndWait(session, action, said: said) }
    case "cancel":
        try expectCount(rest, 0...0, "configs cancel")
        return { session throws(Connection.Failure) in
            try session.dispatch(["type": "configurations.cancelFetch"], said: Said("configs cancel")) { "no fetch runs now (version \($0))" }
        }
    case "clear":
        try expectCount(rest, 0...0, "configs clear")
        return { session throws(Connection.Failure) in
            try session.dispatch(["type": "configurations.clear"], said: Said("configs clear")) { "the list of configurations is empty (version \($0))" }
        }
    case "load":
        let resize = rest.contains("--resize")
        let names = rest.filter { $0 != "--resize" }
        try expectCount(names, 1...1, "configs load")
        let name = names[0]
        var action: [String: JSON] = ["type": "configurations.load"]
        var said = Said("configs load")
        if let index = Int(name) {
            action["index"] = .int(index)
            said = said.with(action: "index", "INDEX", name)
        } else {
            action["title"] = .string(name)
            said = said.with(action: "title", "NAME", name)
        }
        if resize {
            action["resize"] = true
            said = said.with(action: "resize", "--resize")
        }
        let request = JSON.object(action)
        let done = said
        return { session throws(Connection.Failure) in
            try session.dispatch(request, said: done) { "loaded \(Int(name) == nil ? name : "configuration \(name)"), centred on the grid (version \($0))" }
        }
    default:
        throw UsageError("configs takes list, show, fetch, cancel, clear or load, not \"\(sub)\"")
    }
}

/// Dispatches a fetch and waits, through a subscription, until it ends. With `--json` it prints
/// `{"type": "fetch", "outcome": "fetched", "count": N, "version": V}`, or with `"outcome":
/// "failed"` and the `error`.
func fetchAndWait(_ session: Session, _ action: JSON, said: Said) throws(Connection.Failure) -> ExitCode {
    let connection = try session.connection()
    let path = JSONPointer(tokens: ["configurations"])
    let snapshot = try connection.request(.subscribe(path: path))
    guard case .snapshot(let subscriptionID, var version, _, var mirror, _) = snapshot else {
        return session.report(snapshot, said: said) { nil }
    }
    let reply = try connection.request(.dispatch(action: action)) { message in
        if case .diff(let id, _, let at, let patch) = message, id == subscriptionID {
            try? mirror.apply(patch)
            version = at
        }
    }
    guard case .ack = reply else { return session.report(reply, said: said) { nil } }
    while mirror["isFetching"]?.boolValue == true {
        let message = try connection.receive()
        if case .diff(let id, _, let at, let patch) = message, id == subscriptionID {
            do {
                try mirror.apply(patch)
            } catch {
                throw .protocolViolation("a diff did not apply: \(error)")
            }
            version = at
        }
        if case .bye = message { throw .closed }
    }
    let count = mirror["configs"]?.arrayValue?.count ?? 0
    let failure = mirror["error"]?.stringValue
    if session.jsonOutput {
        var outcome: [String: JSON] = ["type": "fetch", "outcome": failure == nil ? "fetched" : "failed", "version": .int(version)]
        if let failure { outcome["error"] = .string(failure) } else { outcome["count"] = .int(count) }
        session.printJSON(.object(outcome))
    }
    if let failure {
        printError("lifectl", "fetch failed: \(failure)")
        return .failure
    }
    if !session.jsonOutput {
        print("fetched \(count) configuration\(count == 1 ? "" : "s")")
    }
    return .success
}

/// A configuration from `configurations.read` as an RLE file: `#N` and its title (when it has
/// one), then its RLE, without the final newline (`print` adds it).
func showConfiguration(_ configuration: JSON) -> String {
    let rle = configuration["rle"]?.stringValue ?? ""
    let title = (configuration["title"]?.stringValue ?? "").split(whereSeparator: \.isNewline).joined(separator: " ")
    let text = (title.isEmpty ? "" : "#N \(title)\n") + rle
    return text.hasSuffix("\n") ? String(text.dropLast()) : text
}

func formatConfigurations(_ value: JSON) -> String {
    var lines: [String] = []
    let configs = value["configs"]?.arrayValue ?? []
    for (index, config) in configs.enumerated() {
        // Each entry gives the pattern's size and population, not its cells.
        func number(_ key: String) -> String { config[key]?.intValue.map(String.init) ?? "?" }
        let rule = config["rule"]?.stringValue.map { ", rule \($0)" } ?? ""
        lines.append("\(index)\t\(config["title"]?.stringValue ?? "?")\t\(number("population")) cells, \(number("rows"))x\(number("cols"))\(rule)")
    }
    if value["isFetching"]?.boolValue == true { lines.append("(fetching…)") }
    if let error = value["error"]?.stringValue { lines.append("last fetch failed: \(error)") }
    if configs.isEmpty && lines.isEmpty { lines.append("no configurations; try: lifectl configs fetch") }
    return lines.joined(separator: "\n")
}
