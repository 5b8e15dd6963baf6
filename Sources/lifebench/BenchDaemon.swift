import Foundation
import Glibc
import LifeSystem
import Protocol

/// A real lifed started for a benchmark on a temporary socket, stopped at the end.
final class BenchDaemon {
    let process = Process()
    let folder: String
    let socketPath: String

    /// Starts `executable` (by default the lifed beside this executable) with `arguments` and
    /// waits until it answers.
    init(arguments: [String], executable: String = siblingExecutable("lifed")) throws {
        folder = "/tmp/lifebench-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        // 0700 whatever the umask: lifed refuses a socket folder its group or others may write to.
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        socketPath = "\(folder)/lifed.sock"
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--socket", socketPath, "--log-level", "warning"] + arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = MonotonicClock.now + .seconds(10)
        while !UnixSocket.isAnswering(socketPath) {
            guard process.isRunning, MonotonicClock.now < deadline else { throw BenchError("lifed did not start") }
            usleep(5_000)
        }
    }

    var pid: pid_t { process.processIdentifier }

    /// The daemon's processor time now, to take the difference of two (precise to the nanosecond).
    var cpuSample: CPUSample { CPUSample(pid: pid) }

    /// The daemon's resident set size now, in MB.
    var rssMB: Double { statusField("VmRSS") / 1024 }
    /// The daemon's peak resident set size, in MB.
    var peakRssMB: Double { statusField("VmHWM") / 1024 }

    private func statusField(_ name: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            return Double(line.split(separator: " ").dropFirst().first.map(String.init) ?? "") ?? 0
        }
        return 0
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// The executable called `name` beside this one.
func siblingExecutable(_ name: String) -> String {
    URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent(name).path
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The value at the given fraction (0...1) of sorted `values`.
func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let index = min(sorted.count - 1, max(0, Int((Double(sorted.count) * fraction).rounded(.up)) - 1))
    return sorted[index]
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}
