import LifeClient
import LifeJSON
import LifeSystem
import Protocol

/// What a running command works with: the connection (opened on first use) and the output mode.
final class Session {
    let socketPath: String
    let jsonOutput: Bool
    /// Whether to start lifed when none answers.
    let autoStart: Bool
    private var opened: Connection?

    init(socketPath: String, jsonOutput: Bool, autoStart: Bool) {
        self.socketPath = socketPath
        self.jsonOutput = jsonOutput
        self.autoStart = autoStart
    }

    /// The connection to the daemon, started on demand unless `--no-start`.
    func connection() throws(Connection.Failure) -> Connection {
        if let opened { return opened }
        let connection = try DaemonLauncher.connect(path: socketPath, autoStart: autoStart)
        opened = connection
        return connection
    }

    /// Sends a request and waits for its reply.
    func request(_ kind: ClientRequest.Kind) throws(Connection.Failure) -> ServerMessage {
        try connection().request(kind)
    }

    /// Dispatches an action object; prints the outcome (a success as `done` says it, from the
    /// version after it; an error in lifectl's words, from what was `said`); returns the exit code.
    func dispatch(_ action: JSON, said: Said, done: (_ version: Int) -> String) throws(Connection.Failure) -> ExitCode {
        let reply = try request(.dispatch(action: action))
        return report(reply, said: said) {
            guard case .ack(_, let version) = reply else { return nil }
            return done(version)
        }
    }

    /// Dispatches `action` as the wire writes it (``AppAction/json``), and prints its outcome as the
    /// action object's `dispatch` does.
    func dispatch(_ action: AppAction, said: Said, done: (_ version: Int) -> String) throws(Connection.Failure) -> ExitCode {
        var said = said
        said.action = said.action ?? action.type
        return try dispatch(action.json, said: said, done: done)
    }

    /// The value at `path` in the daemon's state.
    func get(_ path: String) throws(Connection.Failure) -> JSON {
        let pointer = (try? JSONPointer(parsing: path)) ?? .root
        let reply = try request(.get(path: pointer))
        guard case .state(_, _, _, let value) = reply else {
            throw .protocolViolation("expected the state at \(path), got \(reply.json.preview)")
        }
        return value
    }

    /// Prints a reply: an error on stderr in lifectl's words (``ErrorWords``, from what was
    /// `said`), exit 1; anything else as `human` says. With `--json`, the reply itself (an error's
    /// with its code, message, field and refused) as one line on stdout instead of `human`.
    func report(_ reply: ServerMessage, said: Said, human: () -> String?) -> ExitCode {
        if case .error(_, let code, let message, let details) = reply {
            if jsonOutput { print(reply.json.text) }
            printError("lifectl", ErrorWords.line(code: code, message: message, details: details, said: said))
            return .failure
        }
        if jsonOutput {
            print(reply.json.text)
        } else if let text = human() {
            print(text)
        }
        return .success
    }

    /// Prints one object of lifectl's own (`{"type": "save", ...}`) as a line of compact JSON.
    func printJSON(_ object: JSON) {
        print(object.text)
    }
}
