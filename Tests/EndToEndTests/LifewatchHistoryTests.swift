import DaemonTestSupport
import Foundation
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// Issue 23 in lifewatch, end to end (a real lifed, lifewatch in tmux): the status line says
/// what `u` would undo, `u` undoes, `U` redoes and `R` rewinds, for every watcher, and the help lists them.
final class LifewatchHistoryTests: XCTestCase {
    private func lifewatch(_ daemon: Daemon) -> String {
        "env -u COLORTERM LANG=C.UTF-8 NO_COLOR=1 TERM=xterm-256color '\(Products.path("lifewatch"))' --no-start --socket '\(daemon.socketPath)'"
    }

    private func lifectl(_ daemon: Daemon, _ arguments: String...) throws {
        let result = try runTool("lifectl", ["--socket", daemon.socketPath, "--no-start"] + arguments)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    }

    private func cell(_ daemon: Daemon, _ row: Int, _ col: Int) throws -> Character? {
        let text = try daemon.connect().get("/simulation/gridState/grid/cells/\(row)").value.stringValue ?? ""
        return text.dropFirst(col).first
    }

    func testUUndoesShiftURedoesAndShiftRRewindsWhileTheStatusLineSaysWhatUWouldUndo() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "1", "--size", "20x20"])
        let tmux = try TmuxServer(self, cols: 160, rows: 30, command: lifewatch(daemon))
        try tmux.waitFor("the world") { lines in lines.contains { $0.contains("ticks 0 · stopped") } }
        let before = try cell(daemon, 1, 1)
        try lifectl(daemon, "cell", "1,1", "toggle")
        try tmux.waitFor("what u would undo") { lines in lines.contains { $0.contains("u undoes toggle 1,1") } }
        try tmux.send("u")
        try tmux.waitFor("nothing left to undo") { lines in lines.contains { $0.contains("ticks 0 · stopped") && !$0.contains("u undoes") } }
        XCTAssertEqual(try cell(daemon, 1, 1), before, "u took the toggle back")
        try tmux.send("U")
        try tmux.waitFor("the toggle made again") { lines in lines.contains { $0.contains("u undoes toggle 1,1") } }
        XCTAssertNotEqual(try cell(daemon, 1, 1), before, "U made it again")
        // A step, then R: the world as the step found it, and the rewind is what u would undo.
        let toggled = try daemon.connect().get("/simulation/gridState/grid").value
        try lifectl(daemon, "step", "3")
        try tmux.waitFor("the step") { lines in lines.contains { $0.contains("u undoes step 3") } }
        try tmux.send("R")
        try tmux.waitFor("the rewind") { lines in lines.contains { $0.contains("u undoes rewind to before step 3") } }
        XCTAssertEqual(try daemon.connect().get("/simulation/gridState/grid").value, toggled)
        // The help lists the keys.
        try tmux.send("?")
        try tmux.waitFor("the help") { lines in lines.contains { $0.contains("undo / redo the last change to the world") } }
    }
}
