import LifeClient
import LifeSystem
import Protocol

/// A command that dispatches one action with no parameters, named in its summary; `done` says
/// its success.
func simpleAction(_ name: String, _ action: AppAction, _ summary: String, done: String, daemonStart: DaemonStart) -> Command {
    Command(name: name, usage: name, summary: "\(summary) (\(action.typeName))", daemonStart: daemonStart) { arguments throws(UsageError) in
        try expectCount(arguments, 0...0, name)
        return { session throws(Connection.Failure) in
            try session.dispatch(action, said: Said(name)) { "\(done) (version \($0))" }
        }
    }
}

/// A command that dispatches one action with no parameters and, like `systemctl start`, succeeds
/// when the daemon is already where it would take it: a refusal for `already` (a ``Refusal`` raw
/// value, such as `timerRunning` for a start) says `alreadyDone` and exits 0. With `--json` it
/// prints `{"type":"unchanged","command":…,"refused":…,"message":…}`.
func idempotentAction(
    _ name: String, _ action: AppAction, _ summary: String, done: String, already: String, alreadyDone: String,
    daemonStart: DaemonStart
) -> Command {
    Command(name: name, usage: name, summary: "\(summary) (\(action.typeName))", daemonStart: daemonStart) { arguments throws(UsageError) in
        try expectCount(arguments, 0...0, name)
        return { session throws(Connection.Failure) in
            let reply = try session.request(.dispatch(action: action.json))
            if case .error(_, _, _, let details) = reply, details.refused == already {
                if session.jsonOutput {
                    session.printJSON(
                        .object([
                            "type": .string("unchanged"), "command": .string(name), "refused": .string(already),
                            "message": .string(alreadyDone),
                        ]))
                } else {
                    print(alreadyDone)
                }
                return .success
            }
            var said = Said(name)
            said.action = action.type
            return session.report(reply, said: said) {
                guard case .ack(_, let version) = reply else { return nil }
                return "\(done) (version \(version))"
            }
        }
    }
}
