import Foundation
import LifeClient
import LifeJSON
import LifeScheduling
import LifeSystem
import Protocol

/// `lifebench fanout` with the timer: what the watchers of a world ticking at the interval get.
///
/// Latency is measured from the moment a tick was due (the timer's start plus its period times
/// the number of its beat, so a late timer counts against the daemon) to the moment a watcher
/// has the whole diff frame. A tick's beat is its number plus the beats skipped before it, which
/// lifed counts and ``BeatPlacement`` places.
enum FanoutTimerRun {
    /// Runs the timer `seconds` unmeasured, stops it and reads every watcher up to a ping after
    /// the stop; the tally of what they read (their last versions), or nil for no warm-up.
    private static func warmUp(control: Connection, watchers: FanoutWatchers, seconds: Double) throws -> FanoutTally? {
        guard seconds > 0 else { return nil }
        var tally = FanoutTally(snapshotVersions: watchers.snapshotVersions)
        func record(_ watcher: Int, _ frame: SkimmedFrame, _ arrival: Duration) {
            tally.record(frame, key: { watchers.key(watcher: watcher, id: $0) }, arrival: arrival, due: { _ in nil })
        }
        guard case .ack = try control.request(.dispatch(action: AppAction.simulation(.startTimer).json)) else {
            throw BenchError("the timer did not start")
        }
        let end = MonotonicClock.now + .milliseconds(Int64(seconds * 1000))
        while MonotonicClock.now < end { watchers.pump(timeoutMs: 10, record) }
        guard case .ack = try control.request(.dispatch(action: AppAction.simulation(.stopTimer).json)) else {
            throw BenchError("the timer did not stop")
        }
        guard try watchers.barrier(deadline: MonotonicClock.now + .seconds(30), record) else {
            throw BenchError("the watchers had not read the warm-up's diffs 30 s after it stopped")
        }
        return tally
    }

    static func measure(daemon: BenchDaemon, control: Connection, watchers: FanoutWatchers, options: FanoutOptions) throws -> FanoutReport {
        let warmup = try warmUp(control: control, watchers: watchers, seconds: options.warmupSeconds)
        // The publisher's counters and the timer's skipped beats, from one status before and one after.
        let statusBefore = try control.statusInfo()
        let workBefore = try PublisherWork(status: statusBefore)
        let skippedBefore = statusBefore["timer"]?["beatsSkipped"]?.intValue
        let cpuBefore = daemon.cpuSample
        let stealBefore = Fanout.stolenSeconds()
        let bytesBefore = watchers.bytesReceived
        let requested = MonotonicClock.now
        guard case .ack(_, let startVersion) = try control.request(.dispatch(action: AppAction.simulation(.startTimer).json)) else {
            throw BenchError("the timer did not start")
        }
        // The daemon started its timer somewhere between the request and the ack; tick n is due
        // n intervals after that. Take the midpoint, and report half the round trip as the doubt.
        let acknowledged = MonotonicClock.now
        let started = requested + (acknowledged - requested) / 2
        let startDoubtMs = milliseconds(acknowledged - requested) / 2
        let interval = Duration.milliseconds(options.intervalMs)
        var tally = FanoutTally(snapshotVersions: warmup?.lastVersion ?? watchers.snapshotVersions)
        var stopVersion: Int?
        // When each tick's version was due on the first cadence: `started` plus its number of
        // intervals; the stop's version is not counted. The timer keeps that cadence, but when it
        // fires an interval or more late (the daemon, or the whole virtual machine, was not
        // running) it skips the beats missed: each tick after is due a beat later per beat
        // skipped, which ``BeatPlacement`` works out after the run.
        func due(_ version: Int) -> Duration? {
            guard version > startVersion, stopVersion.map({ version < $0 }) ?? true else { return nil }
            return started + interval * (version - startVersion)
        }
        func record(_ watcher: Int, _ frame: SkimmedFrame, _ arrival: Duration) {
            tally.record(frame, key: { watchers.key(watcher: watcher, id: $0) }, arrival: arrival, due: due)
        }
        let end = started + .milliseconds(Int64(options.seconds * 1000))
        while MonotonicClock.now < end { watchers.pump(timeoutMs: 10, record) }
        let stopping = MonotonicClock.now
        guard case .ack(_, let version) = try control.request(.dispatch(action: AppAction.simulation(.stopTimer).json)) else {
            throw BenchError("the timer did not stop")
        }
        stopVersion = version
        let stopped = stopping + (MonotonicClock.now - stopping) / 2
        // A ping to each watcher after the stop's ack: its pong comes after every tick's diff.
        let finished = try watchers.barrier(deadline: MonotonicClock.now + .seconds(30), record)
        let elapsedSeconds = milliseconds(MonotonicClock.now - started) / 1000
        let cpu = daemon.cpuSample.seconds(since: cpuBefore)
        let steal = (Fanout.stolenSeconds() ?? 0) - (stealBefore ?? 0)
        let statusAfter = try control.statusInfo()
        let work = try PublisherWork(status: statusAfter).minus(workBefore)
        // lifed's own count of the beats it skipped (a lifed before it counted late beats: nil).
        let lifedSkipped = statusAfter["timer"]?["beatsSkipped"]?.intValue.flatMap { after in skippedBefore.map { after - $0 } }

        let ticks = max(0, version - 1 - startVersion)
        // Each tick's beat, with the beats lifed skipped placed where the arrivals show them.
        let placement = BeatPlacement(
            arrivals: Dictionary(uniqueKeysWithValues: tally.firstArrival.map { ($0 - startVersion, milliseconds($1 - started)) }),
            intervalMs: Double(options.intervalMs), skipped: lifedSkipped)
        func beatsSkipped(before version: Int) -> Int { placement.skipped(before: version - startVersion) }
        func dueAtBeat(_ version: Int) -> Duration? { due(version).map { $0 + interval * beatsSkipped(before: version) } }
        if let file = options.ticksFile { try writeTicks(tally, due: dueAtBeat, started: started, to: file) }
        let latencies = tally.sortedLatencies { Double(beatsSkipped(before: $0) * options.intervalMs) }
        let fromFirstCadence = tally.sortedLatencies()
        // The first watcher to get each diff: the daemon's own delay, without the time it takes
        // to write to the other watchers (nor this process's time to read them).
        let firsts = tally.firstArrival.compactMap { version, arrival in dueAtBeat(version).map { milliseconds(arrival - $0) } }.sorted()
        // Every version changes the whole state, so each of its subscriptions is owed every tick;
        // a part need not change, and only gaps in a subscription's chain of bases show a loss.
        let missed = options.path.isRoot ? ticks * watchers.subscriptions - tally.delivered : tally.chainBreaks
        // Beats the timer skipped: lifed's own count; a lifed that does not count the beats it
        // came to late leaves an estimate from this side's clock, the beats between the start and
        // the stop less the ticks (which the stop's timing can put one off), and its latencies
        // count every tick from the first cadence.
        let beats = Int((milliseconds(stopped - started) / Double(options.intervalMs)).rounded(.down))
        let skipped = lifedSkipped ?? max(0, beats - ticks)
        let bytes = watchers.bytesReceived - bytesBefore
        var report = Fanout.describe(options, watchers: watchers)
        report.merge([
            "intervalMs": .int(options.intervalMs), "seconds": .double(options.seconds), "warmupSeconds": .double(options.warmupSeconds),
            "ticks": .int(ticks),
            "p50Ms": .double(round3(percentile(latencies, 0.5))), "p99Ms": .double(round3(percentile(latencies, 0.99))),
            "maxMs": .double(round3(latencies.last ?? 0)), "startDoubtMs": .double(round3(startDoubtMs)),
            "p50FromFirstCadenceMs": .double(round3(percentile(fromFirstCadence, 0.5))),
            "p99FromFirstCadenceMs": .double(round3(percentile(fromFirstCadence, 0.99))),
            "firstWatcherP50Ms": .double(round3(percentile(firsts, 0.5))), "firstWatcherP99Ms": .double(round3(percentile(firsts, 0.99))),
            "delivered": .int(tally.delivered), "missed": .int(missed), "chainBreaks": .int(tally.chainBreaks),
            "resyncs": .int(tally.resyncs), "skippedBeats": .int(skipped), "finished": .bool(finished),
            "skippedBeatsCountedByLifed": .bool(lifedSkipped != nil),
            "hostStealSeconds": .double(round3(steal)),
            "daemonCpuPercent": .double(round3(100 * cpu / elapsedSeconds)),
            "daemonCpuSecondsPerTick": .double(ticks > 0 ? (cpu / Double(ticks) * 10_000).rounded() / 10_000 : 0),
            "daemonRssMB": .double(round3(daemon.rssMB)), "daemonPeakRssMB": .double(round3(daemon.peakRssMB)),
            "bytesReceived": .int(bytes), "bytesPerSecond": .int(Int(Double(bytes) / elapsedSeconds)),
            "bytesPerTick": .int(ticks > 0 ? bytes / ticks : 0),
            "cellsRenderedPerTick": .double(round3(Double(work.cellsRendered) / Double(max(1, ticks)))),
            "patchesPerTick": .double(round3(Double(work.patches) / Double(max(1, ticks)))),
            "blocksRenderedPerTick": .int(work.blocksRendered / max(1, ticks)),
            "windowWordsPerTick": .int(work.windowWords / max(1, ticks)), "sharedWordsPerTick": .int(work.sharedWords / max(1, ticks)),
        ]) { _, new in new }
        let number = { (name: String) in report[name].map { $0.intValue.map(String.init) ?? $0.doubleValue.map { "\($0)" } ?? "" } ?? "" }
        let text = """
            fanout: \(Fanout.summary(options, watchers: watchers)) at \(options.intervalMs)ms for \(options.seconds)s\(options.warmupSeconds > 0 ? " after a warm-up of \(options.warmupSeconds)s" : ""): \(ticks) ticks
            latency from tick due to receipt: p50 \(number("p50Ms")) ms, p99 \(number("p99Ms")) ms, max \(number("maxMs")) ms (± \(number("startDoubtMs")) ms: when the timer started)
            first watcher to get each diff: p50 \(number("firstWatcherP50Ms")) ms, p99 \(number("firstWatcherP99Ms")) ms
            diffs delivered \(tally.delivered), missed \(missed), resyncs \(tally.resyncs); beats the timer skipped \(skipped)\(lifedSkipped == nil ? " (estimated: this lifed does not count the beats it came to late)" : "")\(skipped > 0 ? (lifedSkipped == nil ? " (the timer fell behind: each later latency counts an interval more a beat skipped)" : " (latencies count each tick from its beat, the skips placed where the arrivals show them: a lower bound; from the first cadence, an upper one: p50 \(number("p50FromFirstCadenceMs")) ms, p99 \(number("p99FromFirstCadenceMs")) ms)") : "")\(finished ? "" : "; some watchers had not read everything 30 s after the stop")
            bytes received by the watchers: \(number("bytesPerSecond")) a second, \(number("bytesPerTick")) a tick; lifed rendered \(number("cellsRenderedPerTick")) cells, \(number("blocksRenderedPerTick")) blocks and \(number("patchesPerTick")) patches a tick, reading \(number("windowWordsPerTick")) plane words for the windows and \(number("sharedWordsPerTick")) for all
            processor time the host took from this machine meanwhile (steal): \(round3(steal)) s
            daemon: \(number("daemonCpuPercent"))% of a core (\(number("daemonCpuSecondsPerTick")) processor-seconds a tick), RSS \(number("daemonRssMB")) MB (peak \(number("daemonPeakRssMB")) MB)
            """
        return FanoutReport(json: report, text: text, succeeded: missed == 0 && finished)
    }
}

extension FanoutTimerRun {
    /// Writes `--ticks`: a line a counted version, when it was due and when its first and last
    /// watcher had it, in milliseconds after `started`.
    fileprivate static func writeTicks(_ tally: FanoutTally, due: (Int) -> Duration?, started: Duration, to path: String) throws {
        var text = "version,dueMs,firstMs,lastMs\n"
        for (version, first) in tally.firstArrival.sorted(by: { $0.key < $1.key }) {
            guard let due = due(version), let last = tally.lastArrival[version] else { continue }
            let columns = [due, first, last].map { "\(round3(milliseconds($0 - started)))" }
            text += "\(version),\(columns.joined(separator: ","))\n"
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw BenchError("could not write \(path)")
        }
    }
}

extension Connection {
    /// lifed's `status` info.
    func statusInfo() throws -> [String: JSON] {
        guard case .status(_, let info) = try request(.status) else { throw BenchError("lifed did not answer status") }
        return info
    }
}

/// What `lifebench fanout` prints: one object with `--json`, else lines for people; and whether
/// every diff came (the exit status).
struct FanoutReport {
    var json: [String: JSON]
    var text: String
    var succeeded: Bool
}

/// lifed's publisher counters from `status` (PROTOCOL.md 4.7): what computing diffs has cost.
struct PublisherWork {
    var cellsRendered = 0
    var patches = 0
    var gridComparisons = 0
    /// Blocks of scaled windows rendered, and plane words read for particular windows and for all.
    var blocksRendered = 0
    var windowWords = 0
    var sharedWords = 0

    init(cellsRendered: Int, patches: Int, gridComparisons: Int, blocksRendered: Int = 0, windowWords: Int = 0, sharedWords: Int = 0) {
        self.cellsRendered = cellsRendered
        self.patches = patches
        self.gridComparisons = gridComparisons
        self.blocksRendered = blocksRendered
        self.windowWords = windowWords
        self.sharedWords = sharedWords
    }

    /// The counters now, asked on `control`.
    init(asking control: Connection) throws {
        try self.init(status: try control.statusInfo())
    }

    /// The counters in a `status` reply's `info`.
    init(status info: [String: JSON]) throws {
        guard let publisher = info["publisher"] else { throw BenchError("lifed's status has no publisher counters") }
        cellsRendered = publisher["cellsRendered"]?.intValue ?? 0
        patches = publisher["patches"]?.intValue ?? 0
        gridComparisons = publisher["gridComparisons"]?.intValue ?? 0
        blocksRendered = publisher["blocksRendered"]?.intValue ?? 0
        windowWords = publisher["windowWords"]?.intValue ?? 0
        sharedWords = publisher["sharedWords"]?.intValue ?? 0
    }

    /// The work done between `earlier` and these counters.
    func minus(_ earlier: PublisherWork) -> PublisherWork {
        PublisherWork(
            cellsRendered: cellsRendered - earlier.cellsRendered, patches: patches - earlier.patches,
            gridComparisons: gridComparisons - earlier.gridComparisons, blocksRendered: blocksRendered - earlier.blocksRendered,
            windowWords: windowWords - earlier.windowWords, sharedWords: sharedWords - earlier.sharedWords)
    }
}
