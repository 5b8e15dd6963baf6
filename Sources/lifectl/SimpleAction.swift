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
