import DaemonTestSupport
import Foundation
import Glibc
import LifeClient
import LifeJSON
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// Jumps with the real binaries: `lifectl step N` of more generations than one action computes
/// at once runs in the background while everyone else is served, ends in one version, is
/// cancelled by Ctrl-C or by another client, refuses what would change the grid meanwhile, and
/// a kill -9 during one loses nothing acknowledged.
final class JumpTests: XCTestCase {
    /// A blinker on a 4096 x 4096 torus, as an RLE.
    private static let blinker4096 = "x = 3, y = 1, rule = B3/S23:T4096,4096\n3o!"

    /// Starts `lifectl step N`.
    private func startStep(_ daemon: Daemon, _ generations: Int) throws -> RunningTool {
        try startTool(self, "lifectl", ["--socket", daemon.socketPath, "--no-start", "step", String(generations)])
    }

    /// Waits until `/simulation/jump` is a jump (with some progress when `progressed`): a
    /// subscription's versions are the events (the jump's progress is a new version a few times
    /// a second). `client` is the test's; the wait has its own connection.
    private func waitForJump(_ daemon: Daemon, progressed: Bool = false) throws -> JSON {
        try daemon.waitForState(at: "/simulation/jump") { jump in jump != .null && (!progressed || (jump["done"]?.intValue ?? 0) > 0) }.value
    }

    /// `lifectl step 1000000` on a 4096 x 4096 world ends with status 0 while another client's
    /// pings are answered, and the world is where a million generations take it.
    func testAMillionGenerationsOf4096SquaredFinishWhileAnotherClientIsAnswered() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral"])
        let client = try daemon.connect()
        guard case .ack = try client.dispatch("simulation.setGrid", ["rle": .string(Self.blinker4096)]) else { return XCTFail("setGrid") }
        let step = try startStep(daemon, 1_000_000)
        _ = try waitForJump(daemon)
        var pongs = 0
        var pongsDuringTheJump = 0
        while step.process.isRunning {
            guard case .pong = try client.request(.ping) else { return XCTFail("no pong") }
            pongs += 1
            // Answered while the jump still ran (the state says so), so it did not wait for the
            // jump: the daemon's own account, not a duration.
            if try client.get("/simulation/jump").value != .null { pongsDuringTheJump += 1 }
        }
        let result = step.finish()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("stepped 1000000 generations in "), result.stdout)
        // The version the jump ended at: after however many progress reports the machine's speed made.
        let ended = try client.get("/simulation/jump")
        XCTAssertEqual(ended.value, .null)
        XCTAssertTrue(result.stdout.hasSuffix(" (version \(ended.version))\n"), result.stdout)
        XCTAssertGreaterThan(pongs, 0)
        XCTAssertGreaterThan(pongsDuringTheJump, 0, "the other client was answered while the jump ran")
        XCTAssertEqual(try client.get("/simulation/jump").value, .null)
        XCTAssertEqual(try client.get("/statistics/steps").value, 1_000_000)
        XCTAssertEqual(try client.get("/statistics/empty").value, .int(1_000_000 * (4096 * 4096 - 5)), "5 cells are not empty in each phase")
        XCTAssertEqual(try client.get("/simulation/status").value, "oscillating")
        // The blinker sits where Golly puts a 3x1 pattern in a 4096 x 4096 world: row 2048, columns 2047-2049.
        let middle = try client.get("/simulation/gridState/grid/cells/2048").value.stringValue.map { Array($0)[2046...2050] }
        XCTAssertEqual(middle.map { String($0) }, ".+O+.", "an even phase: horizontal again")
    }

    /// A jump through the daemon ends exactly where steps that one action computes at once end
    /// (a soup that settles on the way: its repeat is skipped by one, computed by the other).
    func testAJumpEndsWhereStepsAtOnceEnd() throws {
        var worlds: [JSON] = []
        for steps in [[40_000], [12_207, 12_207, 12_207, 3379]] {
            let daemon = try Daemon(self, arguments: ["--ephemeral", "--size", "128x128", "--seed", "7"])
            for generations in steps {
                let result = try runTool("lifectl", ["--socket", daemon.socketPath, "--no-start", "step", String(generations)])
                XCTAssertEqual(result.status, 0, result.stderr)
            }
            worlds.append(try daemon.connect().get("").value)
        }
        // The histories differ as the requests did: one step of 40000, four steps.
        XCTAssertEqual(worlds.map { $0["history"]?["entries"]?.arrayValue?.count }, [1, 4])
        XCTAssertEqual(worlds[0].removingMember("history"), worlds[1].removingMember("history"))
        XCTAssertEqual(worlds[0]["statistics"]?["steps"], 40_000)
    }

    /// The largest step is 10^9 generations; one more is refused, by lifectl and by the daemon.
    func testTheLargestStepIsAcceptedAndOneMoreIsRefused() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral"])
        let client = try daemon.connect()
        guard case .ack = try client.dispatch("simulation.setGrid", ["rle": "x = 3, y = 1, rule = B3/S23:T10,10\n3o!"]) else { return XCTFail("setGrid") }
        let refused = try runTool("lifectl", ["--socket", daemon.socketPath, "--no-start", "step", "1000000001"])
        XCTAssertEqual(refused.status, 1, "out of range, as the daemon's refusal is")
        XCTAssertTrue(refused.stderr.contains("from 1 to 1000000000"), refused.stderr)
        guard case .error(_, "invalid-argument", let message, _) = try client.dispatch("grid.step", ["generations": 1_000_000_001]) else {
            return XCTFail("10^9 + 1 generations were not refused")
        }
        XCTAssertTrue(message.contains("from 1 to 1000000000"), message)
        let largest = try runTool("lifectl", ["--socket", daemon.socketPath, "--no-start", "step", "1000000000"])
        XCTAssertEqual(largest.status, 0, largest.stderr)
        XCTAssertEqual(try client.get("/statistics/steps").value, 1_000_000_000)
    }

    /// Ctrl-C cancels the jump: lifectl sends grid.cancelJump and exits with 130, and the world
    /// is as it was. A jump another client cancels ends lifectl with status 1.
    func testCtrlCAndAnotherClientCancelTheJump() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--size", "1024x1024", "--seed", "3"])
        let client = try daemon.connect()
        let before = try client.get("/statistics").value
        let firstRow = try client.get("/simulation/gridState/grid/cells/0").value

        let interrupted = try startStep(daemon, 1_000_000)
        _ = try waitForJump(daemon, progressed: true)
        interrupted.process.interrupt()
        let result = interrupted.finish()
        XCTAssertEqual(result.status, 130, result.stderr)
        XCTAssertTrue(result.stderr.contains("cancelled: the jump stopped after"), result.stderr)
        XCTAssertTrue(result.stderr.contains("the grid is as it was before it"), result.stderr)
        XCTAssertEqual(try client.get("/simulation/jump").value, .null)
        XCTAssertEqual(try client.get("/statistics").value, before)
        XCTAssertEqual(try client.get("/simulation/gridState/grid/cells/0").value, firstRow)

        let cancelled = try startStep(daemon, 1_000_000)
        _ = try waitForJump(daemon)
        let cancel = try runTool("lifectl", ["--socket", daemon.socketPath, "--no-start", "cancel"])
        XCTAssertEqual(cancel.status, 0, cancel.stderr)
        let other = cancelled.finish()
        XCTAssertEqual(other.status, 1, other.stderr)
        XCTAssertTrue(other.stderr.contains("another client cancelled the jump (lifectl cancel, or x in lifewatch)"), other.stderr)
        XCTAssertEqual(cancel.stdout, "cancelled the jump; the grid is as it was before it (version \(try client.get("").version))\n")
        XCTAssertEqual(try client.get("/statistics").value, before)
    }

    /// While a jump runs, whatever would change the grid is refused with not-allowed and a
    /// reason; the rest is served, and watchers get their diffs.
    func testWhatWouldChangeTheGridIsRefusedDuringAJumpAndTheRestIsServed() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--size", "1024x1024", "--seed", "4"])
        let client = try daemon.connect()
        guard case .ack = try client.dispatch("configurations.fetch") else { return XCTFail("fetch") }
        let watcher = try daemon.connect()
        guard case .snapshot = try watcher.request(.subscribe(path: JSONPointer(tokens: ["settings", "display"]))) else { return XCTFail("subscribe") }
        guard case .ack = try client.dispatch("grid.step", ["generations": 1_000_000]) else { return XCTFail("the jump did not start") }
        let refused: [(String, [String: JSON])] = [
            ("grid.step", [:]), ("grid.step", ["generations": 1000]), ("simulation.tick", [:]), ("simulation.startTimer", [:]),
            ("simulation.resetGridToEmpty", [:]), ("simulation.resetGridToRandom", [:]), ("simulation.setGrid", ["rle": "x = 3, y = 1\n3o!"]),
            ("configurations.load", ["index": 0]), ("settings.update", ["rule": "B36/S23"]), ("settings.update", ["cols": 99]),
            ("settings.reset", [:]),
        ]
        for (type, parameters) in refused {
            guard case .error(_, "not-allowed", let message, _) = try client.dispatch(type, parameters) else {
                return XCTFail("\(type) \(parameters) was not refused")
            }
            XCTAssertTrue(message.contains("while a jump runs"), message)
            XCTAssertTrue(message.contains("grid.cancelJump"), message)
        }
        guard case .ack = try client.dispatch("settings.update", ["display": ["title": "jumping"]]) else { return XCTFail("title") }
        guard case .diff(_, _, _, let patch) = try watcher.receive() else { return XCTFail("the watcher got no diff") }
        XCTAssertEqual(patch.first?.json["value"], "jumping")
        guard case .ack = try client.dispatch("statistics.reset") else { return XCTFail("statistics.reset") }
        guard case .ack = try client.dispatch("grid.cancelJump") else { return XCTFail("cancel") }
        guard case .ack = try client.dispatch("simulation.tick") else { return XCTFail("after the jump the grid changes again") }
    }

    /// kill -9 during a jump, then a restart: every acknowledged change is there (a jump that
    /// finished before, a change made during the jump), the jump in flight is gone, and no
    /// version is used twice.
    func testKillNineDuringAJumpLosesNothingAcknowledged() throws {
        let folder = try makeTemporaryFolder(self)
        let arguments = ["--state-dir", "\(folder)/state", "--size", "1024x1024", "--seed", "5"]
        let socketPath = "\(folder)/lifed.sock"
        var daemon = try Daemon(self, arguments: arguments, socketPath: socketPath)
        var client = try daemon.connect()
        // A jump that ends (a blinker's repeat is skipped), then one that runs on.
        guard case .ack = try client.dispatch("simulation.setGrid", ["rle": "x = 3, y = 1, rule = B3/S23:T1024,1024\n3o!"]) else { return XCTFail("setGrid") }
        let finished = try runTool("lifectl", ["--socket", socketPath, "--no-start", "step", "1000001"])
        XCTAssertEqual(finished.status, 0, finished.stderr)
        guard case .ack = try client.dispatch("simulation.resetGridToRandom") else { return XCTFail("random") }
        let settled = try client.get("")
        guard case .ack = try client.dispatch("grid.step", ["generations": 1_000_000]) else { return XCTFail("the jump did not start") }
        _ = try waitForJump(daemon, progressed: true)
        guard case .ack(_, let lastAck) = try client.dispatch("configurations.add", ["title": "during", "contents": [[0, 0]]]) else {
            return XCTFail("configurations.add")
        }
        daemon.kill9()

        daemon = try Daemon(self, arguments: arguments, socketPath: socketPath)
        client = try daemon.connect()
        let restored = try client.get("")
        XCTAssertGreaterThan(restored.version, lastAck)
        XCTAssertEqual(restored.value["simulation"]?["jump"], .null, "the jump in flight is gone")
        XCTAssertEqual(restored.value["statistics"], settled.value["statistics"], "the finished jump counted, the lost one not")
        XCTAssertEqual(restored.value["statistics"]?["steps"], 1_000_001)
        XCTAssertEqual(restored.value["simulation"]?["gridState"], settled.value["simulation"]?["gridState"], "the grid is as it was before the lost jump")
        XCTAssertEqual(restored.value["configurations"]?["configs"]?.arrayValue?.last?["title"], "during")
        XCTAssertTrue(daemon.stderrText().contains("a jump of 1000000 generations was in flight"), daemon.stderrText())
        // And the world moves again.
        guard case .ack = try client.dispatch("simulation.tick") else { return XCTFail("tick") }
    }
}
