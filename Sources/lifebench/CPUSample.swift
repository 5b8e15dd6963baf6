import Glibc
import LifeSystem

/// A process's processor time at one moment, to the nanosecond.
///
/// `/proc/PID/stat` counts in clock ticks (10 ms), which over an 8 s run of a daemon using 2% of
/// a core is an error of 0.1%: half the margin such a target leaves. The process's CPU-time
/// clock (`clock_getcpuclockid`) counts every thread's nanoseconds, those of threads that have
/// ended too (summing `/proc/PID/task/*/schedstat` loses those: lifed's first tick after an edit
/// runs on a pool thread that ends a few seconds later). When the clock cannot be read, the
/// sample falls back to the clock ticks.
struct CPUSample {
    /// When the sample was taken (the monotonic clock).
    let at: Duration
    /// The process's processor time in seconds, or nil when its clock could not be read.
    let clockSeconds: Double?
    /// The process's user and system time in clock ticks.
    let clockTicks: Double

    /// The process `pid`'s processor time now.
    init(pid: pid_t) {
        at = MonotonicClock.now
        clockTicks = Self.clockTicks(pid: pid)
        var clock = clockid_t()
        var time = timespec()
        if clock_getcpuclockid(pid, &clock) == 0, clock_gettime(clock, &time) == 0 {
            clockSeconds = Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        } else {
            clockSeconds = nil
        }
    }

    /// The processor seconds the process used from `earlier` to this sample.
    func seconds(since earlier: CPUSample) -> Double {
        if let now = clockSeconds, let then = earlier.clockSeconds { return now - then }
        return (clockTicks - earlier.clockTicks) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The share of one core the process used from `earlier` to this sample.
    func coreShare(since earlier: CPUSample) -> Double {
        let seconds = Double((at - earlier.at) / .nanoseconds(1)) / 1e9
        return seconds > 0 ? self.seconds(since: earlier) / seconds : 0
    }

    private static func clockTicks(pid: pid_t) -> Double {
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return 0 }
        let bytes = buffer[..<count]
        guard let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { return 0 }
        let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
        // After the command: state is field 3, so utime (14) and stime (15) are at 11 and 12.
        guard fields.count > 12,
            let user = Double(String(decoding: fields[11], as: UTF8.self)),
            let system = Double(String(decoding: fields[12], as: UTF8.self))
        else { return 0 }
        return user + system
    }
}
