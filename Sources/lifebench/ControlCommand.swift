import Foundation
import Glibc
import LifeClient
import LifeJSON
import LifeSystem
import Protocol

/// `lifebench control`: a lifectl round trip (process start to exit), and pipelined dispatches on one connection.
extension Subcommand {
    static let control = Subcommand(
        name: "control", usage: Control.usage.replacingOccurrences(of: "lifebench ", with: ""),
        summary: "A lifectl round trip from process start to exit, and pipelined dispatches on one connection.",
        details: "Starts lifed (its state on disk in a temporary folder, unless --ephemeral), times `lifectl get`\n--runs times (median and p90), then sends --dispatches grid.step dispatches pipelined on one\nconnection and reports how many per second were acknowledged. --json prints one object.",
        run: Subcommand.reportingFailures(Control.run))
}

enum Control {
    static let usage = "lifebench control [--runs 50] [--dispatches 100000] [--ephemeral] [--json]"

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try Arguments(arguments, options: ["runs", "dispatches"], flags: ["json", "help", "ephemeral"])
        if parsed.has("help") {
            print("Usage: \(usage)\n\nStarts lifed (keeping its state on disk unless --ephemeral), times `lifectl get` from process\nstart to exit, and the rate of dispatches pipelined on one connection, each acknowledged.")
            return 0
        }
        let runs = try parsed.value("runs", as: "a count from 1 to 10000") { Int($0).flatMap { (1...10_000).contains($0) ? $0 : nil } } ?? 50
        let dispatches = try parsed.value("dispatches", as: "a count from 1 to 10000000") { Int($0).flatMap { (1...10_000_000).contains($0) ? $0 : nil } } ?? 100_000
        let ephemeral = parsed.has("ephemeral")
        let stateArguments = ephemeral ? ["--ephemeral"] : ["--state-dir", "/tmp/lifebench-state-\(getpid())"]
        defer { if !ephemeral { try? FileManager.default.removeItem(atPath: "/tmp/lifebench-state-\(getpid())") } }
        let daemon = try BenchDaemon(arguments: stateArguments + ["--seed", "1"])
        defer { daemon.stop() }

        // Round trips: a whole lifectl process each.
        let lifectl = siblingExecutable("lifectl")
        var roundTrips: [Double] = []
        // posix_spawn, not Foundation's Process, whose own start-up cost would swamp lifectl's.
        let argv = [lifectl, "--socket", daemon.socketPath, "--no-start", "get", "/simulation/gridState/ticks"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        for _ in 0..<runs {
            var pointers: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
            defer { for pointer in pointers { free(pointer) } }
            var pid: pid_t = 0
            let before = MonotonicClock.now
            guard posix_spawn(&pid, lifectl, &actions, nil, &pointers, environ) == 0 else { throw BenchError("cannot start \(lifectl)") }
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
            roundTrips.append(milliseconds(MonotonicClock.now - before))
            guard status == 0 else { throw BenchError("lifectl failed with status \(status)") }
        }
        roundTrips.sort()

        // Pipelined: write every frame while reading acks, on one connection.
        let connection = try Connection(path: daemon.socketPath)
        let fd = connection.fd
        UnixSocket.setNonBlocking(fd)
        var outgoing: [UInt8] = []
        outgoing.reserveCapacity(dispatches * 64)
        for index in 0..<dispatches {
            outgoing += Frame.encode(ClientRequest(id: .int(index), kind: .dispatch(action: AppAction.simulation(.grid(.step)).json)).json)
        }
        var decoder = FrameDecoder(maxFrameSize: 1 << 30)
        var sent = 0
        var acks = 0
        var errors = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        let started = MonotonicClock.now
        while acks + errors < dispatches {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN) | (sent < outgoing.count ? Int16(POLLOUT) : 0), revents: 0)
            _ = poll(&descriptor, 1, 1000)
            if sent < outgoing.count {
                let written = outgoing[sent...].withUnsafeBytes { send(fd, $0.baseAddress, min($0.count, 1 << 20), Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
                if written > 0 { sent += written }
            }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count == 0 { throw BenchError("the daemon closed the connection") }
            if count > 0 {
                decoder.append(buffer[0..<count])
                while let frame = try decoder.next() {
                    if frame.starts(with: Array(#"{"id":"#.utf8)), frame.contains(UInt8(ascii: "a")) {
                        if String(decoding: frame.suffix(40), as: UTF8.self).contains("\"ack\"") { acks += 1 } else { errors += 1 }
                    }
                }
            }
            guard MonotonicClock.now - started < .seconds(120) else { throw BenchError("pipelined dispatches timed out") }
        }
        let elapsed = MonotonicClock.now - started
        let rate = Double(dispatches) / (milliseconds(elapsed) / 1000)
        let report: [String: JSON] = [
            "benchmark": "control", "durable": .bool(!ephemeral), "runs": .int(runs),
            "roundTripMedianMs": .double(round3(percentile(roundTrips, 0.5))),
            "roundTripP90Ms": .double(round3(percentile(roundTrips, 0.9))),
            "dispatches": .int(dispatches), "acks": .int(acks), "errors": .int(errors),
            "dispatchesPerSecond": .double(rate.rounded()),
            "daemonRssMB": .double(round3(daemon.rssMB)),
        ]
        if parsed.has("json") {
            print(JSON.object(report).text)
        } else {
            print("""
                control (\(ephemeral ? "ephemeral" : "durable state")): lifectl round trip median \(report["roundTripMedianMs"]?.doubleValue ?? 0) ms, p90 \(report["roundTripP90Ms"]?.doubleValue ?? 0) ms over \(runs) runs
                pipelined: \(dispatches) dispatches on one connection, \(Int(rate)) per second (\(acks) acks, \(errors) errors)
                """)
        }
        return errors == 0 ? 0 : 1
    }
}
