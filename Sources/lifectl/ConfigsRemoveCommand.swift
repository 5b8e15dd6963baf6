import LifeClient
import LifeSystem
import Protocol

/// `configs remove NAME|INDEX`: takes one pattern out of the list, fetched or added
/// (`configurations.remove`). Patterns users added stay through fetches until removed this way
/// or cleared. Starts lifed on demand, as every `configs` subcommand does (``configsCommand``).
let configsRemoveCommand = ConfigsSubcommand(name: "remove") { rest throws(UsageError) in
    try expectCount(rest, 1...1, "configs remove")
    let name = rest[0]
    let (selector, said) = configurationSelector(name, said: Said("configs remove"))
    return { session throws(Connection.Failure) in
        try session.dispatch(.configurations(.remove(selector)), said: said) { "removed \(Int(name) == nil ? name : "configuration \(name)") from the list (version \($0))" }
    }
}
