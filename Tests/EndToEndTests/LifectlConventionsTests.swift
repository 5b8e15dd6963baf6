import DaemonTestSupport
import Foundation
import LifeJSON
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// What a newcomer expects of a command-line tool (issue 24): `--version` and `help`, one rule
/// for the exit status whoever finds the mistake, durations with units, a URL answered with how
/// to read it, and a configuration loaded by number named by its title.
final class LifectlConventionsTests: XCTestCase {
    private func lifectl(_ daemon: Daemon, _ arguments: [String]) throws -> CommandResult {
        try runTool("lifectl", ["--socket", daemon.socketPath, "--no-start"] + arguments)
    }

    func testVersionAndHelpAsOtherToolsSpellThem() throws {
        for arguments in [["--version"], ["-V"]] {
            let result = try runTool("lifectl", arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, "lifectl \(LifeVersion.current)\n")
        }
        let overview = try runTool("lifectl", ["--help"])
        let help = try runTool("lifectl", ["help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertEqual(help.stdout, overview.stdout, "`lifectl help` is `lifectl --help`")
        XCTAssertTrue(overview.stdout.contains("--version"))
        let start = try runTool("lifectl", ["help", "start"])
        XCTAssertEqual(start.status, 0)
        XCTAssertEqual(start.stdout, try runTool("lifectl", ["start", "--help"]).stdout)
        let unknown = try runTool("lifectl", ["help", "nope"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("no command \"nope\""), unknown.stderr)
    }

    /// 2: the line cannot be read as written. 1: it was read and a value is out of range or
    /// refused, whether lifectl or the daemon finds it. The help says so.
    func testOneRuleForTheExitStatusWhoeverFindsTheMistake() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--size", "20x20"])
        let cases: [([String], Int32)] = [
            // Not readable as written.
            (["bogus"], 2), (["set", "size=40"], 2), (["set", "interval=abc"], 2), (["step", "abc"], 2),
            (["cell", "a,b", "on"], 2), (["clear", "0,0", "5"], 2), (["set", "nosuch=1"], 2),
            (["step", "1", "2"], 2),
            // Read, and out of range: found by lifectl or by the daemon, the same status.
            (["set", "size=0x10"], 1), (["set", "size=5000x10"], 1), (["set", "interval=9ms"], 1),
            (["step", "0"], 1), (["step", "-5"], 1), (["cell", "-1,5", "on"], 1), (["cell", "4096,0", "on"], 1),
            (["clear", "0,0", "0x5"], 1), (["cell", "30,30", "on"], 1),
        ]
        for (arguments, status) in cases {
            let result = try lifectl(daemon, arguments)
            XCTAssertEqual(result.status, status, "lifectl \(arguments.joined(separator: " ")): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("lifectl: "), result.stderr)
            XCTAssertEqual(result.stderr.contains("see lifectl --help"), status == 2, "only usage errors point at the help: \(result.stderr)")
        }
        let overview = try runTool("lifectl", ["--help"]).stdout
        XCTAssertTrue(overview.contains("2 the command line cannot be read as written"), overview)
    }

    func testAnIntervalNeedsItsUnit() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral"])
        let bare = try lifectl(daemon, ["set", "interval=250"])
        XCTAssertEqual(bare.status, 2)
        XCTAssertEqual(bare.stderr.split(separator: "\n").first, "lifectl: interval needs a unit: 250ms or 250s?")
        XCTAssertEqual(try daemon.connect().get("/settings/intervalMs").value, 1000, "nothing was set")
        XCTAssertEqual(try lifectl(daemon, ["set", "interval=250ms"]).status, 0)
        XCTAssertEqual(try daemon.connect().get("/settings/intervalMs").value, 250)
        let lifed = try runTool("lifed", ["--interval", "250", "--ephemeral", "--socket", "/nonexistent/x.sock"])
        XCTAssertEqual(lifed.status, 2, "lifed's --interval wants a unit too: \(lifed.stderr)")
    }

    func testAURLIsAnsweredWithHowToReadIt() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral"])
        let load = try lifectl(daemon, ["load", "https://conwaylife.com/patterns/glider.rle"])
        XCTAssertEqual(load.status, 2)
        XCTAssertTrue(
            load.stderr.hasPrefix(
                "lifectl: load reads a file or standard input, not a URL; try: curl -sL 'https://conwaylife.com/patterns/glider.rle' | lifectl load -\n"),
            load.stderr)
        let paste = try lifectl(daemon, ["paste", "http://x/y.rle", "--at", "2,3"])
        XCTAssertEqual(paste.status, 2)
        XCTAssertTrue(paste.stderr.contains("| lifectl paste - --at 2,3"), paste.stderr)
        // A file that happens to be named like a URL is still read.
        let folder = try makeTemporaryFolder(self)
        try FileManager.default.createDirectory(atPath: "\(folder)/http:", withIntermediateDirectories: true)
        try "x = 3, y = 1\n3o!\n".write(toFile: "\(folder)/http:/blinker.rle", atomically: true, encoding: .utf8)
        let local = try runTool("lifectl", ["--socket", daemon.socketPath, "--no-start", "load", "http://blinker.rle"], workingDirectory: folder)
        XCTAssertEqual(local.status, 0, local.stderr)
    }

    func testAConfigurationLoadedByNumberIsNamedByItsTitle() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--size", "40x40"])
        XCTAssertEqual(try lifectl(daemon, ["configs", "fetch"]).status, 0)
        let client = try daemon.connect()
        guard let title = try client.get("/configurations/configs/3/title").value.stringValue else { return XCTFail("a title") }
        let result = try lifectl(daemon, ["configs", "load", "3"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "loaded \"\(title)\" (configuration 3), centred on the grid (version \(try client.get("").version))\n")
    }
}

/// `set size` resizes the world now (issue 24): `get /settings/rows` and `status` agree, the
/// cells stay centred, a configuration lands on the new world, and a grid of another size that
/// takes the world's place becomes the settings' size.
final class WorldSizeTests: XCTestCase {
    private func lifectl(_ daemon: Daemon, _ arguments: [String]) throws -> CommandResult {
        try runTool("lifectl", ["--socket", daemon.socketPath, "--no-start"] + arguments)
    }

    func testSetSizeResizesTheWorldNowWithItsCellsCentred() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--size", "10x10"])
        let client = try daemon.connect()
        let rows: [JSON] = (0..<10).map { .string($0 == 2 ? "...OOO...." : "..........") }
        guard case .ack = try client.dispatch("simulation.setGrid", ["rows": 10, "cols": 10, "cells": .array(rows)]) else {
            return XCTFail("setGrid")
        }
        let placed = try client.get("/simulation/gridState/grid/cells").value.arrayValue ?? []
        let row = placed.firstIndex { $0.stringValue?.contains("O") == true } ?? -1
        let before = try client.get("").version
        let set = try lifectl(daemon, ["set", "size=20x30"])
        XCTAssertEqual(set.status, 0, set.stderr)
        XCTAssertEqual(set.stdout, "settings changed; the world is 20x30, its cells kept centred (version \(before + 1))\n", "one version")
        XCTAssertEqual(try client.get("/simulation/gridState/grid/rows").value, 20)
        XCTAssertEqual(try client.get("/simulation/gridState/grid/cols").value, 30)
        XCTAssertTrue(try lifectl(daemon, ["status"]).stdout.contains("world 20x30"))
        let cells = try client.get("/simulation/gridState/grid/cells").value.arrayValue ?? []
        XCTAssertEqual(cells.firstIndex { $0.stringValue?.contains("O") == true }, row + 5, "five rows added above")
        XCTAssertEqual(cells.compactMap(\.stringValue).joined().filter { $0 == "O" }.count, 3, "every cell kept")
        // Shrinking cuts from every side; what stays in the middle stays.
        XCTAssertEqual(try lifectl(daemon, ["set", "size=3x3"]).status, 0)
        XCTAssertEqual(try client.get("/simulation/gridState/grid/rows").value, 3)
        // A configuration lands on the world as it now is.
        XCTAssertEqual(try lifectl(daemon, ["set", "size=40x40"]).status, 0)
        XCTAssertEqual(try lifectl(daemon, ["configs", "fetch"]).status, 0)
        XCTAssertEqual(try lifectl(daemon, ["configs", "load", "Glider"]).status, 0)
        XCTAssertEqual(try client.get("/simulation/gridState/grid/rows").value, 40)
        // A grid of another size in the world's place is the settings' size.
        guard case .ack = try client.dispatch("simulation.setGrid", ["rle": "x = 9, y = 7, rule = B3/S23:T9,7\n3o!"]) else {
            return XCTFail("setGrid")
        }
        XCTAssertEqual(try client.get("/settings/rows").value, 7)
        XCTAssertEqual(try client.get("/settings/cols").value, 9)
    }
}
