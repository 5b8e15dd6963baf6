import Foundation
import LifeIO
import LifeJSON
import LifePatterns
import Protocol
import XCTest

/// The folder holding the built executables (lifed, lifectl, lifewatch).
enum Products {
    static let folder: URL = {
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

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
}

/// A temporary folder removed when the test ends.
func makeTemporaryFolder(_ test: XCTestCase) throws -> String {
    // Short: socket paths are limited to 107 bytes.
    let path = "/tmp/life-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    // 0700 whatever the umask: lifed refuses a folder its group or others may write to.
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    test.addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
    return path
}

/// A real `lifed` process on a temporary socket.
final class Daemon {
    let process = Process()
    let socketPath: String
    let stderrPipe = Pipe()
    /// Where lifed's standard error goes when it is a file (see `logToFile`), else nil (a pipe).
    let logPath: String?

    /// Starts lifed with `arguments`; with `wrapper` (a program and its arguments, such as
    /// `prlimit --nofile=64:64`), lifed is started through it; `environment` is added to the
    /// test's. With `logToFile`, its standard error goes to a file rather than a pipe (which lifed
    /// would block on once full), so that a test can let it log without reading, and measure the log.
    init(
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
        let isolated = ["XDG_CONFIG_HOME": "\(folder)/config"].merging(environment) { _, given in given }
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
        try process.run()
        test.addTeardownBlock { [process] in
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
        }
        try waitUntilAnswering()
    }

    /// Polls the socket until the daemon accepts connections (a process start, not a test delay).
    func waitUntilAnswering(timeout: TimeInterval = 10) throws {
        try waitUntilDaemonAnswers(socketPath, process: process, timeout: timeout, output: stderrText)
    }

    func connect() throws -> Connection { try connectToDaemon(socketPath) }

    /// Kills the daemon with SIGKILL (no chance to save or say goodbye) and waits for it.
    func kill9() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Sends SIGTERM and waits for the exit status.
    func terminate() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Everything lifed has written to standard error so far: from a log file, or from the pipe
    /// (read without waiting, and kept, so each call returns the whole log).
    func stderrText() -> String {
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
    func memoryMegabytes(_ field: String = "VmHWM") -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
            let kilobytes = line.split(separator: " ").compactMap({ Int($0) }).first
        else { return -1 }
        return kilobytes / 1024
    }

    enum DaemonError: Error {
        case notAnswering(String)
        case exited(Int32, String)
    }
}

/// The process's user and system time, in seconds, over the next second.
func cpuSecondsOverOneSecond(_ pid: pid_t) -> Double {
    let before = cpuSeconds(pid)
    sleep(1)
    return cpuSeconds(pid) - before
}

/// The process's user and system time so far, in seconds; -1 when it cannot be read.
func cpuSeconds(_ pid: pid_t) -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return -1 }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return -1 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// Polls `socketPath` until the daemon `process` accepts connections there; fails at once if
/// the process has exited (with `output`, its log), or after `timeout` seconds.
func waitUntilDaemonAnswers(_ socketPath: String, process: Process, timeout: TimeInterval, output: () -> String) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if UnixSocket.isAnswering(socketPath) { return }
        guard process.isRunning else { throw Daemon.DaemonError.exited(process.terminationStatus, output()) }
        usleep(10_000)
    }
    throw Daemon.DaemonError.notAnswering(socketPath)
}

/// A connection to the daemon at `socketPath` whose replies time out after 10 s.
func connectToDaemon(_ socketPath: String) throws -> Connection {
    let connection = try Connection(path: socketPath)
    connection.setReceiveTimeout(seconds: 10)
    return connection
}

/// The outcome of running one of the client executables.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// The environment for client processes: a daemon they start keeps its state in a temporary
/// folder (never the user's), and the socket is the one the test names.
func clientEnvironment(stateHome: String = "/tmp/life-e2e-state-\(getpid())") -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_STATE_HOME"] = stateHome
    environment["STATE_DIRECTORY"] = nil
    environment["LIFED_SOCKET"] = nil
    // A daemon a client starts reads no lifed.conf of the user's.
    environment["XDG_CONFIG_HOME"] = "\(stateHome)/config"
    return environment
}

/// A client started in the background (`lifectl watch`, a long `lifectl step`), with pipes for its output.
struct RunningTool {
    let process: Process
    let stdout: Pipe
    let stderr: Pipe

    /// Waits for it to exit; its status and what it printed.
    func finish() -> CommandResult {
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        let errData = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// Starts `lifectl` or `lifewatch` without waiting for it; `prepare` may set up the process
/// (its standard input) before it runs.
func startTool(
    _ name: String, _ arguments: [String], environment: [String: String]? = nil, prepare: (Process) -> Void = { _ in }
) throws -> RunningTool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Products.path(name))
    process.arguments = arguments
    process.environment = environment ?? clientEnvironment()
    let tool = RunningTool(process: process, stdout: Pipe(), stderr: Pipe())
    process.standardOutput = tool.stdout
    process.standardError = tool.stderr
    prepare(process)
    try process.run()
    return tool
}

/// Runs `lifectl` or `lifewatch` to completion, with `input` on its standard input when given.
func runTool(_ name: String, _ arguments: [String], environment: [String: String]? = nil, input: [UInt8]? = nil) throws -> CommandResult {
    let stdin = Pipe()
    let tool = try startTool(name, arguments, environment: environment) { if input != nil { $0.standardInput = stdin } }
    if let input {
        try stdin.fileHandleForWriting.write(contentsOf: Data(input))
        try stdin.fileHandleForWriting.close()
    }
    return tool.finish()
}

/// A gzip stream of `bytes` (fewer than 65,536) in one stored block: what `gzip` makes of a
/// file, without a compressor.
func storedGzip(_ bytes: [UInt8]) -> [UInt8] {
    precondition(bytes.count < 65_536)
    let length = UInt16(bytes.count)
    func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    return [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
        + bytes + le32(CRC32.checksum(bytes)) + le32(UInt32(bytes.count))
}

extension Connection {
    /// Sends a dispatch and returns the reply.
    func dispatch(_ type: String, _ parameters: [String: JSON] = [:]) throws -> ServerMessage {
        var action = parameters
        action["type"] = .string(type)
        return try request(.dispatch(action: .object(action)))
    }

    /// The whole state or a part of it, with its version.
    func get(_ path: String = "") throws -> (version: Int, value: JSON) {
        let reply = try request(.get(path: try JSONPointer(parsing: path)))
        guard case .state(_, let version, _, let value) = reply else {
            throw Failure.protocolViolation("expected a state reply, got \(reply)")
        }
        return (version, value)
    }

    /// Reads one raw frame and parses it as a server message.
    func receiveMessage() throws -> ServerMessage { try receive() }
}
