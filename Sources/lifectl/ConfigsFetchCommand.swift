import LifeClient
import LifeJSON
import LifeSystem
import Protocol

/// `configs fetch [URL]`: fetches a list of patterns (`configurations.fetch`, from URL or the
/// daemon's source), waits for it, and says how many arrived or why it failed. Starts lifed on
/// demand, as every `configs` subcommand does (``configsCommand``).
let configsFetchCommand = ConfigsSubcommand(name: "fetch") { rest throws(UsageError) in
    try expectCount(rest, 0...1, "configs fetch")
    let said = rest.first.map { Said("configs fetch").with(action: "url", "URL", $0) } ?? Said("configs fetch")
    let action = AppAction.configurations(.fetch(url: rest.first))
    return { session throws(Connection.Failure) in try fetchAndWait(session, action, said: said) }
}

/// Dispatches a fetch and waits, through a subscription, until it ends. With `--json` it prints
/// `{"type": "fetch", "outcome": "fetched", "count": N, "version": V}`, or with `"outcome":
/// "failed"` and the `error`.
func fetchAndWait(_ session: Session, _ action: AppAction, said: Said) throws(Connection.Failure) -> ExitCode {
    let connection = try session.connection()
    let path = JSONPointer(tokens: ["configurations"])
    let snapshot = try connection.request(.subscribe(path: path))
    guard case .snapshot(let subscriptionID, var version, _, var mirror, _) = snapshot else {
        return session.report(snapshot, said: said) { nil }
    }
    let reply = try connection.request(.dispatch(action: action.json)) { message in
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
    // What the fetch brought, not what users added after it (a daemon before fetchedCount: the list).
    let count = mirror["fetchedCount"]?.intValue ?? mirror["configs"]?.arrayValue?.count ?? 0
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
        print("fetched \(counted(count, "configuration"))")
    }
    return .success
}
