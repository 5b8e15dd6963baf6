import LifeSystem
import Protocol

/// One word after `configs`, and how it reads the arguments after it. A subcommand shares the
/// `configs` command's help and its ``Command/daemonStart``.
struct ConfigsSubcommand: Sendable {
    var name: String
    var parse: @Sendable ([String]) throws(UsageError) -> Command.Work
}

/// The pattern `name` names on a `configs` command line: a number is an index, anything else a
/// title; and `said` telling the daemon's errors about it in the user's words (NAME or INDEX).
func configurationSelector(_ name: String, said: Said) -> (selector: ConfigurationSelector, said: Said) {
    if let index = Int(name) {
        return (.index(index), said.with(action: "index", "INDEX", name))
    }
    return (.title(name), said.with(action: "title", "NAME", name))
}
