import DaemonTestSupport
import Foundation
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// lifewatch in a real terminal (tmux) against a real lifed: the cursor and the toggle key,
/// drawing with the mouse (SGR reports typed into the pane), mouse reporting turned off on every
/// way out, zoom and getting around a big world, the picker's search and paste, and space on a
/// world autostop stopped. Each checks the pane and, with a client of its own, the daemon.
final class LifewatchEditingTests: XCTestCase {
    private func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// The shell command that runs lifewatch on `daemon`'s socket: no colour, a UTF-8 locale
    /// (braille when zoomed out) unless told otherwise.
    private func lifewatch(_ daemon: Daemon, environment: String = "NO_COLOR=1 TERM=xterm-256color LANG=C.UTF-8") -> String {
        "env -u NO_COLOR -u COLORTERM -u LC_ALL -u LC_CTYPE \(environment) \(quoted(Products.path("lifewatch"))) --no-start --socket \(quoted(daemon.socketPath))"
    }

    /// The daemon's grid rows.
    private func cells(_ daemon: Daemon) throws -> [String] {
        try (daemon.connect().get("/simulation/gridState/grid/cells").value.arrayValue ?? []).compactMap(\.stringValue)
    }

    /// Whether the daemon's cell `row`, `col` is live.
    private func isLive(_ rows: [String], _ row: Int, _ col: Int) -> Bool {
        guard row < rows.count, col < rows[row].count else { return false }
        let symbol = Array(rows[row])[col]
        return symbol == "O" || symbol == "+"
    }

    /// Where the grid starts on the pane: the line and column of its first cell (the first
    /// line that shows cells without colour, `·` or `O`).
    private func gridOrigin(_ lines: [String]) -> (row: Int, col: Int)? {
        for (index, line) in lines.enumerated() where index > 0 {
            let characters = Array(line)
            guard let col = characters.firstIndex(where: { $0 == "·" || $0 == "O" }) else { continue }
            return (index, col)
        }
        return nil
    }

    /// The SGR mouse report of `button` (0 left, 32 a drag with it) at screen `row`, `col` (from 0).
    private func sgr(_ code: Int, _ row: Int, _ col: Int, release: Bool = false) -> String {
        "\u{1B}[<\(code);\(col + 1);\(row + 1)\(release ? "m" : "M")"
    }

    /// A daemon whose grid is `rows` x `cols`, empty, without the statistics panel.
    private func emptyWorld(rows: Int, cols: Int, extra: [String] = []) throws -> Daemon {
        let daemon = try Daemon(self, arguments: ["--seed", "1", "--size", "\(rows)x\(cols)"] + extra)
        let driver = try daemon.connect()
        _ = try driver.dispatch("simulation.resetGridToEmpty")
        _ = try driver.dispatch("settings.update", ["display": ["showStatistics": false]])
        return daemon
    }

    func testTheCursorMovesAndTheToggleKeyFlipsItsCellForEveryWatcher() throws {
        let daemon = try emptyWorld(rows: 20, cols: 20)
        let tmux = try TmuxServer(self, command: lifewatch(daemon))
        // The cursor starts in the middle of the view; where it is shows on the message line
        // (from 0, as the daemon counts: the cell the cursor shows is the daemon's cell of that number).
        try tmux.waitFor("the cursor") { lines in lines.contains { $0.hasPrefix("cursor 10,10") } }
        try tmux.send("l", "l", "j")
        try tmux.waitFor("the cursor moved") { lines in lines.contains { $0.hasPrefix("cursor 11,12") } }
        try tmux.send("t")
        try waitUntil("the daemon's cell (11, 12) to live") { isLive(try cells(daemon), 11, 12) }
        var lines = try tmux.waitFor("the cell alive on screen") { lines in lines.contains { $0.hasPrefix("cursor 11,12 (alive)") } }
        let origin = try XCTUnwrap(gridOrigin(lines))
        XCTAssertEqual(Array(lines[origin.row + 11])[origin.col + 24], "O", lines.joined(separator: "\n"))
        // A second watcher edits the same world: each edit is one action, both see both.
        let second = try tmux.newWindow(lifewatch(daemon))
        try tmux.waitFor("the second watcher's cursor", second) { lines in lines.contains { $0.hasPrefix("cursor 10,10") } }
        try tmux.send("t", to: second)
        try tmux.send("t")
        try waitUntil("(10, 10) alive and (11, 12) toggled back") {
            let rows = try cells(daemon)
            return isLive(rows, 10, 10) && !isLive(rows, 11, 12)
        }
        for target in ["main:0", second] {
            lines = try tmux.waitFor("both edits in \(target)", target) { lines in
                guard let origin = self.gridOrigin(lines), lines.count > origin.row + 11 else { return false }
                return Array(lines[origin.row + 10])[origin.col + 20] == "O" && Array(lines[origin.row + 11])[origin.col + 24] == "·"
            }
        }
        // The numbers lifewatch shows are the ones lifectl takes: a person reads the cursor's
        // place off the screen and has lifectl turn that cell on; the cell under the cursor lives.
        try tmux.send("k", "k", "h")
        lines = try tmux.waitFor("the cursor on an empty cell") { lines in lines.contains { $0.hasPrefix("cursor 9,11") } }
        let shown = try XCTUnwrap(lines.first { $0.hasPrefix("cursor ") })
        let place = shown.dropFirst("cursor ".count).prefix { $0.isNumber || $0 == "," }
        let numbers = place.split(separator: ",").compactMap { Int($0) }
        XCTAssertEqual(numbers, [9, 11], shown)
        XCTAssertFalse(shown.contains("alive"), shown)
        let turnedOn = try runTool("lifectl", ["--socket", daemon.socketPath, "--no-start", "cell", String(place), "on"])
        XCTAssertEqual(turnedOn.status, 0, turnedOn.stdout + turnedOn.stderr)
        XCTAssertTrue(turnedOn.stdout.hasPrefix("cell 9,11 on (version "), turnedOn.stdout)
        lines = try tmux.waitFor("the cell under the cursor alive") { lines in lines.contains { $0.hasPrefix("cursor \(place) (alive)") } }
        let here = try XCTUnwrap(gridOrigin(lines))
        XCTAssertEqual(Array(lines[here.row + numbers[0]])[here.col + 2 * numbers[1]], "O", lines.joined(separator: "\n"))
        // lifectl reads it back at the same numbers, and no other cell changed.
        let row = try runTool("lifectl", ["--socket", daemon.socketPath, "--no-start", "get", "/simulation/gridState/grid/cells/\(numbers[0])"])
        XCTAssertEqual(row.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "\"" + String(repeating: ".", count: 11) + "O........\"")
        let rows = try cells(daemon)
        XCTAssertTrue(isLive(rows, 9, 11) && isLive(rows, 10, 10), rows.joined(separator: "\n"))
        XCTAssertEqual(rows.joined().filter { $0 == "O" || $0 == "+" }.count, 2, rows.joined(separator: "\n"))
    }

    func testAClickAndADragDrawAndAStrokeFromALiveCellErases() throws {
        let daemon = try emptyWorld(rows: 20, cols: 20)
        let tmux = try TmuxServer(self, command: lifewatch(daemon))
        let shown = try tmux.waitFor("the grid") { lines in lines.contains { $0.hasPrefix("cursor 10,10") } }
        XCTAssertEqual(try tmux.display("#{mouse_button_flag} #{mouse_sgr_flag}"), "1 1", "buttons and drags, SGR coordinates")
        let origin = try XCTUnwrap(gridOrigin(shown))
        let driver = try daemon.connect()
        let before = try driver.get("").version
        // Press on cell (3, 4) (two columns a cell), drag through (3, 6) to (3, 8) skipping cells, release.
        let row = origin.row + 3
        let press = sgr(0, row, origin.col + 8)
        let drags = sgr(32, row, origin.col + 12) + sgr(32, row, origin.col + 16)
        try tmux.run(["send-keys", "-t", "main:0", "-l", press + drags + sgr(0, row, origin.col + 16, release: true)])
        waitUntil("cells (3, 4) to (3, 8) alive") { (4...8).allSatisfy { isLive((try? cells(daemon)) ?? [], 3, $0) } }
        let rows = try cells(daemon)
        XCTAssertEqual(rows[3], "....OOOOO...........")
        XCTAssertTrue(rows.enumerated().allSatisfy { $0.offset == 3 || !$0.element.contains("O") })
        // Four events, in the same read: one action a frame, not one a motion event.
        let drawn = try driver.get("").version
        XCTAssertLessThanOrEqual(drawn - before, 2, "versions \(before) to \(drawn)")
        try tmux.waitFor("the stroke on screen") { lines in
            lines.count > row && String(Array(lines[row])[(origin.col + 8)...(origin.col + 16)]) == "O O O O O"
        }
        // Pressed on a live cell, the stroke erases.
        try tmux.run(["send-keys", "-t", "main:0", "-l", sgr(0, row, origin.col + 10) + sgr(32, row, origin.col + 14) + sgr(0, row, origin.col + 14, release: true)])
        waitUntil("cells (3, 5) to (3, 7) empty") { (try? cells(daemon))?[3] == "....O...O..........." }
        // A click on the grid's left edge is a cell too; outside the grid, nothing.
        try tmux.run(["send-keys", "-t", "main:0", "-l", sgr(0, origin.row, origin.col) + sgr(0, origin.row, origin.col, release: true)])
        try tmux.run(["send-keys", "-t", "main:0", "-l", sgr(0, 0, 0) + sgr(0, 0, 0, release: true)])
        waitUntil("cell (0, 0) alive") { isLive((try? cells(daemon)) ?? [], 0, 0) }
        XCTAssertEqual(try cells(daemon).joined().filter { $0 == "O" }.count, 3)
    }

    func testMouseReportingIsOffAfterEveryWayOut() throws {
        let daemon = try emptyWorld(rows: 10, cols: 10)
        let folder = try makeTemporaryFolder(self)
        // An interactive shell, so that Ctrl-Z stops lifewatch and fg brings it back.
        let tmux = try TmuxServer(self, command: "env PS1='$ ' sh -i")
        func flags(_ target: String = "main:0") throws -> String { try tmux.display("#{mouse_any_flag}", target) }
        let start = "echo $$ > \(folder)/pid; exec \(lifewatch(daemon))"
        func run(_ target: String = "main:0") throws {
            try tmux.run(["send-keys", "-t", target, "-l", "sh -c \(quoted(start))"])
            try tmux.send("Enter", to: target)
            try tmux.waitFor("lifewatch", target) { lines in lines.contains { $0.contains("ticks 0 · stopped") } }
            try waitUntil("mouse reporting on") { try flags(target) == "1" }
        }
        try run()
        try tmux.send("q")
        try waitUntil("mouse reporting off after q") { try flags() == "0" }
        try run()
        try tmux.send("C-c")
        try waitUntil("mouse reporting off after Ctrl-C") { try flags() == "0" }
        // Suspended, the shell has the terminal and no reports; continued, they are on again.
        try run()
        try tmux.send("C-z")
        try tmux.waitFor("the shell after Ctrl-Z") { lines in lines.contains { $0.contains("Stopped") || $0.contains("stopped") } }
        XCTAssertEqual(try flags(), "0")
        try tmux.run(["send-keys", "-t", "main:0", "-l", "fg"])
        try tmux.send("Enter")
        try waitUntil("mouse reporting on after fg") { try flags() == "1" }
        try tmux.waitFor("lifewatch again") { lines in lines.contains { $0.contains("ticks 0 · stopped") } }
        try tmux.send("q")
        try waitUntil("mouse reporting off after fg and q") { try flags() == "0" }
        for signal in [SIGTERM, SIGHUP] {
            try run()
            let pid = try XCTUnwrap(Int32(try String(contentsOfFile: "\(folder)/pid", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
            XCTAssertEqual(kill(pid, signal), 0)
            try waitUntil("mouse reporting off after signal \(signal)") { try flags() == "0" }
        }
        // A text view (--path) leaves the mouse to the terminal, for selecting text.
        try tmux.run(["send-keys", "-t", "main:0", "-l", "\(lifewatch(daemon)) --path /statistics"])
        try tmux.send("Enter")
        try tmux.waitFor("the statistics") { lines in lines.contains { $0.hasPrefix("steps") } }
        XCTAssertEqual(try flags(), "0")
        try tmux.send("q")
    }

    /// An RLE world of `rows` x `cols` (a torus) with a Gosper glider gun whose box's corner is at `row`, `col`.
    private func gunWorld(rows: Int, cols: Int, row: Int, col: Int) -> String {
        let gun = ["........................O...........", "......................O.O...........",
            "............OO......OO............OO", "...........O...O....OO............OO", "OO........O.....O...OO..............",
            "OO........O...O.OO....O.O...........", "..........O.....O.......O...........", "...........O...O....................",
            "............OO......................"]
        var text = "x = \(cols), y = \(rows), rule = B3/S23:T\(cols),\(rows)\n\(row)$"
        for line in gun {
            text += "\(col)b" + line.map { $0 == "O" ? "o" : "b" }.joined() + "$"
        }
        return text + "!"
    }

    func testGettingAroundAndZoomingOutA2000World() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "1"])
        let driver = try daemon.connect()
        guard case .ack = try driver.dispatch("simulation.setGrid", ["rle": .string(gunWorld(rows: 2000, cols: 2000, row: 500, col: 300))]) else {
            return XCTFail("the world was not set")
        }
        _ = try driver.dispatch("settings.update", ["display": ["showStatistics": false]])
        // Where the live cells are, as the daemon tells any client (lifewatch's m and f ask for it).
        guard case .status(_, let info) = try driver.request(.status) else { return XCTFail("no status") }
        XCTAssertEqual(info["summary"]?["liveBounds"], ["row": 500, "col": 300, "rows": 9, "cols": 36])
        let version = try driver.get("").version
        // 100 x 40, no colour: one column a cell at 1:1; 36 lines by 100 columns of grid.
        let tmux = try TmuxServer(self, command: lifewatch(daemon))
        try tmux.waitFor("the big world") { lines in lines.contains { $0.hasPrefix("rows 0–35 of 2000, cols 0–99 of 2000") } }
        // End, then Home: the corners.
        try tmux.send("End")
        try tmux.waitFor("the bottom-right corner") { lines in
            lines.contains { $0.hasPrefix("rows 1964–1999 of 2000, cols 1900–1999 of 2000 · cursor 1999,1999") }
        }
        try tmux.send("Home")
        try tmux.waitFor("the top-left corner") { lines in lines.contains { $0.hasPrefix("rows 0–35 of 2000, cols 0–99 of 2000 · cursor 0,0") } }
        // Page moves: a screenful less an eighth (36 - 4 lines, 100 - 12 columns).
        try tmux.send("PageDown")
        try tmux.waitFor("a page down") { lines in lines.contains { $0.hasPrefix("rows 32–67 of 2000") } }
        try tmux.send("S-Right")
        try tmux.waitFor("a page right") { lines in lines.contains { $0.hasPrefix("rows 32–67 of 2000, cols 88–187 of 2000") } }
        // Go to a cell: the view centred on it.
        try tmux.send("g")
        try tmux.run(["send-keys", "-t", "main:0", "-l", "1200,340"])
        try tmux.send("Enter")
        try tmux.waitFor("the cell gone to") { lines in lines.contains { $0.hasPrefix("rows 1182–1217 of 2000, cols 290–389 of 2000 · cursor 1200,340") } }
        try tmux.send("g")
        try tmux.run(["send-keys", "-t", "main:0", "-l", "2000,5"])
        try tmux.send("Enter")
        try tmux.waitFor("a bad answer flashed") { lines in lines.contains { $0.contains("row 2000 is outside the grid: its rows are 0–1999") } }
        // Centre on the live cells (the daemon says where they are): the gun shows, two columns a cell once f fits it.
        try tmux.send("f")
        // (Its cells come with the window the view asks for once there.)
        let fitted = try tmux.waitFor("the gun fitted") { lines in
            lines.contains { $0.contains("cursor 504,318") } && lines.dropFirst().contains { $0.contains("O") }
        }
        let origin = try XCTUnwrap(fitted.dropFirst().firstIndex { $0.contains("O") })
        let gunTop = fitted[origin].filter { $0 == "O" }.count
        XCTAssertEqual(gunTop, 1, fitted.joined(separator: "\n"))
        XCTAssertFalse(fitted.contains { $0.contains("zoom") }, "two columns a cell: no zoom shown")
        // Out to braille (2:1, 1:1, 1:2): the status line says the zoom, and the gun's dots show,
        // so the subscription's window followed the wider view (4 x 2 cells a character: 144 x 200).
        try tmux.send("Z", "Z")
        let braille = try tmux.waitFor("zoom 1:2 in braille") { lines in
            lines.contains { $0.contains("zoom 1:2 ·") } && lines.contains { $0.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } }
        }
        let place = try XCTUnwrap(braille.first { $0.hasPrefix("rows ") }, braille.joined(separator: "\n"))
        let numbers = place.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        XCTAssertEqual(numbers[1] - numbers[0] + 1, 144, place)
        XCTAssertEqual(numbers[4] - numbers[3] + 1, 200, place)
        XCTAssertTrue((numbers[0]...numbers[1]).contains(500) && (numbers[3]...numbers[4]).contains(300), place)
        try tmux.send("Z", "Z", "Z", "Z")
        try tmux.waitFor("zoom 1:32, the whole world") { lines in
            lines.contains { $0.contains("zoom 1:32 ·") } && !lines.contains { $0.hasPrefix("rows ") }
        }
        // The daemon's world is as it was: getting around changes nothing there.
        XCTAssertEqual(try driver.get("").version, version)
        // Without a UTF-8 locale, zoomed-out blocks are plain '#' and '.'.
        let plain = try tmux.newWindow(lifewatch(daemon, environment: "NO_COLOR=1 TERM=xterm-256color LANG=C"))
        try tmux.waitFor("the plain watcher", plain) { lines in lines.contains { $0.hasPrefix("rows 0–35") } }
        try tmux.send("f", to: plain)
        try tmux.waitFor("the fitted gun", plain) { lines in
            lines.contains { $0.contains("cursor 504,318") } && lines.dropFirst().contains { $0.contains("O") }
        }
        try tmux.send("Z", "Z", to: plain)
        try tmux.waitFor("plain blocks", plain) { lines in
            lines.contains { $0.contains("zoom 1:2 ·") } && lines.contains { $0.contains("#") && $0.contains(".") }
        }
    }

    func testFindAConfigurationAndPasteItAtTheCursor() throws {
        let daemon = try emptyWorld(rows: 30, cols: 30)
        _ = try daemon.connect().dispatch("configurations.fetch")
        let tmux = try TmuxServer(self, command: lifewatch(daemon))
        try tmux.waitFor("the list") { lines in lines.contains { $0.contains("Configurations (") } }
        // No live cells yet: the daemon says so, and m says there is nothing to centre on.
        let driver = try daemon.connect()
        guard case .status(_, let empty) = try driver.request(.status) else { return XCTFail("no status") }
        XCTAssertEqual(empty["summary"]?["liveBounds"], .null)
        try tmux.send("m")
        try tmux.waitFor("nothing to centre on") { lines in lines.contains { $0.contains("no live cells to centre on") } }
        try tmux.send("/")
        try tmux.run(["send-keys", "-t", "main:0", "-l", "GLIDER"])
        try tmux.waitFor("the match") { lines in lines.contains { $0.contains("find configuration: GLIDER▏") } }
        try tmux.send("Enter")
        try tmux.waitFor("Glider chosen") { lines in lines.contains { $0.contains("▸ Glider") } }
        try tmux.send("g")
        try tmux.run(["send-keys", "-t", "main:0", "-l", "4,4"])
        try tmux.send("Enter", "p")
        try waitUntil("a glider with its corner at (4, 4)") {
            let rows = try cells(daemon)
            return rows.count == 30 && rows[4].hasPrefix(".....O") && rows[5].hasPrefix("......O") && rows[6].hasPrefix("....OOO")
        }
        XCTAssertEqual(try cells(daemon).joined().filter { $0 == "O" }.count, 5)
        guard case .status(_, let pasted) = try driver.request(.status) else { return XCTFail("no status") }
        XCTAssertEqual(pasted["summary"]?["liveBounds"], ["row": 4, "col": 4, "rows": 3, "cols": 3])
        // c and C move both ways.
        try tmux.send("C")
        try tmux.waitFor("the previous one") { lines in !lines.contains { $0.contains("▸ Glider") } && lines.contains { $0.contains("▸ ") } }
        try tmux.send("c")
        try tmux.waitFor("Glider again") { lines in lines.contains { $0.contains("▸ Glider") } }
    }

    func testSpaceOnAWorldAutostopStoppedSaysWhyInsteadOfATick() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "1", "--interval", "20ms"])
        let driver = try daemon.connect()
        // A block: still from the first generation, so autostop stops the timer at once.
        _ = try driver.dispatch("simulation.setGrid", ["rle": "x = 8, y = 8, rule = B3/S23:T8,8\n3$3b2o$3b2o!"])
        _ = try driver.dispatch("simulation.startTimer")
        try waitUntil("the timer to stop itself") { try driver.get("/simulation/stoppedBecause").value == "the world became still" }
        let ticks = try driver.get("/simulation/gridState/ticks").value
        // Wide enough for the whole status line, the reason at its end.
        let tmux = try TmuxServer(self, cols: 120, command: lifewatch(daemon))
        try tmux.waitFor("the settled world") { lines in lines.contains { $0.contains("stopped because the world became still") } }
        try tmux.send("Space")
        try tmux.waitFor("why space does not start it") { lines in
            lines.contains { $0.contains("the world is still: autostop would stop it after one tick (a turns autostop off)") }
        }
        XCTAssertEqual(try driver.get("/simulation/gridState/ticks").value, ticks, "no tick was given")
        XCTAssertEqual(try driver.get("/simulation/isRunningTimer").value, false)
        // a turns autostop off (a shared setting), and then space runs it.
        try tmux.send("a")
        try tmux.waitFor("autostop off") { lines in lines.contains { $0.contains("autostop off") } }
        XCTAssertEqual(try driver.get("/settings/autoStop").value, false)
        try tmux.send("Space")
        try waitUntil("the timer running") { try driver.get("/simulation/isRunningTimer").value == true }
        _ = try driver.dispatch("simulation.stopTimer")
    }
}
