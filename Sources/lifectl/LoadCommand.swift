import LifeClient
import LifeGrid
import LifeSystem
import LifeJSON
import LifeSystem
import Protocol

/// `load FILE [--keep] [--format F]`: reads a pattern file here (`-`: standard input), then replaces the daemon's grid
/// with it, in one `simulation.setGrid` (with `keep`, which adds it to the configurations in the
/// same change). Starts lifed on demand.
let loadCommand = Command(
    name: "load", usage: "load FILE [--keep] [--format rle|mc|plaintext|life105|life106|json|mcl]",
    summary: "Read a pattern file (RLE, Golly's macrocell, plaintext .cells, Life 1.05 or 1.06, the course's JSON; gzipped too) and load it.",
    details: """
        FILE - reads standard input (curl -s URL | lifectl load -), whose format is told from
        its content. The format is the one the file announces ([M2], #Life 1.05, #Life 1.06),
        else the one its extension names (.rle, .mc, .cells, .lif, .json, with or without .gz),
        else a guess from its first character; --format overrides. gzip files (.rle.gz, .mc.gz,
        any file starting with the gzip magic number) are decompressed first, to at most 64 MiB.
        Files lifed cannot read (MCell, zip archives, Lua or Python scripts, Golly rule files)
        are named as such.
        The pattern is centred on a grid as large as the current one, or larger when it does not
        fit. A world given by the file (Golly's :T or :P suffix) sets the grid's size and
        topology, and the pattern sits in it where Golly puts it: centred (its top-left cell at
        column w/2 - x/2, row h/2 - y/2, halves rounded down), or at its #CXRLE position. The
        file's rule, if it names one, becomes the rule (else the rule stays). Refused while the
        timer runs.

        The grid goes to lifed as RLE, in one simulation.setGrid: any pattern up to 4096x4096 fits
        in a frame of lifed's default --max-frame.

          --keep    also add the pattern to the configurations list, titled by its name or the
                    file's base name ("untitled" from standard input), in the same change: if it may not join the list (more than
                    1 MiB of RLE, the list's 8 MiB or 10000 entries), nothing is loaded either
        """,
    daemonStart: .onDemand
) { arguments throws(UsageError) in
    let (rest, format) = try splitFormat(arguments, "load")
    let keep = rest.contains("--keep")
    let files = rest.filter { $0 != "--keep" }
    try expectCount(files, 1...1, "load")
    let path = files[0]
    let source = try PatternSource.named(path, command: "load")
    return { session throws(Connection.Failure) in
        guard let pattern = source.read(format: format) else { return .failure }
        // The grid's size alone: its cells may be 16 MB.
        let currentRows = try session.get("/simulation/gridState/grid/rows").intValue
        let currentCols = try session.get("/simulation/gridState/grid/cols").intValue
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
            printError("lifectl", "\(source): the pattern needs \(rows)x\(cols), more than \(Grid.maxSide)x\(Grid.maxSide)")
            return .failure
        }
        let origin = pattern.worldSize == nil
            ? pattern.centredOrigin(rows: rows, cols: cols)
            : pattern.originInWorld(rows: rows, cols: cols)
        let title = pattern.name ?? (source == .standardInput ? "untitled" : baseName(path))
        // As the wire writes the action: the grid as RLE of its own size; the rule and topology
        // only when the file names them (else the daemon's stay); keep under --keep.
        let replacement = GridReplacement(
            grid: pattern.grid(rows: rows, cols: cols, at: origin), rule: pattern.rule, topology: pattern.topology,
            keep: keep ? GridReplacement.Keep(title: title) : nil)
        let action = AppAction.simulation(.setGrid(replacement)).json
        let said = keep ? Said("load").with(action: "keep", "--keep") : Said("load")
        let reply = try session.request(.dispatch(action: action))
        guard case .ack(_, let version) = reply else { return session.report(reply, said: said) { nil } }
        if session.jsonOutput {
            session.printJSON([
                "type": "load", "loaded": .string(path), "title": .string(title), "rows": .int(rows), "cols": .int(cols),
                "population": .int(pattern.population), "rule": pattern.rule.map { .string($0.notation) } ?? .null,
                "kept": .bool(keep), "version": .int(version),
            ])
        } else {
            print(
                "loaded \(title): \(pattern.population) cells on \(rows)x\(cols)\(pattern.rule.map { ", rule \($0.notation)" } ?? "")"
                    + (keep ? "; kept in the configurations" : "") + " (version \(version))")
        }
        return .success
    }
}
