import CLinux
import Glibc
import LifeScheduling

/// A child process whose standard output is read on an ``EventLoop`` through a non-blocking
/// pipe: bounded, without ever blocking the loop, and always reaped.
///
/// The child gets `/dev/null` as its standard input, the pipe as its standard output, the
/// parent's standard error (its complaints go to the parent's log) and no other descriptor.
/// Its signal mask is empty and every signal has its default action (a daemon blocks SIGTERM
/// and ignores SIGPIPE, and a child would inherit that).
/// It leads a process group of its own, so that ``kill()`` stops whatever it started too.
///
/// `completion` runs once, on the loop, after the child has exited, with what it wrote (at
/// most `maxOutput` bytes) and how it ended, unless ``kill()`` came first: then it never runs,
/// and the child is killed and reaped in the background. Output beyond `maxOutput` kills the
/// child at once; its outcome then says `overflowed`. The child's exit ends the reading: what
/// it wrote is in the pipe by then, and the pipe is drained, whoever else may hold it open.
///
/// The exit is watched with a pidfd (Linux 5.3), else by polling `waitpid` every 10 ms.
public final class ChildProcess {
    /// How a child ended.
    public enum Termination: Equatable, Sendable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// A signal killed it.
        case signalled(Int32)
        /// Something else reaped it, so how it ended is unknown.
        case unknown

        public var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signalled(let signal): "was killed by signal \(signal) (\(String(cString: strsignal(signal))))"
            case .unknown: "ended, how is unknown"
            }
        }
    }

    /// What a child wrote and how it ended.
    public struct Outcome: Equatable, Sendable {
        /// Its standard output, at most the limit.
        public var output: [UInt8]
        /// Whether it wrote more than the limit (and so was killed).
        public var overflowed: Bool
        public var termination: Termination

        public init(output: [UInt8], overflowed: Bool, termination: Termination) {
            self.output = output
            self.overflowed = overflowed
            self.termination = termination
        }
    }

    /// The child's process id (and process group id).
    public let pid: pid_t
    /// Whether the child has been reaped: it is gone, and no zombie is left.
    public private(set) var isReaped = false

    private let loop: EventLoop
    private let maxOutput: Int
    private var completion: ((Outcome) -> Void)?
    /// The pipe's read end; -1 once closed.
    private var pipe: Int32
    /// The pidfd watched for the exit; -1 when polling, or once reaped.
    private var pidfd: Int32 = -1
    private var poll: Cancellable?
    private var output: [UInt8] = []
    private var overflowed = false

    private init(pid: pid_t, pipe: Int32, loop: EventLoop, maxOutput: Int, completion: @escaping (Outcome) -> Void) {
        self.pid = pid
        self.pipe = pipe
        self.loop = loop
        self.maxOutput = max(maxOutput, 0)
        self.completion = completion
    }

    /// Starts `executable` (a path; `PATH` is not searched) with `arguments` and watches it on
    /// `loop`. Throws when it cannot be started at all: missing, not executable, and so on.
    public static func start(
        _ executable: String, arguments: [String], on loop: EventLoop, maxOutput: Int,
        completion: @escaping (Outcome) -> Void
    ) throws(SystemError) -> ChildProcess {
        try start(executable, arguments: arguments, on: loop, maxOutput: maxOutput, watchingExitBy: .pidfd, completion: completion)
    }

    /// How the exit is noticed: a pidfd, or (where there is none, and in tests) polling.
    enum ExitWatch {
        case pidfd
        case polling
    }

    static func start(
        _ executable: String, arguments: [String], on loop: EventLoop, maxOutput: Int, watchingExitBy exitWatch: ExitWatch,
        completion: @escaping (Outcome) -> Void
    ) throws(SystemError) -> ChildProcess {
        let ends = try FileDescriptor.pipe()
        // Only the parent's end is non-blocking: the child's standard output stays ordinary.
        try? ends.readEnd.setNonBlocking()
        let pid: pid_t
        do {
            pid = try spawn(executable, arguments: arguments, stdout: ends.writeEnd.rawValue)
        } catch {
            try? ends.readEnd.close()
            try? ends.writeEnd.close()
            throw error
        }
        try? ends.writeEnd.close()
        let child = ChildProcess(pid: pid, pipe: ends.readEnd.rawValue, loop: loop, maxOutput: maxOutput, completion: completion)
        do {
            try child.watch(exitWatch)
        } catch {
            // No way to hear from it: stop it now. Just killed, it is reaped at once.
            child.completion = nil
            child.closePipe()
            child.signal(SIGKILL)
            var status: Int32 = 0
            _ = retryingInterrupted { waitpid(pid, &status, 0) }
            child.isReaped = true
            throw error
        }
        return child
    }

    /// Kills the child (and its process group) and closes the pipe; the completion never
    /// runs. The child is reaped once it is gone. Harmless after the end.
    public func kill() {
        completion = nil
        output = []
        signal(SIGKILL)
        closePipe()
    }

    // MARK: Watching

    private func watch(_ exitWatch: ExitWatch) throws(SystemError) {
        try loop.watch(pipe, for: .readable) { [self] _ in readAvailable() }
        let fd = exitWatch == .pidfd ? clinux_pidfd_open(pid) : -1
        if fd >= 0 {
            do {
                try loop.watch(fd, for: .readable) { [self] _ in reap() }
            } catch {
                try? FileDescriptor(rawValue: fd).close()
                throw error
            }
            pidfd = fd
        } else {
            pollForExit()
        }
    }

    private func pollForExit() {
        poll = loop.schedule(after: .milliseconds(10)) { [self] in
            reap()
            if !isReaped { pollForExit() }
        }
    }

    /// Reads what the pipe holds now, up to the limit; EOF or an error closes it.
    private func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while pipe >= 0 {
            let source = FileDescriptor(rawValue: pipe)
            let result = buffer.withUnsafeMutableBytes { raw in Result { () throws(SystemError) in try source.readIfReady(into: raw) } }
            // A failed read closes the pipe, as its end does; nothing there yet waits for the next readiness.
            guard case .success(let ready) = result else { closePipe(); continue }
            guard let count = ready else { return }
            if count > 0 {
                let room = maxOutput - output.count
                guard count <= room else {
                    output.append(contentsOf: buffer[0..<room])
                    overflowed = true
                    signal(SIGKILL)
                    closePipe()
                    return
                }
                output.append(contentsOf: buffer[0..<count])
            } else {
                closePipe()
            }
        }
    }

    /// Reaps the child if it has exited, then drains the pipe and completes.
    private func reap() {
        guard !isReaped else { return }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == 0 || (result < 0 && Errno.current == .interrupted) { return }
        isReaped = true
        if pidfd >= 0 {
            loop.unwatch(pidfd)
            try? FileDescriptor(rawValue: pidfd).close()
            pidfd = -1
        }
        poll?.cancel()
        poll = nil
        let termination = result == pid ? Self.termination(status) : .unknown
        // All the child wrote is in the pipe now; whatever holds it open after it is not waited for.
        readAvailable()
        closePipe()
        guard let completion else { return }
        self.completion = nil
        let outcome = Outcome(output: output, overflowed: overflowed, termination: termination)
        output = []
        completion(outcome)
    }

    private func closePipe() {
        guard pipe >= 0 else { return }
        loop.unwatch(pipe)
        try? FileDescriptor(rawValue: pipe).close()
        pipe = -1
    }

    /// Signals the child's process group and the child; never after it was reaped (its pid
    /// may then be another process's).
    private func signal(_ signal: Int32) {
        guard !isReaped else { return }
        _ = Glibc.kill(-pid, signal)
        _ = Glibc.kill(pid, signal)
    }

    /// A `waitpid` status as a ``Termination``.
    static func termination(_ status: Int32) -> Termination {
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    // MARK: Spawning

    private static func spawn(_ executable: String, arguments: [String], stdout: Int32) throws(SystemError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        _ = clinux_spawn_close_from(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, &argv, environ)
        guard result == 0 else { throw SystemError("start \(executable)", errno: result) }
        return pid
    }
}
