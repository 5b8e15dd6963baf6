import DaemonTestSupport
import Foundation
import LifeJSON
import LifePatterns
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// Settings, configurations and pattern files through the socket and lifectl.
final class WorldContentTests: XCTestCase {
    func testSettingsThroughLifectl() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "8", "--size", "12x20", "--rule", "B36/S23", "--topology", "bounded", "--interval", "60s"])
        let socket = ["--socket", daemon.socketPath]
        let client = try daemon.connect()
        let initial = try client.get("/settings").value
        XCTAssertEqual(initial["rows"], 12)
        XCTAssertEqual(initial["cols"], 20)
        XCTAssertEqual(initial["rule"], "B36/S23")
        XCTAssertEqual(initial["topology"], "bounded")
        XCTAssertEqual(try client.get("/simulation/gridState/grid/rows").value, 12)

        let set = try runTool(
            "lifectl", socket + ["set", "interval=250ms", "step=40", "size=30x40", "rule=B2/S", "topology=torus", "density=0.5", "autostop=off", "title=Hello there", "statistics=off"])
        XCTAssertEqual(set.status, 0, set.stderr)
        let settings = try client.get("/settings").value
        XCTAssertEqual(settings, [
            "intervalMs": 250, "generationsPerTick": 40, "rows": 30, "cols": 40, "rule": "B2/S", "topology": "torus", "density": 0.5, "autoStop": false,
            "display": ["title": "Hello there", "showStatistics": false],
        ])
        XCTAssertEqual(try runTool("lifectl", socket + ["random"]).status, 0)
        XCTAssertEqual(try client.get("/simulation/gridState/grid/cols").value, 40)

        // All or nothing: one bad field refuses the whole update, naming the field and its range.
        let bad = try runTool("lifectl", socket + ["set", "interval=2s", "rows=2"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(bad.stderr, "lifectl: rows must be from 3 to 4096, not 2\n")
        XCTAssertEqual(try client.get("/settings/intervalMs").value, 250)
        let table = try runTool("lifectl", socket + ["set", "rule=Banks-I"])
        XCTAssertEqual(table.status, 1)
        XCTAssertTrue(table.stderr.contains("Banks-I is a rule table"), table.stderr)

        // World fields are refused while running; the interval is not.
        XCTAssertEqual(try runTool("lifectl", socket + ["start"]).status, 0)
        let refused = try runTool("lifectl", socket + ["set", "size=50x50"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderr, "lifectl: size cannot change while the timer runs; stop it with `lifectl stop` first\n")
        XCTAssertEqual(try runTool("lifectl", socket + ["set", "interval=1s"]).status, 0)
        XCTAssertEqual(try runTool("lifectl", socket + ["set", "reset"]).status, 1)
        XCTAssertEqual(try runTool("lifectl", socket + ["stop"]).status, 0)
        // Reset restores the start-up values.
        XCTAssertEqual(try runTool("lifectl", socket + ["set", "reset"]).status, 0)
        XCTAssertEqual(try client.get("/settings").value, initial)

        XCTAssertEqual(try runTool("lifectl", socket + ["set", "nonsense=1"]).status, 2)
        XCTAssertEqual(try runTool("lifectl", socket + ["set", "interval=soon"]).status, 2)
    }

    func testConfigurationsFetchListAndLoad() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "8"])
        let socket = ["--socket", daemon.socketPath]
        let fetch = try runTool("lifectl", socket + ["configs", "fetch"])
        XCTAssertEqual(fetch.status, 0, fetch.stderr)
        XCTAssertTrue(fetch.stdout.hasPrefix("fetched "), fetch.stdout)
        // One configuration is one, not "1 configurations".
        let folder = try makeTemporaryFolder(self)
        try #"[{"title": "Dot", "contents": [[0, 0]]}]"#.write(toFile: "\(folder)/one.json", atomically: true, encoding: .utf8)
        let one = try runTool("lifectl", socket + ["configs", "fetch", "file://\(folder)/one.json"])
        XCTAssertEqual(one.stdout, "fetched 1 configuration\n", one.stderr)
        XCTAssertEqual(try runTool("lifectl", socket + ["configs", "fetch"]).stdout, fetch.stdout)
        let list = try runTool("lifectl", socket + ["configs"])
        XCTAssertTrue(list.stdout.contains("\tGlider\t5 cells, 3x3, rule B3/S23\n"), list.stdout)
        XCTAssertGreaterThanOrEqual(list.stdout.split(separator: "\n").count, 20, "at least 20 classics are built in")

        // One pattern, as an RLE file: the state lists sizes, configurations.read gives the cells.
        let show = try runTool("lifectl", socket + ["configs", "show", "glider"])
        XCTAssertEqual(show.status, 0, show.stderr)
        XCTAssertEqual(show.stdout, "#N Glider\nx = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n")
        XCTAssertEqual(try PatternFormat.rle.read(show.stdout).population, 5)
        let unknown = try runTool("lifectl", socket + ["configs", "show", "99999"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(
            unknown.stderr,
            "lifectl: there is no configuration number 99999; `lifectl configs` lists them by number, `lifectl configs fetch` fetches a list\n")

        let load = try runTool("lifectl", socket + ["configs", "load", "glider"])
        XCTAssertEqual(load.status, 0, load.stderr)
        let client = try daemon.connect()
        XCTAssertEqual(try client.get("/simulation/gridState/grid/cells").value, [
            "..........", "..........", "..........", "....O.....", ".....O....", "...OOO....", "..........", "..........",
            "..........", "..........",
        ])
        let missing = try runTool("lifectl", socket + ["configs", "load", "Unicorn"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("no configuration is titled"), missing.stderr)

        // A broken source reports the URL, exits 1, and keeps the list as it was.
        let kept = try client.get("/configurations/configs").value
        XCTAssertGreaterThan(kept.arrayValue?.count ?? 0, 20)
        let broken = try runTool("lifectl", socket + ["configs", "fetch", "file:///nonexistent/configs.json"])
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.stderr.contains("fetch failed"), broken.stderr)
        XCTAssertEqual(try client.get("/configurations/configs").value, kept)
        XCTAssertEqual(try client.get("/configurations/isFetching").value, false)
    }

    func testSaveAndLoadRoundTripsTheWorld() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "21", "--size", "16x24", "--rule", "B36/S23"])
        let socket = ["--socket", daemon.socketPath]
        let folder = try makeTemporaryFolder(self)
        let client = try daemon.connect()
        XCTAssertEqual(try runTool("lifectl", socket + ["step", "3"]).status, 0)
        let before = try client.get("/simulation/gridState/grid").value
        let livePattern = liveOnly(before)

        for name in ["world.rle", "world.cells", "world.lif", "world.json"] {
            let path = "\(folder)/\(name)"
            let save = try runTool("lifectl", socket + ["save", path])
            XCTAssertEqual(save.status, 0, save.stderr)
            XCTAssertEqual(try runTool("lifectl", socket + ["empty"]).status, 0)
            let load = try runTool("lifectl", socket + ["load", path])
            XCTAssertEqual(load.status, 0, "\(name): \(load.stderr)")
            let after = try client.get("/simulation/gridState/grid").value
            if name == "world.rle" {
                // RLE keeps the size (:T) and the rule: the very same world comes back.
                XCTAssertEqual(liveOnly(after), livePattern, name)
                XCTAssertEqual(try client.get("/settings/rule").value, "B36/S23")
            } else {
                XCTAssertEqual(population(after), population(before), name)
            }
        }

        // With --json, save says what it wrote as one JSON object.
        let saved = try runTool("lifectl", socket + ["--json", "save", "\(folder)/again.rle"])
        let report = try JSON(parsing: Array(saved.stdout.utf8))
        XCTAssertEqual(report["saved"], .string("\(folder)/again.rle"))
        XCTAssertEqual(report["format"], "rle")
        XCTAssertEqual(report["population"], .int(population(try client.get("/simulation/gridState/grid").value)))

        // A malformed file is refused here, with its line and column, and nothing is sent.
        let broken = "\(folder)/broken.rle"
        XCTAssertTrue(FileManager.default.createFile(atPath: broken, contents: Data("x = 3, y = 3\nbo$2bo$3oq!\n".utf8)))
        let version = try client.get("").version
        let refused = try runTool("lifectl", socket + ["load", broken])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("line 2"), refused.stderr)
        XCTAssertEqual(try client.get("").version, version)
        XCTAssertEqual(try runTool("lifectl", socket + ["load", "\(folder)/missing.rle"]).status, 1)
    }

    func testStepJumpsAndSettlingThroughTheSocket() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "8", "--interval", "10ms"])
        let client = try daemon.connect()
        // A blinker on an otherwise empty grid.
        let cells: JSON = [".....", ".....", ".OOO.", ".....", "....."]
        guard case .ack = try client.dispatch("simulation.setGrid", ["rows": 5, "cols": 5, "cells": cells]) else { return XCTFail() }
        guard case .ack(_, let before) = try client.dispatch("grid.step", ["generations": 1001]) else { return XCTFail() }
        XCTAssertEqual(try client.get("").version, before)
        XCTAssertEqual(try client.get("/statistics/steps").value, 1001)
        XCTAssertEqual(try client.get("/simulation/status").value, "oscillating")
        XCTAssertEqual(try client.get("/simulation/period").value, 2)
        let summary = try statusInfo(client)["summary"]
        XCTAssertEqual(summary?["status"], "oscillating")
        XCTAssertEqual(summary?["period"], 2)
        guard case .error(_, "invalid-argument", _, _) = try client.dispatch("grid.step", ["generations": 0]) else { return XCTFail() }

        // With autoStop on (the default), the running timer stops itself and says why.
        guard case .ack = try client.dispatch("simulation.startTimer") else { return XCTFail() }
        while try client.get("/simulation/isRunningTimer").value == true {}
        XCTAssertEqual(try client.get("/simulation/stoppedBecause").value, "the world oscillates with period 2")
    }

    func testGollyFormatsLoadAndTheOnesLifedCannotReadAreNamed() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "3", "--size", "20x20"])
        let socket = ["--socket", daemon.socketPath]
        let folder = try makeTemporaryFolder(self)
        let client = try daemon.connect()
        func write(_ name: String, _ bytes: [UInt8]) -> String {
            let path = "\(folder)/\(name)"
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            return path
        }
        func load(_ path: String, _ extra: [String] = []) throws -> (status: Int32, stdout: String, stderr: String) {
            let result = try runTool("lifectl", socket + ["load", path] + extra)
            return (result.status, result.stdout, result.stderr)
        }

        // Golly's :P3,3 blinker sits in the middle row, so after a step it is the middle column.
        let blinker = write("blinker.rle", Array("x = 3, y = 1, rule = B3/S23:P3,3\n3o!\n".utf8))
        XCTAssertEqual(try load(blinker).status, 0)
        XCTAssertEqual(try client.get("/settings/topology").value, "bounded")
        XCTAssertEqual(liveOnly(try client.get("/simulation/gridState/grid").value), ["...", "OOO", "..."])
        XCTAssertEqual(try runTool("lifectl", socket + ["step", "1"]).status, 0)
        XCTAssertEqual(population(try client.get("/simulation/gridState/grid").value), 3)

        // A macrocell file, a gzipped RLE (whatever its name), and Life 1.05.
        let glider = "#N Glider\nx = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n"
        let files = [
            write("glider.mc", Array("[M2] (golly 4.2)\n#R B3/S23\n.*$..*$***$\n4 0 0 0 1\n".utf8)),
            write("glider.rle.gz", storedGzip(Array(glider.utf8))),
            write("glider.gz", storedGzip(Array(glider.utf8))),
            write("glider.lif", Array("#Life 1.05\n#N\n#P -1 -1\n.*\n..*\n***\n".utf8)),
            write("glider.mcl", Array("#MCell 4.20\n#GAME Life\n#RULE 23/3\n#L .A$..A$3A\n".utf8)),
        ]
        for path in files {
            let result = try load(path)
            XCTAssertEqual(result.status, 0, "\(path): \(result.stderr)")
            XCTAssertEqual(population(try client.get("/simulation/gridState/grid").value), 5, path)
        }

        // Files lifed cannot read are named, and nothing is sent.
        let version = try client.get("").version
        let zip = try load(write("gun.zip", Array("anything".utf8)))
        XCTAssertEqual(zip.status, 1)
        XCTAssertTrue(zip.stderr.contains("gun.zip: a zip archive (unzip it and load one of its pattern files): not supported"), zip.stderr)
        var damaged = storedGzip(Array(glider.utf8))
        damaged[damaged.count - 5] ^= 1
        let gzip = try load(write("damaged.rle.gz", damaged))
        XCTAssertEqual(gzip.status, 1)
        XCTAssertTrue(gzip.stderr.contains("damaged.rle.gz: gzip: byte"), gzip.stderr)
        XCTAssertEqual(try client.get("").version, version)
    }

    private func liveOnly(_ grid: JSON) -> [String] {
        (grid["cells"]?.arrayValue ?? []).compactMap(\.stringValue).map {
            String($0.map { $0 == "O" || $0 == "+" ? "O" : "." })
        }
    }

    private func population(_ grid: JSON) -> Int { liveOnly(grid).joined().filter { $0 == "O" }.count }
}

/// `lifectl watch --format text`: a line a person reads per version.
final class WatchTextTests: XCTestCase {
    func testWatchAsTextPrintsALinePerVersionUntilTheDaemonGoes() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "2", "--ephemeral"])
        let watcher = try startTool(self, "lifectl", ["--socket", daemon.socketPath, "--no-start", "watch", "--format", "text"])
        let client = try daemon.connect()
        // The watcher's snapshot is in before the changes once its subscription shows in status.
        try daemon.waitForStatus("the watcher's subscription", ask: { try statusInfo(client) }, until: { $0["subscriptions"]?.intValue != 0 })
        guard case .ack(_, 1) = try client.dispatch("grid.step", ["generations": 2]) else { return XCTFail("step") }
        guard case .ack(_, 2) = try client.dispatch("simulation.startTimer") else { return XCTFail("start") }
        XCTAssertEqual(daemon.terminate(), 0)
        let watched = watcher.finish()
        XCTAssertEqual(watched.status, 0, watched.stderr)
        let lines = watched.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 3, "\(lines)")
        XCTAssertTrue(lines.first?.hasPrefix("version 0: ticks 0, population ") == true, "\(lines)")
        XCTAssertTrue(lines.dropFirst().first?.hasPrefix("version 1: ticks 0, population ") == true, "\(lines)")
        XCTAssertTrue(lines.last?.hasSuffix(", running") == true, "\(lines)")
    }
}
