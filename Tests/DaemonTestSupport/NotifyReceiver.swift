import CLinux
import Foundation
import Glibc
import LifeSystem

/// The monotonic clock, in seconds.
public func monotonicSeconds() -> Double {
    let (seconds, attoseconds) = MonotonicClock.now.components
    return Double(seconds) + Double(attoseconds) / 1e18
}

/// A datagram socket standing in for systemd's `NOTIFY_SOCKET`.
public final class NotifyReceiver {
    /// The value for `NOTIFY_SOCKET`: a path, or `@name` for the abstract namespace.
    public let address: String
    private var fd: Int32

    public convenience init(path: String) throws {
        try self.init(address: path, bytes: Array(path.utf8))
    }

    public convenience init(abstract name: String) throws {
        try self.init(address: "@" + name, bytes: [0] + Array(name.utf8))
    }

    private init(address: String, bytes: [UInt8]) throws {
        self.address = address
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemError("socket") }
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { $0.copyBytes(from: bytes) }
        // The exact length: an abstract name is all its bytes, with no terminator.
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else {
            let error = SystemError("bind \(address)")
            Glibc.close(fd)
            throw error
        }
    }

    deinit { close() }

    /// Stops listening (a path socket's file is removed); the sender's datagrams then fail at once.
    public func close() {
        guard fd >= 0 else { return }
        Glibc.close(fd)
        fd = -1
        if !address.hasPrefix("@") { unlink(address) }
    }

    /// Waits for `READY=1` from `process`: fails at once if it exits first (with `output()`,
    /// its log), and after `timeout` seconds, a safety net.
    public func waitForReady(of process: Process, timeout: Double, output: () -> String) throws {
        let pidfd = clinux_pidfd_open(process.processIdentifier)
        defer { if pidfd >= 0 { Glibc.close(pidfd) } }
        let deadline = monotonicSeconds() + timeout
        while true {
            let left = deadline - monotonicSeconds()
            guard left > 0 else { throw NotifyFailure.notReady(timeout, output()) }
            var polled = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)]
            let count = poll(&polled, pidfd >= 0 ? 2 : 1, Int32((left * 1000).rounded(.up)))
            if count < 0 && errno == EINTR { continue }
            if polled[0].revents != 0, let message = next(within: 1) {
                if message.text.split(separator: "\n").contains("READY=1") { return }
                continue
            }
            if pidfd >= 0 && polled[1].revents != 0 || !process.isRunning {
                process.waitUntilExit()
                throw NotifyFailure.exited(process.terminationStatus, output())
            }
        }
    }

    public enum NotifyFailure: Error {
        case notReady(Double, String)
        case exited(Int32, String)
    }

    /// The next datagram and when it arrived (monotonic seconds), or nil after `seconds`.
    public func next(within seconds: Double) -> (text: String, at: Double)? {
        guard seconds > 0 else { return nil }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32((seconds * 1000).rounded(.up))) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(fd, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        return (String(decoding: buffer[0..<count], as: UTF8.self), monotonicSeconds())
    }

    /// The first datagram within `seconds` that `matches`, skipping the others.
    public func first(within seconds: Double, where matches: (String) -> Bool) -> (text: String, at: Double)? {
        let deadline = monotonicSeconds() + seconds
        while let message = next(within: deadline - monotonicSeconds()) {
            if matches(message.text) { return message }
        }
        return nil
    }
}
