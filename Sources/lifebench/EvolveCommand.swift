import LifeEngine
import LifeGrid
import LifePatterns
import LifeSystem

extension Subcommand {
    /// `lifebench evolve`: a pattern file run some generations, written as RLE (for comparing with Golly).
    static let evolve = Subcommand(
        name: "evolve",
        usage: "evolve FILE --generations N[,N…] --output PREFIX [--rule RULE]",
        summary: "Runs a pattern file some generations with the engine and writes each result as RLE (scripts/golly-collection.sh).",
        details: """
            Reads FILE as lifectl load does (gzip by its magic number, then the format its content
            or name gives), refuses it as lifed would (a rule the gate refuses, a pattern larger
            than 4096x4096), and runs it with the engine, one thread, writing the world after each
            of the given generation counts to PREFIX-N.rle: the cells, live and dying, cut to their
            bounding box, with the rule.

            The world: a file that names its own (RLE `:T` or `:P`) runs in it, with the pattern
            where Golly puts it. Any other runs on a bounded world (dead cells outside) with its
            live cells centred, as large as light speed needs to keep every cell Golly's unbounded
            plane could reach in the largest N away from the edges (the bounding box plus
            N x range + 2 on each side), at most 4096x4096. Rules with B0 are stepped as Golly
            shows them (Rule.gollyShownStep), so the cells written are Golly's.

            Prints one line per N: `N population rows cols edge`, where edge is 1 when a cell came
            within range + 1 of an edge of a world that stands for Golly's unbounded plane (checked
            every generation in a capped world; the result may then differ from Golly's), else 0;
            and first `world ROWS COLS safe|capped` (safe: light speed cannot reach the edge
            within the largest N).
            Exit status 3 with `refused: REASON` on standard output when lifed would refuse the file.

            Options:
              --generations N,…  the generation counts to write, increasing
              --output PREFIX    where to write: PREFIX-N.rle
              --rule RULE        run this rule instead of the file's (default: the file's, else B3/S23)
            """,
        run: Subcommand.reportingFailures(Evolve.run))
}

enum Evolve {
    static func run(_ words: [String]) throws -> Int32 {
        let arguments = try Arguments(words, options: ["generations", "output", "rule"], flags: [])
        guard arguments.positionals.count == 1 else { throw UsageError("give one pattern file") }
        let path = arguments.positionals[0]
        guard let counts = try arguments.value("generations", as: "increasing whole numbers such as 100,1000", { text -> [Int]? in
            let values = text.split(separator: ",").compactMap { Int($0) }
            guard !values.isEmpty, values.count == text.split(separator: ",").count, values.allSatisfy({ $0 >= 0 }),
                values == values.sorted()
            else { return nil }
            return values
        }) else { throw UsageError("--generations is needed") }
        guard let prefix = arguments.values["output"] else { throw UsageError("--output is needed") }

        let pattern: Pattern
        do {
            pattern = try PatternFile.read(try FileIO.read(path, limit: PatternFile.maxBytes), fileName: path, format: nil)
        } catch {
            print("refused: \(error)")
            return 3
        }
        let rule = try arguments.values["rule"].map { text throws(UsageError) in try EngineBenchmark.rule(text) } ?? pattern.rule ?? .conway
        if let reason = rule.unsupportedReason {
            print("refused: \(reason)")
            return 3
        }
        if let violation = pattern.limitViolation {
            print("refused: \(violation)")
            return 3
        }
        let range: Int
        if case .largerThanLife(let ltl) = rule.transitions { range = ltl.range } else { range = 1 }

        let start: Grid
        let topology: Topology
        let unbounded: Bool
        if let world = pattern.worldGrid {
            start = world
            topology = pattern.topology ?? .bounded
            unbounded = false
            print("world \(world.rows) \(world.cols) own")
        } else {
            let box = pattern.boundingBox ?? Pattern.Bounds(row: 0, col: 0, rows: 0, cols: 0)
            let reach = counts.last! * range + 2
            let rows = box.rows + 2 * reach
            let cols = box.cols + 2 * reach
            let capped = rows > Grid.maxSide || cols > Grid.maxSide
            let (worldRows, worldCols) = (min(rows, Grid.maxSide), min(cols, Grid.maxSide))
            guard box.rows <= worldRows, box.cols <= worldCols else {
                print("refused: the pattern needs \(box.rows)x\(box.cols), more than \(Grid.maxSide)x\(Grid.maxSide)")
                return 3
            }
            start = pattern.grid(rows: worldRows, cols: worldCols, at: pattern.centredOrigin(rows: worldRows, cols: worldCols))
            topology = .bounded
            unbounded = true
            print("world \(worldRows) \(worldCols) \(capped ? "capped" : "safe")")
        }

        var world = BitGrid(start)
        let birthOnZero = rule.table?[0] ?? false
        // A world capped at 4096x4096 is watched every generation: a cell within range + 1 of its
        // edge (a spaceship that flies off dies at the edge, where Golly's goes on).
        let watched = unbounded && (start.rows == Grid.maxSide || start.cols == Grid.maxSide)
        var edge = false
        var generation = 0
        for count in counts {
            while generation < count {
                let steps = birthOnZero || (watched && !edge) ? 1 : count - generation
                world.advance(generations: steps, rule: birthOnZero ? rule.gollyShownStep(from: generation) : rule, topology: topology)
                generation += steps
                if watched && !edge { edge = Evolve.nearEdge(world.livePlane, rows: start.rows, cols: start.cols, margin: range + 1) }
            }
            let grid = world.grid
            var result = Pattern(grid: grid)
            if unbounded, !edge, let box = result.boundingBox {
                let margin = range + 1
                edge = box.row < margin || box.col < margin || box.row + box.rows > grid.rows - margin
                    || box.col + box.cols > grid.cols - margin
            }
            result = result.trimmed()
            result.rule = rule
            try FileIO.writeAtomically(Array(PatternFormat.rle.write(result).utf8), to: "\(prefix)-\(count).rle")
            print("\(count) \(grid.population) \(result.rows) \(result.cols) \(edge ? 1 : 0)")
        }
        return 0
    }

    /// Whether a live cell of `words` (a plane of `rows` x `cols`, rows of whole words) lies within
    /// `margin` of an edge.
    static func nearEdge(_ words: [UInt64], rows: Int, cols: Int, margin: Int) -> Bool {
        let perRow = (cols + 63) / 64
        for row in 0..<rows {
            let base = row * perRow
            if row < margin || row >= rows - margin {
                for word in 0..<perRow where words[base + word] != 0 { return true }
                continue
            }
            for word in 0..<perRow where words[base + word] != 0 {
                let low = word * 64
                let bits = words[base + word]
                if low < margin, bits & (margin - low >= 64 ? ~0 : (1 << UInt64(margin - low)) - 1) != 0 { return true }
                let from = cols - margin - low  // columns from cols - margin on are near the right edge
                if from < 64, bits & (from <= 0 ? ~0 : ~((1 << UInt64(from)) - 1)) != 0 { return true }
            }
        }
        return false
    }
}
