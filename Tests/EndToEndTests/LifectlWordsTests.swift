import DaemonTestSupport
import Foundation
import LifeJSON
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// The real lifectl against a real lifed: each error a person can cause is said in lifectl's
/// words (from the reply's field and refused, never the protocol's names), the exit codes stay
/// what scripts expect, and `--json` prints one documented JSON object per command (JSON lines
/// for `watch`), an error's with its code, message, field and refused.
final class LifectlWordsTests: XCTestCase {
    private func lifectl(_ daemon: Daemon, _ arguments: [String]) throws -> CommandResult {
        try runTool("lifectl", ["--socket", daemon.socketPath, "--no-start"] + arguments)
    }

    /// Runs `lifectl arguments`, which must fail with status 1 and say `line` on stderr, nothing on stdout.
    private func assertSays(_ daemon: Daemon, _ arguments: [String], _ line: String, file: StaticString = #filePath, lineNumber: UInt = #line) throws {
        let result = try lifectl(daemon, arguments)
        let command = "lifectl \(arguments.joined(separator: " "))"
        XCTAssertEqual(result.status, 1, "\(command): \(result.stderr)", file: file, line: lineNumber)
        XCTAssertEqual(result.stderr, "lifectl: \(line)\n", command, file: file, line: lineNumber)
        XCTAssertEqual(result.stdout, "", "\(command): an error prints nothing on stdout without --json", file: file, line: lineNumber)
    }

    /// Runs `lifectl arguments`, which must succeed; returns its stdout.
    @discardableResult
    private func succeeds(_ daemon: Daemon, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try lifectl(daemon, arguments)
        XCTAssertEqual(result.status, 0, "lifectl \(arguments.joined(separator: " ")): \(result.stderr)", file: file, line: line)
        return result.stdout
    }

    /// The one JSON object `lifectl --json arguments` prints, checking its exit status.
    private func json(_ daemon: Daemon, _ arguments: [String], status: Int32 = 0, file: StaticString = #filePath, line: UInt = #line) throws -> JSON {
        let result = try lifectl(daemon, ["--json"] + arguments)
        XCTAssertEqual(result.status, status, "lifectl --json \(arguments.joined(separator: " ")): \(result.stderr)", file: file, line: line)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 2, "one line, ended: \(result.stdout.debugDescription)", file: file, line: line)
        let object = try JSON(parsing: Array((lines.first ?? "").utf8))
        XCTAssertNotNil(object.objectValue, result.stdout, file: file, line: line)
        return object
    }

    private func version(_ daemon: Daemon) throws -> Int { try daemon.connect().get("").version }

    func testEveryRefusalAndArgumentErrorIsSaidInLifectlsWords() throws {
        // 20 x 20: a step of more than 500000 generations is a jump. A 60 s interval: the timer does not tick meanwhile.
        let daemon = try Daemon(self, arguments: ["--size", "20x20", "--interval", "60s", "--ephemeral"])
        // start and stop are idempotent, as systemctl's are: already there is success, said so.
        let before = try version(daemon)
        XCTAssertEqual(try succeeds(daemon, ["stop"]), "the timer is already stopped\n")
        let stop = try json(daemon, ["stop"], status: 0)
        XCTAssertEqual(stop["type"], "unchanged")
        XCTAssertEqual(stop["command"], "stop")
        XCTAssertEqual(stop["refused"], "timerStopped")
        XCTAssertEqual(stop["message"], "the timer is already stopped")
        XCTAssertEqual(try version(daemon), before, "nothing changed")
        // Other refusals still fail with the daemon's words kept in the JSON.
        let refused = try json(daemon, ["set", "interval=9ms"], status: 1)
        XCTAssertEqual(refused["type"], "error")
        XCTAssertEqual(refused["code"], "invalid-argument")
        XCTAssertEqual(refused["field"], "/action/intervalMs")
        XCTAssertNotNil(refused["message"]?.stringValue, "the daemon's own words stay in the JSON")

        // Settings out of range: named as typed, with the range as people write it; just past each limit.
        try assertSays(daemon, ["set", "interval=9ms"], "interval must be from 10ms to 60s, not 9ms")
        try assertSays(daemon, ["set", "interval=61s"], "interval must be from 10ms to 60s, not 61s")
        try assertSays(daemon, ["set", "size=2x80"], "size must be from 3x3 to 4096x4096 (ROWSxCOLS), not 2x80")
        try assertSays(daemon, ["set", "cols=4097"], "cols must be from 3 to 4096, not 4097")
        try assertSays(daemon, ["set", "density=0.96"], "density must be from 0.05 to 0.95, not 0.96")
        try assertSays(daemon, ["set", "rule=B9"], "rule \"B9\": 9 is not a neighbour count: a cell has at most 8 neighbours")
        try assertSays(daemon, ["set", "topology=sphere"], "topology must be torus or bounded, not sphere")
        try assertSays(daemon, ["set", "title=" + String(repeating: "t", count: 201)], "title must be one line of at most 200 characters")
        let interval = try json(daemon, ["set", "interval=5ms"], status: 1)
        XCTAssertEqual(interval["code"], "invalid-argument")
        XCTAssertEqual(interval["field"], "/action/intervalMs")
        // At the limits, all is taken.
        let limits = try succeeds(daemon, ["set", "interval=60s", "density=0.95", "cols=20", "title=" + String(repeating: "t", count: 200)])
        XCTAssertEqual(limits, "settings changed; the world is 20x20, its cells kept centred (version \(try version(daemon)))\n")
        // The same again changes nothing, and says so.
        let again = try succeeds(daemon, ["set", "interval=60s", "density=0.95", "cols=20"])
        XCTAssertEqual(again, "settings unchanged: they already were so (version \(try version(daemon)))\n")

        // Configurations: an empty list, a name or number that is not there, a pattern that does not fit.
        let noTitle = "no configuration is titled \"Unicorn\"; `lifectl configs` lists them, `lifectl configs fetch` fetches a list"
        try assertSays(daemon, ["configs", "load", "Unicorn"], noTitle)
        try assertSays(daemon, ["configs", "show", "Unicorn"], noTitle)
        try assertSays(
            daemon, ["configs", "load", "7"], "there is no configuration number 7; `lifectl configs` lists them by number, `lifectl configs fetch` fetches a list")
        XCTAssertEqual(try json(daemon, ["configs", "show", "7"], status: 1)["field"], "/index")
        XCTAssertEqual(try json(daemon, ["configs", "load", "7"], status: 1)["field"], "/action/index")
        XCTAssertTrue(try succeeds(daemon, ["configs", "fetch"]).hasPrefix("fetched "))
        try assertSays(
            daemon, ["configs", "load", "Gosper glider gun"],
            "Gosper glider gun does not fit on the grid; `lifectl configs load 'Gosper glider gun' --resize` grows the grid to hold it")
        XCTAssertEqual(try json(daemon, ["configs", "load", "Gosper glider gun"], status: 1)["field"], "/action/resize")
        XCTAssertEqual(
            try succeeds(daemon, ["configs", "load", "Gosper glider gun", "--resize"]),
            "loaded Gosper glider gun, centred on the grid (version \(try version(daemon)))\n")
        try succeeds(daemon, ["set", "size=20x20"])
        try succeeds(daemon, ["empty"])

        // The state: nothing at a pointer.
        try assertSays(daemon, ["get", "/nope"], "nothing in the state at /nope; `lifectl get` prints all of it")
        try assertSays(daemon, ["watch", "/nope"], "nothing in the state at /nope; `lifectl get` prints all of it")

        // While the timer runs (and keeps running: a step may settle the world).
        try succeeds(daemon, ["set", "autostop=off"])
        XCTAssertEqual(try succeeds(daemon, ["start"]), "started the timer (version \(try version(daemon)))\n")
        XCTAssertEqual(try succeeds(daemon, ["start"]), "the timer is already running\n")
        XCTAssertEqual(try json(daemon, ["start"], status: 0)["refused"], "timerRunning")
        for command in [["random"], ["empty"], ["reset"], ["set", "reset"], ["configs", "load", "Glider"]] {
            try assertSays(
                daemon, command, "`lifectl \(command.prefix(2).joined(separator: " "))` is refused while the timer runs; stop it with `lifectl stop` first")
        }
        try assertSays(daemon, ["set", "size=30x30"], "size cannot change while the timer runs; stop it with `lifectl stop` first")
        try assertSays(daemon, ["set", "interval=1s", "rule=B36/S23"], "rule cannot change while the timer runs; stop it with `lifectl stop` first")
        let running = try json(daemon, ["set", "rows=30"], status: 1)
        XCTAssertEqual(running["refused"], "timerRunning")
        XCTAssertEqual(running["field"], "/action/rows")
        try assertSays(
            daemon, ["step", "500001"],
            "500001 generations are more than lifed makes at once on this grid, so they would run as a jump in the background, which may not start while the timer runs; stop it with `lifectl stop` first, or step fewer")
        XCTAssertEqual(try succeeds(daemon, ["step", "500000"]), "stepped 500000 generations (version \(try version(daemon)))\n", "made at once")
        XCTAssertEqual(try succeeds(daemon, ["stop"]), "stopped the timer (version \(try version(daemon)))\n")
    }

    func testRefusalsWhileAJumpRunsSayHowToEndIt() throws {
        let daemon = try Daemon(self, arguments: ["--size", "4096x4096", "--seed", "3", "--ephemeral"])
        try succeeds(daemon, ["random"])
        XCTAssertEqual(try succeeds(daemon, ["cancel"]), "no jump was running (version \(try version(daemon)))\n")
        // A soup this large evolves for far longer than the test waits.
        let step = try startTool(self, "lifectl", ["--socket", daemon.socketPath, "--no-start", "step", "1000000000"])
        try daemon.waitForState(at: "/simulation/jump") { $0 != .null }

        let wait = "wait for it to end, or cancel it with `lifectl cancel`"
        try assertSays(daemon, ["tick"], "`lifectl tick` is refused while a jump runs; \(wait)")
        try assertSays(daemon, ["start"], "`lifectl start` is refused while a jump runs; \(wait)")
        try assertSays(daemon, ["set", "rule=B36/S23"], "rule cannot change while a jump runs; \(wait)")
        try assertSays(daemon, ["step"], "`lifectl step` is refused while a jump runs; \(wait)")
        let tick = try json(daemon, ["tick"], status: 1)
        XCTAssertEqual(tick["refused"], "jumpRunning")
        XCTAssertEqual(tick["code"], "not-allowed")

        let cancel = try succeeds(daemon, ["cancel"])
        XCTAssertEqual(cancel, "cancelled the jump; the grid is as it was before it (version \(try version(daemon)))\n")
        let stepped = step.finish()
        XCTAssertEqual(stepped.status, 1, "a jump another client cancels")
        let said = stepped.stderr
        XCTAssertTrue(said.contains("another client cancelled the jump (lifectl cancel, or x in lifewatch)"), said)
        XCTAssertFalse(said.contains("grid.cancelJump"), said)
    }

    /// `--json` on each command: one object a script parses, of the type the man page documents.
    func testEveryCommandPrintsOneJSONObject() throws {
        let folder = try makeTemporaryFolder(self)
        let daemon = try Daemon(self, arguments: ["--size", "20x20", "--interval", "60s", "--ephemeral"])
        func ack(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
            let reply = try json(daemon, arguments, file: file, line: line)
            XCTAssertEqual(reply["type"], "ack", "\(arguments)", file: file, line: line)
            XCTAssertEqual(reply["version"], .int(try version(daemon)), "\(arguments)", file: file, line: line)
        }
        for command in [["start"], ["stop"], ["tick"], ["step"], ["step", "3"], ["empty"], ["random"], ["reset"], ["cancel"], ["stats", "reset"],
            ["set", "interval=250ms", "title=json"], ["set", "reset"], ["configs", "clear"], ["configs", "cancel"]]
        {
            try ack(command)
        }
        let status = try json(daemon, ["status"])
        XCTAssertEqual(status["type"], "status")
        XCTAssertEqual(status["summary"]?["rows"], 20)
        for (command, path) in [(["get", "/settings/rule"], "/settings/rule"), (["stats"], "/statistics"), (["configs"], "/configurations")] {
            let state = try json(daemon, command)
            XCTAssertEqual(state["type"], "state", "\(command)")
            XCTAssertEqual(state["path"], .string(path), "\(command)")
            XCTAssertNotNil(state["value"], "\(command)")
        }
        XCTAssertEqual(try json(daemon, ["get", "/settings/rule"])["value"], "B3/S23")

        // A jump: only its outcome, not the ack before it (a million generations of 20 x 20 take a moment).
        let jump = try json(daemon, ["step", "1000000"])
        XCTAssertEqual(jump["type"], "jump")
        XCTAssertEqual(jump["outcome"], "finished")
        XCTAssertEqual(jump["target"], 1_000_000)
        XCTAssertEqual(jump["version"], .int(try version(daemon)))

        let fetch = try json(daemon, ["configs", "fetch"])
        XCTAssertEqual(fetch["type"], "fetch")
        XCTAssertEqual(fetch["outcome"], "fetched")
        let count = try daemon.connect().get("/configurations/configs").value.arrayValue?.count
        XCTAssertEqual(fetch["count"]?.intValue, count)
        XCTAssertEqual(fetch["version"], .int(try version(daemon)))
        let failed = try json(daemon, ["configs", "fetch", "file:///nonexistent/list.json"], status: 1)
        XCTAssertEqual(failed["outcome"], "failed")
        XCTAssertTrue(failed["error"]?.stringValue?.contains("/nonexistent/list.json") == true, failed.text)

        _ = try json(daemon, ["configs", "fetch"])
        let shown = try json(daemon, ["configs", "show", "Glider"])
        XCTAssertEqual(shown["type"], "configuration")
        XCTAssertEqual(shown["configuration"]?["title"], "Glider")
        try ack(["configs", "load", "Glider"])

        let path = "\(folder)/blinker.rle"
        try "#N Blinker\nx = 3, y = 1, rule = B3/S23\n3o!\n".write(toFile: path, atomically: true, encoding: .utf8)
        let loaded = try json(daemon, ["load", path, "--keep"])
        XCTAssertEqual(
            loaded,
            [
                "type": "load", "loaded": .string(path), "title": "Blinker", "rows": 20, "cols": 20, "population": 3, "rule": "B3/S23",
                "kept": true, "version": .int(try version(daemon)),
            ])
        let saved = try json(daemon, ["save", "\(folder)/out.cells"])
        XCTAssertEqual(saved, ["type": "save", "saved": .string("\(folder)/out.cells"), "format": "plaintext", "rows": 20, "cols": 20, "population": 3])

        // Errors: the daemon's error object (exit 1); what fails here prints nothing on stdout.
        try ack(["start"])
        let refused = try json(daemon, ["random"], status: 1)
        XCTAssertEqual(Set(refused.objectValue?.keys.map { $0 } ?? []), ["type", "id", "code", "message", "refused"])
        let missing = try lifectl(daemon, ["--json", "load", "\(folder)/missing.rle"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stdout, "")
        let conflict = try lifectl(daemon, ["--json", "watch", "--format", "text"])
        XCTAssertEqual(conflict.status, 2, conflict.stderr)

        // watch: JSON lines, a snapshot then a diff per change, until the daemon says goodbye.
        let watch = try startTool(self, "lifectl", ["--socket", daemon.socketPath, "--no-start", "--json", "watch", "/simulation/gridState/ticks"])
        let client = try daemon.connect()
        // The watcher is subscribed once status counts its subscription.
        try daemon.waitForStatus("the watcher's subscription", ask: { try statusInfo(client) }, until: { $0["subscriptions"] != 0 })
        try ack(["stop"])
        try ack(["tick"])
        XCTAssertEqual(try json(daemon, ["shutdown"])["type"], "ack")
        let watched = watch.finish()
        XCTAssertEqual(watched.status, 0, watched.stderr)
        let lines = watched.stdout.split(separator: "\n")
        let messages = try lines.map { try ServerMessage(json: try JSON(parsing: Array($0.utf8))) }
        guard case .snapshot = messages.first else { return XCTFail("\(lines)") }
        XCTAssertTrue(messages.dropFirst().contains { if case .diff = $0 { return true } else { return false } }, "\(lines)")
    }
}
