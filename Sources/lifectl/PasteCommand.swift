import LifeClient
import LifeGrid
import LifeJSON
import LifePatterns
import LifeSystem
import Protocol

/// `paste FILE --at ROW,COL [--mode or|copy|xor]`: a pattern file's cells into the world, in one
/// `grid.paste`, while the timer runs or not. Starts lifed on demand.
let pasteCommand = Command(
    name: "paste", usage: "paste FILE --at ROW,COL [--mode or|copy|xor] [--format F]",
    summary: "Paste a pattern file's cells into the world, the top-left cell of its box at ROW,COL. Works while the timer runs.",
    details: """
        FILE is read as lifectl load reads it (RLE, Golly's macrocell, plaintext .cells, Life 1.05
        or 1.06, the course's JSON, any of them gzipped); - reads standard input, whose format is
        told from its content. --format names the format when neither the file nor its name does.
        The pattern's box (an RLE's x by y, the rectangle of a plaintext's rows; the live cells'
        bounding box in the formats that list cells) goes with its top-left cell at ROW,COL,
        counted from 0,0 at the world's top-left. Only the cells count: the file's rule, world
        size and position are not used.

          --at ROW,COL   where the box's top-left cell goes (required)
          --mode MODE    or: the pattern's live cells are set, the other cells stay (default);
                         copy: the box becomes the pattern, its empty cells clear what was there;
                         xor: each of the pattern's live cells toggles the cell under it
          --format F     rle, mc, plaintext, life105, life106 or json

        On a torus the part past the bottom or right edge comes back at the top or left; on a
        bounded world it is cut off. A pattern larger than the world is refused. The cells pasted
        are alive (not born). Works while the timer runs: the next tick steps the edited world,
        and the settling status starts afresh. Refused while a jump runs. One paste is one
        version (none when it changes no cell), sent as one grid.paste with the pattern as RLE:
        any pattern up to 4096x4096 fits in lifed's default --max-frame.
        --json prints {"version", "row", "col", "rows", "cols", "mode", "population"}.

        Examples: lifectl paste glider.rle --at 10,20
                  gzip -dc gun.rle.gz | lifectl paste - --at 0,0 --mode copy
        """,
    daemonStart: .onDemand
) { arguments throws(UsageError) in
    let parsed = try Arguments(arguments, options: ["at", "mode", "format"], flags: [])
    guard !parsed.positionals.isEmpty else { throw UsageError("paste needs a pattern FILE (or - for standard input) and --at ROW,COL") }
    try expectCount(parsed.positionals, 1...1, "paste")
    let source = try PatternSource.named(parsed.positionals[0], command: "paste", rest: " --at \(parsed.values["at"] ?? "ROW,COL")")
    guard let at = parsed.values["at"] else { throw UsageError("paste needs --at ROW,COL: where the pattern's top-left cell goes") }
    let origin = try EditArguments.cell(at)
    let mode = try parsed.value("mode", as: "or, copy or xor") { PasteMode(rawValue: $0) } ?? .or
    let format = try parsed.value("format", as: PatternFormat.allCases.map(\.rawValue).joined(separator: ", ")) {
        PatternFormat(rawValue: $0)
    }
    return { session throws(Connection.Failure) in
        guard let pattern = source.read(format: format) else { return .failure }
        guard pattern.rows > 0, pattern.cols > 0 else {
            printError("lifectl", "\(source): the pattern has no cells to paste")
            return .failure
        }
        let name = pattern.name ?? (source == .standardInput ? "the pattern" : baseName(source.description))
        let request = EditRequest(
            edit: .paste(pattern.cells, at: origin, mode: mode),
            done: { version in
                "pasted \(name) (\(pattern.rows)x\(pattern.cols), \(counted(pattern.population, "live cell"))) at \(origin.row),\(origin.col), "
                    + "mode \(mode.rawValue) (version \(version))"
            },
            report: [
                "row": .int(origin.row), "col": .int(origin.col), "rows": .int(pattern.rows), "cols": .int(pattern.cols),
                "mode": .string(mode.rawValue), "population": .int(pattern.population),
            ])
        return try request.send(session)
    }
}
