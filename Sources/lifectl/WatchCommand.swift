import Glibc
import LifeClient
import LifeJSON
import LifeSystem
import Protocol

/// `watch [POINTER] [--format json|text]`: the snapshot, then one JSON line per diff (or with
/// `--format text` one line a person reads, ``WatchLine``), until the daemon goes away; for shell
/// pipelines. Starts lifed on demand.
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
        """,
    daemonStart: .onDemand
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
