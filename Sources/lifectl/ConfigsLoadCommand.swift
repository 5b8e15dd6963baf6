import LifeClient
import LifeSystem
import Protocol

/// `configs load NAME|INDEX [--resize]`: puts a pattern of the list centred on the grid, ticks to
/// 0 (`configurations.load`; refused while the timer runs); `--resize` grows the grid when the
/// pattern does not fit. Starts lifed on demand, as every `configs` subcommand does
/// (``configsCommand``).
let configsLoadCommand = ConfigsSubcommand(name: "load") { rest throws(UsageError) in
    let resize = rest.contains("--resize")
    let names = rest.filter { $0 != "--resize" }
    try expectCount(names, 1...1, "configs load")
    let name = names[0]
    var (selector, said) = configurationSelector(name, said: Said("configs load"))
    if resize { said = said.with(action: "resize", "--resize") }
    let action = AppAction.configurations(.load(selector, resize: resize))
    let done = said
    return { session throws(Connection.Failure) in
        // Loaded by number, the pattern is named by its title, read once the load is acknowledged
        // (the list rarely changes between the two; if it did, the number is said instead).
        try session.dispatch(action, said: done) { version in
            var what = name
            if let index = Int(name) {
                let title = try? session.get("/configurations/configs/\(index)/title").stringValue
                what = title.map { "\"\($0)\" (configuration \(index))" } ?? "configuration \(index)"
            }
            return "loaded \(what), centred on the grid (version \(version))"
        }
    }
}
