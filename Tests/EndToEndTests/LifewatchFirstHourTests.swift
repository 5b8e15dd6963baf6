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
}
