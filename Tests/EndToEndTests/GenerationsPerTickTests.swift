import DaemonTestSupport
import Foundation
import Glibc
import LifeClient
import LifeJSON
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// `settings.generationsPerTick` with the real binaries: N generations a tick are N single steps;
/// a tick longer than the interval skips the beats that fall due meanwhile instead of piling them
/// up, while everyone else is served; the limits; and a big tick survives a kill -9.
final class GenerationsPerTickTests: XCTestCase {
    private func ack(_ reply: ServerMessage, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        guard case .ack = reply else { return XCTFail("\(what): \(reply)", file: file, line: line) }
    }

    /// Three ticks of 37 generations (a client's, then the timer's) are 111 single steps of the
    /// same seed on another daemon, cell for cell, with the same statistics and settling.
    func testNGenerationsATickAreNSingleSteps() throws {
        let arguments = ["--ephemeral", "--size", "64x64", "--seed", "9"]
        let ticking = try Daemon(self, arguments: arguments)
        let stepping = try Daemon(self, arguments: arguments)
        let client = try ticking.connect()
        ack(try client.dispatch("settings.update", ["generationsPerTick": 37, "autoStop": false, "intervalMs": 10]), "settings")
        for _ in 0..<2 { ack(try client.dispatch("simulation.tick"), "tick") }
        // The third from the timer: started, and stopped once it has ticked.
        ack(try client.dispatch("simulation.startTimer"), "start")
        try ticking.waitForState(at: "/simulation/gridState/ticks") { ($0.intValue ?? 0) >= 3 }
        ack(try client.dispatch("simulation.stopTimer"), "stop")
        let ticks = try client.get("/simulation/gridState/ticks").value.intValue ?? 0
        let other = try stepping.connect()
        for _ in 0..<(37 * ticks) { ack(try other.dispatch("grid.step"), "step") }
        let ticked = try client.get("").value
        let stepped = try other.get("").value
        XCTAssertEqual(ticked["statistics"], stepped["statistics"])
        XCTAssertEqual(ticked["statistics"]?["steps"], .int(37 * ticks))
        XCTAssertEqual(ticked["simulation"]?["gridState"]?["grid"], stepped["simulation"]?["gridState"]?["grid"])
        XCTAssertEqual(ticked["simulation"]?["status"], stepped["simulation"]?["status"])
        XCTAssertEqual(ticked["simulation"]?["gridState"]?["ticks"], .int(ticks))
        XCTAssertEqual(stepped["simulation"]?["gridState"]?["ticks"], 0)
    }

    /// Ticks of 60 generations of a 2048 x 2048 soup (250 million cell updates each, more than what
    /// one action computes at once) run in the background, far longer than the 10 ms interval: the
    /// beats meanwhile are skipped (status counts them), each tick adds exactly 60 generations,
    /// pings are answered while a tick is computed, and once the timer stops nothing more comes.
    func testATickLongerThanTheIntervalSkipsBeatsAndDoesNotPileUp() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--size", "2048x2048", "--seed", "2", "--interval", "10ms"])
        let client = try daemon.connect()
        ack(try client.dispatch("settings.update", ["generationsPerTick": 60, "autoStop": false]), "settings")
        ack(try client.dispatch("simulation.startTimer"), "start")
        var pongsDuringATick = 0
        try daemon.waitForStatus(
            "two ticks and a skipped beat",
            ask: {
                guard case .pong = try client.request(.ping) else { throw Connection.Failure.protocolViolation("no pong") }
                if try client.get("/simulation/jump").value != .null { pongsDuringATick += 1 }
                return try statusInfo(client)
            },
            until: { ($0["timer"]?["ticks"]?.intValue ?? 0) >= 2 && ($0["timer"]?["beatsSkipped"]?.intValue ?? 0) >= 1 })
        ack(try client.dispatch("simulation.stopTimer"), "stop")
        // The tick in flight, if any, ends (its result is installed); then nothing more.
        try daemon.waitForState(at: "/simulation/jump") { $0 == .null }
        let ticks = try client.get("/simulation/gridState/ticks").value.intValue ?? 0
        XCTAssertEqual(try client.get("/statistics/steps").value, .int(60 * ticks), "every tick made exactly 60 generations")
        XCTAssertGreaterThan(pongsDuringATick, 0, "a bystander was answered while a tick was computed")
        guard case .pong = try client.request(.ping) else { return XCTFail("no pong") }
        let status = try statusInfo(client)
        XCTAssertEqual(status["summary"]?["ticks"], .int(ticks), "no beat was queued behind the ticks")
        XCTAssertEqual(status["timer"]?["ticks"], .int(ticks))
        XCTAssertEqual(status["summary"]?["generationsPerTick"], 60)
        XCTAssertGreaterThan(status["timer"]?["beatsSkipped"]?.intValue ?? 0, 0)
        XCTAssertEqual(try client.get("/simulation/isRunningTimer").value, false)
    }

    /// A daemon stopped for 300 ms (SIGSTOP, as when its machine is paused) misses the timer's
    /// beats meanwhile: when it runs again it ticks once, not once a missed beat, counts each
    /// missed beat in status's `beatsSkipped`, and goes on ticking.
    func testBeatsMissedWhileTheDaemonWasStoppedAreSkippedAndCounted() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--size", "64x64", "--seed", "3", "--interval", "10ms"])
        let client = try daemon.connect()
        ack(try client.dispatch("settings.update", ["autoStop": false]), "settings")
        ack(try client.dispatch("simulation.startTimer"), "start")
        try daemon.waitForStatus("two ticks", ask: { try statusInfo(client) }, until: { ($0["timer"]?["ticks"]?.intValue ?? 0) >= 2 })
        let before = try statusInfo(client)["timer"]?["beatsSkipped"]?.intValue ?? 0
        let pid = daemon.process.processIdentifier
        XCTAssertEqual(kill(pid, SIGSTOP), 0)
        usleep(300_000)  // the pause itself, not a wait for an event: 30 beats of 10 ms go by
        XCTAssertEqual(kill(pid, SIGCONT), 0)
        // The first beat after the pause finds at least 28 beats of its cadence gone by unrun.
        try daemon.waitForStatus(
            "the missed beats counted", ask: { try statusInfo(client) },
            until: { ($0["timer"]?["beatsSkipped"]?.intValue ?? 0) >= before + 28 })
        let ticks = try statusInfo(client)["timer"]?["ticks"]?.intValue ?? 0
        try daemon.waitForStatus(
            "ticks after the pause", ask: { try statusInfo(client) }, until: { ($0["timer"]?["ticks"]?.intValue ?? 0) >= ticks + 3 })
        ack(try client.dispatch("simulation.stopTimer"), "stop")
        let status = try statusInfo(client)
        XCTAssertEqual(status["summary"]?["ticks"], status["timer"]?["ticks"], "every tick installed is counted once")
    }

    /// 1,000,000 generations a tick are accepted, 1,000,001 refused with the field and the range,
    /// by the daemon and in lifectl's words.
    func testAMillionGenerationsATickAreAcceptedAndOneMoreIsRefused() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral"])
        let client = try daemon.connect()
        guard case .error(_, "invalid-argument", let message, let details) = try client.dispatch("settings.update", ["generationsPerTick": 1_000_001]) else {
            return XCTFail("1,000,001 generations a tick were not refused")
        }
        XCTAssertEqual(message, "generationsPerTick must be an integer from 1 to 1000000, not 1000001")
        XCTAssertEqual(details.field, "/action/generationsPerTick")
        let refused = try runTool("lifectl", ["--socket", daemon.socketPath, "--no-start", "set", "step=1000001"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("step must be from 1 to 1000000 generations a tick, not 1000001"), refused.stderr)
        let accepted = try runTool("lifectl", ["--socket", daemon.socketPath, "--no-start", "set", "step=1000000"])
        XCTAssertEqual(accepted.status, 0, accepted.stderr)
        XCTAssertEqual(try client.get("/settings/generationsPerTick").value, 1_000_000)
        let status = try runTool("lifectl", ["--socket", daemon.socketPath, "--no-start", "status"])
        XCTAssertTrue(status.stdout.contains("1000000 generations a tick"), status.stdout)
    }

    /// A tick computed at once and a tick of 500 generations of 1024 x 1024 (computed in the
    /// background) come back after a kill -9 exactly as they were: the journal replays the one
    /// and installs the other's result.
    func testTicksOfManyGenerationsSurviveAKillNine() throws {
        let folder = try makeTemporaryFolder(self)
        let arguments = ["--state-dir", "\(folder)/state", "--size", "1024x1024", "--seed", "5"]
        let socketPath = "\(folder)/lifed.sock"
        var daemon = try Daemon(self, arguments: arguments, socketPath: socketPath)
        var client = try daemon.connect()
        ack(try client.dispatch("settings.update", ["generationsPerTick": 100, "autoStop": false]), "at once")
        ack(try client.dispatch("simulation.tick"), "tick at once")
        ack(try client.dispatch("settings.update", ["generationsPerTick": 500]), "in the background")
        ack(try client.dispatch("simulation.tick"), "tick in the background")
        try daemon.waitForState(at: "/simulation/gridState/ticks") { $0 == 2 }
        let before = try client.get("")
        XCTAssertEqual(before.value["statistics"]?["steps"], 600)
        XCTAssertEqual(before.value["simulation"]?["jump"], .null)
        daemon.kill9()

        daemon = try Daemon(self, arguments: arguments, socketPath: socketPath)
        client = try daemon.connect()
        let restored = try client.get("")
        XCTAssertGreaterThanOrEqual(restored.version, before.version)
        XCTAssertEqual(restored.value["simulation"]?["gridState"], before.value["simulation"]?["gridState"])
        XCTAssertEqual(restored.value["statistics"], before.value["statistics"])
        XCTAssertEqual(restored.value["settings"]?["generationsPerTick"], 500)
        XCTAssertEqual(restored.value["simulation"]?["status"], before.value["simulation"]?["status"])
    }
}
