import Foundation
import Glibc
import LifeClient
import LifeJSON
import LifeScheduling
import LifeSystem
import Protocol

/// `lifebench fanout`: many watchers of a fast-ticking world, against a real lifed.
///
/// Latency is measured from the moment a tick was due (the timer's start plus its period times
/// the tick's number, so a late timer counts against the daemon) to the moment a watcher has
/// the whole diff frame.
extension Subcommand {
    static let fanout = Subcommand(
        name: "fanout", usage: Fanout.usage.replacingOccurrences(of: "lifebench ", with: ""),
        summary: "How fast many watchers of a fast-ticking world get every diff, against a real lifed.",
        details: "Starts lifed (ephemeral) with the size and interval, subscribes the watchers, runs the timer for\nthe seconds given, and reports latency from tick due to receipt (p50, p99, max), diffs delivered\nand missed, and the daemon's CPU (share of one core) and RSS. --json prints one object.",
        run: Subcommand.reportingFailures(Fanout.run))
}

enum Fanout {
    static let usage = "lifebench fanout [--watchers 64] [--size 256x256] [--interval 10ms] [--seconds 10] [--path POINTER] [--json]"

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try Arguments(arguments, options: ["watchers", "size", "interval", "seconds", "path"], flags: ["json", "help"])
        if parsed.has("help") {
            print("Usage: \(usage)\n\nStarts lifed, subscribes the watchers, runs the timer, and reports latency p50/p99/max,\ndiffs delivered and missed, and the daemon's CPU and RSS.")
            return 0
        }
        let watchers = try parsed.value("watchers", as: "a count from 1 to 1000") { Int($0).flatMap { (1...1000).contains($0) ? $0 : nil } } ?? 64
        let size = parsed.values["size"] ?? "256x256"
        let intervalMs = try parsed.value("interval", as: "a duration such as 10ms", DurationText.milliseconds) ?? 10
        let seconds = try parsed.value("seconds", as: "a number of seconds") { Double($0).flatMap { $0 > 0 ? $0 : nil } } ?? 10
        let path = try JSONPointer(parsing: parsed.values["path"] ?? "")

        let daemon = try BenchDaemon(arguments: ["--ephemeral", "--size", size, "--interval", "\(intervalMs)ms", "--seed", "1"])
        defer { daemon.stop() }
        let control = try Connection(path: daemon.socketPath)
        _ = try control.request(.dispatch(action: AppAction.settings(.update(SettingsUpdate(autoStop: false))).json))
        _ = try control.request(.dispatch(action: AppAction.simulation(.resetGridToRandom).json))

        var sockets: [Int32] = []
        var skimmers: [FrameSkimmer] = []
        for _ in 0..<watchers {
            let connection = try Connection(path: daemon.socketPath)
            try connection.send(ClientRequest(id: 1, kind: .subscribe(path: path)))
            guard case .snapshot = try connection.receive() else { throw BenchError("a watcher got no snapshot") }
            let fd = dup(connection.fd)
            UnixSocket.setNonBlocking(fd)
            sockets.append(fd)
            skimmers.append(FrameSkimmer())
        }

        let cpuBefore = daemon.cpuSeconds
        let stealBefore = Fanout.stolenSeconds()
        let requested = MonotonicClock.now
        guard case .ack(_, let startVersion) = try control.request(.dispatch(action: AppAction.simulation(.startTimer).json)) else {
            throw BenchError("the timer did not start")
        }
        // The daemon started its timer somewhere between the request and the ack; tick n is due
        // n intervals after that. Take the midpoint, and report half the round trip as the doubt.
        let acknowledged = MonotonicClock.now
        let started = requested + (acknowledged - requested) / 2
        let startDoubtMs = milliseconds(acknowledged - requested) / 2
        let interval = Duration.milliseconds(intervalMs)
        var received = [[Int: Duration]](repeating: [:], count: watchers)
        var resyncs = 0
        var pollSet = sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        let end = started + .milliseconds(Int64(seconds * 1000))
        var stopVersion: Int?
        var stopped = end
        while true {
            let now = MonotonicClock.now
            if stopVersion == nil, now >= end {
                guard case .ack(_, let version) = try control.request(.dispatch(action: AppAction.simulation(.stopTimer).json)) else {
                    throw BenchError("the timer did not stop")
                }
                stopVersion = version
                stopped = now + (MonotonicClock.now - now) / 2
            }
            if let stopVersion, received.allSatisfy({ $0[stopVersion] != nil }) { break }
            if let stopVersion, now > end + .seconds(5) {
                _ = stopVersion
                break
            }
            _ = poll(&pollSet, nfds_t(pollSet.count), 10)
            for index in 0..<watchers where pollSet[index].revents != 0 {
                pollSet[index].revents = 0
                while true {
                    let count = buffer.withUnsafeMutableBytes { recv(sockets[index], $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                    if count <= 0 { break }
                    let arrival = MonotonicClock.now
                    buffer.withUnsafeBytes { bytes in
                        skimmers[index].feed(UnsafeRawBufferPointer(rebasing: bytes[0..<count])) { start, end in
                            if let version = diffVersion(end) {
                                received[index][version] = arrival
                            } else if start.starts(with: Array(#"{"id":1,"path""#.utf8)) {
                                resyncs += 1
                            }
                        }
                    }
                }
            }
        }
        let elapsed = MonotonicClock.now - started
        let cpu = daemon.cpuSeconds - cpuBefore
        let lastTick = (stopVersion ?? startVersion) - 1
        let versions = (startVersion + 1)...max(startVersion + 1, lastTick)
        let dues = Fanout.dueTimes(versions: versions, started: started, interval: interval)
        var latencies: [Double] = []
        var delivered = 0
        var missed = 0
        for watcher in received {
            for (offset, version) in versions.enumerated() {
                guard let arrival = watcher[version] else {
                    missed += 1
                    continue
                }
                delivered += 1
                latencies.append(milliseconds(arrival - dues[offset]))
            }
        }
        latencies.sort()
        // The first watcher to get each diff: the daemon's own delay, without the time it takes
        // to write to the other watchers (nor this process's time to read them).
        var firsts: [Double] = []
        for (offset, version) in versions.enumerated() {
            guard let first = received.compactMap({ $0[version] }).min() else { continue }
            firsts.append(milliseconds(first - dues[offset]))
        }
        firsts.sort()
        let steal = (Fanout.stolenSeconds() ?? 0) - (stealBefore ?? 0)
        // Beats the timer skipped: it was more than an interval late (see dueTimes).
        let beats = Int((milliseconds(stopped - started) / Double(intervalMs)).rounded(.down))
        let report: [String: JSON] = [
            "benchmark": "fanout", "watchers": .int(watchers), "size": .string(size), "intervalMs": .int(intervalMs),
            "seconds": .double(seconds), "ticks": .int(max(0, lastTick - startVersion)),
            "p50Ms": .double(round3(percentile(latencies, 0.5))), "p99Ms": .double(round3(percentile(latencies, 0.99))),
            "maxMs": .double(round3(latencies.last ?? 0)),
            "startDoubtMs": .double(round3(startDoubtMs)),
            "firstWatcherP50Ms": .double(round3(percentile(firsts, 0.5))), "firstWatcherP99Ms": .double(round3(percentile(firsts, 0.99))), "delivered": .int(delivered), "missed": .int(missed),
            "resyncs": .int(resyncs), "skippedBeats": .int(max(0, beats - (lastTick - startVersion))),
            "hostStealSeconds": .double(round3(steal)),
            "daemonCpuPercent": .double(round3(100 * cpu / (milliseconds(elapsed) / 1000))),
            "daemonRssMB": .double(round3(daemon.rssMB)), "daemonPeakRssMB": .double(round3(daemon.peakRssMB)),
        ]
        if parsed.has("json") {
            print(JSON.object(report).text)
        } else {
            print("""
                fanout: \(watchers) watchers of \(size) at \(intervalMs)ms for \(seconds)s: \(report["ticks"]?.intValue ?? 0) ticks
                latency from tick due to receipt: p50 \(report["p50Ms"]?.doubleValue ?? 0) ms, p99 \(report["p99Ms"]?.doubleValue ?? 0) ms, max \(report["maxMs"]?.doubleValue ?? 0) ms (± \(report["startDoubtMs"]?.doubleValue ?? 0) ms: when the timer started)
                first watcher to get each diff: p50 \(report["firstWatcherP50Ms"]?.doubleValue ?? 0) ms, p99 \(report["firstWatcherP99Ms"]?.doubleValue ?? 0) ms
                diffs delivered \(delivered), missed \(missed), resyncs \(resyncs); beats the timer skipped \(report["skippedBeats"]?.intValue ?? 0)
                processor time the host took from this machine meanwhile (steal): \(round3(steal)) s
                daemon: \(report["daemonCpuPercent"]?.doubleValue ?? 0)% of a core, RSS \(report["daemonRssMB"]?.doubleValue ?? 0) MB (peak \(report["daemonPeakRssMB"]?.doubleValue ?? 0) MB)
                """)
        }
        return missed == 0 ? 0 : 1
    }

    /// When each version's tick was due: `started` plus its number of intervals. The timer keeps
    /// that cadence unless it fires more than an interval late (the daemon, or the whole virtual
    /// machine, was not running): then it skips the missed beats and starts a new cadence from the
    /// late tick, which a client cannot see. So after a skipped beat the latencies count against
    /// the old cadence and are overstated; the report says how many beats were skipped.
    static func dueTimes(versions: ClosedRange<Int>, started: Duration, interval: Duration) -> [Duration] {
        versions.map { started + interval * ($0 - versions.lowerBound + 1) }
    }

    /// The processor time the hypervisor gave to other guests while this machine's processors
    /// wanted to run (the "steal" column of /proc/stat), in seconds, all processors together.
    static func stolenSeconds() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = stat.split(separator: "\n").first, line.hasPrefix("cpu ")
        else { return nil }
        let fields = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard fields.count > 7 else { return nil }
        return fields[7] / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The version of a diff frame, read from its last bytes (`..."type":"diff","version":V}`) without parsing it.
    static func diffVersion(_ frame: [UInt8]) -> Int? {
        let marker = Array(#""type":"diff","version":"#.utf8)
        guard frame.count > marker.count + 2, frame.last == UInt8(ascii: "}") else { return nil }
        var index = frame.count - 2
        var value = 0
        var scale = 1
        while index >= 0, frame[index] >= UInt8(ascii: "0"), frame[index] <= UInt8(ascii: "9") {
            value += Int(frame[index] - UInt8(ascii: "0")) * scale
            scale *= 10
            index -= 1
        }
        let start = index - marker.count + 1
        guard start >= 0, Array(frame[start...index]) == marker else { return nil }
        return value
    }
}

func round3(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

/// Finds frame boundaries in a stream without copying or parsing the frames: the watchers of
/// `lifebench fanout` receive hundreds of megabytes a second, and a measuring client that
/// decoded them all would measure itself. It keeps only each frame's first and last bytes.
struct FrameSkimmer {
    /// How many bytes of each end of a frame are kept.
    static let kept = 64
    private var length = 0
    private var headerBytes = 0
    private var remaining = 0
    private var start: [UInt8] = []
    private var end: [UInt8] = []

    /// Feeds received bytes; calls `frameEnded` with the first and last bytes of each frame completed.
    mutating func feed(_ bytes: UnsafeRawBufferPointer, _ frameEnded: (_ start: [UInt8], _ end: [UInt8]) -> Void) {
        var index = 0
        while index < bytes.count {
            if headerBytes < Frame.headerSize {
                length = length << 8 | Int(bytes[index])
                headerBytes += 1
                index += 1
                if headerBytes == Frame.headerSize {
                    remaining = length
                    start.removeAll(keepingCapacity: true)
                    end.removeAll(keepingCapacity: true)
                }
                continue
            }
            let take = min(remaining, bytes.count - index)
            if start.count < Self.kept {
                start.append(contentsOf: bytes[index..<(index + min(take, Self.kept - start.count))])
            }
            let last = bytes[(index + take - min(take, Self.kept))..<(index + take)]
            if end.count + last.count > Self.kept { end.removeFirst(min(end.count, end.count + last.count - Self.kept)) }
            end.append(contentsOf: last)
            remaining -= take
            index += take
            if remaining == 0 {
                frameEnded(start, end)
                headerBytes = 0
                length = 0
            }
        }
    }
}
