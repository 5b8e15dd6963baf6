import LifeClient
import LifeSystem
import Protocol

/// `configs cancel`: stops a fetch in flight (`configurations.cancelFetch`). Starts lifed on
/// demand, as every `configs` subcommand does (``configsCommand``).
let configsCancelCommand = ConfigsSubcommand(name: "cancel") { rest throws(UsageError) in
    try expectCount(rest, 0...0, "configs cancel")
    return { session throws(Connection.Failure) in
        try session.dispatch(.configurations(.cancelFetch), said: Said("configs cancel")) { "no fetch runs now (version \($0))" }
    }
}
