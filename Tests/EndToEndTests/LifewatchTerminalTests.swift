import DaemonTestSupport
import Foundation
import LifeClient
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// lifewatch in a real terminal (tmux): drawing, keys, leaving, resizing, and two watchers agreeing.
final class LifewatchTerminalTests: XCTestCase {
    private func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// The shell command that runs lifewatch on `daemon`'s socket, without colour unless told.
    /// The colour variables the tests inherit are dropped first (`swift test` sets NO_COLOR).
    private func lifewatch(_ daemon: Daemon, environment: String = "NO_COLOR=1 TERM=xterm-256color", _ extra: [String] = []) -> String {
        "env -u NO_COLOR -u COLORTERM \(environment) \(quoted(Products.path("lifewatch"))) --no-start --socket \(quoted(daemon.socketPath)) "
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

    /// The grid's part of each line that shows cells: from the first cell to the first two
    /// spaces in a row (a panel may follow to the right).
    private func gridLines(_ lines: [String]) -> [String] {
        lines.compactMap { line in
            var cells = Substring(line.drop { $0 == " " })
            if let gap = cells.range(of: "  ") { cells = cells[..<gap.lowerBound] }
            let text = cells.trimmingCharacters(in: .whitespaces)
            return !text.isEmpty && text.allSatisfy({ "O+x· ".contains($0) }) ? text : nil
        }
    }

    func testDrawsTheGridAndStatusAndSpaceStartsTheRun() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "1", "--interval", "100ms"])
        let rows = try gridRows(daemon)
        let tmux = try TmuxServer(self, command: lifewatch(daemon))
        let first = try tmux.waitFor("the status line") { lines in lines.contains { $0.contains("ticks 0 · stopped · gen 0 · every 100ms") } }
        XCTAssertEqual(first.first?.hasPrefix("Welcome"), true, first.joined(separator: "\n"))
        XCTAssertTrue(first[0].hasSuffix("10×10 · connected"), first[0])
        XCTAssertEqual(gridLines(first), rows.map(drawn))
        XCTAssertTrue(first.contains { $0.hasPrefix("space start  n tick  e empty") })
        // Statistics are on by default.
        XCTAssertTrue(first.contains { $0.contains("Summed over steps") }, "the cumulative statistics say they are sums")

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
        // In lifewatch's words: the key, and what to press.
        try tmux.waitFor("the refusal") { lines in
            lines.contains { $0.contains("r (a random grid) needs the timer stopped: press space first") }
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
        // tmux crops the old screen at once; lifewatch's own redraw follows its SIGWINCH. The
        // status line is too long for 60 columns by its ticks, which go first.
        let after = try tmux.waitFor("the redraw at 60x20") { lines in
            lines.count >= 20 && lines[0].count == 60 && lines[0].hasSuffix("10×10 · connected") && lines[18].hasPrefix("stopped · gen 0 · every 1s")
                && lines[19].hasSuffix("? help  q quit")
        }
        XCTAssertEqual(gridLines(after), rows.map(drawn))
        XCTAssertTrue(after[19].hasSuffix("? help  q quit"), after[19])
        XCTAssertTrue(after.allSatisfy { $0.count <= 60 }, after.joined(separator: "\n"))

        // Too small for two columns a cell, and no colour for half blocks: one column a cell.
        try tmux.run(["resize-window", "-t", "main:0", "-x", "15", "-y", "12"])
        // The old screen cropped shows the status line's first 15 columns too: the line above,
        // cut with an ellipsis, is lifewatch's own.
        let small = try tmux.waitFor("the redraw at 15x12") { lines in
            lines.count >= 12 && lines[9] == "rows 0–6 of 10…" && lines[10] == "stopped · gen 0"
        }
        // Eight lines of body: one for the statistics, seven for the top of the grid (a viewport).
        let cells = rows.map { String($0.map { $0 == "." ? "·" : $0 }) }
        XCTAssertEqual(gridLines(small), Array(cells.prefix(7)), small.joined(separator: "\n"))
        XCTAssertEqual(small[9], "rows 0–6 of 10…")
        // A page down: the view (7 rows) less a pan step (1).
        try tmux.send("J")
        let panned = try tmux.waitFor("the viewport to pan") { lines in lines.count >= 12 && lines[9] == "rows 3–9 of 10…" }
        XCTAssertEqual(gridLines(panned), Array(cells.suffix(7)), panned.joined(separator: "\n"))
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

    func testPlainTextWhenNotATerminalAndExitStatuses() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "1"])
        let rows = try gridRows(daemon)
        let socket = ["--socket", daemon.socketPath]
        // Standard output is a pipe here: the grid and status as text, then exit 0, even without --once.
        let plain = try runTool("lifewatch", socket)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let lines = plain.stdout.components(separatedBy: "\n")
        XCTAssertEqual(Array(lines.prefix(3)), ["Welcome", "ticks 0 · stopped · gen 0 · every 1s · population 31 · evolving", "grid 10x10"])
        XCTAssertEqual(Array(lines[3..<13]), rows)
        XCTAssertTrue(lines[13].hasPrefix("statistics: steps 0"), lines[13])

        let statistics = try runTool("lifewatch", socket + ["--once", "--path", "/statistics"])
        XCTAssertEqual(statistics.stdout, "steps  0\nalive  0\nborn   0\ndied   0\nempty  0\n")
        let ticks = try runTool("lifewatch", socket + ["--once", "--path", "/simulation/gridState/ticks"])
        XCTAssertEqual(ticks.stdout, "0\n")

        let missing = try runTool("lifewatch", socket + ["--once", "--path", "/nope"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("no-such-path"), missing.stderr)
        for bad in [["--path", "nope"], ["--bogus"], ["extra"], ["--socket"]] {
            let result = try runTool("lifewatch", socket + bad)
            XCTAssertEqual(result.status, 2, "lifewatch \(bad): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("lifewatch: "), result.stderr)
        }
        let unreachable = try runTool("lifewatch", ["--socket", "\(daemon.socketPath).missing", "--no-start", "--once"])
        XCTAssertEqual(unreachable.status, 3)
        XCTAssertTrue(unreachable.stderr.contains("no daemon answers"), unreachable.stderr)
        let help = try runTool("lifewatch", ["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("space               start or stop the timer"), help.stdout)
        XCTAssertEqual(try runTool("lifewatch", ["--version"]).stdout, "lifewatch \(LifeVersion.current)\n")
    }

    /// An RLE world of `rows` x `cols` (a torus) whose live cells are `live`, rows skipped with `$`.
    private func rle(rows: Int, cols: Int, live: Set<[Int]>) -> String {
        var text = "x = \(cols), y = \(rows), rule = B3/S23:T\(cols),\(rows)\n"
        var row = 0
        for liveRow in Set(live.map { $0[0] }).sorted() {
            if liveRow > row { text += "\(liveRow - row)$" }
            row = liveRow
            var col = 0
            for liveCol in live.filter({ $0[0] == liveRow }).map({ $0[1] }).sorted() {
                if liveCol > col { text += "\(liveCol - col)b" }
                text += "o"
                col = liveCol + 1
            }
        }
        return text + "!"
    }

    /// The daemon's `status.bytesSent`: every byte lifed has written to clients.
    private func bytesSent(_ connection: Connection) throws -> Int {
        guard case .status(_, let info) = try connection.request(.status), let bytes = info["bytesSent"]?.intValue else {
            throw Connection.Failure.protocolViolation("no bytesSent in status")
        }
        return bytes
    }

    func testPansAcrossA4096WorldReceivingOnlyWindows() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "1"])
        let driver = try daemon.connect()
        // An empty 4096x4096 world with a glider, a blinker and a block far from the origin.
        let glider: Set<[Int]> = [[400, 1001], [401, 1002], [402, 1000], [402, 1001], [402, 1002]]
        let live = glider.union([[401, 1012], [401, 1013], [401, 1014], [404, 1030], [404, 1031], [405, 1030], [405, 1031]])
        let reply = try driver.dispatch("simulation.setGrid", ["rle": .string(rle(rows: 4096, cols: 4096, live: live))])
        guard case .ack = reply else { return XCTFail("\(reply)") }
        let before = try bytesSent(driver)

        // 100x40 without colour: one column a cell; the statistics panel makes way for a grid
        // that does not fit beside it (one line of statistics under the grid instead), so the
        // view is 35 rows by 100 columns.
        let tmux = try TmuxServer(self, command: lifewatch(daemon))
        let first = try tmux.waitFor("the big world") { lines in lines.contains { $0.contains("ticks 0 · stopped") } }
        XCTAssertTrue(first[0].hasSuffix("4096×4096 · connected"), first[0])
        // The view's place, and the cursor, in the middle of the view from the first frame.
        XCTAssertTrue(first.contains { $0.contains("population 12") }, first.joined(separator: "\n"))
        XCTAssertTrue(first.contains { $0.hasPrefix("rows 0–34 of 4096, cols 0–99 of 4096 · cursor 17,50") }, first.joined(separator: "\n"))

        // Go to row 414, column 1035 (from 0): the view is centred there, its corner at row 397, column 985.
        try tmux.run(["send-keys", "-t", "main:0", "g", "414,1035", "Enter"])
        func expected(_ cells: (Int, Int) -> Bool) -> [String] {
            (397..<432).map { row in String((985..<1085).map { cells(row, $0) ? "O" : "·" }) }
        }
        let placed = expected { live.contains([$0, $1]) }
        let panned = try tmux.waitFor("the pattern, far from the origin") { lines in
            lines.contains { $0.hasPrefix("rows 397–431 of 4096, cols 985–1084 of 4096") } && self.gridLines(lines) == placed
        }
        XCTAssertEqual(gridLines(panned), placed)
        // Windows of the world came, never the world: one snapshot of it would be 17 MB. (This
        // is about 17 KB: a first window and the one at the cell gone to.)
        let received = try bytesSent(driver) - before
        XCTAssertLessThan(received, 2_000_000, "lifewatch received \(received) bytes")

        // A generation later the window's diff shows it: the glider moved, the blinker turned.
        _ = try driver.dispatch("grid.step")
        var rows: [String] = []
        for row in 397..<432 {
            let text = try XCTUnwrap(try driver.get("/simulation/gridState/grid/cells/\(row)").value.stringValue)
            let line = Array(text)[985..<1085]
            rows.append(String(line.map { $0 == "." ? "·" : $0 }))
        }
        XCTAssertNotEqual(rows, placed)
        let stepped = try tmux.waitFor("the next generation in the window") { lines in self.gridLines(lines) == rows }
        XCTAssertTrue(stepped.contains { $0.contains("population 12") }, stepped.joined(separator: "\n"))

        // As plain text (standard output is a pipe here), the top-left 80x24 of the world.
        let plain = try runTool("lifewatch", ["--socket", daemon.socketPath, "--no-start"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let lines = plain.stdout.components(separatedBy: "\n")
        XCTAssertEqual(
            Array(lines.prefix(3)),
            ["Welcome", "ticks 0 · stopped · gen 1 · every 1s · population 12 · evolving", "grid 4096x4096, rows 0–23 and cols 0–79 shown"])
        XCTAssertEqual(Array(lines[3..<27]), Array(repeating: String(repeating: ".", count: 80), count: 24))
        XCTAssertTrue(lines[27].hasPrefix("statistics: steps 1"), lines[27])
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
