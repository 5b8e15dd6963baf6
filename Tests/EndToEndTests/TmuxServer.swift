import DaemonTestSupport
import Foundation
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// A tmux server of its own (`tmux -L NAME`) with one detached session, for driving a
/// full-screen program in a real terminal: send keys, capture what the pane shows.
final class TmuxServer {
    let name = "lifewatch-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let executable: String

    /// The tmux on PATH, or nil when there is none.
    static var installed: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") + ["/usr/bin", "/usr/local/bin"] {
            let candidate = "\(folder)/tmux"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Starts a server whose first session `main` runs `command` in a `cols` x `rows` window.
    init(_ test: XCTestCase, cols: Int = 100, rows: Int = 40, command: String) throws {
        guard let executable = Self.installed else { throw XCTSkip("tmux is not installed") }
        self.executable = executable
        try run(["-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", "\(cols)", "-y", "\(rows)", command])
        let socket = try run(["display-message", "-p", "#{socket_path}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        test.addTeardownBlock { [self] in
            // The server and the panes' programs (lifewatch, the shells around it) are not the
            // test's children: listed before kill-server, and ended by pid if they outlive it.
            let pids = ((try? self.run(["list-panes", "-a", "-F", "#{pane_pid}"])) ?? "") + "\n" + ((try? self.run(["display-message", "-p", "#{pid}"])) ?? "")
            let family = pids.split(separator: "\n").compactMap { pid_t($0.trimmingCharacters(in: .whitespaces)) }
                .flatMap { pid in descendants(of: pid).reversed() + [ProcessIdentity(pid: pid)].compactMap { $0 } }
            _ = try? self.run(["kill-server"])
            endProcesses(family)
            // tmux leaves its socket file behind.
            if !socket.isEmpty { try? FileManager.default.removeItem(atPath: socket) }
        }
        // Keep a pane whose program ended, so what it left on screen can still be captured.
        try run(["set-option", "-g", "remain-on-exit", "on"])
    }

    /// Runs a tmux command against this server and returns its output.
    ///
    /// Spawned and reaped here with posix_spawn and waitpid, its output going to a file: the
    /// server a first tmux command forks keeps the descriptors it was given (a pipe would
    /// never reach end-of-file), and Foundation's `Process` did not always notice the client's exit.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let outputPath = NSTemporaryDirectory() + "/\(name)-\(UInt32.random(in: 0...UInt32.max)).out"
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        let pid: pid_t
        do {
            pid = try spawnProcess([executable, "-L", name] + arguments, output: outputPath, environment: environment)
        } catch {
            throw TmuxError.failed(arguments, "posix_spawn: \(error.reason)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw TmuxError.failed(arguments, "waitpid: \(String(cString: strerror(errno)))") }
        }
        let text = String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self)
        // Exited normally with status 0 (wait status 0).
        guard status == 0 else { throw TmuxError.failed(arguments, text) }
        return text
    }

    /// Opens another window in the session, running `command`; returns its target.
    func newWindow(_ command: String) throws -> String {
        let index = try run(["new-window", "-d", "-P", "-F", "#{window_index}", "-t", "main", command])
        return "main:" + index.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What the pane shows, one string per line (with escape sequences when `escapes`).
    func capture(_ target: String = "main:0", escapes: Bool = false) throws -> [String] {
        let text = try run(["capture-pane", "-p", "-t", target] + (escapes ? ["-e"] : []))
        return text.components(separatedBy: "\n")
    }

    /// Types keys into the pane (tmux key names: `Space`, `Enter`, `C-c`, `q`).
    func send(_ keys: String..., to target: String = "main:0") throws {
        try run(["send-keys", "-t", target] + keys)
    }

    /// A tmux format evaluated for the pane, such as `#{cursor_flag}`.
    func display(_ format: String, _ target: String = "main:0") throws -> String {
        try run(["display-message", "-p", "-t", target, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls the pane until `condition` holds for its lines (what it shows is the event: tmux has
    /// no way to say the pane changed); fails the test (and returns the last capture) when it
    /// does not within `timeout`, a safety net on a loaded machine.
    @discardableResult
    func waitFor(
        _ what: String, _ target: String = "main:0", timeout: TimeInterval = 120, escapes: Bool = false,
        file: StaticString = #filePath, line: UInt = #line, _ condition: ([String]) -> Bool
    ) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var lines: [String] = []
        while Date() < deadline {
            lines = try capture(target, escapes: escapes)
            if condition(lines) { return lines }
            usleep(50_000)
        }
        XCTFail("timed out waiting for \(what); the pane shows:\n\(lines.joined(separator: "\n"))", file: file, line: line)
        return lines
    }

    enum TmuxError: Error {
        case failed([String], String)
    }
}
