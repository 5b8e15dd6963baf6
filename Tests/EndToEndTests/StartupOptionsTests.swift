import DaemonTestSupport
import Foundation
import Glibc
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// What lifed starts with: settings given on the command line win over a saved world's (its
/// grid stays), and `lifed.conf` gives a daemon that a client starts the user's options too.
final class StartupOptionsTests: XCTestCase {
    /// `--step N` sets the generations a tick, wins over a saved world's, and out of range is a usage error.
    func testStepSetsTheGenerationsATick() throws {
        let folder = try makeTemporaryFolder(self)
        let state = ["--state-dir", "\(folder)/state"]
        var daemon = try Daemon(self, arguments: state + ["--step", "250"])
        let socketPath = daemon.socketPath
        XCTAssertEqual(try daemon.connect().get("/settings/generationsPerTick").value, 250)
        XCTAssertEqual(try daemon.connect().dispatch("settings.update", ["generationsPerTick": 7]), .ack(id: .int(1), version: 1))
        XCTAssertEqual(daemon.terminate(), 0)
        daemon = try Daemon(self, arguments: state, socketPath: socketPath)
        XCTAssertEqual(try daemon.connect().get("/settings/generationsPerTick").value, 7, "kept across a restart")
        XCTAssertEqual(daemon.terminate(), 0)
        daemon = try Daemon(self, arguments: state + ["--step", "1000000"], socketPath: socketPath)
        XCTAssertEqual(try daemon.connect().get("/settings/generationsPerTick").value, 1_000_000, "the command line wins")
        XCTAssertEqual(daemon.terminate(), 0)
        let refused = try runProgram(Products.path("lifed"), ["--ephemeral", "--socket", "\(folder)/x.sock", "--step", "1000001"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("--step must be from 1 to 1000000, not 1000001"), refused.stderr)
    }

    func testCommandLineSettingsWinOverTheSavedWorldsAndResizeIt() throws {
        let folder = try makeTemporaryFolder(self)
        let state = ["--state-dir", "\(folder)/state", "--seed", "4"]
        var daemon = try Daemon(self, arguments: state + ["--size", "12x14"])
        let socketPath = daemon.socketPath
        XCTAssertEqual(try daemon.connect().dispatch("settings.update", ["intervalMs": 700, "display": ["title": "mine"]]), .ack(id: .int(1), version: 1))
        XCTAssertEqual(daemon.terminate(), 0)

        // No settings on the command line: the saved ones stay.
        daemon = try Daemon(self, arguments: state, socketPath: socketPath)
        let kept = try daemon.connect().get("/settings")
        XCTAssertEqual(kept.value["intervalMs"], 700)
        XCTAssertEqual(kept.value["rows"], 12)
        XCTAssertEqual(daemon.terminate(), 0)

        // Given again, they win (a size resizes the saved world, its cells centred, as
        // `lifectl set size=` does); the rest of the settings stay.
        daemon = try Daemon(self, arguments: state + ["--size", "32x33", "--interval", "100ms"], socketPath: socketPath)
        let client = try daemon.connect()
        let settings = try client.get("/settings")
        XCTAssertEqual(settings.value["intervalMs"], 100)
        XCTAssertEqual(settings.value["rows"], 32)
        XCTAssertEqual(settings.value["cols"], 33)
        XCTAssertEqual(settings.value["display"]?["title"], "mine")
        XCTAssertEqual(try client.get("/simulation/gridState/grid/rows").value, 32, "the settings' size is the world's")
        XCTAssertEqual(daemon.terminate(), 0)
        XCTAssertTrue(daemon.stderrText().contains("the command line's --interval 100ms, --size 32x33 replace the saved world's settings"), daemon.stderrText())
    }

    func testTheOptionsFileSetsDefaultsAndTheCommandLineWins() throws {
        let folder = try makeTemporaryFolder(self)
        try FileManager.default.createDirectory(atPath: "\(folder)/config/lifed", withIntermediateDirectories: true)
        try "# the user's defaults\nsize 20x30\n--interval=250ms\nrule B36/S23\n".write(toFile: "\(folder)/config/lifed/lifed.conf", atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": "\(folder)/config"]
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--interval", "2s"], environment: environment)
        let settings = try daemon.connect().get("/settings")
        XCTAssertEqual(settings.value["rows"], 20)
        XCTAssertEqual(settings.value["cols"], 30)
        XCTAssertEqual(settings.value["rule"], "B36/S23")
        XCTAssertEqual(settings.value["intervalMs"], 2000, "the command line wins")
        XCTAssertEqual(daemon.terminate(), 0)
        XCTAssertTrue(daemon.stderrText().contains("read options from \(folder)/config/lifed/lifed.conf"))

        // A mistake in the file stops lifed with the file and line; a missing --config file too.
        try "size 20x30\nsize\n".write(toFile: "\(folder)/config/lifed/lifed.conf", atomically: true, encoding: .utf8)
        var env = clientEnvironment()
        env["XDG_CONFIG_HOME"] = "\(folder)/config"
        let bad = try runTool("lifed", ["--ephemeral", "--socket", "\(folder)/bad.sock"], environment: env)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("\(folder)/config/lifed/lifed.conf, line 2: size needs a value"), bad.stderr)
        let missing = try runTool("lifed", ["--ephemeral", "--socket", "\(folder)/bad.sock", "--config", "\(folder)/none.conf"], environment: env)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("cannot read the options file \(folder)/none.conf"), missing.stderr)
    }
}
