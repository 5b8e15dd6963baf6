import Glibc

/// systemd socket activation: the listening sockets systemd passes as `LISTEN_FDS`.
public enum SocketActivation {
    /// The first passed socket (fd 3), when `LISTEN_PID` is this process and `LISTEN_FDS` names
    /// at least one; nil otherwise. The variables are removed so that children do not inherit them.
    /// `LISTEN_FDNAMES` is honoured: a socket named `lifed` is preferred.
    public static func inheritedListener(environment: [String: String] = Environment.variables) -> Int32? {
        defer {
            unsetenv("LISTEN_PID")
            unsetenv("LISTEN_FDS")
            unsetenv("LISTEN_FDNAMES")
        }
        guard let pidText = environment["LISTEN_PID"], let pid = pid_t(pidText), pid == getpid(),
            let countText = environment["LISTEN_FDS"], let count = Int32(countText), count > 0
        else { return nil }
        let names = environment["LISTEN_FDNAMES"]?.split(separator: ":", omittingEmptySubsequences: false).map(String.init) ?? []
        let first: Int32 = 3
        var chosen = first
        if let index = names.firstIndex(of: "lifed"), index < Int(count) { chosen = first + Int32(index) }
        for fd in first..<(first + count) {
            try? FileDescriptor(rawValue: fd).setCloseOnExec()
        }
        UnixSocket.setNonBlocking(chosen)
        return chosen
    }
}
