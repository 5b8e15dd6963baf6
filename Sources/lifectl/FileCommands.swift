import LifeIO
import Protocol

/// `load FILE`: read a pattern file here, then replace the daemon's grid with it.
let loadCommand = Command(
    name: "load", usage: "load FILE [--format rle|plaintext|life106|json]",
    summary: "Read a pattern file (RLE, plaintext .cells, Life 1.06 or the course's JSON) and load it.",
    details: """
        The pattern is centred on a grid as large as the current one, or larger when it does not
        fit; a size given by the file (Golly's :T suffix) and its rule apply. The pattern is also
        added to the configurations list. Refused while the timer runs.
        """
) { arguments throws(UsageError) in
    let (files, format) = try splitFormat(arguments, "load")
    try expectCount(files, 1...1, "load")
    let path = files[0]
    return { session throws(Connection.Failure) in
        let pattern: Pattern
        do {
            let bytes = try FileIO.read(path)
            guard let text = String(validating: bytes, as: UTF8.self) else {
                printError("lifectl", "\(path): not UTF-8 text")
                return .failure
            }
            pattern = try PatternFormat.read(text, format: format ?? PatternFormat.detect(fileName: path, text: text))
        } catch let error as SystemError {
            printError("lifectl", "\(error)")
            return .failure
        } catch {
            printError("lifectl", "\(path): \(error)")
            return .failure
        }
        // The grid's size alone: its cells may be 16 MB.
        let currentRows = try session.get("/simulation/gridState/grid/rows").intValue
        let currentCols = try session.get("/simulation/gridState/grid/cols").intValue
        let currentTopology = Topology(rawValue: try session.get("/settings/topology").stringValue ?? "") ?? .torus
        let bounds = pattern.boundingBox ?? Pattern.Bounds(row: 0, col: 0, rows: 0, cols: 0)
        let rows: Int
        let cols: Int
        if let world = pattern.worldSize {
            rows = world.rows
            cols = world.cols
        } else {
            rows = max(currentRows ?? 10, bounds.rows, 1)
            cols = max(currentCols ?? 10, bounds.cols, 1)
        }
        guard rows <= Grid.maxSide, cols <= Grid.maxSide else {
            printError("lifectl", "\(path): the pattern needs \(rows)x\(cols), more than \(Grid.maxSide)x\(Grid.maxSide)")
            return .failure
        }
        let origin = pattern.worldSize == nil
            ? Pattern.Coordinate(row: (rows - bounds.rows) / 2 - bounds.row, col: (cols - bounds.cols) / 2 - bounds.col)
            : Pattern.Coordinate(row: 0, col: 0)
        // Sent as RLE with the world's size, so even a 4096x4096 world fits in a frame.
        var world = Pattern(grid: pattern.grid(rows: rows, cols: cols, at: origin))
        world.rule = pattern.rule
        world.topology = pattern.topology ?? currentTopology
        world.worldSize = Pattern.Size(rows: rows, cols: cols)
        var action: [String: JSON] = ["type": "simulation.setGrid", "rle": .string(PatternFormat.rle.write(world))]
        if pattern.rule == nil { action["rule"] = try session.get("/settings/rule") }
        let code = try session.dispatch(.object(action), quiet: true)
        guard code == .success else { return code }
        let title = pattern.name ?? baseName(path)
        if !session.jsonOutput {
            print("loaded \(title): \(pattern.population) cells on \(rows)x\(cols)\(pattern.rule.map { ", rule \($0.notation)" } ?? "")")
        }
        // Also in the configurations list (as RLE), for lifewatch's `c`; the load itself has succeeded either way.
        let configuration: Configuration
        do throws(ConfigurationError) {
            configuration = try Configuration(title: title, pattern: pattern)
        } catch {
            printError("lifectl", "warning: not added to the configurations list: \(error.message)")
            return .success
        }
        let added = try session.request(.dispatch(action: AppAction.configurations(.add(configuration)).json))
        if case .error(_, _, let message) = added { printError("lifectl", "warning: not added to the configurations list: \(message)") }
        return .success
    }
}

/// `save FILE`: write the daemon's grid as a pattern file.
let saveCommand = Command(
    name: "save", usage: "save FILE [--format rle|plaintext|life106|json]",
    summary: "Write the current grid to FILE (RLE unless the extension or --format says otherwise).",
    details: "RLE keeps the rule, and the grid's size as Golly's :T suffix on a torus, so load restores the world."
) { arguments throws(UsageError) in
    let (files, format) = try splitFormat(arguments, "save")
    try expectCount(files, 1...1, "save")
    let path = files[0]
    return { session throws(Connection.Failure) in
        let state = try session.get("")
        let grid: Grid
        let settings: Settings
        do throws(ProtocolError) {
            grid = try Grid(json: state["simulation"]?["gridState"]?["grid"] ?? .null)
            settings = try Settings(json: state["settings"] ?? .null)
        } catch {
            throw .protocolViolation("the state does not read as a world: \(error)")
        }
        var pattern = Pattern(grid: grid)
        pattern.rule = settings.rule
        pattern.name = baseName(path)
        // Golly's :T (torus) or :P (plane) suffix keeps the size and topology.
        pattern.topology = settings.topology
        pattern.worldSize = Pattern.Size(rows: pattern.rows, cols: pattern.cols)
        let chosen = format ?? PatternFormat.detect(fileName: path, text: "")
        let text = chosen.write(pattern)
        do {
            try FileIO.writeAtomically(Array(text.utf8), to: path)
        } catch {
            printError("lifectl", "\(error)")
            return .failure
        }
        if !session.jsonOutput { print("saved \(pattern.population) cells on \(pattern.rows)x\(pattern.cols) to \(path) (\(chosen.rawValue))") }
        return .success
    }
}

/// Separates `--format NAME` from the other arguments.
func splitFormat(_ arguments: [String], _ command: String) throws(UsageError) -> ([String], PatternFormat?) {
    var rest: [String] = []
    var format: PatternFormat?
    var index = 0
    while index < arguments.count {
        let argument = arguments[index]
        index += 1
        var value: String?
        if argument == "--format" {
            guard index < arguments.count else { throw UsageError("--format needs a value") }
            value = arguments[index]
            index += 1
        } else if argument.hasPrefix("--format=") {
            value = String(argument.dropFirst("--format=".count))
        }
        if let value {
            guard let parsed = PatternFormat(rawValue: value) else {
                throw UsageError("--format takes \(PatternFormat.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(value)\"")
            }
            format = parsed
        } else {
            rest.append(argument)
        }
    }
    return (rest, format)
}

/// The file name without folders or extension.
func baseName(_ path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
}
