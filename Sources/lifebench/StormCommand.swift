import Foundation
import Glibc
import LifeClient
import LifeJSON
import LifeScheduling
import LifeSystem
import Protocol
import Synchronization

/// `lifebench storm`: clients that connect and disconnect as fast as they can, and a bystander
/// whose pings must still be answered promptly.
extension Subcommand {
    static let storm = Subcommand(
        name: "storm", usage: Storm.usage.replacingOccurrences(of: "lifebench ", with: ""),
        summary: "A bystander's ping latency while other clients connect and disconnect as fast as they can.",
        details: """
            Starts lifed (ephemeral), connects a bystander, then runs --stormers threads that each connect and
            close at once, over and over, for --seconds, while the bystander sends a ping every --every and
            times each answer. Reports the bystander's ping p50, p99 and max, the storm's connections per
            second, and the daemon's CPU (share of one core). --json prints one object.
            """,
        run: Subcommand.reportingFailures(Storm.run))
}

enum Storm {
    static let usage = "lifebench storm [--stormers 8] [--seconds 5] [--every 5ms] [--json]"

    /// Connections made by the storm's threads, counted across them.
    private final class Tally: Sendable {
        let connections = Atomic<Int>(0)
        let failures = Atomic<Int>(0)
        let running = Atomic<Int>(0)
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try Arguments(arguments, options: ["stormers", "seconds", "every"], flags: ["json", "help"])
        let stormers = try parsed.value("stormers", as: "a count from 1 to 256") { Int($0).flatMap { (1...256).contains($0) ? $0 : nil } } ?? 8
        let seconds = try parsed.value("seconds", as: "a number of seconds from 0.1 to 600") { Double($0).flatMap { (0.1...600).contains($0) ? $0 : nil } } ?? 5
        let everyMs = try parsed.value("every", as: "a duration from 1ms to 1s, such as 5ms") { DurationText.milliseconds($0).flatMap { (1...1000).contains($0) ? $0 : nil } } ?? 5

        let daemon = try BenchDaemon(arguments: ["--ephemeral", "--seed", "1"])
        defer { daemon.stop() }
        let bystander = try Connection(path: daemon.socketPath)
        // A few pings before the storm, so that the first timed one is not the first ever.
        for _ in 0..<10 { _ = try bystander.request(.ping) }

        let tally = Tally()
        let socketPath = daemon.socketPath
        let cpuBefore = daemon.cpuSample
        let started = MonotonicClock.now
        let end = started + .milliseconds(Int(seconds * 1000))
        for _ in 0..<stormers {
            tally.running.add(1, ordering: .relaxed)
            let thread = Thread {
                while MonotonicClock.now < end {
                    if let fd = try? UnixSocket.connect(to: socketPath) {
                        close(fd)
                        tally.connections.add(1, ordering: .relaxed)
                    } else {
                        tally.failures.add(1, ordering: .relaxed)
                    }
                }
                tally.running.subtract(1, ordering: .relaxed)
            }
            thread.start()
        }

        var latencies: [Double] = []
        var next = MonotonicClock.now
        while MonotonicClock.now < end {
            let sent = MonotonicClock.now
            guard case .pong = try bystander.request(.ping) else { throw BenchError("the bystander's ping was not answered with a pong") }
            latencies.append(milliseconds(MonotonicClock.now - sent))
            next += .milliseconds(everyMs)
            let wait = next - MonotonicClock.now
            if wait > .zero { usleep(UInt32(milliseconds(wait) * 1000)) } else { next = MonotonicClock.now }
        }
        let elapsed = MonotonicClock.now - started
        let cpu = daemon.cpuSample.seconds(since: cpuBefore)
        while tally.running.load(ordering: .relaxed) > 0 { usleep(1000) }
        guard case .pong = try bystander.request(.ping) else { throw BenchError("the bystander was not answered after the storm") }

        latencies.sort()
        let connections = tally.connections.load(ordering: .relaxed)
        let report: [String: JSON] = [
            "benchmark": "storm", "stormers": .int(stormers), "seconds": .double(round3(seconds)), "everyMs": .int(everyMs),
            "connections": .int(connections), "connectFailures": .int(tally.failures.load(ordering: .relaxed)),
            "connectionsPerSecond": .double((Double(connections) / (milliseconds(elapsed) / 1000)).rounded()),
            "pings": .int(latencies.count),
            "pingP50Ms": .double(round3(percentile(latencies, 0.5))),
            "pingP99Ms": .double(round3(percentile(latencies, 0.99))),
            "pingMaxMs": .double(round3(latencies.last ?? 0)),
            "daemonCpuShare": .double(round3(cpu / (milliseconds(elapsed) / 1000))),
        ]
        if parsed.has("json") {
            print(JSON.object(report).text)
        } else {
            func number(_ key: String) -> Double { report[key]?.doubleValue ?? 0 }
            print("""
                storm: \(stormers) threads made \(connections) connections in \(round3(seconds)) s (\(Int(number("connectionsPerSecond"))) per second, \(tally.failures.load(ordering: .relaxed)) failed to connect)
                bystander: \(latencies.count) pings, p50 \(number("pingP50Ms")) ms, p99 \(number("pingP99Ms")) ms, max \(number("pingMaxMs")) ms
                lifed: \(Int((number("daemonCpuShare") * 100).rounded()))% of a core
                """)
        }
        return 0
    }
}
