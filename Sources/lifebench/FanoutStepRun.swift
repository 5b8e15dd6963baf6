import LifeClient
import LifeJSON
import LifeScheduling
import LifeSystem
import Protocol

/// `lifebench fanout --steps N`: what one change costs the daemon with the watchers' windows,
/// one `grid.step` at a time rather than at the timer's pace.
///
/// Each step's cost is lifed's processor time (utime + stime) from just before the dispatch until
/// every watcher has read up to a ping sent after the ack, so it holds the step, the diffs of
/// every window, and writing them. Steps are taken one after the other on the soup, and the
/// median is reported: the first may pay for warming up.
enum FanoutStepRun {
    static func measure(daemon: BenchDaemon, control: Connection, watchers: FanoutWatchers, options: FanoutOptions) throws -> FanoutReport {
        let steps = options.steps ?? 1
        var tally = FanoutTally(snapshotVersions: watchers.snapshotVersions)
        var cpuSeconds: [Double] = []
        var wallMs: [Double] = []
        var bytes: [Int] = []
        var work: [PublisherWork] = []
        var finished = true
        for _ in 0..<steps {
            let workBefore = try PublisherWork(asking: control)
            let bytesBefore = watchers.bytesReceived
            let cpuBefore = daemon.cpuSample
            let dispatched = MonotonicClock.now
            guard case .ack(_, let version) = try control.request(.dispatch(action: ["type": "grid.step"])) else {
                throw BenchError("grid.step was not acknowledged")
            }
            func record(_ watcher: Int, _ frame: SkimmedFrame, _ arrival: Duration) {
                tally.record(frame, key: { watchers.key(watcher: watcher, id: $0) }, arrival: arrival) { $0 == version ? dispatched : nil }
            }
            let done = try watchers.barrier(deadline: MonotonicClock.now + .seconds(120), record)
            let end = MonotonicClock.now
            cpuSeconds.append(daemon.cpuSample.seconds(since: cpuBefore))
            wallMs.append(milliseconds(end - dispatched))
            bytes.append(watchers.bytesReceived - bytesBefore)
            work.append(try PublisherWork(asking: control).minus(workBefore))
            if !done {
                finished = false
                break
            }
        }
        let taken = cpuSeconds.count
        let latencies = tally.sortedLatencies()
        let sortedCpu = cpuSeconds.sorted()
        let missed = options.path.isRoot ? taken * watchers.subscriptions - tally.delivered : tally.chainBreaks
        let median = { (values: [Int]) in values.sorted()[values.count / 2] }
        var report = Fanout.describe(options, watchers: watchers)
        report.merge([
            "steps": .int(taken),
            "cpuSecondsPerStepMedian": .double(round3(percentile(sortedCpu, 0.5))),
            "cpuSecondsPerStepMin": .double(round3(sortedCpu.first ?? 0)), "cpuSecondsPerStepMax": .double(round3(sortedCpu.last ?? 0)),
            "cpuSecondsPerStep": .array(cpuSeconds.map { .double(round3($0)) }),
            "wallMsPerStepMedian": .double(round3(percentile(wallMs.sorted(), 0.5))),
            "p50Ms": .double(round3(percentile(latencies, 0.5))), "p99Ms": .double(round3(percentile(latencies, 0.99))),
            "maxMs": .double(round3(latencies.last ?? 0)),
            "delivered": .int(tally.delivered), "missed": .int(missed), "chainBreaks": .int(tally.chainBreaks),
            "resyncs": .int(tally.resyncs), "finished": .bool(finished),
            "bytesPerStepMedian": .int(median(bytes)),
            "cellsRenderedPerStepMedian": .int(median(work.map(\.cellsRendered))),
            "patchesPerStepMedian": .int(median(work.map(\.patches))),
            "daemonRssMB": .double(round3(daemon.rssMB)), "daemonPeakRssMB": .double(round3(daemon.peakRssMB)),
        ]) { _, new in new }
        let text = """
            fanout: \(Fanout.summary(options, watchers: watchers)), \(taken) grid.step dispatches
            daemon processor time per change: median \(round3(percentile(sortedCpu, 0.5))) s (least \(round3(sortedCpu.first ?? 0)), most \(round3(sortedCpu.last ?? 0))); each: \(cpuSeconds.map { "\(round3($0))" }.joined(separator: " "))
            dispatch until every watcher had read it: median \(round3(percentile(wallMs.sorted(), 0.5))) ms; a diff's latency from the dispatch: p50 \(round3(percentile(latencies, 0.5))) ms, p99 \(round3(percentile(latencies, 0.99))) ms, max \(round3(latencies.last ?? 0)) ms
            diffs delivered \(tally.delivered), missed \(missed), resyncs \(tally.resyncs)\(finished ? "" : "; the watchers had not read a step within 120 s")
            a step (medians): \(median(bytes)) bytes to the watchers; lifed rendered \(median(work.map(\.cellsRendered))) cells in \(median(work.map(\.patches))) patches
            daemon: RSS \(round3(daemon.rssMB)) MB (peak \(round3(daemon.peakRssMB)) MB)
            """
        return FanoutReport(json: report, text: text, succeeded: missed == 0 && finished)
    }
}
