import CLinux
import Foundation
import Glibc
import XCTest

// Every process a test starts is ended and reaped when the test ends, passed or failed: a child
// that outlives its test hides the failure and can break the next run (a lifed holding a socket,
// a systemd-socket-activate waiting on one for ever).

extension XCTestCase {
    /// Runs `process` and ends it, with whatever it started, when the test ends (see
    /// ``endProcessTree(_:grace:)``), even if an assertion fails or an error is thrown before.
    public func launch(_ process: Process) throws {
        do {
            try process.run()
        } catch {
            throw LaunchFailure(error: error)
        }
        addTeardownBlock { endProcessTree(process) }
    }
}

/// A process that could not be started, with what is known to cause it.
public struct LaunchFailure: Error, CustomStringConvertible {
    public let error: any Error

    public var description: String {
        // Foundation's Process fails with EBADF when this process has a descriptor numbered at
        // or above its soft limit of open files: one inherited from the shell (bash keeps 255)
        // and left above a limit lowered with `prlimit --nofile=64:4096 lifePackageTests.xctest`.
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        let above = names.compactMap { Int($0) }.filter { $0 >= Int(limit.rlim_cur) }.sorted()
        guard !above.isEmpty else { return "\(error)" }
        return "\(error): this process has descriptors \(above) open at or above its soft limit of open files, "
            + "\(limit.rlim_cur) (inherited, then the limit was lowered), and Foundation cannot start a process then; "
            + "raise the soft limit or close them before starting the tests"
    }
}

/// Ends `process` and its descendants and reaps `process`: SIGTERM to each, up to `grace` for
/// them to exit, then SIGKILL to those left. The descendants go first (the deepest first), while
/// their parents still live to reap them; they are listed before any is signalled: once their
/// parent is gone, nothing would tell them from strangers.
public func endProcessTree(_ process: Process, grace: Double = 10) {
    let pid = process.processIdentifier
    guard pid > 0 else { return }  // never started
    endProcesses(descendants(of: pid).reversed(), grace: grace)
    if process.isRunning, let root = ProcessIdentity(pid: pid) { endProcesses([root], grace: grace) }
    process.waitUntilExit()
}

/// Ends processes that are not (or no longer) this one's children, such as a daemon a client
/// started: SIGTERM, up to `grace` seconds for each to exit, then SIGKILL.
public func endProcesses(_ processes: [ProcessIdentity], grace: Double = 10) {
    for member in processes { member.signal(SIGTERM) }
    let deadline = ContinuousClock.now + .seconds(grace)
    for member in processes {
        let left = deadline - ContinuousClock.now
        let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
        if !waitForExit(pid: member.pid, within: max(0, seconds)) || member.isAlive { member.signal(SIGKILL) }
    }
}

/// Sends `signal` to `process` and every descendant it has now (the deepest first).
public func signalProcessTree(_ process: Process, _ signal: Int32) {
    let pid = process.processIdentifier
    guard pid > 0 else { return }
    for member in descendants(of: pid).reversed() { member.signal(signal) }
    kill(pid, signal)
}

/// One process, named by its id and its start time, so that a reused id is not mistaken for it.
public struct ProcessIdentity: Equatable, Sendable {
    public let pid: pid_t
    let startTime: UInt64

    /// The process `pid` as it is now, or nil when there is none.
    public init?(pid: pid_t) {
        guard let stat = ProcessStat(pid: pid) else { return nil }
        self.pid = pid
        startTime = stat.startTime
    }

    /// Whether it still runs (a zombie has ended; its parent reaps it).
    public var isAlive: Bool {
        guard let stat = ProcessStat(pid: pid), stat.startTime == startTime else { return false }
        return stat.state != "Z" && stat.state != "X"
    }

    /// Signals it, if it is still the same process.
    public func signal(_ number: Int32) {
        if isAlive { kill(pid, number) }
    }
}

/// Every process descended from `pid` now (children, grandchildren, ...), from /proc.
public func descendants(of pid: pid_t) -> [ProcessIdentity] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
    var children: [pid_t: [pid_t]] = [:]
    for name in names {
        guard let child = pid_t(name), let stat = ProcessStat(pid: child) else { continue }
        children[stat.parent, default: []].append(child)
    }
    var found: [ProcessIdentity] = []
    var queue = children[pid] ?? []
    while !queue.isEmpty {
        let next = queue.removeFirst()
        if let identity = ProcessIdentity(pid: next) { found.append(identity) }
        queue += children[next] ?? []
    }
    return found
}

/// The fields of /proc/PID/stat that tell a process apart and say whether it runs.
struct ProcessStat {
    var state: Character
    var parent: pid_t
    var startTime: UInt64

    init?(pid: pid_t) {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        // After "pid (comm) ": state, ppid, ... starttime is the 22nd field, the 20th after comm.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let state = fields[0].first, let parent = pid_t(fields[1]), let start = UInt64(fields[19]) else { return nil }
        self.state = state
        self.parent = parent
        startTime = start
    }
}

/// Waits until `process` has exited, at most `seconds`; whether it has. Wakes on the exit itself
/// (a pidfd), not on a timer.
@discardableResult
public func waitForExit(_ process: Process, within seconds: Double) -> Bool {
    guard process.processIdentifier > 0 else { return true }
    return waitForExit(pid: process.processIdentifier, within: seconds) || !process.isRunning
}

/// Waits until the process `pid` (any process, not only a child) has exited, at most `seconds`;
/// whether it has (or there is none).
@discardableResult
public func waitForExit(pid: pid_t, within seconds: Double) -> Bool {
    let pidfd = clinux_pidfd_open(pid)
    guard pidfd >= 0 else { return errno == ESRCH }
    defer { close(pidfd) }
    var polled = pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)
    var result: Int32
    repeat { result = poll(&polled, 1, Int32((max(0, seconds) * 1000).rounded(.up))) } while result < 0 && errno == EINTR
    return result > 0
}
