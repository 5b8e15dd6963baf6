import Foundation
import LifeClient
import LifePatterns
import LifeSystem
import LifeTestSupport
import LifeJSON
import LifeSystem
import Protocol
import XCTest

/// The folder holding the built executables (lifed, lifectl, lifewatch).
public enum Products {
    public static let folder: URL = {
        if let override = ProcessInfo.processInfo.environment["LIFE_BIN_DIR"] {
            return URL(fileURLWithPath: override)
        }
        // `swift test` runs the test bundle from the products folder.
        var candidate = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<3 where !FileManager.default.fileExists(atPath: candidate.appendingPathComponent("lifed").path) {
            candidate = candidate.deletingLastPathComponent()
        }
        return candidate
    }()

    public static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
}

/// A temporary folder removed when the test ends.
public func makeTemporaryFolder(_ test: XCTestCase) throws -> String {
    // Short: socket paths are limited to 107 bytes.
    let path = "/tmp/life-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    // 0700 whatever the umask: lifed refuses a folder its group or others may write to.
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    test.addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
    return path
}

/// A real `lifed` process on a temporary socket.
public final class Daemon {
    public let process = Process()
    public let socketPath: String
    public let stderrPipe = Pipe()
    /// Where lifed's standard error goes when it is a file (see `logToFile`), else nil (a pipe).
    public let logPath: String?

    /// Starts lifed with `arguments`; with `wrapper` (a program and its arguments, such as
    /// `prlimit --nofile=64:64`), lifed is started through it; `environment` is added to the
    /// test's. With `logToFile`, its standard error goes to a file rather than a pipe (which lifed
    /// would block on once full), so that a test can let it log without reading, and measure the log.
    public init(
        _ test: XCTestCase, arguments: [String] = [], socketPath: String? = nil, wrapper: [String] = [],
        environment: [String: String] = [:], logToFile: Bool = false
    ) throws {
        let folder = try makeTemporaryFolder(test)
        self.socketPath = socketPath ?? "\(folder)/run/lifed.sock"
        // Each daemon keeps its state in its own temporary folder, never the user's.
        let keepsState = arguments.contains("--state-dir") || arguments.contains("--ephemeral")
        let lifedArguments = ["--socket", self.socketPath] + (keepsState ? [] : ["--state-dir", "\(folder)/state"]) + arguments
        if let program = wrapper.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = Array(wrapper.dropFirst()) + [Products.path("lifed")] + lifedArguments
        } else {
            process.executableURL = URL(fileURLWithPath: Products.path("lifed"))
            process.arguments = lifedArguments
        }
        // The user's own lifed.conf is no business of the tests: an empty configuration folder.
        // lifed says it is ready as it would to systemd (READY=1 on NOTIFY_SOCKET), unless the
        // test stands in for systemd itself.
        let notify = environment["NOTIFY_SOCKET"] == nil ? try NotifyReceiver(path: "\(folder)/notify.sock") : nil
        var isolated = ["XDG_CONFIG_HOME": "\(folder)/config"]
        if let notify { isolated["NOTIFY_SOCKET"] = notify.address }
        isolated.merge(environment) { _, given in given }
        process.environment = ProcessInfo.processInfo.environment.merging(isolated) { _, added in added }
        if logToFile {
            let path = "\(folder)/lifed.log"
            logPath = path
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        } else {
            logPath = nil
            process.standardError = stderrPipe
        }
        process.standardOutput = FileHandle.nullDevice
        // Ended and reaped when the test ends, whatever happens before.
        try test.launch(process)
        if let notify {
            try notify.waitForReady(of: process, timeout: Self.startTimeout) { [unowned self] in stderrText() }
            // Closed now: later STATUS= datagrams fail at once rather than fill its queue.
            notify.close()
        } else {
            try waitUntilDaemonAnswers(self.socketPath, process: process, timeout: Self.startTimeout, output: stderrText)
        }
    }

    /// How long a daemon may take to start before the test fails: a safety net on a loaded
    /// machine, not a delay (the harness waits for READY=1, or for the socket to answer).
    public static let startTimeout: TimeInterval = 120

    public func connect() throws -> Connection { try connectToDaemon(socketPath) }

    /// Kills the daemon with SIGKILL (no chance to save or say goodbye) and waits for it.
    public func kill9() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Sends SIGTERM and waits for the exit status.
    public func terminate() -> Int32 {
        process.terminate()
        return wait()
    }

    /// Waits for lifed to exit (120 s at most, then it is killed and the test fails), and
    /// returns its exit status.
    public func wait(file: StaticString = #filePath, line: UInt = #line) -> Int32 {
        if !waitForExit(process, within: 120) {
            XCTFail("lifed did not exit within 120 s; killed", file: file, line: line)
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Everything lifed has written to standard error so far: from a log file, or from the pipe
    /// (read without waiting, and kept, so each call returns the whole log).
    public func stderrText() -> String {
        if let logPath { return (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }
        let fd = stderrPipe.fileHandleForReading.fileDescriptor
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { break }
            stderrSoFar += buffer[0..<count]
        }
        return String(decoding: stderrSoFar, as: UTF8.self)
    }

    private var stderrSoFar: [UInt8] = []

    /// A memory figure of the daemon's /proc/PID/status in MB (`VmHWM`, its peak resident
    /// memory so far; `VmRSS`, now); -1 when it cannot be read.
    public func memoryMegabytes(_ field: String = "VmHWM") -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
            let kilobytes = line.split(separator: " ").compactMap({ Int($0) }).first
        else { return -1 }
        return kilobytes / 1024
    }

    public enum DaemonError: Error {
        case notAnswering(String)
        case exited(Int32, String)
    }
}

/// The process's user and system time, in seconds, over the next second.
public func cpuSecondsOverOneSecond(_ pid: pid_t) -> Double {
    let before = cpuSeconds(pid)
    sleep(1)
    return cpuSeconds(pid) - before
}

/// The process's user and system time so far, in seconds; -1 when it cannot be read.
public func cpuSeconds(_ pid: pid_t) -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return -1 }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return -1 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// Polls `socketPath` until the daemon `process` accepts connections there; fails at once if
/// the process has exited (with `output`, its log), or after `timeout` seconds.
public func waitUntilDaemonAnswers(_ socketPath: String, process: Process, timeout: TimeInterval, output: () -> String) throws {
    // The socket answering is the event; the timeout is a safety net on a loaded machine.
    let deadline = ContinuousClock.now + .seconds(timeout)
    while ContinuousClock.now < deadline {
        if UnixSocket.isAnswering(socketPath) { return }
        guard process.isRunning else { throw Daemon.DaemonError.exited(process.terminationStatus, output()) }
        _ = waitForExit(process, within: 0.01)
    }
    throw Daemon.DaemonError.notAnswering(socketPath)
}

/// A connection to the daemon at `socketPath` whose replies time out after 120 s (a safety net
/// on a loaded machine: every read waits for a reply).
public func connectToDaemon(_ socketPath: String) throws -> Connection {
    let connection = try Connection(path: socketPath)
    connection.setReceiveTimeout(seconds: 120)
    return connection
}

/// The outcome of running one of the client executables.
public struct CommandResult {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// The environment for client processes: a daemon they start keeps its state in a temporary
/// folder (never the user's), and the socket is the one the test names.
public func clientEnvironment(stateHome: String = "/tmp/life-e2e-state-\(getpid())") -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_STATE_HOME"] = stateHome
    environment["STATE_DIRECTORY"] = nil
    environment["LIFED_SOCKET"] = nil
    // A daemon a client starts reads no lifed.conf of the user's.
    environment["XDG_CONFIG_HOME"] = "\(stateHome)/config"
    return environment
}

/// A client started in the background (`lifectl watch`, a long `lifectl step`), with pipes for its output.
public struct RunningTool {
    public let process: Process
    public let stdout: Pipe
    public let stderr: Pipe

    /// Waits for it to exit; its status and what it printed.
    public func finish() -> CommandResult {
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        let errData = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// Starts `lifectl` or `lifewatch` without waiting for it; `prepare` may set up the process
/// (its standard input) before it runs. It is ended and reaped when `test` ends, if it has not
/// exited by then.
public func startTool(
    _ test: XCTestCase, _ name: String, _ arguments: [String], environment: [String: String]? = nil, prepare: (Process) -> Void = { _ in }
) throws -> RunningTool {
    let tool = try makeTool(name, arguments, environment: environment, prepare: prepare)
    try test.launch(tool.process)
    return tool
}

/// Runs `lifectl` or `lifewatch` to completion, with `input` on its standard input when given,
/// in `workingDirectory` when given.
public func runTool(
    _ name: String, _ arguments: [String], environment: [String: String]? = nil, input: [UInt8]? = nil, workingDirectory: String? = nil
) throws -> CommandResult {
    let stdin = Pipe()
    let tool = try makeTool(name, arguments, environment: environment) { process in
        if input != nil { process.standardInput = stdin }
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
    }
    try tool.process.run()
    if let input {
        try stdin.fileHandleForWriting.write(contentsOf: Data(input))
        try stdin.fileHandleForWriting.close()
    }
    return tool.finish()
}

private func makeTool(
    _ name: String, _ arguments: [String], environment: [String: String]?, prepare: (Process) -> Void
) throws -> RunningTool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Products.path(name))
    process.arguments = arguments
    process.environment = environment ?? clientEnvironment()
    let tool = RunningTool(process: process, stdout: Pipe(), stderr: Pipe())
    process.standardOutput = tool.stdout
    process.standardError = tool.stderr
    prepare(process)
    return tool
}

/// Runs a program (prlimit, mount) to completion: its exit status and standard error (its
/// standard output is discarded).
public func runProgram(_ program: String, _ arguments: [String]) throws -> CommandResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let err = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = err
    try process.run()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus, stdout: "", stderr: String(decoding: errors, as: UTF8.self))
}

/// A gzip stream of `bytes` (fewer than 65,536) in one stored block: what `gzip` makes of a
/// file, without a compressor.
public func storedGzip(_ bytes: [UInt8]) -> [UInt8] {
    precondition(bytes.count < 65_536)
    let length = UInt16(bytes.count)
    func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    return [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
        + bytes + le32(CRC32.checksum(bytes)) + le32(UInt32(bytes.count))
}

extension Connection {
    /// Sends a dispatch and returns the reply.
    public func dispatch(_ type: String, _ parameters: [String: JSON] = [:]) throws -> ServerMessage {
        var action = parameters
        action["type"] = .string(type)
        return try request(.dispatch(action: .object(action)))
    }

    /// The whole state or a part of it, with its version.
    public func get(_ path: String = "") throws -> (version: Int, value: JSON) {
        let reply = try request(.get(path: try JSONPointer(parsing: path)))
        guard case .state(_, let version, _, let value) = reply else {
            throw Failure.protocolViolation("expected a state reply, got \(reply)")
        }
        return (version, value)
    }

    /// Reads one raw frame and parses it as a server message.
    public func receiveMessage() throws -> ServerMessage { try receive() }
}

// MARK: - Waiting on the daemon's own counters

/// The info of a `status` reply on `connection`.
public func statusInfo(_ connection: Connection) throws -> [String: JSON] {
    guard case .status(_, let info) = try connection.request(.status) else { throw Connection.Failure.protocolViolation("no status") }
    return info
}

extension Daemon {
    /// Asks `status` (through `ask`, which returns its info) until `condition` holds: the
    /// daemon's own counters are the event (a client's departure has no other sign). Between two
    /// asks it waits 10 ms for lifed to exit, which fails the wait at once; 120 s is a safety net.
    public func waitForStatus(
        _ what: @autoclosure () -> String, ask: () throws -> [String: JSON], until condition: ([String: JSON]) -> Bool,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let deadline = ContinuousClock.now + .seconds(120)
        var info: [String: JSON] = [:]
        while ContinuousClock.now < deadline {
            info = try ask()
            if condition(info) { return }
            if waitForExit(process, within: 0.01) { return XCTFail("lifed exited waiting for \(what())", file: file, line: line) }
        }
        XCTFail("waited 120 s for \(what()); the last status: \(info)", file: file, line: line)
    }

    /// Waits until lifed counts `count` clients, asking on `connection`.
    public func waitForClientCount(_ count: Int, asking connection: Connection, file: StaticString = #filePath, line: UInt = #line) throws {
        try waitForStatus(
            "\(count) clients",
            ask: { try statusInfo(connection) }, until: { $0["clients"] == .int(count) }, file: file, line: line)
    }

    /// Waits until `text` is in lifed's log (a log line is the event); 120 s is a safety net, and
    /// the wait fails at once if lifed exits. Returns the log.
    @discardableResult
    public func waitForLog(containing text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline {
            let log = stderrText()
            if log.contains(text) { return log }
            if waitForExit(process, within: 0.01) {
                let log = stderrText()
                if !log.contains(text) { XCTFail("lifed exited before logging \"\(text)\":\n\(log)", file: file, line: line) }
                return log
            }
        }
        let log = stderrText()
        XCTFail("lifed did not log \"\(text)\" within 120 s:\n\(log)", file: file, line: line)
        return log
    }
}

// MARK: - Waiting on versions

extension Daemon {
    /// Subscribes to `path` and applies its diffs until `condition` holds on the value there:
    /// each version is the event. Returns that version and value. A reply that does not come in
    /// 120 s fails it (a safety net).
    @discardableResult
    public func waitForState(
        at path: String, until condition: (JSON) -> Bool, file: StaticString = #filePath, line: UInt = #line
    ) throws -> (version: Int, value: JSON) {
        let connection = try Connection(path: socketPath)
        connection.setReceiveTimeout(seconds: 120)
        try connection.send(ClientRequest(id: "wait", kind: .subscribe(path: try JSONPointer(parsing: path))))
        var value: JSON = .null
        var version = -1
        while true {
            switch try connection.receive() {
            case .snapshot(_, let snapshotVersion, _, let snapshot, _):
                value = snapshot
                version = snapshotVersion
            case .diff(_, _, let diffVersion, let patch):
                try value.apply(patch)
                version = diffVersion
            case .error(_, let code, let message, _):
                throw Connection.Failure.protocolViolation("subscribing to \(path): \(code) \(message)")
            default:
                continue
            }
            if condition(value) { return (version, value) }
        }
    }
}

extension Optional where Wrapped == ServerMessage {
    /// Whether a message was received and is the `pong` answering the ping with `id`.
    public func isPong(answering id: JSON) -> Bool { self?.isPong(answering: id) ?? false }
}
