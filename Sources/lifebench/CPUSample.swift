import Foundation
import Glibc

/// A process's processor time at one moment, precise to the nanosecond where the kernel allows.
///
/// `/proc/PID/stat` counts in clock ticks (10 ms), which over an 8 s run of a daemon using 2% of
/// a core is an error of 0.1%: half the margin such a target leaves. Each thread's
/// `/proc/PID/task/TID/schedstat` counts the nanoseconds it ran. A thread that ended between two
/// samples takes its nanoseconds with it, though (the process's total in `stat` keeps them), so
/// the difference of two samples is the threads' nanoseconds when every thread of the first is
/// still there, and the clock ticks otherwise.
struct CPUSample {
    /// The process's user and system time in clock ticks, threads that ended included.
    let clockTicks: Double
    /// Nanoseconds each thread has run, by thread id.
    let threadNanoseconds: [Int: UInt64]

    /// The process `pid`'s processor time now (zero when it cannot be read).
    init(pid: pid_t) {
        clockTicks = Self.clockTicks(pid: pid)
        var threads: [Int: UInt64] = [:]
        let folder = "/proc/\(pid)/task"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            guard let tid = Int(name),
                let text = try? String(contentsOfFile: "\(folder)/\(name)/schedstat", encoding: .utf8),
                let first = text.split(separator: " ").first, let nanoseconds = UInt64(first)
            else { continue }
            threads[tid] = nanoseconds
        }
        threadNanoseconds = threads
    }

    /// The processor seconds the process used from `earlier` to this sample.
    func seconds(since earlier: CPUSample) -> Double {
        let everyThreadKept = earlier.threadNanoseconds.keys.allSatisfy { threadNanoseconds[$0] != nil }
        guard everyThreadKept, !threadNanoseconds.isEmpty else {
            return (clockTicks - earlier.clockTicks) / Double(sysconf(Int32(_SC_CLK_TCK)))
        }
        var nanoseconds: UInt64 = 0
        for (tid, now) in threadNanoseconds {
            // A thread that started since ran all of its time in between.
            nanoseconds += now &- (earlier.threadNanoseconds[tid] ?? 0)
        }
        return Double(nanoseconds) / 1e9
    }

    private static func clockTicks(pid: pid_t) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command: state is field 3, so utime (14) and stime (15) are at 11 and 12.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return user + system
    }
}
