import CLinux
import Glibc
import LifeSystem

/// The exit of the daemon at the other end of a connection, watched with a pidfd: so that
/// `lifectl shutdown` returns once lifed is gone (its state saved, its lock and socket let go),
/// and a script may start another at once.
public final class DaemonExit {
    /// The daemon's process id.
    public let pid: pid_t
    private let pidfd: Int32

    /// Watches the process serving `connection`, as the socket's credentials name it; nil when
    /// they name none here (a daemon in another pid namespace is 0) or the kernel has no pidfd.
    /// Made before the daemon is asked to go, so that the pid cannot name another process by then.
    public init?(serving connection: Connection) {
        var pid: UInt32 = 0
        var uid: UInt32 = 0
        var gid: UInt32 = 0
        guard clinux_peer_credentials(connection.fd, &pid, &uid, &gid) == 0, pid > 0, pid <= UInt32(Int32.max) else { return nil }
        let fd = clinux_pidfd_open(pid_t(pid))
        guard fd >= 0 else { return nil }
        self.pid = pid_t(pid)
        self.pidfd = fd
    }

    deinit { try? FileDescriptor(rawValue: pidfd).close() }

    /// Waits up to `milliseconds` for the process to exit; whether it did.
    public func wait(milliseconds: Int) -> Bool {
        let deadline = MonotonicClock.now + .milliseconds(Int64(milliseconds))
        while true {
            let left = deadline - MonotonicClock.now
            guard left > .zero else { return false }
            var watched = pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&watched, 1, Int32(clamping: Int((left / .milliseconds(1)).rounded(.up))))
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return false }
        }
    }
}
