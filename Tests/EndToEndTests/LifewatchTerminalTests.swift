import Foundation
import LifeIO
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
        // Keep a pane whose program ended, so what it left on screen can still be captured.
        try run(["set-option", "-g", "remain-on-exit", "on"])
        test.addTeardownBlock { [self] in _ = try? self.run(["kill-server"]) }
    }

    /// Runs a tmux command against this server and returns its output.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-L", name] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else { throw TmuxError.failed(arguments, text) }
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

    /// Polls the pane until `condition` holds for its lines; fails the test (and returns the
    /// last capture) when it does not within `timeout`.
    @discardableResult
    func waitFor(
        _ what: String, _ target: String = "main:0", timeout: TimeInterval = 10, escapes: Bool = false,
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

/// lifewatch in a real terminal (tmux): drawing, keys, leaving, resizing, and two watchers agreeing.
final class LifewatchTerminalTests: XCTestCase {
    private func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// The shell command that runs lifewatch on `daemon`'s socket, without colour unless told.
    private func lifewatch(_ daemon: Daemon, environment: String = "NO_COLOR=1 TERM=xterm-256color", _ extra: [String] = []) -> String {
        "env \(environment) \(quoted(Products.path("lifewatch"))) --no-start --socket \(quoted(daemon.socketPath)) "
            + extra.map(quoted).joined(separator: " ")
    }

    /// A grid row as lifewatch draws it without colour, two columns a cell: `O.+` is `O · + `.
    private func drawn(_ row: String) -> String {
        row.map { symbol -> String in
            switch symbol {
            case "O": return "O "
            case "+": return "+ "
            case "x": return "x "
            default: return "· "
            }
        }.joined().trimmingCharacters(in: .whitespaces)
    }

    private func gridRows(_ daemon: Daemon) throws -> [String] {
        try (daemon.connect().get("/simulation/gridState/grid/cells").value.arrayValue ?? []).compactMap(\.stringValue)
    }

    /// The number after `ticks ` on the status line, if it shows.
    private func ticks(_ lines: [String]) -> Int? {
        for line in lines {
            guard let range = line.range(of: "ticks ") else { continue }
            let digits = line[range.upperBound...].prefix { $0.isNumber }
            if let value = Int(digits) { return value }
        }
        return nil
    }

    /// The lines that show grid cells.
    private func gridLines(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { line in
            !line.isEmpty && line.allSatisfy { "O+x· ".contains($0) }
        }
    }

    func testDrawsTheGridAndStatusAndSpaceStartsTheRun() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "1", "--interval", "100ms"])
        let rows = try gridRows(daemon)
        let tmux = try TmuxServer(self, command: lifewatch(daemon))
        let first = try tmux.waitFor("the status line") { lines in lines.contains { $0.contains("ticks 0 · stopped · every 100ms") } }
        XCTAssertEqual(first.first?.hasPrefix("Welcome"), true, first.joined(separator: "\n"))
        XCTAssertTrue(first[0].hasSuffix("10×10 · connected"), first[0])
        XCTAssertEqual(gridLines(first), rows.map(drawn))
        XCTAssertTrue(first.contains { $0.hasPrefix("space start  n tick  e empty") })
        // Statistics are on by default.
        XCTAssertTrue(first.contains { $0.contains("Statistics") })

        try tmux.send("Space")
        let running = try tmux.waitFor("the ticks to advance") { lines in
            (self.ticks(lines) ?? 0) >= 3 && lines.contains { $0.contains("running") || $0.contains("stopped because") }
        }
        XCTAssertTrue(running.contains { $0.hasPrefix("space stop") } || running.contains { $0.contains("stopped because") })
        // The daemon agrees: the key sent simulation.startTimer.
        XCTAssertGreaterThanOrEqual(try daemon.connect().get("/simulation/gridState/ticks").value.intValue ?? 0, 3)
    }

    func testARefusedKeyFlashesTheDaemonsReason() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "1", "--interval", "1s"])
        let tmux = try TmuxServer(self, command: lifewatch(daemon))
        try tmux.waitFor("the status line") { lines in lines.contains { $0.contains("ticks 0 · stopped") } }
        try tmux.send("Space")
        let running = try tmux.waitFor("running") { lines in lines.contains { $0.contains("ticks 0 · running") } }
        let keyBar = try XCTUnwrap(try tmux.capture(escapes: true).last { $0.contains("random") })
        // While running, e r 0 and load are dimmed (SGR 2) in the key bar.
        XCTAssertTrue(keyBar.contains("\u{1B}[2mr random"), keyBar)
        XCTAssertFalse(keyBar.contains("\u{1B}[2mn tick"), keyBar)
        XCTAssertTrue(running.contains { $0.hasPrefix("space stop") })
        try tmux.send("r")
        try tmux.waitFor("the refusal") { lines in
            lines.contains { $0.contains("simulation.resetGridToRandom is not allowed while the timer runs") }
        }
        try tmux.send("Space")
        try tmux.waitFor("stopped") { lines in lines.contains { $0.contains("· stopped ·") } }
    }

    func testQuitLeavesTheTerminalAsItWas() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "1"])
        let tmux = try TmuxServer(self, command: "sh -c \(quoted("printf MARKER; \(lifewatch(daemon)); sleep 30"))")
        let shown = try tmux.waitFor("the status line") { lines in lines.contains { $0.contains("ticks 0 · stopped") } }
        XCTAssertFalse(shown.contains { $0.contains("MARKER") }, "the alternate screen hides what was there")
        XCTAssertEqual(try tmux.display("#{alternate_on}"), "1")
        XCTAssertEqual(try tmux.display("#{cursor_flag}"), "0")

        try tmux.send("q")
        let after = try tmux.waitFor("the shell's screen") { lines in lines.contains { $0.contains("MARKER") } }
        XCTAssertFalse(after.contains { $0.contains("ticks") }, after.joined(separator: "\n"))
        XCTAssertEqual(try tmux.display("#{alternate_on}"), "0")
        XCTAssertEqual(try tmux.display("#{cursor_flag}"), "1")
        XCTAssertEqual(try tmux.display("#{pane_current_command}"), "sleep")
    }

    func testCtrlCAndSIGTERMAlsoRestoreTheTerminal() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "1"])
        let folder = try makeTemporaryFolder(self)
        // The inner shell writes its pid, then becomes lifewatch.
        let inner = "echo $$ > \(folder)/pid; exec \(lifewatch(daemon))"
        let script = "printf MARKER; sh -c \(quoted(inner)); echo STATUS=$?; sleep 30"
        let tmux = try TmuxServer(self, command: "sh -c \(quoted(script))")
        try tmux.waitFor("the status line") { lines in lines.contains { $0.contains("ticks 0 · stopped") } }
        try tmux.send("C-c")
        var after = try tmux.waitFor("the shell's screen after Ctrl-C") { lines in lines.contains { $0.contains("STATUS=") } }
        XCTAssertTrue(after.contains { $0.contains("MARKERSTATUS=0") }, after.joined(separator: "\n"))
        XCTAssertEqual(try tmux.display("#{alternate_on}"), "0")
        XCTAssertEqual(try tmux.display("#{cursor_flag}"), "1")

        let second = try tmux.newWindow("sh -c \(quoted(script))")
        try tmux.waitFor("the status line", second) { lines in lines.contains { $0.contains("ticks 0 · stopped") } }
        let pid = try XCTUnwrap(Int32(try String(contentsOfFile: "\(folder)/pid", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertEqual(kill(pid, SIGTERM), 0)
        after = try tmux.waitFor("the shell's screen after SIGTERM", second) { lines in lines.contains { $0.contains("STATUS=") } }
        XCTAssertTrue(after.contains { $0.contains("MARKERSTATUS=143") }, after.joined(separator: "\n"))
        XCTAssertEqual(try tmux.display("#{alternate_on}", second), "0")
        XCTAssertEqual(try tmux.display("#{cursor_flag}", second), "1")
    }

    func testAResizeRedrawsAtTheNewSize() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "1"])
        let rows = try gridRows(daemon)
        let tmux = try TmuxServer(self, command: lifewatch(daemon))
        let before = try tmux.waitFor("the status line") { lines in lines.contains { $0.contains("ticks 0 · stopped") } }
        XCTAssertEqual(before[0].count, 100)
        XCTAssertEqual(before.firstIndex { $0.hasPrefix("ticks 0") }, 38)

        try tmux.run(["resize-window", "-t", "main:0", "-x", "60", "-y", "20"])
        let after = try tmux.waitFor("the redraw at 60x20") { lines in
            lines.count >= 20 && lines[0].count == 60 && lines[0].hasSuffix("10×10 · connected") && lines[18].hasPrefix("ticks 0")
        }
        XCTAssertEqual(gridLines(after), rows.map(drawn))
        XCTAssertTrue(after[19].hasSuffix("? help  q quit"), after[19])
        XCTAssertTrue(after.allSatisfy { $0.count <= 60 }, after.joined(separator: "\n"))

        // Too small for two columns a cell, and no colour for half blocks: one column a cell.
        try tmux.run(["resize-window", "-t", "main:0", "-x", "15", "-y", "12"])
        let small = try tmux.waitFor("the redraw at 15x12") { lines in lines.count >= 12 && lines[10].hasPrefix("ticks 0") }
        let cells = rows.map { String($0.map { $0 == "." ? "·" : $0 }) }
        XCTAssertEqual(Array(gridLines(small).prefix(8)), Array(cells.prefix(8)), small.joined(separator: "\n"))
    }

    func testColoursFollowTheEnvironment() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "1"])
        let tmux = try TmuxServer(self, command: lifewatch(daemon, environment: "COLORTERM=truecolor TERM=xterm-256color"))
        let colour = try tmux.waitFor("a truecolor grid", escapes: true) { lines in lines.contains { $0.contains("ticks 0") } }
        // Alive cells are green backgrounds (tmux re-encodes what it shows; the colour survives).
        XCTAssertTrue(colour.joined().contains("48;2;60;200;80"), colour.joined(separator: "\n"))
        let second = try tmux.newWindow(lifewatch(daemon, environment: "TERM=xterm-256color"))
        let palette = try tmux.waitFor("a 256-colour grid", second, escapes: true) { lines in lines.contains { $0.contains("ticks 0") } }
        XCTAssertTrue(palette.joined().contains("48;5;"), palette.joined(separator: "\n"))
        XCTAssertFalse(palette.joined().contains("48;2;"))
        let third = try tmux.newWindow(lifewatch(daemon, environment: "NO_COLOR=1 COLORTERM=truecolor TERM=xterm-256color"))
        let plain = try tmux.waitFor("a grid without colour", third, escapes: true) { lines in lines.contains { $0.contains("ticks 0") } }
        XCTAssertFalse(plain.joined().contains("48;"), plain.joined(separator: "\n"))
        XCTAssertFalse(plain.joined().contains("38;"), plain.joined(separator: "\n"))
    }

    func testTwoWatchersShowIdenticalGridsAfterARun() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "7", "--interval", "20ms"])
        let tmux = try TmuxServer(self, command: lifewatch(daemon))
        let second = try tmux.newWindow(lifewatch(daemon))
        for target in ["main:0", second] {
            try tmux.waitFor("the status line", target) { lines in lines.contains { $0.contains("ticks 0") } }
        }
        let driver = try daemon.connect()
        // Bigger than the default, and no auto-stop, so the run keeps changing the grid; no
        // statistics panel beside it, so every grid line is only grid.
        _ = try driver.dispatch("settings.update", ["rows": 16, "cols": 30, "autoStop": false, "display": ["showStatistics": false]])
        _ = try driver.dispatch("simulation.resetGridToRandom")
        _ = try driver.dispatch("simulation.startTimer")
        try tmux.waitFor("ticks to advance") { lines in (self.ticks(lines) ?? 0) >= 10 }
        _ = try driver.dispatch("simulation.stopTimer")
        let (_, final) = try driver.get("/simulation/gridState")
        let finalTicks = try XCTUnwrap(final["ticks"]?.intValue)
        let expected = (final["grid"]?["cells"]?.arrayValue ?? []).compactMap(\.stringValue).map(drawn)
        XCTAssertEqual(expected.count, 16)
        var grids: [[String]] = []
        for target in ["main:0", second] {
            let lines = try tmux.waitFor("the final state", target) { lines in
                self.ticks(lines) == finalTicks && lines.contains { $0.contains("· stopped ·") }
            }
            grids.append(gridLines(lines))
        }
        XCTAssertEqual(grids[0], grids[1])
        XCTAssertEqual(grids[0], expected)
    }

    func testItReconnectsWhenLifedRestarts() throws {
        let folder = try makeTemporaryFolder(self)
        let socket = "\(folder)/lifed.sock"
        let daemon = try Daemon(self, arguments: ["--seed", "1"], socketPath: socket)
        let tmux = try TmuxServer(self, command: lifewatch(daemon))
        try tmux.waitFor("the status line") { lines in lines.contains { $0.contains("ticks 0 · stopped") } }
        _ = try daemon.connect().dispatch("simulation.tick")
        try tmux.waitFor("ticks 1") { lines in lines.contains { $0.contains("ticks 1 · stopped") } }
        XCTAssertEqual(daemon.terminate(), 0)
        let away = try tmux.waitFor("reconnecting") { lines in lines.first?.contains("reconnecting…") ?? false }
        // The last state stays on screen.
        XCTAssertTrue(away.contains { $0.contains("ticks 1 · stopped") })
        let again = try Daemon(self, arguments: ["--seed", "1"], socketPath: socket)
        try tmux.waitFor("connected again with the new daemon's state") { lines in
            (lines.first?.hasSuffix("· connected") ?? false) && lines.contains { $0.contains("ticks 0 · stopped") }
        }
        _ = try again.connect().dispatch("simulation.tick")
        try tmux.waitFor("diffs from the new daemon") { lines in lines.contains { $0.contains("ticks 1 · stopped") } }
    }
}
