import Glibc
import LifeGrid
import LifePatterns
import LifeSystem
import Protocol

/// Where a command reads a pattern file from: a file (`load`, `paste`), or standard input
/// (`load -`, `paste -`), at most ``PatternFile/maxBytes``.
enum PatternSource: Equatable, CustomStringConvertible {
    case file(String)
    case standardInput

    /// The source an argument names: `-` is standard input, anything else a file. A URL that is
    /// not a file here is a usage error that says how to read it: lifectl reads files, and curl
    /// reads URLs.
    static func named(_ argument: String, command: String, rest: String = "") throws(UsageError) -> PatternSource {
        if argument == "-" { return .standardInput }
        let lowered = argument.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), access(argument, F_OK) != 0 {
            throw UsageError("\(command) reads a file or standard input, not a URL; try: curl -sL '\(argument)' | lifectl \(command) -\(rest)")
        }
        return .file(argument)
    }

    /// How lifectl's messages name it: the path, or `standard input`.
    var description: String {
        switch self {
        case .file(let path): return path
        case .standardInput: return "standard input"
        }
    }

    /// The pattern read as ``PatternFile`` reads it (`format`, else the one the file or its name
    /// gives); nil when it cannot be read, after saying why on stderr.
    func read(format: PatternFormat?) -> Pattern? {
        do {
            switch self {
            case .file(let path):
                return try PatternFile.read(try FileIO.read(path, limit: PatternFile.maxBytes), fileName: path, format: format)
            case .standardInput:
                return try PatternFile.read(try FileIO.readStandardInput(limit: PatternFile.maxBytes), fileName: nil, format: format)
            }
        } catch let error as SystemError {
            printError("lifectl", "\(error)")
        } catch {
            printError("lifectl", "\(self): \(error)")
        }
        return nil
    }
}
