import Foundation
import Glibc
import LifeClient
import LifeGrid
import LifeScheduling
import LifeSystem
import LifeJSON
import LifeSystem
import Protocol

/// `lifebench memory`: lifed's resident memory with a running world and its watchers.
extension Subcommand {
    static let memory = Subcommand(
        name: "memory", usage: Memory.usage.replacingOccurrences(of: "lifebench ", with: ""),
        summary: "lifed's resident memory (now and peak) with a running world and its watchers, against a real lifed.",
        details: """
            Starts lifed with the size given (its state on disk in a temporary folder, saved every 5 s
            while it runs, unless --ephemeral), subscribes the watchers to the whole state or, with
            --viewport RxC, each to a window of that size at a different place, runs the timer for the
            seconds given while they read every diff, and reports lifed's RSS at the end and its peak
            (VmHWM). --json prints one object. The issue's two cases:
              lifebench memory --size 10x10 --watchers 10
              lifebench memory --size 4096x4096 --watchers 4 --viewport 50x100
            """,
        run: Subcommand.reportingFailures(Memory.run))
}

enum Memory {
    static let usage =
        "lifebench memory [--size 10x10] [--watchers 10] [--viewport RxC] [--interval 100ms] [--seconds 10] [--ephemeral] [--json]"

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try Arguments(
            arguments, options: ["size", "watchers", "viewport", "interval", "seconds"], flags: ["json", "help", "ephemeral"])
        let size = parsed.values["size"] ?? "10x10"
        let watchers = try parsed.value("watchers", as: "a count from 0 to 1000") { Int($0).flatMap { (0...1000).contains($0) ? $0 : nil } } ?? 10
        let window = try parsed.value("viewport", as: "a window size such as 50x100") { text -> (rows: Int, cols: Int)? in
            let parts = text.split(separator: "x").compactMap { Int($0) }
            return parts.count == 2 && parts.allSatisfy({ (1...Grid.maxSide).contains($0) }) ? (parts[0], parts[1]) : nil
        }
        let intervalMs = try parsed.value("interval", as: "a duration such as 100ms", DurationText.milliseconds) ?? 100
        let seconds = try parsed.value("seconds", as: "a number of seconds") { Double($0).flatMap { $0 > 0 ? $0 : nil } } ?? 10
        let ephemeral = parsed.has("ephemeral")

        let stateFolder = "/tmp/lifebench-memory-\(getpid())"
        defer { if !ephemeral { try? FileManager.default.removeItem(atPath: stateFolder) } }
        let daemon = try BenchDaemon(
            arguments: (ephemeral ? ["--ephemeral"] : ["--state-dir", stateFolder]) + ["--size", size, "--seed", "1"])
        defer { daemon.stop() }
        let startRss = daemon.rssMB
        let control = try Connection(path: daemon.socketPath)
        _ = try control.request(.dispatch(action: AppAction.settings(.update(SettingsUpdate(intervalMs: intervalMs, autoStop: false))).json))

        // The watchers, each read until it has nothing more, in one poll loop.
        var sockets: [Int32] = []
        defer { for fd in sockets { close(fd) } }
        for index in 0..<watchers {
            let connection = try Connection(path: daemon.socketPath)
            let viewport = window.map { window in
                // Spread the windows out over the grid, so that they show different cells.
                Viewport(row: index * 517 % Grid.maxSide, col: index * 1031 % Grid.maxSide, rows: window.rows, cols: window.cols)
            }
            try connection.send(ClientRequest(id: 1, kind: .subscribe(path: .root, viewport: viewport)))
            guard case .snapshot = try connection.receive() else { throw BenchError("a watcher got no snapshot") }
            let fd = dup(connection.fd)
            UnixSocket.setNonBlocking(fd)
            sockets.append(fd)
        }
        guard case .ack = try control.request(.dispatch(action: AppAction.simulation(.startTimer).json)) else {
            throw BenchError("the timer did not start")
        }
        var pollSet = sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var received = 0
        let end = MonotonicClock.now + .milliseconds(Int64(seconds * 1000))
        while MonotonicClock.now < end {
            _ = poll(&pollSet, nfds_t(pollSet.count), 20)
            for index in pollSet.indices where pollSet[index].revents != 0 {
                pollSet[index].revents = 0
                while case let count = buffer.withUnsafeMutableBytes({ recv(sockets[index], $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }),
                    count > 0
                {
                    received += count
                }
            }
        }
        let rss = daemon.rssMB
        let peak = daemon.peakRssMB
        _ = try control.request(.dispatch(action: AppAction.simulation(.stopTimer).json))
        let report: [String: JSON] = [
            "benchmark": "memory", "size": .string(size), "watchers": .int(watchers),
            "viewport": window.map { .string("\($0.rows)x\($0.cols)") } ?? .null, "intervalMs": .int(intervalMs),
            "seconds": .double(seconds), "durable": .bool(!ephemeral), "bytesReceived": .int(received),
            "daemonStartRssMB": .double(round3(startRss)), "daemonRssMB": .double(round3(rss)),
            "daemonPeakRssMB": .double(round3(peak)),
        ]
        if parsed.has("json") {
            print(JSON.object(report).text)
        } else {
            let what = window.map { "\(watchers) watchers of \($0.rows)x\($0.cols) windows" } ?? "\(watchers) watchers of the whole state"
            print("""
                memory: \(size), \(what), ticking every \(intervalMs)ms for \(seconds)s (\(ephemeral ? "ephemeral" : "state saved to disk"))
                daemon RSS: \(round3(startRss)) MB at start, \(round3(rss)) MB at the end, peak \(round3(peak)) MB; watchers read \(received) bytes
                """)
        }
        return 0
    }
}
