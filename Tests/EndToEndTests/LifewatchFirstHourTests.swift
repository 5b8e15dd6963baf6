import DaemonTestSupport
import Foundation
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// Issue 24, a new user's hour with lifewatch in tmux, end to end (a real lifed, lifewatch in a
/// real terminal): colours from the terminal's terminfo entry, a click at 1:1 that draws one
/// cell, a side panel that makes way for the grid, and the generations `lifectl step` computes
/// on the status line.
final class LifewatchFirstHourTests: XCTestCase {
    private func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// The shell command that runs lifewatch on `daemon`'s socket in `environment` (the colour
    /// and terminfo variables the tests inherit dropped first: `swift test` sets NO_COLOR).
    private func lifewatch(_ daemon: Daemon, environment: String) -> String {
        "env -u NO_COLOR -u COLORTERM -u TERMINFO -u TERMINFO_DIRS -u LC_ALL -u LC_CTYPE LANG=C.UTF-8 \(environment) "
            + "\(quoted(Products.path("lifewatch"))) --no-start --socket \(quoted(daemon.socketPath))"
    }

    /// The daemon's live cells, as (row, col) pairs.
    private func liveCells(_ daemon: Daemon) throws -> [[Int]] {
        let rows = try (daemon.connect().get("/simulation/gridState/grid/cells").value.arrayValue ?? []).compactMap(\.stringValue)
        return rows.enumerated().flatMap { row, text in
            text.enumerated().compactMap { col, symbol in symbol == "O" || symbol == "+" ? [row, col] : nil }
        }
    }

    func testLifectlStepShowsAsGenerationsWhileTheTicksStayAtZero() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "1"])
        let tmux = try TmuxServer(self, command: lifewatch(daemon, environment: "NO_COLOR=1 TERM=xterm-256color"))
        try tmux.waitFor("gen 0") { lines in lines.contains { $0.contains("ticks 0 · stopped · gen 0 · ") } }
        let stepped = try runTool("lifectl", ["--socket", daemon.socketPath, "--no-start", "step", "400"])
        XCTAssertEqual(stepped.status, 0, stepped.stdout + stepped.stderr)
        // The timer did not tick; the 400 generations show all the same.
        let lines = try tmux.waitFor("gen 400") { lines in lines.contains { $0.contains("ticks 0 · stopped · gen 400 · ") } }
        let steps = try daemon.connect().get("/statistics/steps").value.intValue
        XCTAssertEqual(steps, 400, lines.joined(separator: "\n"))
    }

    /// Issue 24: `lifectl set size` resizes the world; lifewatch has `w` for it.
    func testWResizesTheWorld() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "1", "--size", "20x30"])
        let tmux = try TmuxServer(self, command: lifewatch(daemon, environment: "NO_COLOR=1 TERM=xterm-256color"))
        try tmux.waitFor("the world") { lines in lines.contains { $0.contains("20×30") } }
        try tmux.send("w")
        try tmux.waitFor("the prompt, the size in place") { lines in lines.contains { $0.contains("world size rowsxcols: 20x30") } }
        try tmux.send("BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
        try tmux.run(["send-keys", "-t", "main:0", "-l", "40x60"])
        try tmux.send("Enter")
        try tmux.waitFor("the new size") { lines in lines.contains { $0.contains("40×60") } }
        let grid = try daemon.connect().get("/simulation/gridState/grid").value
        XCTAssertEqual(grid["rows"], 40)
        XCTAssertEqual(grid["cols"], 60)
    }

    func testTheSidePanelMakesWayForAGridThatDoesNotFitAndIBringsItBack() throws {
        // The issue's case: 80 x 24, a 40 x 60 world, colour (two rows a line), the statistics on.
        let daemon = try Daemon(self, arguments: ["--seed", "1", "--size", "40x60"])
        _ = try daemon.connect().dispatch("settings.update", ["display": ["showStatistics": true]])
        let tmux = try TmuxServer(self, cols: 80, rows: 24, command: lifewatch(daemon, environment: "TERM=xterm-256color"))
        var lines = try tmux.waitFor("every column, the panel hidden") { lines in lines.contains { $0.contains("cols 0–59 of 60") } }
        XCTAssertFalse(lines.contains { $0.contains("Summed over steps") }, lines.joined(separator: "\n"))
        // Its statistics under the grid, the way back on the message line, gen on the status line.
        XCTAssertTrue(lines.contains { $0.hasPrefix("steps 0 · alive 0 · born 0 · died 0 · empty 0") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.hasSuffix("i shows the side panel") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("ticks 0 · stopped · gen 0 · ") }, lines.joined(separator: "\n"))
        try tmux.send("i")
        lines = try tmux.waitFor("the panel beside a view of the grid") { lines in
            lines.contains { $0.hasSuffix("Summed over steps") } && lines.contains { $0.contains("cols 0–51 of 60") }
        }
        XCTAssertFalse(lines.contains { $0.hasPrefix("steps 0 · alive") }, lines.joined(separator: "\n"))
        try tmux.send("i")
        lines = try tmux.waitFor("the panel hidden again") { lines in
            lines.contains { $0.contains("cols 0–59 of 60") } && !lines.contains { $0.contains("Summed over steps") }
        }
        // Hidden by the key, it does not offer itself.
        XCTAssertFalse(lines.contains { $0.hasSuffix("i shows the side panel") }, lines.joined(separator: "\n"))
    }

    /// Issue 24: with TERM=xterm the grid was a soup of `O + x ·`. The terminfo entry's colours
    /// count now: 8 for xterm (green alive, yellow born, red died, black empty, SGR 40–47), 16 for
    /// xterm-16color (bright green and yellow, SGR 100–107), none for vt100; NO_COLOR still wins.
    func testColoursFromTheTerminalsTerminfoEntry() throws {
        let system = ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo"]
        guard system.contains(where: { FileManager.default.fileExists(atPath: "\($0)/x/xterm") }),
            system.contains(where: { FileManager.default.fileExists(atPath: "\($0)/v/vt100") })
        else { throw XCTSkip("no terminfo entries for xterm and vt100 on this machine") }
        guard let tic = ["/usr/bin/tic", "/bin/tic", "/usr/local/bin/tic"].first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { throw XCTSkip("tic is not installed") }
        // An xterm-16color entry of our own, compiled by ncurses' tic into a folder named by $TERMINFO.
        let folder = try makeTemporaryFolder(self)
        try "xterm-16color|xterm with 16 colors,\n\tcolors#16, pairs#256, use=xterm,\n".write(
            toFile: "\(folder)/xterm-16color.src", atomically: true, encoding: .utf8)
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: tic)
        compile.arguments = ["-o", "\(folder)/terminfo", "\(folder)/xterm-16color.src"]
        try compile.run()
        compile.waitUntilExit()
        XCTAssertEqual(compile.terminationStatus, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/terminfo/x/xterm-16color"))

        let daemon = try Daemon(self, arguments: ["--seed", "1"])
        // A generation, so that there are born and died cells too.
        _ = try daemon.connect().dispatch("grid.step")
        let tmux = try TmuxServer(self, command: lifewatch(daemon, environment: "TERM=xterm"))
        let sixteen = try tmux.newWindow(lifewatch(daemon, environment: "TERMINFO=\(quoted(folder + "/terminfo")) TERM=xterm-16color"))
        let vt100 = try tmux.newWindow(lifewatch(daemon, environment: "TERM=vt100"))
        let noColor = try tmux.newWindow(lifewatch(daemon, environment: "NO_COLOR=1 TERM=xterm"))
        func grid(_ target: String, _ what: String) throws -> String {
            try tmux.waitFor(what, target, escapes: true) { lines in lines.contains { $0.contains("gen 1 · ") } }.joined(separator: "\n")
        }
        let escape = "\u{1B}["
        let eight = try grid("main:0", "eight colours")
        for background in ["42m", "43m", "41m", "40m"] { XCTAssertTrue(eight.contains(escape + background), background + "\n" + eight) }
        XCTAssertFalse(eight.contains("48;5;") || eight.contains("48;2;") || eight.contains(escape + "102m"), eight)
        let bright = try grid(sixteen, "sixteen colours")
        for background in ["102m", "103m", "41m", "40m"] { XCTAssertTrue(bright.contains(escape + background), background + "\n" + bright) }
        XCTAssertFalse(bright.contains("48;5;") || bright.contains("48;2;"), bright)
        // No colours: the glyphs, and no background colour at all.
        for (target, what) in [(vt100, "vt100"), (noColor, "NO_COLOR")] {
            let plain = try grid(target, what)
            XCTAssertTrue(plain.contains("·") && plain.contains("O"), plain)
            for code in 0...7 { XCTAssertFalse(plain.contains("\(escape)4\(code)m") || plain.contains("\(escape)10\(code)m"), "\(what)\n\(plain)") }
        }
    }

    /// Issue 24: at 1:1 a click drew two cells, the two rows a half block shows. In tmux, which
    /// reports cells only, a click or a drag along a line draws the line's top row. Where the
    /// terminal answers that it has pixel reports (typed into the pane here, as tmux does not
    /// answer), lifewatch turns them on, and a click draws the row under the pointer; every way
    /// out turns them off. script(1) logs what lifewatch writes to the terminal.
    func testAt1To1AClickDrawsTheCellUnderThePointer() throws {
        guard let script = ["/usr/bin/script", "/bin/script"].first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { throw XCTSkip("script(1) is not installed") }
        let daemon = try Daemon(self, arguments: ["--seed", "1", "--size", "20x60"])
        let driver = try daemon.connect()
        _ = try driver.dispatch("simulation.resetGridToEmpty")
        _ = try driver.dispatch("settings.update", ["display": ["showStatistics": false]])
        let folder = try makeTemporaryFolder(self)
        let log = folder + "/typescript"
        func written() -> String { String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self) }
        let command = lifewatch(daemon, environment: "TERM=xterm-256color")
        let tmux = try TmuxServer(self, command: "\(script) -q -f -c \(quoted(command)) \(quoted(log))")
        // 20 x 60 in 100 x 40 with colour: 1:1, two rows a line, centred in the body (lines 1 to
        // 36): lines 14 to 23, columns 20 to 79.
        try tmux.waitFor("the grid at 1:1") { lines in lines.contains { $0.contains("cursor 10,30") && !$0.contains("alive") } }
        let (top, left) = (14, 20)
        waitUntil("lifewatch to ask about pixel reports") { written().contains("\u{1B}[?1016$p\u{1B}[16t") }
        func type(_ text: String) throws { try tmux.run(["send-keys", "-t", "main:0", "-l", text]) }
        func sgr(_ code: Int, x: Int, y: Int, release: Bool = false) -> String { "\u{1B}[<\(code);\(x + 1);\(y + 1)\(release ? "m" : "M")" }

        // Cells only: line 2 shows rows 4 and 5; the click draws row 4.
        try type(sgr(0, x: left + 10, y: top + 2) + sgr(0, x: left + 10, y: top + 2, release: true))
        waitUntil("cell (4, 10)") { (try? liveCells(daemon)) == [[4, 10]] }
        // A drag along line 3 draws row 6 only.
        try type(sgr(0, x: left + 2, y: top + 3) + sgr(32, x: left + 5, y: top + 3) + sgr(0, x: left + 5, y: top + 3, release: true))
        waitUntil("cells (6, 2) to (6, 5)") { (try? liveCells(daemon)) == [[4, 10], [6, 2], [6, 3], [6, 4], [6, 5]] }

        // The terminal says it knows mode 1016, and its cells are 10 x 20 pixels: lifewatch sets
        // the mode and asks again; the terminal says it is set.
        try type("\u{1B}[?1016;2$y")
        try type("\u{1B}[6;20;10t")
        waitUntil("lifewatch to turn pixel reports on") { written().contains("\u{1B}[?1016h\u{1B}[?1016$p") }
        try type("\u{1B}[?1016;1$y")
        // The bottom half of line 2, column 34: row 5, column 14 (pixels from 1, as cells are).
        func pixel(_ code: Int, column: Int, line: Int, lowerHalf: Bool, release: Bool = false) -> String {
            sgr(code, x: column * 10 + 5, y: line * 20 + (lowerHalf ? 15 : 4), release: release)
        }
        try type(pixel(0, column: left + 14, line: top + 2, lowerHalf: true) + pixel(0, column: left + 14, line: top + 2, lowerHalf: true, release: true))
        waitUntil("cell (5, 14)") { (try? liveCells(daemon))?.contains([5, 14]) == true }
        try tmux.waitFor("the cursor on it") { lines in lines.contains { $0.hasPrefix("cursor 5,14 (alive)") } }
        // A drag along the bottom half of line 4 draws row 9 only; one along the top half of line 5, row 10.
        try type(
            pixel(0, column: left + 20, line: top + 4, lowerHalf: true) + pixel(32, column: left + 23, line: top + 4, lowerHalf: true)
                + pixel(0, column: left + 23, line: top + 4, lowerHalf: true, release: true))
        try type(pixel(0, column: left + 30, line: top + 5, lowerHalf: false) + pixel(0, column: left + 30, line: top + 5, lowerHalf: false, release: true))
        waitUntil("row 9's cells and (10, 30)") { (try? liveCells(daemon))?.contains([10, 30]) == true }
        XCTAssertEqual(
            try liveCells(daemon),
            [[4, 10], [5, 14], [6, 2], [6, 3], [6, 4], [6, 5], [9, 20], [9, 21], [9, 22], [9, 23], [10, 30]])

        // q turns every mouse report off, pixels too, and restores the terminal.
        try tmux.send("q")
        // Leaving the alternate screen is the restore's last step.
        waitUntil("lifewatch to leave") { written().contains("\u{1B}[?1049l") }
        let output = written()
        let enabled = try XCTUnwrap(output.range(of: "\u{1B}[?1016h"))
        let disabled = try XCTUnwrap(output.range(of: "\u{1B}[?1016l\u{1B}[?1006l\u{1B}[?1002l", options: .backwards))
        XCTAssertLessThan(enabled.lowerBound, disabled.lowerBound)
        XCTAssertEqual(try tmux.display("#{mouse_any_flag}"), "0")
    }
}
