import Glibc
import LifeEngine
import LifeGrid
import LifeSystem
import LifeJSON
import LifePatterns
import LifeStore
import LifeSystem
import Protocol

extension Subcommand {
    /// `lifebench engine`: the speed of the bit-packed engine (``BitGrid``).
    static let engine = Subcommand(
        name: "engine",
        usage: """
            engine [--size RxC] [--density D] [--seed N] [--pattern glider|gun|FILE] [--rule RULE]
                   [--topology torus|bounded] [--generations N] [--threads N] [--runs N]
                   [--census | --store] [--json]
            """,
        summary: "How many cell updates (and generations) a second the engine makes, median of several runs.",
        details: """
            Each run steps the same start world the same number of generations and is timed
            alone; the report is the median in G (10^9) cell-updates/s of wall-clock time, the
            median generations/s, and the final population. Per processor-second (the process's
            processor time, all threads) is shown too: on a busy machine it tells how fast the
            engine is while it runs. The engine skips what did not change, so a sparse world
            (--pattern) is measured in generations/s, not cell updates.

            The engine's inner loop (its kernel) is the fastest this processor runs: avx2 or
            baseline. LIFE_ENGINE_KERNEL=baseline|avx2 forces one (another value, or a kernel
            this processor cannot run, is ignored with a warning). The report names it.

            Options:
              --size RxC        the world, rows x columns (default 1024x1024)
              --density D       the share of live cells in the random soup (default 0.35)
              --seed N          the soup's seed (default 1); the same seed, the same soup
              --pattern P       run a pattern instead of a soup: `glider` (one glider) or `gun`
                                (Gosper's glider gun), centred in a 4096x4096 world unless
                                --size says otherwise; or a pattern file (RLE, plaintext,
                                Life 1.06, JSON; ./glider for a file of that name): in the world
                                size it names (RLE :T or :P suffix) with its topology, else
                                centred in a world of --size. Bounded unless --topology or the
                                file says otherwise
              --rule RULE       the rule (default: the pattern's, else B3/S23)
              --topology T      torus or bounded (default: torus for a soup, see --pattern)
              --generations N   generations per run (default: about 8 G cell updates for a
                                soup; 8000 for a pattern, which on 4096x4096 keeps the glider,
                                and the gun's first glider, away from the edge)
              --threads N       threads to split the rows across (default 1)
              --runs N          timed runs (default 5)
              --census          also count every generation's census and fingerprint, as the
                                daemon does (BitGrid.advance with an observer)
              --store           go through the grid reducer's store instead: grid.step actions
                                on a GridWorld (cells to bit planes and back, census,
                                fingerprint, statistics and settling per generation); threads
                                as the daemon picks them, at most maxCellUpdatesPerAction a step
              --json            one JSON object per run, then a summary object with at least
                                "gcups" (the median), "generationsPerSecond" (the median) and
                                "population" (also "gcupsMin", "gcupsMax",
                                "gcupsPerProcessorSecond", "kernel" and the settings)
            """,
        run: { arguments throws(UsageError) in try EngineBenchmark(arguments).run() })
}

/// The `engine` subcommand's settings, read from its arguments.
struct EngineBenchmark {
    enum Mode: String { case engine, census, store }

    var rows = 1024
    var cols = 1024
    var density = 0.35
    var seed: UInt64 = 1
    var patternPath: String?
    var rule = Rule.conway
    var topology = Topology.torus
    var generations: Int
    var threads = 1
    var runs = 5
    var mode = Mode.engine
    var json = false
    var start: Grid

    init(_ words: [String]) throws(UsageError) {
        let arguments = try Arguments(
            words,
            options: ["size", "density", "seed", "pattern", "rule", "topology", "generations", "threads", "runs"],
            flags: ["json", "census", "store"])
        guard arguments.positionals.isEmpty else { throw UsageError("unexpected \"\(arguments.positionals[0])\"") }
        if let size = try arguments.value("size", as: "a size such as 1024x1024", EngineBenchmark.size) {
            (rows, cols) = size
        }
        density = try arguments.value("density", as: "a number from 0 to 1", { Double($0).flatMap { (0...1).contains($0) ? $0 : nil } }) ?? density
        seed = try arguments.value("seed", as: "a whole number", { UInt64($0) }) ?? seed
        threads = try arguments.value("threads", as: "a whole number from 1", { Int($0).flatMap { $0 >= 1 ? $0 : nil } }) ?? threads
        runs = try arguments.value("runs", as: "a whole number from 1", { Int($0).flatMap { $0 >= 1 ? $0 : nil } }) ?? runs
        json = arguments.has("json")
        if arguments.has("census") && arguments.has("store") { throw UsageError("--census and --store do not go together") }
        mode = arguments.has("store") ? .store : arguments.has("census") ? .census : .engine

        var named: (rule: Rule?, topology: Topology?) = (nil, nil)
        if let path = arguments.values["pattern"] {
            patternPath = path
            let pattern: Pattern
            if let builtin = EngineBenchmark.namedPatterns[path] {
                do {
                    pattern = try PatternFormat.rle.read(builtin)
                } catch {
                    printError("lifebench", "engine: the built-in \(path): \(error)")
                    exit(.failure)
                }
                if arguments.values["size"] == nil { (rows, cols) = (4096, 4096) }
            } else {
                do {
                    pattern = try PatternFile.read(try FileIO.read(path, limit: PatternFile.maxBytes), fileName: path, format: nil)
                } catch {
                    // Not a usage error: the file is missing or is not a pattern (exit status 1).
                    printError("lifebench", "engine: \(error is SystemError ? "" : "\(path): ")\(error)")
                    exit(.failure)
                }
            }
            if let world = pattern.worldSize {
                (rows, cols) = (world.rows, world.cols)
            }
            guard rows >= pattern.rows, cols >= pattern.cols else {
                throw UsageError("the \(pattern.rows)x\(pattern.cols) pattern does not fit a \(rows)x\(cols) world")
            }
            named = (pattern.rule, pattern.topology ?? .bounded)
            start = pattern.worldGrid ?? EngineBenchmark.place(pattern, rows: rows, cols: cols)
        } else {
            guard rows >= 1, cols >= 1 else { throw UsageError("the world needs at least one cell") }
            start = Grid.random(rows: rows, cols: cols, density: density, using: RandomSource(seed: seed))
        }
        if let text = arguments.values["rule"] {
            do { rule = try Rule(parsing: text) } catch { throw UsageError("--rule: \(error.reason)") }
        } else {
            rule = named.rule ?? .conway
        }
        topology = try arguments.value("topology", as: "torus or bounded", { Topology(rawValue: $0) }) ?? named.topology ?? .torus
        let cells = max(1, rows * cols)
        generations = try arguments.value("generations", as: "a whole number from 1", { Int($0).flatMap { $0 >= 1 ? $0 : nil } })
            ?? (patternPath == nil ? max(1, (8 << 30) / cells) : 8_000)
    }

    /// The patterns `--pattern` knows by name, as RLE from the built-in collection: one glider,
    /// and Gosper's glider gun (which sends a glider south-east every 30 generations).
    static let namedPatterns: [String: String] = {
        var named: [String: String] = [:]
        for (name, title) in [("glider", "Glider"), ("gun", "Gosper glider gun")] {
            named[name] = BuiltinPattern.all.first { $0.title == title }?.rle
        }
        return named
    }()

    /// `RxC`, such as `1024x1024` (rows, then columns).
    static func size(_ text: String) -> (Int, Int)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let rows = Int(parts[0]), let cols = Int(parts[1]), rows >= 1, cols >= 1,
            rows <= 1 << 16, cols <= 1 << 16
        else { return nil }
        return (rows, cols)
    }

    /// The pattern centred in a `rows` x `cols` world.
    static func place(_ pattern: Pattern, rows: Int, cols: Int) -> Grid {
        let top = (rows - pattern.rows) / 2
        let left = (cols - pattern.cols) / 2
        var cells = BitPlane(rows: rows, cols: cols)
        cells.place(pattern.cells, atRow: top, col: left)
        return Grid(alive: cells)
    }

    /// Seconds on the monotonic clock.
    static func now() -> Double { seconds(CLOCK_MONOTONIC) }

    /// Processor seconds this process has used (all its threads).
    static func processorTime() -> Double { seconds(CLOCK_PROCESS_CPUTIME_ID) }

    static func seconds(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    /// One timed run: seconds, processor seconds, and the final population.
    func timedRun() -> (seconds: Double, processor: Double, population: Int) {
        let processor = EngineBenchmark.processorTime()
        let (seconds, population) = untimedRun()
        return (seconds, EngineBenchmark.processorTime() - processor, population)
    }

    func untimedRun() -> (seconds: Double, population: Int) {
        switch mode {
        case .engine, .census:
            var world = BitGrid(start)
            var checksum = 0
            let began = EngineBenchmark.now()
            if mode == .census {
                world.advance(generations: generations, rule: rule, topology: topology, threads: threads) { census, fingerprint in
                    checksum &+= census.born &+ Int(truncatingIfNeeded: fingerprint & 1)
                }
            } else {
                world.advance(generations: generations, rule: rule, topology: topology, threads: threads)
            }
            let seconds = EngineBenchmark.now() - began
            if checksum == -1 { print(checksum) }  // keeps the observer's work
            return (seconds, world.population)
        case .store:
            let store = Store(
                initialState: GridWorld(grid: start, rule: rule, topology: topology),
                reducer: Reducer<GridWorld, GridAction, Void>.grid, environment: ())
            let limit = max(1, GridWorld.maxCellUpdatesPerAction / max(rows * cols, 1))
            var remaining = generations
            let began = EngineBenchmark.now()
            while remaining > 0 {
                let count = min(limit, remaining)
                if case .refused(let error) = store.send(.step(generations: count)) {
                    printError("lifebench", "\(ActionType.gridStep.name) refused: \(error)")
                    exit(.failure)
                }
                remaining -= count
            }
            let seconds = EngineBenchmark.now() - began
            return (seconds, store.state.grid.population)
        }
    }

    func run() -> ExitCode {
        let updates = Double(rows) * Double(cols) * Double(generations)
        let world = patternPath.map { "pattern \($0)" } ?? "soup density \(density) seed \(seed)"
        let threadText = mode == .store
            ? "threads as the daemon picks (\(BitGrid.automaticThreads(rows: rows, cols: cols, generations: min(generations, max(1, GridWorld.maxCellUpdatesPerAction / (rows * cols))))))"
            : "\(threads) thread\(threads == 1 ? "" : "s")"
        let kernel = BitGrid.Kernel.selected
        if let ignored = BitGrid.Kernel.ignoredSetting { printError("lifebench", "warning: \(ignored)") }
        if !json {
            print("lifebench engine (\(mode.rawValue)): \(rows)x\(cols) \(topology.rawValue) \(rule.notation), \(world), \(generations) generations, \(threadText), \(kernel) kernel")
        }
        var speeds: [Double] = []
        var generationRates: [Double] = []
        var processorSpeeds: [Double] = []
        var population = 0
        for index in 1...runs {
            let (seconds, processor, finalPopulation) = timedRun()
            population = finalPopulation
            let gcups = updates / seconds / 1e9
            speeds.append(gcups)
            generationRates.append(Double(generations) / seconds)
            processorSpeeds.append(updates / processor / 1e9)
            if json {
                print(JSON.object([
                    "run": .int(index), "seconds": .double(seconds), "processorSeconds": .double(processor),
                    "generations": .int(generations), "cellUpdates": .double(updates), "gcups": .double(gcups),
                    "generationsPerSecond": .double(Double(generations) / seconds), "population": .int(finalPopulation),
                ]).text)
            } else {
                print("run \(index): \(fixed(seconds, 3)) s (processor \(fixed(processor, 3)) s), \(fixed(gcups, 2)) G cell-updates/s, \(Int((Double(generations) / seconds).rounded())) generations/s, population \(finalPopulation)")
            }
        }
        let sorted = speeds.sorted()
        let median = EngineBenchmark.median(speeds)
        let processorMedian = EngineBenchmark.median(processorSpeeds)
        let generationMedian = EngineBenchmark.median(generationRates)
        if json {
            print(JSON.object([
                "summary": .bool(true), "gcups": .double(median), "gcupsMin": .double(sorted[0]),
                "gcupsMax": .double(sorted[sorted.count - 1]), "gcupsPerProcessorSecond": .double(processorMedian),
                "generationsPerSecond": .double(generationMedian),
                "population": .int(population), "rows": .int(rows),
                "cols": .int(cols), "rule": .string(rule.notation), "topology": .string(topology.rawValue),
                "threads": .int(mode == .store ? 0 : threads), "generations": .int(generations), "runs": .int(runs),
                "mode": .string(mode.rawValue), "kernel": .string(kernel.rawValue),
            ]).text)
        } else {
            print("median \(fixed(median, 2)) G cell-updates/s (min \(fixed(sorted[0], 2)), max \(fixed(sorted[sorted.count - 1], 2)); \(fixed(processorMedian, 2)) per processor-second), \(Int(generationMedian.rounded())) generations/s; final population \(population)")
        }
        return .success
    }
}

extension EngineBenchmark {
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}

/// `value` with `digits` decimals.
func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    let whole = scaled / Int(scale)
    let fraction = abs(scaled % Int(scale))
    guard digits > 0 else { return "\(whole)" }
    let fractionText = String(fraction)
    return (scaled < 0 && whole == 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: digits - fractionText.count) + fractionText
}
