import CLinux
import Glibc
import LifeSystem

/// Starts `lifed` on demand, as tmux starts its server: when no daemon answers on the socket,
/// the first client takes a lock, starts one, and waits until it answers; a client that comes
/// at the same moment waits on the lock and then finds the daemon the first one started.
public enum DaemonLauncher {
    /// Connects to the daemon at `path`. When none answers and `autoStart` is on, starts
    /// `lifed --socket path` (detached, logging to `lifed.log` beside the socket) and connects to it.
    public static func connect(path: String, autoStart: Bool, timeout: Duration = .seconds(10)) throws(Connection.Failure) -> Connection {
        do {
            return try Connection(path: path)
        } catch {
            guard autoStart, case .unreachable = error else { throw error }
        }
        let folder = UnixSocket.parentFolder(of: path)
        do {
            try UnixSocket.prepareFolder(folder)
        } catch {
            throw .unreachable(path: path, reason: "cannot prepare \(folder): \(error)")
        }
        let lock: FileDescriptor
        do throws(SystemError) {
            lock = try FileDescriptor.open("\(path).lock", O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, permissions: 0o600)
        } catch {
            throw .unreachable(path: path, reason: "cannot open the start-up lock: \(error.naming("open"))")
        }
        defer { try? lock.close() }
        let deadline = MonotonicClock.now + timeout
        while flock(lock.rawValue, LOCK_EX | LOCK_NB) != 0 {
            guard MonotonicClock.now < deadline else { throw .unreachable(path: path, reason: "timed out waiting for another client starting lifed") }
            usleep(10_000)
        }
        // Another client may have started it while we waited for the lock.
        if let connection = try? Connection(path: path) { return connection }
        let child = try spawn(path: path, log: "\(folder)/lifed.log")
        while MonotonicClock.now < deadline {
            if let connection = try? Connection(path: path) { return connection }
            var status: Int32 = 0
            if waitpid(child, &status, WNOHANG) == child {
                throw .unreachable(path: path, reason: "lifed exited at start-up (status \(status >> 8)); see \(folder)/lifed.log")
            }
            usleep(10_000)
        }
        throw .unreachable(path: path, reason: "started lifed, but it did not answer in time; see \(folder)/lifed.log")
    }

    /// The `lifed` beside this executable, else the one on `PATH`.
    static func lifedExecutable() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 {
            let me = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let sibling = UnixSocket.parentFolder(of: me) + "/lifed"
            if access(sibling, X_OK) == 0 { return sibling }
        }
        return "lifed"
    }

    private static func spawn(path: String, log: String) throws(Connection.Failure) -> pid_t {
        let executable = lifedExecutable()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        _ = clinux_spawn_close_from(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own session: a Ctrl-C meant for the client does not reach the daemon.
        posix_spawnattr_setflags(&attributes, CLINUX_POSIX_SPAWN_SETSID | Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE, SIGWINCH] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        let arguments = [executable, "--socket", path]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, executable, &actions, &attributes, &argv, environ)
        guard result == 0 else {
            throw .unreachable(path: path, reason: "cannot start \(executable): \(Errno(result))")
        }
        return pid
    }
}
