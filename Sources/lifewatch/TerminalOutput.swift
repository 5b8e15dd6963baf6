import Glibc
import LifeSystem

/// The terminal's output, written without ever blocking the event loop.
///
/// Frames go out through a file descriptor of their own in non-blocking mode: a fresh open
/// of the terminal's device when it has a name (so the shell's descriptor keeps its flags),
/// else standard output itself with `O_NONBLOCK` set until ``close()``. Bytes the terminal
/// does not take at once wait in a pending buffer, written when the descriptor is writable.
final class TerminalOutput {
    /// What a write achieved.
    enum Outcome {
        /// Everything is out.
        case done
        /// Some bytes wait for the terminal to be writable.
        case pending
        /// The terminal is gone (or another error).
        case failed(SystemError)
    }

    /// The descriptor written to.
    let fd: Int32
    private let ownsDescriptor: Bool
    private var restoreFlags: Int32?
    private var pending: [UInt8] = []
    private var offset = 0

    /// Opens the terminal that `descriptor` (standard output) refers to.
    init(descriptor: Int32 = 1) {
        if let name = ttyname(descriptor) {
            let own = open(name, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
            if own >= 0 {
                fd = own
                ownsDescriptor = true
                return
            }
        }
        fd = descriptor
        ownsDescriptor = false
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0, flags & O_NONBLOCK == 0 {
            _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
            restoreFlags = flags
        }
    }

    /// Whether bytes wait to be written.
    var hasPending: Bool { offset < pending.count }

    /// How many bytes wait.
    var pendingCount: Int { pending.count - offset }

    /// Queues `bytes` and writes as much as the terminal takes now.
    func write(_ bytes: [UInt8]) -> Outcome {
        if hasPending {
            pending.append(contentsOf: bytes)
        } else {
            pending = bytes
            offset = 0
        }
        return flush()
    }

    /// Writes as much of the pending bytes as the terminal takes now.
    func flush() -> Outcome {
        let terminal = FileDescriptor(rawValue: fd)
        while offset < pending.count {
            let result = pending[offset...].withUnsafeBytes { raw in Result { () throws(SystemError) in try terminal.writeIfReady(raw) } }
            switch result {
            case .success(let written?) where written > 0: offset += written
            case .success(nil): return .pending
            case .success: return .failed(SystemError("write to the terminal"))
            case .failure(let error): return .failed(error.naming("write to the terminal"))
            }
        }
        pending.removeAll(keepingCapacity: true)
        offset = 0
        return .done
    }

    /// Writes out everything pending, waiting up to `timeout` for the terminal (before the
    /// terminal is restored, so no escape sequence is left half-written).
    func drain(timeout: Duration = .seconds(1)) {
        let deadline = MonotonicClock.now + timeout
        while hasPending, MonotonicClock.now < deadline {
            switch flush() {
            case .done, .failed:
                pending.removeAll()
                offset = 0
                return
            case .pending:
                var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&descriptor, 1, 50)
            }
        }
        pending.removeAll()
        offset = 0
    }

    /// Closes the descriptor it opened, or puts standard output's flags back.
    func close() {
        if ownsDescriptor {
            _ = Glibc.close(fd)
        } else if let restoreFlags {
            _ = fcntl(fd, F_SETFL, restoreFlags)
        }
    }
}
