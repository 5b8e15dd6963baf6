import LifeClient
import LifeGrid
import LifeJSON
import LifePatterns
import LifeSystem
import Protocol

/// `save FILE [--format F]`: writes the daemon's grid as a pattern file, with its rule, size and
/// topology where the format keeps them, where `cp` would write it (`-` is standard output, and
/// then the summary goes to standard error). Starts lifed on demand (one just started saves its
/// world as lifed starts it).
let saveCommand = Command(
    name: "save", usage: "save FILE|- [--format rle|mc|plaintext|life105|life106|json|mcl]",
    summary: "Write the current grid to FILE (RLE unless the extension or --format says otherwise).",
    details: "RLE keeps the rule, and the grid's size and topology as Golly's :T (torus) or :P (bounded) suffix, so load restores the world. `-` writes standard output (the summary then goes to standard error). As cp does, a regular file is replaced atomically, a symbolic link is followed, and a device or FIFO is written in place.",
    daemonStart: .onDemand
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
        pattern.name = path == "-" ? nil : baseName(path)
        // Golly's :T (torus) or :P (plane) suffix keeps the size and topology.
        pattern.topology = settings.topology
        pattern.worldSize = Pattern.Size(rows: pattern.rows, cols: pattern.cols)
        let chosen = format ?? PatternFormat.detect(fileName: path, text: "")
        let text = chosen.write(pattern)
        do {
            try FileIO.save(Array(text.utf8), to: path)
        } catch {
            printError("lifectl", "\(error)")
            return .failure
        }
        // With `-`, standard output is the pattern, so the summary goes beside it.
        let say: (String) -> Void = path == "-" ? { writeToStandardError($0 + "\n") } : { print($0) }
        if session.jsonOutput {
            let summary: JSON = [
                "type": "save", "saved": .string(path), "format": .string(chosen.rawValue), "rows": .int(pattern.rows),
                "cols": .int(pattern.cols), "population": .int(pattern.population),
            ]
            say(summary.text)
        } else {
            let destination = path == "-" ? "standard output" : path
            say("saved \(pattern.population) cells on \(pattern.rows)x\(pattern.cols) to \(destination) (\(chosen.rawValue))")
        }
        return .success
    }
}
