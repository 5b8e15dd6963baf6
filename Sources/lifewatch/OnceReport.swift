import LifeIO
import LifeTerminal
import Protocol

/// `lifewatch --once`: the current state as plain text on stdout.
enum OnceReport {
    /// Reads the watched value with `get` and prints it; returns the exit status.
    static func run(connection: Connection, path: JSONPointer) -> ExitCode {
        let reply: ServerMessage
        do {
            reply = try connection.request(.get(path: path))
        } catch {
            printError("lifewatch", "\(error)")
            return .unreachable
        }
        switch reply {
        case .state(_, _, _, let value):
            for line in PlainTextReport.lines(for: WatchedContent(path: path.description, value: value)) { print(line) }
            return .success
        case .error(_, let code, let message):
            printError("lifewatch", "\(code): \(message)")
            return .failure
        default:
            printError("lifewatch", "the daemon answered get with something else: \(reply.json.text)")
            return .failure
        }
    }
}
