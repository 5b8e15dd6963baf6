import DaemonTestSupport
import Foundation
import LifeClient
import LifeGrid
import LifeJSON
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// The world's history with the real binaries (issue 23): every kind of change is undone and
/// redone cell for cell, statistics included; redo is dropped after a new change; the history
/// survives kill -9 and compaction; two editors and two watchers agree after an undo; the walks
/// are refused during a jump; rewind goes back before a run of the timer, a step and a jump;
/// and the history holds its bounds on a 4096 x 4096 world.
final class HistoryTests: XCTestCase {
    /// The parts of the state an undo puts back: the grid, ticks, statistics, settling, and the
    /// world's settings.
    private func world(_ client: Connection) throws -> JSON {
        let state = try client.get("").value
        let simulation = state["simulation"] ?? .null
        let settings = state["settings"] ?? .null
        return [
            "grid": simulation["gridState"]?["grid"] ?? .null, "ticks": simulation["gridState"]?["ticks"] ?? .null,
            "status": simulation["status"] ?? .null, "period": simulation["period"] ?? .null,
            "statistics": state["statistics"] ?? .null, "rows": settings["rows"] ?? .null, "cols": settings["cols"] ?? .null,
            "rule": settings["rule"] ?? .null, "topology": settings["topology"] ?? .null,
        ]
    }

    private func ack(_ reply: ServerMessage, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        guard case .ack = reply else { return XCTFail("\(what): \(reply)", file: file, line: line) }
    }

    func testEveryKindOfEntryIsUndoneAndRedoneCellForCell() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--seed", "5", "--size", "30x40", "--interval", "10ms"])
        let client = try daemon.connect()
        // The timer must run for its ticks whatever the world does: no autoStop.
        ack(try client.dispatch("settings.update", ["autoStop": false]), "autoStop off")
        let glider = "x = 3, y = 3\nbo$2bo$3o!\n"
        // Each change, and the world before and after it.
        let changes: [(String, () throws -> Void)] = [
            ("draw", { self.ack(try client.dispatch("grid.setCells", ["cells": [[1, 1], [1, 2], [2, 2]], "to": "alive"]), "draw") }),
            ("paste", { self.ack(try client.dispatch("grid.paste", ["rle": .string(glider), "row": 10, "col": 10]), "paste") }),
            ("clear", { self.ack(try client.dispatch("grid.clearRect", ["row": 0, "col": 0, "rows": 5, "cols": 5]), "clear") }),
            ("rotate", { self.ack(try client.dispatch("grid.transformRect", ["row": 8, "col": 8, "rows": 6, "cols": 6, "transform": "rotateClockwise"]), "rotate") }),
            ("step", { self.ack(try client.dispatch("grid.step", ["generations": 7]), "step") }),
            ("random", { self.ack(try client.dispatch("simulation.resetGridToRandom"), "random") }),
            ("size", { self.ack(try client.dispatch("settings.update", ["rows": 25, "cols": 70]), "size") }),
            ("rule", { self.ack(try client.dispatch("settings.update", ["rule": "B36/S23", "topology": "bounded"]), "rule") }),
            ("load", { self.ack(try client.dispatch("simulation.setGrid", ["rle": .string(glider)]), "setGrid") }),
            ("empty", { self.ack(try client.dispatch("simulation.resetGridToEmpty"), "empty") }),
            ("configuration", {
                // Adding to the list changes no world (no entry); loading it is one.
                self.ack(try client.dispatch("configurations.add", ["title": "Glider", "rle": .string(glider)]), "add")
                self.ack(try client.dispatch("configurations.load", ["title": "Glider", "resize": true]), "load")
            }),
            ("generations", { self.ack(try client.dispatch("settings.update", ["rule": "/2/3"]), "generations rule") }),
            ("random again", { self.ack(try client.dispatch("simulation.resetGridToRandom"), "random") }),
            ("generations step", { self.ack(try client.dispatch("grid.step", ["generations": 3]), "step") }),
            ("timer run", {
                self.ack(try client.dispatch("settings.update", ["rule": "B3/S23"]), "rule")
                self.ack(try client.dispatch("simulation.startTimer"), "start")
                try daemon.waitForState(at: "/simulation/gridState/ticks") { ($0.intValue ?? 0) >= 3 }
                self.ack(try client.dispatch("simulation.stopTimer"), "stop")
            }),
            ("jump", { self.ack(try client.dispatch("grid.step", ["generations": 300_000]), "jump") }),
        ]
        var worlds = [try world(client)]
        for (name, change) in changes {
            try change()
            if name == "jump" { try daemon.waitForState(at: "/simulation/jump") { $0 == .null } }
            worlds.append(try world(client))
            XCTAssertNotEqual(worlds[worlds.count - 1], worlds[worlds.count - 2], "\(name) changed the world")
        }
        let entries = try client.get("/history/entries").value.arrayValue ?? []
        // The timer run is the setting of the rule and the run: two entries.
        XCTAssertEqual(entries.count, changes.count + 1, "\(entries.map { $0["what"]?.stringValue ?? "" })")
        XCTAssertEqual(entries.last?["what"]?.stringValue, "step 300000")
        XCTAssertEqual(entries.last?["by"]?["pid"]?.intValue, Int(getpid()), "who made it: this process")
        // Undo one by one, back to the start: each undo gives the world before the change.
        var index = worlds.count - 1
        while index > 0 {
            ack(try client.dispatch("history.undo"), "undo")
            let now = try world(client)
            // The timer run's two entries (the rule, then the run) lead from one recorded world to the next.
            if index == changes.firstIndex(where: { $0.0 == "timer run" }).map({ $0 + 1 }), now != worlds[index - 1] {
                ack(try client.dispatch("history.undo"), "undo the rule")
            }
            XCTAssertEqual(try world(client), worlds[index - 1], "undo of \(changes[index - 1].0)")
            index -= 1
        }
        guard case .error(_, "not-allowed", _, let details) = try client.dispatch("history.undo") else { return XCTFail("undo past the start") }
        XCTAssertEqual(details.refused, "nothingToUndo")
        // And redo all the way: each redo gives the world after the change.
        ack(try client.dispatch("history.redo", ["count": 100]), "redo")
        XCTAssertEqual(try world(client), worlds.last, "redo of everything")
    }

    func testANewChangeDropsTheRedoAndLifectlSaysWhatItUndid() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--seed", "5", "--size", "20x20"])
        let lifectl = { (arguments: [String]) in try EditingTests.lifectl(daemon, arguments) }
        // Toggles: each changes the world, whatever the random soup holds there.
        XCTAssertEqual(try lifectl(["cell", "1,1", "toggle"]).status, 0)
        XCTAssertEqual(try lifectl(["cell", "2,2", "toggle"]).status, 0)
        let undo = try lifectl(["undo"])
        XCTAssertEqual(undo.status, 0, undo.stderr)
        XCTAssertTrue(undo.stdout.hasPrefix("undid: toggle 2,2 by lifectl (uid \(getuid()))"), undo.stdout)
        let client = try daemon.connect()
        XCTAssertEqual(try client.get("/history/redo").value.stringValue, "toggle 2,2 by lifectl (uid \(getuid()))")
        XCTAssertEqual(try lifectl(["cell", "3,3", "toggle"]).status, 0)
        XCTAssertEqual(try client.get("/history/redo").value, .null, "a new change drops the redo")
        let redo = try lifectl(["redo"])
        XCTAssertEqual(redo.status, 1)
        XCTAssertTrue(redo.stderr.contains("nothing to redo"), redo.stderr)
        let listed = try lifectl(["history"])
        XCTAssertEqual(listed.status, 0)
        let lines = listed.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, listed.stdout)
        XCTAssertTrue(lines.first?.contains("toggle 3,3 by lifectl") == true, listed.stdout)
        let json = try lifectl(["--json", "history"])
        XCTAssertEqual(try JSON(parsing: Array(json.stdout.utf8))["undone"], .int(0))
        XCTAssertEqual(try lifectl(["undo", "101"]).status, 1, "past the bound")
    }

    func testTheHistorySurvivesKillNineAndCompaction() throws {
        let folder = try makeTemporaryFolder(self)
        let socket = "\(folder)/run/lifed.sock"
        let arguments = ["--state-dir", "\(folder)/state", "--seed", "9", "--size", "64x64"]
        // A compaction every few kilobytes of journal: the history crosses snapshots.
        let environment = ["LIFED_COMPACTION_BYTES": "4096"]
        var daemon = try Daemon(self, arguments: arguments, socketPath: socket, environment: environment)
        var client = try daemon.connect()
        for index in 0..<30 {
            ack(try client.dispatch("grid.setCells", ["cells": .array([.array([.int(index), .int(index)])]), "to": "toggle"]), "toggle")
            if index % 7 == 0 { ack(try client.dispatch("grid.step", ["generations": 2]), "step") }
        }
        ack(try client.dispatch("history.undo", ["count": 3]), "undo")
        let history = try client.get("/history").value
        let before = try world(client)
        daemon.kill9()
        _ = daemon.wait()
        daemon = try Daemon(self, arguments: arguments, socketPath: socket, environment: environment)
        client = try daemon.connect()
        XCTAssertEqual(try client.get("/history").value, history, "the history, as acknowledged")
        XCTAssertEqual(try world(client), before)
        XCTAssertGreaterThan(try statusInfo(client)["storage"]?["snapshotVersion"]?.intValue ?? 0, 0, "a compaction happened")
        // And it still walks: redo the three, undo everything.
        ack(try client.dispatch("history.redo", ["count": 3]), "redo")
        ack(try client.dispatch("history.undo", ["count": 100]), "undo all")
        XCTAssertEqual(try client.get("/history/undone").value.intValue, history["entries"]?.arrayValue?.count)
    }

    func testTwoEditorsAndTwoWatchersSeeTheSameWorldAfterAnUndo() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--seed", "2", "--size", "32x32"])
        let alice = try daemon.connect()
        let bob = try daemon.connect()
        let watchers = try (0..<2).map { _ in try daemon.connect() }
        var mirrors: [JSON] = []
        for watcher in watchers {
            try watcher.send(ClientRequest(id: "all", kind: .subscribe(path: .root)))
            guard case .snapshot(_, _, _, let value, _) = try watcher.receive() else { return XCTFail("no snapshot") }
            mirrors.append(value)
        }
        ack(try alice.dispatch("grid.setCells", ["cells": [[5, 5], [5, 6]], "to": "alive"]), "alice draws")
        ack(try bob.dispatch("grid.paste", ["rle": "x = 3, y = 1\n3o!\n", "row": 20, "col": 20]), "bob pastes")
        ack(try alice.dispatch("history.undo"), "alice undoes bob's paste")
        let (version, state) = try bob.get("")
        for (index, watcher) in watchers.enumerated() {
            var reached = -1
            while reached < version {
                guard case .diff(_, _, let diffVersion, let patch) = try watcher.receive() else { continue }
                try mirrors[index].apply(patch)
                reached = diffVersion
            }
            XCTAssertEqual(mirrors[index], state, "watcher \(index)")
        }
        XCTAssertEqual(state["history"]?["redo"]?.stringValue?.hasPrefix("paste 1x3 at 20,20 (or) by"), true)
    }

    func testTheWalksAreRefusedDuringAJumpAndRewindGoesBackBeforeEachKindOfRun() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--seed", "4", "--size", "256x256", "--interval", "10ms"])
        let client = try daemon.connect()
        let start = try world(client)
        // A jump long enough to be refused into: 10^9 generations, cancelled after.
        ack(try client.dispatch("grid.step", ["generations": 1_000_000_000]), "jump")
        for walk in ["history.undo", "history.redo", "history.rewind"] {
            guard case .error(_, "not-allowed", _, let details) = try client.dispatch(walk) else { return XCTFail("\(walk) during a jump") }
            XCTAssertEqual(details.refused, "jumpRunning", walk)
        }
        ack(try client.dispatch("grid.cancelJump"), "cancel")
        XCTAssertEqual(try client.get("/history/entries").value, .array([]), "a cancelled jump is no entry")
        // A jump that ends, then rewind.
        ack(try client.dispatch("grid.step", ["generations": 5000]), "jump")
        try daemon.waitForState(at: "/simulation/jump") { $0 == .null }
        XCTAssertNotEqual(try world(client), start)
        ack(try client.dispatch("history.rewind"), "rewind after a jump")
        XCTAssertEqual(try world(client), start)
        // A step, then rewind.
        ack(try client.dispatch("grid.step", ["generations": 3]), "step")
        ack(try client.dispatch("grid.setCells", ["cells": [[0, 0]], "to": "toggle"]), "toggle")
        ack(try client.dispatch("history.rewind"), "rewind after a step")
        XCTAssertEqual(try world(client), start)
        // A run of the timer, then rewind while it still runs: the timer stops first.
        ack(try client.dispatch("simulation.startTimer"), "start")
        try daemon.waitForState(at: "/simulation/gridState/ticks") { ($0.intValue ?? 0) >= 5 }
        ack(try client.dispatch("history.rewind"), "rewind during a run")
        XCTAssertEqual(try client.get("/simulation/isRunningTimer").value, false)
        XCTAssertEqual(try world(client), start)
        let entries = try client.get("/history/entries").value.arrayValue?.compactMap { $0["what"]?.stringValue } ?? []
        XCTAssertEqual(entries.last, entries.last.map { _ in "rewind to before " + (entries.dropLast().last ?? "") })
        XCTAssertTrue(entries.dropLast().last?.hasPrefix("run of the timer") == true, "\(entries)")
    }

    /// At the bound, on a 4096 x 4096 world: random soups take more than 64 MiB between them, so
    /// the oldest go; 101 edits keep the newest 100; the daemon's memory stays within the bound.
    /// A run of the timer whose ticks are computed in the background (800 generations of 512 x 512
    /// are more than one action computes at once), stopped while a tick is computed: that tick
    /// ends the run, and rewind and undo go back to the world before it, cell for cell. (The run
    /// used to close at the stop, the tick in flight then changed the world in no entry, and
    /// rewind put together a world that never was.)
    func testATickInFlightWhenTheTimerStopsEndsTheRunAndRewindGoesBackBeforeIt() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--seed", "8", "--size", "512x512", "--interval", "10ms"])
        let client = try daemon.connect()
        ack(try client.dispatch("settings.update", ["autoStop": false, "generationsPerTick": 800]), "settings")
        let before = try world(client)
        ack(try client.dispatch("simulation.startTimer"), "start")
        // The first tick is being computed: stop now, while it is.
        try daemon.waitForState(at: "/simulation/jump") { $0 != .null }
        ack(try client.dispatch("simulation.stopTimer"), "stop")
        try daemon.waitForState(at: "/simulation/jump") { $0 == .null }
        let after = try world(client)
        XCTAssertGreaterThanOrEqual(after["ticks"]?.intValue ?? 0, 1, "the tick in flight was installed")
        ack(try client.dispatch("history.rewind"), "rewind")
        XCTAssertEqual(try world(client), before, "rewind gives the world before the run")
        ack(try client.dispatch("history.undo"), "undo the rewind")
        XCTAssertEqual(try world(client), after)
        ack(try client.dispatch("history.undo"), "undo the run")
        XCTAssertEqual(try world(client), before, "undo gives the world before the run")
    }

    func testTheHistoryHoldsItsBoundsOnTheLargestWorld() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--seed", "8", "--size", "4096x4096"])
        let client = try daemon.connect()
        let baseline = daemon.memoryMegabytes("VmRSS")
        // A new soup's entry holds its live plane's change, 2 MiB: 36 are more than 64 MiB.
        for _ in 0..<36 { ack(try client.dispatch("simulation.resetGridToRandom"), "random") }
        var history = try client.get("/history").value
        let soups = history["entries"]?.arrayValue?.count ?? 0
        XCTAssertLessThan(soups, 36, "the oldest soups went")
        XCTAssertGreaterThanOrEqual(soups, 25, "nearly 64 MiB of them stay")
        XCTAssertLessThanOrEqual(history["bytes"]?.intValue ?? .max, History.maxBytes)
        let peak = daemon.memoryMegabytes("VmRSS")
        // The history's 64 MiB, and the grids in flight: well under 64 MiB more.
        XCTAssertLessThan(peak - baseline, 64 + 96, "resident memory grew by \(peak - baseline) MiB")
        for index in 0...History.maxEntries {
            ack(try client.dispatch("grid.setCells", ["cells": .array([.array([.int(index), .int(index)])]), "to": "toggle"]), "toggle")
        }
        history = try client.get("/history").value
        XCTAssertEqual(history["entries"]?.arrayValue?.count, History.maxEntries)
        XCTAssertEqual(history["entries"]?.arrayValue?.first?["what"]?.stringValue, "toggle 1,1", "the 101st edit pushed out the first")
        // Undoing all hundred edits, each a few blocks.
        ack(try client.dispatch("history.undo", ["count": 100]), "undo 100")
        XCTAssertEqual(try client.get("/history/undone").value, .int(100))
        print("history at the bound: \(soups) soups kept, resident memory \(baseline) -> \(peak) MiB")
    }
}
