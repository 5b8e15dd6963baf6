import DaemonTestSupport
import LifeGrid
import LifeJSON
import Foundation
import LifeClient
import LifeJSON
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// The editing commands with the real binaries: `lifectl paste`, `cell`, `clear`, `rotate` and
/// `flip` change exactly the cells they should (checked against a cell-by-cell model), refuse
/// what lies outside the world and edits during a jump in lifectl's own words, and the editing
/// actions hold at their limits: 65,536 cells in one `grid.setCells`, a 4096 x 4096 paste.
final class EditingTests: XCTestCase {
    /// Runs lifectl on `daemon`'s socket, with `input` on its standard input.
    static func lifectl(_ daemon: Daemon, _ arguments: [String], input: [UInt8]? = nil) throws -> CommandResult {
        try runTool("lifectl", ["--socket", daemon.socketPath, "--no-start"] + arguments, input: input)
    }

    /// The daemon's world, as the model reads it.
    static func world(_ client: Connection) throws -> (version: Int, model: CellModel) {
        let state = try client.get("")
        guard let model = CellModel(state: state.value) else { throw Connection.Failure.protocolViolation("no grid in the state") }
        return (state.version, model)
    }

    /// The world's live cells, as `status` sums them up (the grid in the state has no count).
    static func population(_ client: Connection) throws -> JSON {
        guard case .status(_, let info) = try client.request(.status) else { throw Connection.Failure.protocolViolation("no status") }
        return info["summary"]?["population"] ?? .null
    }

    /// Replaces the daemon's grid with `model`'s cells (born and died cells as they are) and topology.
    static func setGrid(_ client: Connection, _ model: CellModel) throws {
        let reply = try client.dispatch(
            "simulation.setGrid",
            [
                "rows": .int(model.rows), "cols": .int(model.cols), "cells": .array(model.lines.map { .string($0) }),
                "topology": .string(model.torus ? "torus" : "bounded"),
            ])
        guard case .ack = reply else { throw Connection.Failure.protocolViolation("setGrid: \(reply)") }
    }

    // MARK: - Each command changes exactly its cells

    /// Every command, on a 20 x 70 world of random cells (born and died ones too; 70 columns
    /// cross a word of 64): after each, the daemon's grid equals the model's, cell for cell, and
    /// the version moved by exactly one; the `--json` object says what was done.
    func testEachCommandChangesExactlyTheCellsItShould() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--seed", "1"])
        let folder = try makeTemporaryFolder(self)
        let client = try daemon.connect()
        var random = SplitMix64(seed: 12)
        var lines = randomLines(rows: 20, cols: 70, using: &random)
        lines[5] = String(repeating: "+x", count: 35)
        var model = CellModel(lines)
        try Self.setGrid(client, model)
        var version = try client.get("").version

        func run(_ arguments: [String], input: [UInt8]? = nil, _ edit: (inout CellModel) -> Void, file: StaticString = #filePath, line: UInt = #line) throws -> JSON {
            let result = try Self.lifectl(daemon, ["--json"] + arguments, input: input)
            XCTAssertEqual(result.status, 0, "lifectl \(arguments): \(result.stderr)", file: file, line: line)
            XCTAssertEqual(result.stderr, "", file: file, line: line)
            let report = try JSON(parsing: Array(result.stdout.utf8))
            edit(&model)
            let world = try Self.world(client)
            XCTAssertEqual(world.model, model, "after lifectl \(arguments.joined(separator: " ")):\n\(world.model)\nexpected\n\(model)", file: file, line: line)
            XCTAssertEqual(world.version, version + 1, "one version for lifectl \(arguments)", file: file, line: line)
            XCTAssertEqual(report["version"]?.intValue, world.version, file: file, line: line)
            version = world.version
            return report
        }

        var report = try run(["cell", "0,0", "19,69", "5,64", "5,1", "on"]) { $0.set([(0, 0), (19, 69), (5, 64), (5, 1)], .on) }
        XCTAssertEqual(report, ["version": .int(version), "cells": 4, "to": "alive"])
        report = try run(["cell", "3,3", "3,3", "4,63", "5,2", "toggle"]) { $0.set([(3, 3), (4, 63), (5, 2)], .toggle) }
        XCTAssertEqual(report["cells"], 3, "a cell named twice counts once")
        _ = try run(["cell", "7,10", "5,3", "off"]) { $0.set([(7, 10), (5, 3)], .off) }

        // A paste wraps past the bottom-right corner of the torus: 8 x 16 at 15,60.
        let pattern = randomLines(rows: 8, cols: 16, oneIn: 2, using: &random)
        try rle(pattern).write(toFile: "\(folder)/p.rle", atomically: true, encoding: .utf8)
        report = try run(["paste", "\(folder)/p.rle", "--at", "15,60"]) { $0.paste(pattern, at: 15, 60, mode: "or") }
        XCTAssertEqual(report["rows"], 8)
        XCTAssertEqual(report["cols"], 16)
        XCTAssertEqual(report["mode"], "or")
        XCTAssertEqual(report["population"]?.intValue, pattern.joined().filter { $0 == "O" }.count)
        // Plaintext, copy: the box's empty cells clear what was under them.
        let plaintext = ["!Name: block and dot", "OO...", "OO..O", ".....", "..O.."]
        try (plaintext.joined(separator: "\n") + "\n").write(toFile: "\(folder)/b.cells", atomically: true, encoding: .utf8)
        _ = try run(["paste", "\(folder)/b.cells", "--at", "2,61", "--mode", "copy"]) { $0.paste(Array(plaintext.dropFirst()), at: 2, 61, mode: "copy") }
        // gzip on standard input, xor.
        _ = try run(["paste", "-", "--at", "10,5", "--mode", "xor"], input: storedGzip(Array(rle(pattern).utf8))) {
            $0.paste(pattern, at: 10, 5, mode: "xor")
        }
        report = try run(["clear", "4,60", "5x10"]) { $0.clear(row: 4, col: 60, rows: 5, cols: 10) }
        XCTAssertEqual(report, ["version": .int(version), "row": 4, "col": 60, "rows": 5, "cols": 10])
        report = try run(["rotate", "1,60", "3x7", "cw"]) { $0.rotate(row: 1, col: 60, rows: 3, cols: 7, clockwise: true) }
        XCTAssertEqual(report["transform"], "rotateClockwise")
        _ = try run(["rotate", "10,10", "6x2", "ccw"]) { $0.rotate(row: 10, col: 10, rows: 6, cols: 2, clockwise: false) }
        report = try run(["flip", "12,0", "8x70", "left-right"]) { $0.flip(row: 12, col: 0, rows: 8, cols: 70, leftRight: true) }
        XCTAssertEqual(report["transform"], "flipLeftRight")
        _ = try run(["flip", "0,40", "20x5", "vertical"]) { $0.flip(row: 0, col: 40, rows: 20, cols: 5, leftRight: false) }

        // On a bounded world the paste's part past the edges is cut off.
        model = CellModel(randomLines(rows: 20, cols: 70, using: &random), torus: false)
        try Self.setGrid(client, model)
        version = try client.get("").version
        _ = try run(["paste", "\(folder)/p.rle", "--at", "15,60"]) { $0.paste(pattern, at: 15, 60, mode: "or") }

        // A person's words: what was done, the version last.
        let glider = "#N Glider\nx = 3, y = 3\nbo$2bo$3o!\n"
        try glider.write(toFile: "\(folder)/glider.rle", atomically: true, encoding: .utf8)
        let human = try Self.lifectl(daemon, ["paste", "\(folder)/glider.rle", "--at", "0,0", "--mode", "copy"])
        XCTAssertEqual(human.stdout, "pasted Glider (3x3, 5 live cells) at 0,0, mode copy (version \(version + 1))\n")
        let rotated = try Self.lifectl(daemon, ["rotate", "0,0", "3x3", "cw"])
        XCTAssertEqual(rotated.stdout, "rotated 3x3 at 0,0 clockwise (version \(version + 2))\n")

        // The glider turned clockwise: the same glider, heading down and to the left now.
        let corner = try client.get("/simulation/gridState/grid/cells").value.arrayValue?.prefix(3).compactMap { $0.stringValue?.prefix(3) }
        XCTAssertEqual(corner, ["O..", "O.O", "OO."])
        let turned = try Self.lifectl(daemon, ["rotate", "0,0", "2x3", "ccw"])
        XCTAssertEqual(turned.stdout, "rotated 2x3 at 0,0 anticlockwise, now 3x2 (version \(version + 3))\n")
    }

    /// Each command's help says that it works while the timer runs, and `lifectl --help` lists it.
    func testEachCommandHasHelpAndALineInTheOverview() throws {
        let overview = try runTool("lifectl", ["--help"])
        for name in ["paste", "cell", "clear", "rotate", "flip"] {
            let help = try runTool("lifectl", [name, "--help"])
            XCTAssertEqual(help.status, 0)
            XCTAssertTrue(help.stdout.contains("Works while the timer runs"), "\(name) --help: \(help.stdout)")
            XCTAssertTrue(help.stdout.contains("Example"), "\(name) --help has an example")
            XCTAssertTrue(overview.stdout.contains("\n  \(name) "), "lifectl --help lists \(name)")
        }
    }

    // MARK: - Refusals, in lifectl's words

    /// An edit outside the world: lifectl exits 1 and names the place and the world's size (no
    /// protocol names); the raw actions get `invalid-argument`; nothing changes.
    func testAnEditOutsideTheWorldIsRefusedAndChangesNothing() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--seed", "2", "--size", "10x12"])
        let folder = try makeTemporaryFolder(self)
        let client = try daemon.connect()
        guard case .ack = try client.dispatch("simulation.resetGridToRandom") else { return XCTFail("random") }
        let before = try client.get("")
        try "x = 3, y = 3\nbo$2bo$3o!\n".write(toFile: "\(folder)/g.rle", atomically: true, encoding: .utf8)
        try "x = 13, y = 1\n13o!\n".write(toFile: "\(folder)/wide.rle", atomically: true, encoding: .utf8)
        let world = "the 10x12 world (rows 0 to 9, columns 0 to 11)"
        let refusals: [([String], String)] = [
            (["cell", "1,1", "10,0", "on"], "cell 10,0 is outside \(world); nothing was changed"),
            (["cell", "0,12", "10,12", "toggle"], "cell 0,12 (and 1 more) is outside \(world)"),
            (["clear", "5,5", "6x3"], "the 6x3 rectangle at 5,5 reaches to row 10, column 7: past \(world); nothing was cleared"),
            (["flip", "0,10", "2x3", "left-right"], "the 2x3 rectangle at 0,10 reaches to row 1, column 12: past \(world)"),
            (["rotate", "8,0", "2x3", "cw"], "turned, the 2x3 rectangle at 8,0 would be 3x2, reaching to row 10, column 1: past \(world)"),
            (["paste", "\(folder)/g.rle", "--at", "10,0"], "--at 10,0 is outside \(world); nothing was pasted"),
            (["paste", "\(folder)/wide.rle", "--at", "0,0"], "the pattern is 1x13, larger than the 10x12 world; nothing was pasted"),
        ]
        for (arguments, message) in refusals {
            let result = try Self.lifectl(daemon, arguments)
            XCTAssertEqual(result.status, 1, "lifectl \(arguments)")
            XCTAssertEqual(result.stdout, "")
            XCTAssertTrue(result.stderr.hasPrefix("lifectl: "), result.stderr)
            XCTAssertTrue(result.stderr.contains(message), "lifectl \(arguments) said \(result.stderr), not \(message)")
            XCTAssertFalse(result.stderr.contains("grid."), "no protocol names: \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("invalid-argument"), result.stderr)
        }
        // The same on the wire.
        // Each error's field names the member that puts the edit outside (issue 24).
        let actions: [(String, [String: JSON], String)] = [
            ("grid.setCells", ["cells": [[0, 0], [10, 0]], "to": "alive"], "/action/cells/1"),
            ("grid.paste", ["rle": "x = 3, y = 3\nbo$2bo$3o!", "row": 10, "col": 0], "/action/row"),
            ("grid.paste", ["rle": "x = 3, y = 1\n3o!", "row": 0, "col": 12], "/action/col"),
            ("grid.paste", ["rle": "x = 13, y = 1\n13o!", "row": 0, "col": 0], "/action/rle"),
            ("grid.clearRect", ["row": 5, "col": 5, "rows": 6, "cols": 3], "/action/rows"),
            ("grid.clearRect", ["row": 10, "col": 5, "rows": 1, "cols": 3], "/action/row"),
            ("grid.transformRect", ["row": 8, "col": 0, "rows": 2, "cols": 3, "transform": "rotateClockwise"], "/action/rows"),
        ]
        for (type, parameters, field) in actions {
            guard case .error(_, let code, let message, let details) = try client.dispatch(type, parameters) else {
                XCTFail("\(type) \(parameters) was not refused")
                continue
            }
            XCTAssertEqual(code, "invalid-argument", message)
            XCTAssertTrue(message.contains("10x12 grid"), message)
            XCTAssertEqual(details.field, field, "\(type) \(parameters): \(message)")
            XCTAssertFalse(message.contains("(1x1 at"), "a paste names its top-left cell, not a 1x1 rectangle: \(message)")
        }
        XCTAssertEqual(try client.get("").version, before.version)
        XCTAssertEqual(try client.get("").value, before.value, "nothing changed")
        // lifectl's own checks need no daemon: what cannot be read is a usage error (status 2);
        // a place or size out of every world's range is refused (status 1), as the daemon's are.
        for arguments in [["cell", "1,1", "up"], ["rotate", "0,0", "2x2", "left"], ["flip", "0,0", "2x2", "diagonal"],
                          ["paste", "\(folder)/g.rle"], ["paste", "\(folder)/g.rle", "--at", "1,1", "--mode", "and"]] {
            let result = try Self.lifectl(daemon, arguments)
            XCTAssertEqual(result.status, 2, "lifectl \(arguments): \(result.stderr)")
        }
        for arguments in [["cell", "-1,1", "on"], ["cell", "1,4096", "on"], ["clear", "0,0", "0x3"]] {
            let result = try Self.lifectl(daemon, arguments)
            XCTAssertEqual(result.status, 1, "lifectl \(arguments): \(result.stderr)")
        }
    }

    /// While a jump runs, every editing command exits 1 and says so in lifectl's words, with
    /// the jump's progress and how to cancel it; the world does not change.
    func testAnEditDuringAJumpIsRefusedInLifectlsWords() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--size", "1024x1024", "--seed", "4"])
        let folder = try makeTemporaryFolder(self)
        try "x = 3, y = 3\nbo$2bo$3o!\n".write(toFile: "\(folder)/g.rle", atomically: true, encoding: .utf8)
        let client = try daemon.connect()
        guard case .ack(_, let started) = try client.dispatch("grid.step", ["generations": 1_000_000]) else { return XCTFail("the jump did not start") }
        let before = try client.get("/simulation/gridState")
        for arguments in [["cell", "1,1", "toggle"], ["paste", "\(folder)/g.rle", "--at", "0,0"], ["clear", "0,0", "10x10"],
                          ["rotate", "0,0", "10x20", "ccw"], ["flip", "0,0", "5x5", "top-bottom"]] {
            let result = try Self.lifectl(daemon, arguments)
            XCTAssertEqual(result.status, 1, "lifectl \(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("lifectl: the world cannot be edited while a jump runs ("), result.stderr)
            XCTAssertTrue(result.stderr.contains(" of 1000000 generations done); wait for it to end, or cancel it with `lifectl cancel`"), result.stderr)
            XCTAssertFalse(result.stderr.contains("grid."), "no protocol names: \(result.stderr)")
        }
        // The raw action's refusal is not-allowed.
        guard case .error(_, "not-allowed", let message, _) = try client.dispatch("grid.setCells", ["cells": [[0, 0]], "to": "toggle"]) else {
            return XCTFail("grid.setCells was not refused during the jump")
        }
        XCTAssertTrue(message.contains("while a jump runs"), message)
        XCTAssertEqual(try client.get("/simulation/gridState").value, before.value)
        guard case .ack = try client.dispatch("grid.cancelJump") else { return XCTFail("cancel") }
        // After it, the world may be edited again.
        let after = try Self.lifectl(daemon, ["cell", "1,1", "toggle"])
        XCTAssertEqual(after.status, 0, after.stderr)
        XCTAssertGreaterThan(try client.get("").version, started + 1)
    }

    // MARK: - Limits

    /// `grid.setCells` takes 65,536 cells (a whole 256 x 256 world) and refuses 65,537 with
    /// `limit-exceeded` and the field, changing nothing.
    func testSetCellsTakes65536CellsAndRefuses65537() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--size", "256x256"])
        let client = try daemon.connect()
        guard case .ack = try client.dispatch("simulation.resetGridToEmpty") else { return XCTFail("empty") }
        let all = JSON.array((0..<65_536).map { [.int($0 / 256), .int($0 % 256)] })
        guard case .ack(_, let version) = try client.dispatch("grid.setCells", ["cells": all, "to": "alive"]) else {
            return XCTFail("65536 cells were refused")
        }
        XCTAssertEqual(try Self.population(client), 65_536)
        let tooMany = JSON.array((0..<65_537).map { [.int($0 / 256 % 256), .int($0 % 256)] })
        // Refused as the 65,537th cell is parsed (the request's limits), echoing the request's id.
        guard case .error(_, let code, let message, let details) = try client.dispatch("grid.setCells", ["cells": tooMany, "to": "empty"]) else {
            return XCTFail("65537 cells were not refused")
        }
        XCTAssertEqual(code, "limit-exceeded")
        XCTAssertTrue(message.contains("more than 65536 elements"), message)
        XCTAssertEqual(details.field, "/action/cells")
        XCTAssertEqual(try client.get("").version, version)
        XCTAssertEqual(try Self.population(client), 65_536)
    }

    /// The largest pattern, the 4096 x 4096 checkerboard (the longest RLE of any grid), pasted
    /// by lifectl onto a 4096 x 4096 world through a daemon with the default frame limit; a
    /// pattern larger than the world is refused with a clear message.
    func testTheLargestPastesAndALargerPatternIsRefused() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--size", "4096x4096"])
        let folder = try makeTemporaryFolder(self)
        let client = try daemon.connect()
        guard case .ack = try client.dispatch("simulation.resetGridToEmpty") else { return XCTFail("empty") }
        try LoadTests.checkerboardRLE.write(toFile: "\(folder)/checker.rle", atomically: true, encoding: .utf8)
        let start = Date()
        let result = try Self.lifectl(daemon, ["--json", "paste", "\(folder)/checker.rle", "--at", "0,0", "--mode", "copy"])
        let seconds = Date().timeIntervalSince(start)
        print("lifectl paste of the 4096x4096 checkerboard, file to acknowledgement (this build): \(String(format: "%.2f", seconds)) s")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try JSON(parsing: Array(result.stdout.utf8))["population"], 8_388_608)
        XCTAssertEqual(try Self.population(client), 8_388_608)
        let even = String(repeating: "O.", count: 2048)
        let odd = String(repeating: ".O", count: 2048)
        XCTAssertEqual(try client.get("/simulation/gridState/grid/cells/0").value.stringValue, even)
        XCTAssertEqual(try client.get("/simulation/gridState/grid/cells/1").value.stringValue, odd)
        XCTAssertEqual(try client.get("/simulation/gridState/grid/cells/4095").value.stringValue, odd)
        // Pasted a quarter of the way in: it wraps around both edges onto itself, whole.
        let xor = try Self.lifectl(daemon, ["paste", "\(folder)/checker.rle", "--at", "1024,2048", "--mode", "xor"])
        XCTAssertEqual(xor.status, 0, xor.stderr)
        XCTAssertEqual(try Self.population(client), 0, "the checkerboard xor itself is empty")

        // Larger than the world: refused by the daemon, said by lifectl.
        guard case .ack = try client.dispatch("simulation.setGrid", ["rows": 4, "cols": 4, "cells": ["....", "....", "....", "...."]]) else {
            return XCTFail("setGrid")
        }
        try "x = 5, y = 2\n5o$5o!\n".write(toFile: "\(folder)/five.rle", atomically: true, encoding: .utf8)
        let larger = try Self.lifectl(daemon, ["paste", "\(folder)/five.rle", "--at", "0,0"])
        XCTAssertEqual(larger.status, 1)
        XCTAssertEqual(larger.stderr, "lifectl: the pattern is 2x5, larger than the 4x4 world; nothing was pasted\n")
        // Larger than any world: lifectl's reader says so before anything is sent.
        try "x = 4097, y = 1\n4097o!\n".write(toFile: "\(folder)/wide.rle", atomically: true, encoding: .utf8)
        let wide = try Self.lifectl(daemon, ["paste", "\(folder)/wide.rle", "--at", "0,0"])
        XCTAssertEqual(wide.status, 1)
        XCTAssertTrue(wide.stderr.contains("wide.rle: ") && wide.stderr.contains("4096"), wide.stderr)
        XCTAssertEqual(try Self.population(client), 0)
    }
}
