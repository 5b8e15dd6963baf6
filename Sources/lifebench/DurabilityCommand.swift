import Foundation
import Glibc
import LifeClient
import LifeJSON
import LifeSystem
import Protocol

/// `lifebench durability`: what keeping the world on disk costs on a big world.
extension Subcommand {
    static let durability = Subcommand(
        name: "durability", usage: Durability.usage.replacingOccurrences(of: "lifebench ", with: ""),
        summary: "What saving costs: ack latency and bytes written per action, the snapshot's size, restart time.",
        details: """
            Starts lifed on a --size world (4096x4096 by default) with its state in --state-dir (default
            a new folder under /tmp), then measures, one action at a time: the round trip of
            settings.update (a new title) and of grid.step (one generation), each acknowledged only
            once on disk, with the median and p90 over --actions actions; the bytes lifed hands the
            kernel per action (/proc/PID/io wchar); and, for comparison, the median of one fdatasync
            of a small write in the same folder. Then it sends --journal more settings.update actions,
            kills lifed with SIGKILL (no chance to save on the way out), and times its restart until
            it answers with the last of them. Also reports the size of the snapshot (or state file).
            --json prints one object.
            """,
        run: Subcommand.reportingFailures(Durability.run))
}

enum Durability {
    static let usage = "lifebench durability [--size 4096x4096] [--actions 200] [--journal 10000] [--state-dir DIR] [--json]"

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try Arguments(arguments, options: ["size", "actions", "journal", "state-dir"], flags: ["json", "help"])
        let size = try parsed.value("size", as: "ROWSxCOLS from 3x3 to 4096x4096") { text -> (Int, Int)? in
            let parts = text.lowercased().split(separator: "x")
            guard parts.count == 2, let rows = Int(parts[0]), let cols = Int(parts[1]), (3...4096).contains(rows), (3...4096).contains(cols) else { return nil }
            return (rows, cols)
        } ?? (4096, 4096)
        let actions = try parsed.value("actions", as: "a count from 10 to 100000") { Int($0).flatMap { (10...100_000).contains($0) ? $0 : nil } } ?? 200
        let journal = try parsed.value("journal", as: "a count from 0 to 1000000") { Int($0).flatMap { (0...1_000_000).contains($0) ? $0 : nil } } ?? 10_000
        let ownFolder = parsed.values["state-dir"] == nil
        let stateDir = parsed.values["state-dir"] ?? "/tmp/lifebench-durability-\(getpid())"
        defer { if ownFolder { try? FileManager.default.removeItem(atPath: stateDir) } }
        try FileManager.default.createDirectory(atPath: stateDir, withIntermediateDirectories: true)

        let fsync = try fsyncMedianMs(in: stateDir, runs: 100)
        let lifedArguments = ["--state-dir", stateDir, "--size", "\(size.0)x\(size.1)", "--seed", "1", "--log-level", "error"]
        var daemon = try BenchDaemon(arguments: lifedArguments)
        var connection = try Connection(path: daemon.socketPath)

        // One action at a time: each round trip includes its save.
        func timeActions(_ count: Int, _ action: (Int) -> JSON) throws -> (median: Double, p90: Double, bytesPerAction: Double) {
            var times: [Double] = []
            let writtenBefore = writtenBytes(daemon.pid)
            for index in 0..<count {
                let started = MonotonicClock.now
                let reply = try connection.request(.dispatch(action: action(index)))
                times.append(milliseconds(MonotonicClock.now - started))
                guard case .ack = reply else { throw BenchError("the action was not acknowledged: \(reply)") }
            }
            let bytes = Double(writtenBytes(daemon.pid) - writtenBefore) / Double(count)
            times.sort()
            return (percentile(times, 0.5), percentile(times, 0.9), bytes)
        }
        let update = try timeActions(actions) { AppAction.settings(.update(SettingsUpdate(title: "title \($0)"))).json }
        let step = try timeActions(max(10, actions / 4)) { _ in AppAction.simulation(.grid(.step)).json }

        // A journal of `journal` entries, pipelined in batches, then SIGKILL and a timed restart.
        var index = 0
        while index < journal {
            let batch = min(100, journal - index)
            for offset in 0..<batch {
                try connection.send(ClientRequest(id: .int(offset), kind: .dispatch(action: AppAction.settings(.update(SettingsUpdate(title: "journal \(index + offset)"))).json)))
            }
            var acked = 0
            while acked < batch {
                let message = try connection.receive()
                if case .ack = message { acked += 1 } else if case .error = message { throw BenchError("refused: \(message)") }
            }
            index += batch
        }
        let files = folderSizes(stateDir)
        kill(daemon.pid, SIGKILL)
        daemon.process.waitUntilExit()
        daemon.stop()
        let restartStarted = MonotonicClock.now
        daemon = try BenchDaemon(arguments: lifedArguments)
        let restart = milliseconds(MonotonicClock.now - restartStarted)
        connection = try Connection(path: daemon.socketPath)
        guard case .state(_, _, _, let title) = try connection.request(.get(path: JSONPointer(tokens: ["settings", "display", "title"]))),
            journal == 0 || title == .string("journal \(journal - 1)")
        else { throw BenchError("the restarted daemon lost acknowledged changes") }
        daemon.stop()

        let snapshotBytes = files["snapshot"] ?? files["state.json"] ?? 0
        let report: [String: JSON] = [
            "benchmark": "durability", "rows": .int(size.0), "cols": .int(size.1),
            "updateAckMedianMs": .double(round3(update.median)), "updateAckP90Ms": .double(round3(update.p90)),
            "updateBytesPerAction": .double(update.bytesPerAction.rounded()),
            "stepAckMedianMs": .double(round3(step.median)), "stepAckP90Ms": .double(round3(step.p90)),
            "stepBytesPerAction": .double(step.bytesPerAction.rounded()),
            "fsyncMedianMs": .double(round3(fsync)),
            "snapshotBytes": .int(snapshotBytes), "files": .object(files.mapValues { .int($0) }),
            "journalEntries": .int(journal), "restartMs": .double(round3(restart)),
        ]
        if parsed.has("json") {
            print(JSON.object(report).text)
        } else {
            print("""
                durability, \(size.0)x\(size.1) world, state in \(stateDir):
                  settings.update: ack median \(round3(update.median)) ms, p90 \(round3(update.p90)) ms, \(Int(update.bytesPerAction)) bytes written per action
                  grid.step:       ack median \(round3(step.median)) ms, p90 \(round3(step.p90)) ms, \(Int(step.bytesPerAction)) bytes written per action
                  one fdatasync of a small write here: median \(round3(fsync)) ms
                  snapshot: \(snapshotBytes) bytes (\(files.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")))
                  restart after SIGKILL with \(journal) journal entries: \(round3(restart)) ms until it answers
                """)
        }
        return 0
    }

    /// The median time of a 200-byte append and fdatasync in `folder`: what one durable save costs at least.
    static func fsyncMedianMs(in folder: String, runs: Int) throws -> Double {
        let path = "\(folder)/fsync-probe"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw BenchError("cannot create \(path)") }
        defer {
            close(fd)
            unlink(path)
        }
        let record = [UInt8](repeating: 0x2A, count: 200)
        var times: [Double] = []
        for _ in 0..<runs {
            let started = MonotonicClock.now
            guard record.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == record.count, fdatasync(fd) == 0 else {
                throw BenchError("cannot write \(path)")
            }
            times.append(milliseconds(MonotonicClock.now - started))
        }
        times.sort()
        return percentile(times, 0.5)
    }

    /// Bytes the process has handed to write-like system calls (`wchar` in /proc/PID/io).
    static func writtenBytes(_ pid: pid_t) -> Int {
        guard let io = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8) else { return 0 }
        for line in io.split(separator: "\n") where line.hasPrefix("wchar:") {
            return Int(line.split(separator: " ").last ?? "") ?? 0
        }
        return 0
    }

    /// The size of each regular file in `folder`.
    static func folderSizes(_ folder: String) -> [String: Int] {
        var sizes: [String: Int] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            var info = stat()
            if stat("\(folder)/\(name)", &info) == 0, info.st_mode & S_IFMT == S_IFREG { sizes[name] = Int(info.st_size) }
        }
        return sizes
    }
}
