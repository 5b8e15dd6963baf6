import LifeClient
import LifeJSON
import LifeSystem
import LifeTerminal
import Protocol

/// `lifewatch --once`: the current state as plain text on stdout.
enum OnceReport {
    /// Reads the watched value and prints it; returns the exit status.
    ///
    /// The whole world is read through a viewport the size of the terminal (80x24 when
    /// stdout is not one): a 4096 x 4096 grid prints as much as fits, not 16 MB of cells.
    /// Any other path is read whole with `get`.
    static func run(connection: Connection, path: JSONPointer) -> ExitCode {
        let reply: ServerMessage
        do {
            if path.isRoot {
                let size = Terminal().size
                reply = try connection.request(.subscribe(path: path, viewport: Viewport(row: 0, col: 0, rows: size.rows, cols: size.cols)))
            } else {
                reply = try connection.request(.get(path: path))
            }
        } catch {
            printError("lifewatch", "\(error)")
            // The daemon answered and closed with its reason (a request over its --max-frame): a refusal.
            if case .refused = error { return .failure }
            return .unreachable
        }
        switch reply {
        case .state(_, _, _, let value), .snapshot(_, _, _, let value, _):
            for line in PlainTextReport.lines(for: WatchedContent(path: path.description, value: value)) { print(line) }
            return .success
        case .error(_, let code, let message, _):
            printError("lifewatch", "\(code): \(message)")
            return .failure
        default:
            printError("lifewatch", "the daemon answered with something else: \(reply.json.text)")
            return .failure
        }
    }
}
