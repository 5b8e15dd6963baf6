import Glibc
import LifeClient
import LifeEngine
import LifeGrid
import LifeJSON
import LifePatterns
import LifeScheduling
import LifeSystem
import Protocol

extension Subcommand {
    /// `lifebench live`: the timer's speed in a real lifed against the engine's, with a watcher
    /// and a bystander.
    static let live = Subcommand(
        name: "live",
        usage: "live [--pattern gun|glider] [--step N] [--interval DURATION] [--seconds S] [--lifed PATH] [--json]",
        summary: "The timer's live generations/s in lifed against the engine's own speed, lifed's CPU share, and a bystander's pings.",
        details: """
            Starts lifed (--ephemeral) with a 4096x4096 bounded world, pastes the pattern in its
            middle, sets the interval and the step (settings.generationsPerTick; left alone at 1,
            so that a lifed without the setting can be measured too) and autostop off, subscribes
            one lifewatch-sized watcher (a 40x120 viewport on the pattern, read as it comes), and
            runs the timer for --seconds while a bystander pings every 20 ms. Then it steps the
            same world in-process with the engine (BitGrid, census and fingerprint counted, as
            lifed counts them; one thread) for as many generations as the timer made.

            Reports the live generations/s (the watcher's: /statistics/steps from the first
            tick it saw a second into the run to the last, over the time between their diffs,
            the rate the timer kept; the first tick after an edit builds the engine and comes
            late), the run's (from the start to the stop, which also counts the interval before
            the first beat and the first tick's building of the engine), when the first tick
            came, the engine's generations/s, live / engine, lifed's CPU time as a share of one
            core (from a second into the run to its end, and from the start to the stop), the
            pings' p50 and p99, and status's timer counters when lifed has them.

            Before that run, the timer runs alone for as long (no watcher, no bystander) and
            lifed's share of a core is measured from a second into it; then the world is
            rewound to the pasted pattern. A lone glider at step 1 and 10 ms measures what an
            almost idle world costs lifed: alone, what a tick costs; with the watcher and the
            bystander, what also serving them costs.

            Options:
              --pattern P       glider (one glider) or gun (Gosper's glider gun) (default gun)
              --step N          generations a tick, 1 to 1000000 (default 1)
              --interval D      the timer's interval (default 10ms)
              --seconds S       how long the timer runs (default 10)
              --lifed PATH      the lifed to measure (default: the one beside lifebench)
              --json            one JSON object instead of the text
            """,
        run: reportingFailures { arguments in try LiveBenchmark(arguments).run() })
}

/// The `live` subcommand's settings, and its run.
struct LiveBenchmark {
    var pattern = "gun"
    var step = 1
    var intervalMs = 10
    var seconds = 10.0
    var lifed = siblingExecutable("lifed")
    var json = false
    static let side = 4096

    init(_ words: [String]) throws(UsageError) {
        let parsed = try Arguments(words, options: ["pattern", "step", "interval", "seconds", "lifed"], flags: ["json"])
        guard parsed.positionals.isEmpty else { throw UsageError("unexpected \"\(parsed.positionals[0])\"") }
        pattern = parsed.values["pattern"] ?? pattern
        guard EngineBenchmark.namedPatterns[pattern] != nil else { throw UsageError("--pattern needs glider or gun, not \"\(pattern)\"") }
        step = try parsed.value("step", as: "a whole number from 1 to 1000000") { Int($0).flatMap { Settings.generationsPerTickRange.contains($0) ? $0 : nil } } ?? step
        intervalMs = try parsed.value("interval", as: "a duration from 10ms to 60s") { DurationText.milliseconds($0).flatMap { Settings.intervalRange.contains($0) ? $0 : nil } } ?? intervalMs
        seconds = try parsed.value("seconds", as: "a number of seconds") { Double($0).flatMap { $0 > 0 ? $0 : nil } } ?? seconds
        lifed = parsed.values["lifed"] ?? lifed
        json = parsed.has("json")
    }

    func run() throws -> Int32 {
        guard let rle = EngineBenchmark.namedPatterns[pattern] else { throw BenchError("no built-in \(pattern)") }
        let shape = try PatternFormat.rle.read(rle)
        let top = (Self.side - shape.rows) / 2
        let left = (Self.side - shape.cols) / 2
        let daemon = try BenchDaemon(
            arguments: ["--ephemeral", "--size", "\(Self.side)x\(Self.side)", "--topology", "bounded", "--interval", "\(intervalMs)ms", "--seed", "1"],
            executable: lifed)
        defer { daemon.stop() }
        let control = try Connection(path: daemon.socketPath)
        try expectAck(control, ["type": "simulation.resetGridToEmpty"])
        try expectAck(control, ["type": "grid.paste", "rle": .string(rle), "row": .int(top), "col": .int(left)])
        var settings: [String: JSON] = ["type": "settings.update", "autoStop": false]
        if step != 1 { settings["generationsPerTick"] = .int(step) }
        try expectAck(control, .object(settings))

        let alone = try timerAlone(control, daemon)

        // The watcher: a 40 x 120 window on the pattern, read as it comes, as lifewatch reads it.
        let window = Viewport(row: max(0, top + shape.rows / 2 - 20), col: max(0, left + shape.cols / 2 - 60), rows: 40, cols: 120)
        let watcher = try LiveWatcher(socketPath: daemon.socketPath, window: window)
        let bystander = try Connection(path: daemon.socketPath)

        let stepsBefore = try steps(control)
        let cpuBefore = daemon.cpuSample
        let started = MonotonicClock.now
        try expectAck(control, ["type": "simulation.startTimer"])
        let settled = started + Self.settling
        let end = started + .milliseconds(Int64(seconds * 1000))
        var pings: [Double] = []
        var steadyFrom: CPUSample?
        while MonotonicClock.now < end {
            if steadyFrom == nil, MonotonicClock.now >= settled { steadyFrom = daemon.cpuSample }
            let sent = MonotonicClock.now
            guard case .pong = try bystander.request(.ping) else { throw BenchError("the bystander got no pong") }
            pings.append(milliseconds(MonotonicClock.now - sent))
            usleep(20_000)
        }
        let steadyTo = daemon.cpuSample
        let steady = steadyFrom.map { steadyTo.coreShare(since: $0) }
        // The timer's counters while it runs: its rate is the running timer's, 0 once stopped.
        let timer = try control.statusInfo()["timer"] ?? .null
        try expectAck(control, ["type": "simulation.stopTimer"])
        let elapsed = MonotonicClock.now - started
        let cpu = daemon.cpuSample.seconds(since: cpuBefore)
        let generations = try steps(control) - stepsBefore
        guard let (seen, watcherBytes) = watcher.result() else { throw BenchError("the watcher did not see the timer stop") }
        pings.sort()
        let liveRate = LiveWatcher.rate(of: seen) ?? 0
        let runRate = Double(generations) / (milliseconds(elapsed) / 1000)
        let firstTickMs = seen.first.map { milliseconds($0.at - started) } ?? 0
        let engineRate = engineSpeed(start: shape, top: top, left: left, generations: max(generations, 1000))
        let report: JSON = [
            "benchmark": "live", "pattern": .string(pattern), "step": .int(step), "intervalMs": .int(intervalMs),
            "seconds": .double(milliseconds(elapsed) / 1000), "generations": .int(generations),
            "liveGenerationsPerSecond": .double(liveRate.rounded()), "runGenerationsPerSecond": .double(runRate.rounded()),
            "firstTickMs": .double((firstTickMs * 10).rounded() / 10), "ticksSeen": .int(seen.count), "engineGenerationsPerSecond": .double(engineRate.rounded()),
            "liveShareOfEngine": .double(engineRate > 0 ? (liveRate / engineRate * 1000).rounded() / 1000 : 0),
            "lifedCPUShare": .double((cpu / (milliseconds(elapsed) / 1000) * 1000).rounded() / 1000),
            "lifedCPUShareSteady": steady.map { JSON.double(($0 * 10000).rounded() / 10000) } ?? .null,
            "lifedCPUShareAlone": .double((alone * 10000).rounded() / 10000),
            "pingP50Ms": .double(percentile(pings, 0.5)), "pingP99Ms": .double(percentile(pings, 0.99)), "pings": .int(pings.count),
            "watcherBytes": .int(watcherBytes), "timer": timer,
        ]
        if json {
            print(report.text)
        } else {
            func fixed(_ value: Double, _ digits: Int = 1) -> String {
                let scale = Double([1, 10, 100, 1000][min(digits, 3)])
                return "\((value * scale).rounded() / scale)"
            }
            print(
                """
                live: \(pattern) on \(Self.side)x\(Self.side) bounded, step \(step), every \(intervalMs)ms, for \(fixed(milliseconds(elapsed) / 1000))s, one 40x120 watcher
                  live   \(Int(liveRate.rounded())) generations/s from a second into the run to its end (the watcher saw \(seen.count) ticks)
                  run    \(Int(runRate.rounded())) generations/s from the start to the stop (\(generations) generations; the first tick came after \(fixed(firstTickMs)) ms)
                  engine \(Int(engineRate.rounded())) generations/s in-process (census counted, one thread)
                  live / engine \(fixed(engineRate > 0 ? liveRate / engineRate * 100 : 0))%
                  lifed CPU \(steady.map { "\(fixed($0 * 100, 2))%" } ?? "-") of a core from a second into the run to its end (\(fixed(cpu / (milliseconds(elapsed) / 1000) * 100, 2))% from the start to the stop)
                  lifed CPU \(fixed(alone * 100, 2))% of a core with the timer alone (no watcher, no bystander; from a second into a run as long)
                  bystander ping p50 \(fixed(percentile(pings, 0.5), 3)) ms, p99 \(fixed(percentile(pings, 0.99), 3)) ms (\(pings.count) pings)
                  timer \(timer == .null ? "(this lifed has no timer counters)" : timer.text)
                """)
        }
        return 0
    }

    /// The engine's generations per second on the same world: `generations` generations (and at
    /// least a quarter of a second of them), census and fingerprint counted, on one thread.
    private func engineSpeed(start shape: Pattern, top: Int, left: Int, generations: Int) -> Double {
        let grid = EngineBenchmark.place(shape, rows: Self.side, cols: Self.side)
        var bits = BitGrid(grid)
        var done = 0
        let started = MonotonicClock.now
        var elapsed = Duration.zero
        repeat {
            let batch = max(1, min(generations - done, 1000))
            bits.advance(generations: batch, rule: .conway, topology: .bounded, threads: 1) { _, _ in }
            done += batch
            elapsed = MonotonicClock.now - started
        } while done < generations || elapsed < .milliseconds(250)
        return Double(done) / (milliseconds(elapsed) / 1000)
    }

    /// How long after the start the steady measures begin: the first tick after an edit builds
    /// the engine from the whole grid, and the first ticks' diffs come late.
    static let settling = Duration.seconds(1)

    /// lifed's share of a core while the timer runs with no client but `control`, idle: from a
    /// second after the start for `seconds`. Then the timer stops and the world is rewound to
    /// where this run began (`history.rewind`), so the measured run starts from the same world.
    private func timerAlone(_ control: Connection, _ daemon: BenchDaemon) throws -> Double {
        try expectAck(control, ["type": "simulation.startTimer"])
        usleep(useconds_t(milliseconds(Self.settling) * 1000))
        let from = daemon.cpuSample
        usleep(useconds_t(seconds * 1_000_000))
        let to = daemon.cpuSample
        try expectAck(control, ["type": "simulation.stopTimer"])
        // A tick of more generations than one action computes runs in the background and ends
        // after the stop; the world is rewound once it has.
        let jump = try JSONPointer(parsing: "/simulation/jump")
        while case .state(_, _, _, let value) = try control.request(.get(path: jump)), value != .null { usleep(1_000) }
        try expectAck(control, ["type": "history.rewind"])
        return to.coreShare(since: from)
    }

    private func steps(_ connection: Connection) throws -> Int {
        guard case .state(_, _, _, let value) = try connection.request(.get(path: try JSONPointer(parsing: "/statistics/steps"))),
            let steps = value.intValue
        else { throw BenchError("no /statistics/steps") }
        return steps
    }

    private func expectAck(_ connection: Connection, _ action: JSON) throws {
        let reply = try connection.request(.dispatch(action: action))
        guard case .ack = reply else { throw BenchError("\(action.text) was not acknowledged: \(reply)") }
    }
}
