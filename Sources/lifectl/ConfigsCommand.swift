import LifeSystem
import Protocol

/// `configs [list | show NAME|INDEX | fetch [URL] | cancel | clear | load NAME|INDEX [--resize] | remove NAME|INDEX]`:
/// the list of patterns (configurations). Each subcommand is in the file named after it
/// (`ConfigsListCommand.swift`...). Starts lifed on demand, whichever the subcommand.
let configsCommand = Command(
    name: "configs", usage: "configs [list | show NAME|INDEX | fetch [URL] | cancel | clear | load NAME|INDEX [--resize] | remove NAME|INDEX]",
    summary: "The list of patterns (configurations): list them, show one, fetch a list, or load one onto the grid.",
    details: """
        list             the patterns in the list: index, title, live cells, size and rule (the default);
                         "added" marks those users added, which stay through fetches until removed
        show NAME|INDEX  one pattern as an RLE file (#N and its title, then the RLE the daemon keeps)
        fetch [URL]      fetch a list (http, https or file URL; default: the daemon's source),
                         wait for it, and say how many arrived or why it failed
        cancel           stop a fetch in flight (the list stays as it was)
        clear            empty the list, what users added too
        load NAME|INDEX  put a pattern centred on the grid, ticks to 0 (refused while running);
                         --resize grows the grid when the pattern does not fit
        remove NAME|INDEX  take one pattern out of the list
        """,
    daemonStart: .onDemand
) { arguments throws(UsageError) in
    let name = arguments.first ?? "list"
    guard let subcommand = configsSubcommands.first(where: { $0.name == name }) else {
        let names = configsSubcommands.map(\.name)
        throw UsageError("configs takes \(names.dropLast().joined(separator: ", ")) or \(names.last ?? ""), not \"\(name)\"")
    }
    return try subcommand.parse(Array(arguments.dropFirst()))
}

/// The words `configs` takes, in the order its help lists them; `list` when none is given.
let configsSubcommands = [
    configsListCommand, configsShowCommand, configsFetchCommand, configsCancelCommand, configsClearCommand, configsLoadCommand,
    configsRemoveCommand,
]
