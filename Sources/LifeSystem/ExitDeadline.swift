import CLinux
import Glibc

/// A hard deadline for a helper process such as `lifefetch`: when it passes, the process
/// writes a report prepared in advance and exits, whatever its threads are doing (a URLSession
/// that ignores its own timeouts, a parse that takes too long). A thread of its own sleeps
/// until then; nothing else in the process need cooperate.
///
/// The process's normal end calls ``claimExit()`` before it writes its own report, so exactly
/// one of the two reports is written.
public enum ExitDeadline {
    /// Starts the deadline: after `timeout`, `report` goes to `fd` and the process exits with
    /// `status`. Throws when the thread cannot be started.
    public static func start(after timeout: Duration, writing report: [UInt8], to fd: Int32, status: ExitCode) throws(SystemError) {
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = seconds >= Int64.max / 1_000_000_000 ? Int64.max : seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        let result = report.withUnsafeBytes { clinux_exit_deadline_start(fd, $0.baseAddress, $0.count, nanoseconds, status.rawValue) }
        guard result == 0 else { throw SystemError("start the deadline's thread", errno: result) }
    }

    /// Whether the caller may write its own report and exit: true once, unless the deadline has
    /// passed, in which case the deadline's thread is writing its report and ends the process
    /// (wait with ``waitForTheDeadlinesExit()``).
    public static func claimExit() -> Bool { clinux_exit_claim() != 0 }

    /// Waits for the deadline's thread to end the process.
    public static func waitForTheDeadlinesExit() -> Never {
        while true { pause() }
    }
}
