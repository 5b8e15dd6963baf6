import LifeClient
import LifeSystem

/// One lifectl command: its name, its help, whether it starts lifed, and how it reads its arguments.
///
/// Arguments are read before anything is sent, so a usage error never depends on the daemon.
struct Command: Sendable {
    var name: String
    var usage: String
    var summary: String
    /// More help, shown by `lifectl COMMAND --help`.
    var details: String = ""
    /// Whether the command starts lifed when none answers (main.swift reads it for the ``Session``).
    var daemonStart: DaemonStart
    /// Reads the arguments after the command's name into the work to do.
    var parse: @Sendable ([String]) throws(UsageError) -> Work

    typealias Work = (Session) throws(Connection.Failure) -> ExitCode

    var help: String {
        var text = "Usage: lifectl [--socket PATH] [--json] \(usage)\n\n\(summary)"
        if !details.isEmpty { text += "\n\n" + details }
        return text
    }
}

/// What a command does when no daemon answers on the socket.
enum DaemonStart: Sendable {
    /// Starts lifed, as tmux starts its server, and works with it (unless `--no-start`).
    case onDemand
    /// Only asks a running lifed: one started for the command would have nothing to tell or to stop.
    case never
}
