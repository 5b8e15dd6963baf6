import LifeSystem

/// One word after `configs`, and how it reads the arguments after it. A subcommand shares the
/// `configs` command's help and its ``Command/daemonStart``.
struct ConfigsSubcommand: Sendable {
    var name: String
    var parse: @Sendable ([String]) throws(UsageError) -> Command.Work
}
