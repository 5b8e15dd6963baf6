import LifeClient
import LifeSystem
import Protocol

/// `configs clear`: empties the list of patterns, and stops a fetch in flight
/// (`configurations.clear`). Starts lifed on demand, as every `configs` subcommand does
/// (``configsCommand``).
let configsClearCommand = ConfigsSubcommand(name: "clear") { rest throws(UsageError) in
    try expectCount(rest, 0...0, "configs clear")
    return { session throws(Connection.Failure) in
        try session.dispatch(.configurations(.clear), said: Said("configs clear")) { "the list of configurations is empty (version \($0))" }
    }
}
