import Glibc

/// `sd_notify`: tells systemd (through `NOTIFY_SOCKET`) that the daemon is ready, what it is
/// doing, that it is stopping, and that it is alive (the watchdog). Does nothing without systemd.
public final class SystemdNotifier {
    private let socketPath: String?
    private let fd: Int32

    /// The watchdog period from `WATCHDOG_USEC` (when `WATCHDOG_PID` is unset or this process).
    public let watchdogInterval: Duration?

    public init(environment: [String: String] = Environment.variables) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        fd = socketPath == nil ? -1 : socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        if let usecText = environment["WATCHDOG_USEC"], let usec = Int64(usecText), usec > 0,
            environment["WATCHDOG_PID"].map({ pid_t($0) == getpid() }) ?? true
        {
            watchdogInterval = .microseconds(usec)
        } else {
            watchdogInterval = nil
        }
    }

    deinit { if fd >= 0 { try? FileDescriptor(rawValue: fd).close() } }

    /// Whether systemd listens.
    public var isActive: Bool { fd >= 0 }

    /// Sends `READY=1`, `STATUS=...`, `STOPPING=1`, `WATCHDOG=1` or several, newline-separated.
    @discardableResult
    public func notify(_ message: String) -> Bool {
        guard fd >= 0, let socketPath else { return false }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var path = Array(socketPath.utf8)
        // "@name" is the abstract namespace: a leading NUL byte.
        if path.first == UInt8(ascii: "@") { path[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !path.isEmpty, path.count < capacity else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + path.count)
        let bytes = Array(message.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bytes.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), address, length) }
            }
        }
        return sent == bytes.count
    }
}
