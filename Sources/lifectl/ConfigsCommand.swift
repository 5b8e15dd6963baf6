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
            return session.report(reply) {
                guard case .state(_, _, _, let value) = reply else { return nil }
                return formatConfigurations(value)
            }
        }
    case "show":
        try expectCount(rest, 1...1, "configs show")
        let selector: ConfigurationSelector = Int(rest[0]).map { .index($0) } ?? .title(rest[0])
        return { session throws(Connection.Failure) in
            let reply = try session.request(.readConfiguration(selector))
            return session.report(reply) {
                guard case .configuration(_, _, _, let configuration) = reply else { return nil }
                return showConfiguration(configuration)
            }
        }
    case "fetch":
        try expectCount(rest, 0...1, "configs fetch")
        var action: JSON = ["type": "configurations.fetch"]
        if let url = rest.first { action = ["type": "configurations.fetch", "url": .string(url)] }
        return { session throws(Connection.Failure) in try fetchAndWait(session, action) }
    case "cancel":
        try expectCount(rest, 0...0, "configs cancel")
        return { session throws(Connection.Failure) in try session.dispatch(["type": "configurations.cancelFetch"]) }
    case "clear":
        try expectCount(rest, 0...0, "configs clear")
        return { session throws(Connection.Failure) in try session.dispatch(["type": "configurations.clear"]) }
    case "load":
        let resize = rest.contains("--resize")
        let names = rest.filter { $0 != "--resize" }
        try expectCount(names, 1...1, "configs load")
        var action: [String: JSON] = ["type": "configurations.load"]
        if let index = Int(names[0]) { action["index"] = .int(index) } else { action["title"] = .string(names[0]) }
        if resize { action["resize"] = true }
        let request = JSON.object(action)
        return { session throws(Connection.Failure) in try session.dispatch(request) }
    default:
        throw UsageError("configs takes list, show, fetch, cancel, clear or load, not \"\(sub)\"")
    }
}

/// Dispatches a fetch and waits, through a subscription, until it ends.
func fetchAndWait(_ session: Session, _ action: JSON) throws(Connection.Failure) -> ExitCode {
    let connection = try session.connection()
    let subscription = connection.makeID()
    let path = JSONPointer(tokens: ["configurations"])
    let snapshot = try connection.request(.subscribe(path: path))
    guard case .snapshot(let subscriptionID, _, _, var mirror, _) = snapshot else {
        return session.report(snapshot) { nil }
    }
    _ = subscription
    let reply = try connection.request(.dispatch(action: action)) { message in
        if case .diff(let id, _, _, let patch) = message, id == subscriptionID { try? mirror.apply(patch) }
    }
    guard case .ack = reply else { return session.report(reply) { nil } }
    while mirror["isFetching"]?.boolValue == true {
        let message = try connection.receive()
        if case .diff(let id, _, _, let patch) = message, id == subscriptionID {
            do {
                try mirror.apply(patch)
            } catch {
                throw .protocolViolation("a diff did not apply: \(error)")
            }
        }
        if case .bye = message { throw .closed }
    }
    if session.jsonOutput {
        print(mirror.text)
    }
    if let error = mirror["error"]?.stringValue {
        printError("lifectl", "fetch failed: \(error)")
        return .failure
    }
    if !session.jsonOutput {
        let count = mirror["configs"]?.arrayValue?.count ?? 0
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
