import Foundation
import Glibc
import LifeClient
import LifeJSON
import LifeScheduling
import LifeSystem
import Protocol
import Synchronization

/// `lifebench jump`: a long `grid.step` running in the background on a big world, while a
/// bystander pings and a watcher follows everything else.
extension Subcommand {
    static let jump = Subcommand(
        name: "jump", usage: JumpBench.usage.replacingOccurrences(of: "lifebench ", with: ""),
        summary: "A jump on a big world: its speed, a bystander's ping latency and a watcher's diffs meanwhile.",
        details: """
            Starts lifed (ephemeral, or with --durable its state on disk in a temporary folder, so that
            the jump's end is journaled) on a random world of --size (density 1/3, seed 1), connects a
            bystander, a watcher (the whole state with a 50x100 window of the grid, as lifewatch
            subscribes) and a client that changes the title every 100 ms. The bystander pings every
            --every for 2 s to measure the idle latency, then a client starts `grid.step --generations`
            and the bystander keeps pinging until the jump ends (or --seconds pass, when it is
            cancelled). Reports the jump's generations per second, the bystander's ping p50, p99 and
            max before and during the jump, the watcher's progress diffs, how many title changes
            reached it and how late (dispatch to diff), and lifed's processor time (share of one core).
            --threads N starts lifed with LIFED_JUMP_THREADS=N (default: lifed's own choice, all the
            processors but one). --json prints one object.
            """,
        run: Subcommand.reportingFailures(JumpBench.run))
}

enum JumpBench {
    static let usage = "lifebench jump [--size 4096x4096] [--generations 3000] [--every 5ms] [--seconds 600] [--threads N] [--durable] [--json]"

    /// What the watcher and the title changer share.
    private final class Shared: Sendable {
        /// When each title was dispatched and when its diff reached the watcher (monotonic ms).
        let sent = Mutex<[String: Double]>([:])
        let arrived = Mutex<[String: Double]>([:])
        let progressDiffs = Atomic<Int>(0)
        let diffs = Atomic<Int>(0)
        let resyncs = Atomic<Int>(0)
        /// The version at which the jump ended, once the watcher saw it (0 before).
        let endVersion = Atomic<Int>(0)
        let stop = Atomic<Bool>(false)
        let watcherReady = Atomic<Bool>(false)
        let failure = Mutex<String?>(nil)
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try Arguments(arguments, options: ["size", "generations", "every", "seconds", "threads"], flags: ["json", "help", "durable"])
        let size = parsed.values["size"] ?? "4096x4096"
        let generations = try parsed.value("generations", as: "a count from 1 to 1000000000") { Int($0).flatMap { GridAction.generationsRange.contains($0) ? $0 : nil } } ?? 3000
        let everyMs = try parsed.value("every", as: "a duration from 1ms to 1s, such as 5ms") { DurationText.milliseconds($0).flatMap { (1...1000).contains($0) ? $0 : nil } } ?? 5
        let seconds = try parsed.value("seconds", as: "a number of seconds from 1 to 86400") { Double($0).flatMap { (1...86_400).contains($0) ? $0 : nil } } ?? 600
        let threads = try parsed.value("threads", as: "a count from 1 to 64") { Int($0).flatMap { (1...64).contains($0) ? $0 : nil } }
        if let threads { setenv("LIFED_JUMP_THREADS", String(threads), 1) }

        let durable = parsed.has("durable")
        let stateFolder = "/tmp/lifebench-jump-\(getpid())"
        defer { if durable { try? FileManager.default.removeItem(atPath: stateFolder) } }
        let daemon = try BenchDaemon(arguments: (durable ? ["--state-dir", stateFolder] : ["--ephemeral"]) + ["--seed", "1", "--size", size])
        defer { daemon.stop() }
        let shared = Shared()
        let socketPath = daemon.socketPath

        // The watcher: the whole state, the grid through a window, read as it comes.
        let watching = Thread {
            do {
                let watcher = try Connection(path: socketPath)
                try watcher.send(ClientRequest(id: "all", kind: .subscribe(path: .root, viewport: Viewport(row: 0, col: 0, rows: 50, cols: 100))))
                guard case .snapshot = try watcher.receive() else { throw BenchError("the watcher got no snapshot") }
                watcher.setReceiveTimeout(seconds: 1)
                shared.watcherReady.store(true, ordering: .relaxed)
                while !shared.stop.load(ordering: .relaxed) {
                    let message: ServerMessage
                    do {
                        message = try watcher.receive()
                    } catch {
                        if case Connection.Failure.system = error { continue }  // timed out: look at the stop flag
                        throw error
                    }
                    let now = milliseconds(MonotonicClock.now)
                    switch message {
                    case .diff(_, _, let version, let patch):
                        shared.diffs.add(1, ordering: .relaxed)
                        for operation in patch {
                            let path = operation.json["path"]?.stringValue ?? ""
                            if path == "/settings/display/title", let title = operation.json["value"]?.stringValue {
                                shared.arrived.withLock { $0[title] = now }
                            }
                            if path.hasPrefix("/simulation/jump/") { shared.progressDiffs.add(1, ordering: .relaxed) }
                            if path == "/simulation/jump", operation.json["value"] == .null { shared.endVersion.store(version, ordering: .relaxed) }
                        }
                    case .snapshot(_, _, _, _, true):
                        shared.resyncs.add(1, ordering: .relaxed)
                    default:
                        break
                    }
                }
            } catch {
                if !shared.stop.load(ordering: .relaxed) { shared.failure.withLock { $0 = "the watcher: \(error)" } }
                shared.watcherReady.store(true, ordering: .relaxed)
            }
        }
        watching.start()
        while !shared.watcherReady.load(ordering: .relaxed) { usleep(1000) }

        // The title changer: a change of something else every 100 ms.
        let changing = Thread {
            guard let changer = try? Connection(path: socketPath) else {
                shared.failure.withLock { $0 = "the title changer could not connect" }
                return
            }
            var index = 0
            while !shared.stop.load(ordering: .relaxed) {
                let title = "title \(index)"
                shared.sent.withLock { $0[title] = milliseconds(MonotonicClock.now) }
                do {
                    guard case .ack = try changer.request(.dispatch(action: AppAction.settings(.update(SettingsUpdate(title: title))).json)) else {
                        shared.failure.withLock { $0 = "a title change was refused" }
                        return
                    }
                } catch {
                    shared.failure.withLock { $0 = "the title changer: \(error)" }
                    return
                }
                index += 1
                usleep(100_000)
            }
        }
        changing.start()

        let bystander = try Connection(path: socketPath)
        for _ in 0..<10 { _ = try bystander.request(.ping) }
        func pings(until done: () -> Bool) throws -> [Double] {
            var latencies: [Double] = []
            var next = MonotonicClock.now
            while !done() {
                let sent = MonotonicClock.now
                guard case .pong = try bystander.request(.ping) else { throw BenchError("the bystander's ping was not answered with a pong") }
                latencies.append(milliseconds(MonotonicClock.now - sent))
                next += .milliseconds(everyMs)
                let wait = next - MonotonicClock.now
                if wait > .zero { usleep(UInt32(milliseconds(wait) * 1000)) } else { next = MonotonicClock.now }
            }
            return latencies.sorted()
        }
        let idleEnd = MonotonicClock.now + .seconds(2)
        let idle = try pings { MonotonicClock.now >= idleEnd }

        let driver = try Connection(path: socketPath)
        let cpuBefore = daemon.cpuSample
        let started = MonotonicClock.now
        let reply = try driver.request(.dispatch(action: AppAction.simulation(.grid(.step(generations: generations))).json))
        guard case .ack(_, let startVersion) = reply else { throw BenchError("\(ActionType.gridStep.name) was refused: \(reply.json.text)") }
        let deadline = started + .milliseconds(Int64(seconds * 1000))
        let during = try pings { shared.endVersion.load(ordering: .relaxed) > startVersion || MonotonicClock.now >= deadline }
        let elapsed = MonotonicClock.now - started
        let cpu = daemon.cpuSample.seconds(since: cpuBefore)
        let finished = shared.endVersion.load(ordering: .relaxed) > startVersion
        var done = generations
        if !finished {
            let jump = try driver.request(.get(path: JSONPointer(tokens: ["simulation", "jump"])))
            if case .state(_, _, _, let value) = jump { done = value["done"]?.intValue ?? 0 }
            _ = try driver.request(.dispatch(action: AppAction.simulation(.grid(.cancelJump)).json))
        }
        shared.stop.store(true, ordering: .relaxed)
        while changing.isExecuting || watching.isExecuting { usleep(10_000) }
        if let failure = shared.failure.withLock({ $0 }) { throw BenchError(failure) }

        let titleLatencies = shared.sent.withLock { sent in
            shared.arrived.withLock { arrived in sent.compactMap { title, at in arrived[title].map { $0 - at } } }
        }.sorted()
        let elapsedSeconds = milliseconds(elapsed) / 1000
        let report: [String: JSON] = [
            "benchmark": "jump", "size": .string(size), "durable": .bool(durable), "generations": .int(generations), "finished": .bool(finished),
            "generationsDone": .int(done), "seconds": .double(round3(elapsedSeconds)),
            "generationsPerSecond": .double((Double(done) / elapsedSeconds).rounded()),
            "jumpThreads": threads.map(JSON.int) ?? "lifed's default",
            "idlePings": .int(idle.count), "idlePingP50Ms": .double(round3(percentile(idle, 0.5))),
            "idlePingP99Ms": .double(round3(percentile(idle, 0.99))),
            "pings": .int(during.count), "pingP50Ms": .double(round3(percentile(during, 0.5))),
            "pingP99Ms": .double(round3(percentile(during, 0.99))), "pingMaxMs": .double(round3(during.last ?? 0)),
            "watcherDiffs": .int(shared.diffs.load(ordering: .relaxed)), "progressDiffs": .int(shared.progressDiffs.load(ordering: .relaxed)),
            "watcherResyncs": .int(shared.resyncs.load(ordering: .relaxed)),
            "titleChanges": .int(shared.sent.withLock { $0.count }), "titleChangesSeen": .int(titleLatencies.count),
            "titleLatencyP50Ms": .double(round3(percentile(titleLatencies, 0.5))),
            "titleLatencyP99Ms": .double(round3(percentile(titleLatencies, 0.99))),
            "daemonCpuShare": .double(round3(cpu / elapsedSeconds)),
        ]
        if parsed.has("json") {
            print(JSON.object(report).text)
        } else {
            func number(_ key: String) -> Double { report[key]?.doubleValue ?? 0 }
            print("""
                jump: \(done) of \(generations) generations of \(size)\(durable ? " (state on disk)" : "") in \(round3(elapsedSeconds)) s (\(Int(number("generationsPerSecond"))) per second)\(finished ? "" : ", cancelled at --seconds")
                bystander: idle p50 \(number("idlePingP50Ms")) ms, p99 \(number("idlePingP99Ms")) ms; during the jump \(during.count) pings, p50 \(number("pingP50Ms")) ms, p99 \(number("pingP99Ms")) ms, max \(number("pingMaxMs")) ms
                watcher: \(shared.diffs.load(ordering: .relaxed)) diffs (\(shared.progressDiffs.load(ordering: .relaxed)) of the jump's progress, \(shared.resyncs.load(ordering: .relaxed)) resyncs); \(titleLatencies.count) of \(shared.sent.withLock { $0.count }) title changes seen, p50 \(number("titleLatencyP50Ms")) ms, p99 \(number("titleLatencyP99Ms")) ms after their dispatch
                lifed: \(Int((number("daemonCpuShare") * 100).rounded()))% of a core
                """)
        }
        return 0
    }
}
