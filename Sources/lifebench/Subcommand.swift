import LifeSystem

/// One lifebench subcommand: its name, its help, and what it does with the arguments after its name.
///
/// To add one, write a `static let` like ``engine`` (in its own file) and list it in ``all``.
struct Subcommand: Sendable {
    /// The word that selects it: `lifebench NAME ...`.
    var name: String
    /// The synopsis after `lifebench`, such as `engine [--size RxC] ...`.
    var usage: String
    /// One sentence for the overview.
    var summary: String
    /// The rest of its `--help`: options, output.
    var details: String
    /// Runs it with the arguments after its name; a usage error exits with status 2.
    var run: @Sendable ([String]) throws(UsageError) -> ExitCode

    /// A `run` for a subcommand whose work returns an exit status (0 success) and may throw:
    /// a usage error stays one (status 2); any other error is printed and is a failure (status 1).
    static func reportingFailures(_ body: @escaping @Sendable ([String]) throws -> Int32) -> @Sendable ([String]) throws(UsageError) -> ExitCode {
        { arguments throws(UsageError) in
            do {
                return try body(arguments) == 0 ? .success : .failure
            } catch let error as UsageError {
                throw error
            } catch {
                printError("lifebench", "\(error)")
                return .failure
            }
        }
    }

    var help: String { "Usage: lifebench \(usage)\n\n\(summary)\n\n\(details)" }

    /// Every subcommand, in the order `lifebench --help` lists them.
    static let all: [Subcommand] = [.engine, .fanout, .control, .memory, .durability, .storm, .patterns, .jump, .live, .history, .evolve]
}
