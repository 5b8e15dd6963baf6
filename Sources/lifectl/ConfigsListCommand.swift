import LifeClient
import LifeJSON
import LifeSystem
import Protocol

/// `configs list` (and `configs` alone): the patterns in the list, one a line: index, title, live
/// cells, size and rule; then whether a fetch runs, and why the last one failed. Starts lifed on
/// demand, as every `configs` subcommand does (``configsCommand``).
let configsListCommand = ConfigsSubcommand(name: "list") { rest throws(UsageError) in
    try expectCount(rest, 0...0, "configs list")
    return { session throws(Connection.Failure) in
        let reply = try session.request(.get(path: JSONPointer(tokens: ["configurations"])))
        return session.report(reply, said: Said("configs list")) {
            guard case .state(_, _, _, let value) = reply else { return nil }
            return formatConfigurations(value)
        }
    }
}

/// The lines of `configs list`, from the daemon's `/configurations`.
func formatConfigurations(_ value: JSON) -> String {
    var lines: [String] = []
    let configs = value["configs"]?.arrayValue ?? []
    let fetched = value["fetchedCount"]?.intValue ?? configs.count
    for (index, config) in configs.enumerated() {
        // Each entry gives the pattern's size and population, not its cells.
        func number(_ key: String) -> String { config[key]?.intValue.map(String.init) ?? "?" }
        let rule = config["rule"]?.stringValue.map { ", rule \($0)" } ?? ""
        let added = index >= fetched ? "\tadded" : ""
        lines.append("\(index)\t\(config["title"]?.stringValue ?? "?")\t\(number("population")) cells, \(number("rows"))x\(number("cols"))\(rule)\(added)")
    }
    if value["isFetching"]?.boolValue == true { lines.append("(fetching…)") }
    if let error = value["error"]?.stringValue { lines.append("last fetch: \(error)") }
    if configs.isEmpty && lines.isEmpty { lines.append("no configurations; try: lifectl configs fetch") }
    return lines.joined(separator: "\n")
}
