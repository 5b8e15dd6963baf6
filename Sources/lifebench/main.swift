import Glibc
import LifeSystem

// lifebench: measurements of lifed's parts, one subcommand each (see Subcommand.all).

let overview = """
    lifebench: measure lifed's parts.

    Usage: lifebench SUBCOMMAND [OPTIONS]

    Subcommands:
    \(Subcommand.all.map { "  " + $0.name.padding(12) + $0.summary }.joined(separator: "\n"))

    `lifebench SUBCOMMAND --help` describes one. Exit status: 0 success, 1 failure, 2 usage error.
    """

extension String {
    func padding(_ length: Int) -> String { count >= length ? self + " " : self + String(repeating: " ", count: length - count) }
}

func usage(_ message: String) -> Never {
    printError("lifebench", message)
    printError("lifebench", "see lifebench --help")
    exit(.usage)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, name != "--help", name != "-h", name != "help" else {
    print(overview)
    exit(arguments.isEmpty ? .usage : .success)
}
guard let subcommand = Subcommand.all.first(where: { $0.name == name }) else { usage("unknown subcommand \"\(name)\"") }
let rest = Array(arguments.dropFirst())
if rest.contains("--help") || rest.contains("-h") {
    print(subcommand.help)
    exit(.success)
}
do {
    exit(try subcommand.run(rest))
} catch {
    printError("lifebench", "\(subcommand.name): \(error.message)")
    printError("lifebench", "see lifebench \(subcommand.name) --help")
    exit(.usage)
}
