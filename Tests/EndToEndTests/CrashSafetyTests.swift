import DaemonTestSupport
import Foundation
import Glibc
import LifeGrid
import LifeJSON
import LifePatterns
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// `lifed` keeps its world on disk: killed with SIGKILL at any moment (compacting its journal
/// too), it comes back with the state of the last acknowledged change (or of a change it had not
/// acknowledged yet), never reuses a version it showed, and its state folder always loads. Bad
/// state files are moved aside, never lost.
final class CrashSafetyTests: XCTestCase {
    // MARK: The kill loop

    /// Drives a random stream of acknowledged actions, kills the daemon with SIGKILL at random
    /// moments (between actions, with an action in flight, while the timer ticks), restarts it
    /// on the same state folder and checks what it restored.
    ///
    /// What "the last acknowledged state, or a later one" allows. One client sends one action
    /// at a time; an ack is only written once the change it acknowledges is on disk (ticks
    /// aside, which are saved every few seconds). So at a kill:
    /// * every acked action is restored, and the restored version is above every version shown;
    /// * the one action in flight (sent, its reply not received) may or may not have been applied;
    /// * nothing else changes the state except timer ticks: with the timer stopped the
    ///   restored state is exactly the last acked one or exactly that plus the action in flight;
    ///   with it running, ticks may come and go, so only what ticks cannot touch (the settings,
    ///   the configurations, whether the timer runs) is compared.
    func testKillNineAtRandomMomentsLosesNoAcknowledgedChange() throws {
        // Printed; LIFE_TEST_SEED replays it.
        let seed = TestSeed.make(self)
        var random = SeededRandom(seed: seed)
        let folder = try makeTemporaryFolder(self)
        let stateDir = "\(folder)/state"
        let socketPath = "\(folder)/lifed.sock"
        // --interval only at the first start: given again, it would replace the saved interval.
        let arguments = ["--state-dir", stateDir, "--seed", "\(seed % 1000)", "--log-level", "debug"]
        // Compact after every few kilobytes of journal, so that many kills land during a compaction.
        let compactingOften = ["LIFED_COMPACTION_BYTES": "1"]
        // Every round runs, however slow the machine: a time budget made the count of kills (and
        // the assertion on it) depend on the load.
        let kills = 60

        var daemon = try Daemon(self, arguments: arguments + ["--interval", "10ms"], socketPath: socketPath, environment: compactingOften)
        var driver = try daemon.connect()
        // The timer never stops by itself, so whether it runs depends on our actions alone.
        XCTAssertTrue(isAck(try driver.dispatch("settings.update", ["autoStop": false])))
        var last = try Snapshot(driver.get(""))
        var highestShown = last.version
        var compactions = 0

        var survived = 0
        var appliedInFlight = 0
        var lostInFlight = 0
        var ackedAfterKill = 0
        var killedWhileRunning = 0
        for round in 0..<kills {
            // A few acknowledged actions, each followed by a get (the exact state while the timer is stopped).
            for _ in 0..<random.below(6) {
                let action = randomAction(&random)
                let reply = try driver.dispatch(action.type, action.parameters)
                guard isAckOrRefusal(reply) else { return XCTFail("round \(round): \(action.type) got \(reply)") }
                let after = try Snapshot(driver.get(""))
                highestShown = max(highestShown, after.version)
                if case .ack(_, let version) = reply {
                    XCTAssertLessThanOrEqual(version, after.version)
                    last = after.withAckVersion(version)
                } else {
                    last = after.withAckVersion(last.ackVersion)
                }
            }

            // The kill: with an action in flight (most rounds), or between actions. The pauses
            // choose when the kill lands (chaos, from the seed); nothing waits on them.
            var inFlight: RandomAction?
            if random.below(4) != 0 {
                let action = randomAction(&random)
                try driver.send(ClientRequest(id: "in-flight", kind: .dispatch(action: action.json)))
                inFlight = action
                switch random.below(3) {
                case 0: break
                case 1: usleep(UInt32(random.below(300)))
                default: usleep(UInt32(500 + random.below(3000)))
                }
            } else if last.timerRunning {
                usleep(UInt32(random.below(30_000)))
            }
            kill(daemon.process.processIdentifier, SIGKILL)
            daemon.process.waitUntilExit()
            XCTAssertEqual(daemon.process.terminationReason, .uncaughtSignal)

            // Did the in-flight action's reply make it out before the kill?
            var candidates: [Expectation] = [.unchanged]
            if let action = inFlight {
                switch try? driver.receive() {
                case .ack(_, let version)?:
                    // Acknowledged, so durable: the state before it is no longer allowed.
                    ackedAfterKill += 1
                    highestShown = max(highestShown, version)
                    candidates = [.applied(action, ackVersion: version)]
                case .error?:
                    candidates = [.unchanged]  // refused: nothing changed
                case nil:
                    candidates = [.unchanged, .applied(action, ackVersion: nil)]
                case let other?:
                    return XCTFail("round \(round): unexpected reply \(other)")
                }
            }

            compactions += daemon.stderrText().components(separatedBy: "lifed: compacted").count - 1
            // The folder loads, whatever moment the kill hit (the daemon refuses to start otherwise).
            daemon = try Daemon(self, arguments: arguments, socketPath: socketPath, environment: compactingOften)
            driver = try daemon.connect()
            let restored = try Snapshot(driver.get(""))
            XCTAssertGreaterThan(restored.version, highestShown, "round \(round): a version shown before the kill is handed out again")
            let matches = candidates.filter { $0.allows(restored, after: last) }
            if matches.isEmpty {
                let described = candidates.map { "\($0)" }.joined(separator: " or ")
                XCTFail("""
                    round \(round) (LIFE_TEST_SEED=\(seed)): the restored state is none of: \(described)
                    last acked (ack version \(last.ackVersion), timer \(last.timerRunning ? "running" : "stopped")), \
                    then restored (version \(restored.version)); what differs:
                    \(differences(last.value, restored.value).joined(separator: "\n"))
                    \(last.history == restored.history ? "" : "history: \(last.history.text)\n  -> \(restored.history.text)")
                    """)
                return
            }
            if candidates.count > 1 {
                if case .applied? = matches.first { appliedInFlight += 1 } else { lostInFlight += 1 }
            }
            if last.timerRunning { killedWhileRunning += 1 }
            survived += 1
            last = restored
            highestShown = restored.version
        }
        print("""
            CrashSafetyTests: survived \(survived) kills (\(killedWhileRunning) with the timer running; of the unacknowledged \
            actions in flight \(appliedInFlight) were applied and \(lostInFlight) not; \(ackedAfterKill) acked just before the kill; \
            \(compactions) compactions finished)
            """)
        XCTAssertGreaterThanOrEqual(survived, 30, "too few kills in the time allowed")
        XCTAssertGreaterThan(compactions, 0, "the journal was compacted while the daemon was being killed")

        // Nothing was ever set aside as corrupt, and the last daemon shuts down cleanly.
        let names = try FileManager.default.contentsOfDirectory(atPath: stateDir)
        XCTAssertFalse(names.contains { $0.contains("corrupt") || $0.contains("orphaned") || $0.contains("unreadable") }, "\(names)")
        let leftovers = names.filter { $0.contains(".tmp-") }
        if !leftovers.isEmpty {
            // A kill between creating the temporary file and renaming it leaves it behind until
            // the next daemon's start-up removes it. Harmless to the state; reported, not failed.
            print("CrashSafetyTests: \(leftovers.count) temporary state files left by killed daemons: \(leftovers.sorted())")
        }
        XCTAssertEqual(daemon.terminate(), 0)
    }

    // MARK: Bad state files

    func testACorruptStateFileIsMovedAsideAndTheDaemonStartsFromDefaults() throws {
        let folder = try makeTemporaryFolder(self)
        let stateDir = "\(folder)/state"
        try FileManager.default.createDirectory(atPath: stateDir, withIntermediateDirectories: true)
        let garbage = Data("{\"format\":1,\"version\":12,\"state\":{\"simulation\":".utf8)
        XCTAssertTrue(FileManager.default.createFile(atPath: "\(stateDir)/state.json", contents: garbage))

        let daemon = try Daemon(self, arguments: ["--state-dir", stateDir, "--seed", "3"])
        let state = try daemon.connect().get("")
        XCTAssertEqual(state.version, 0, "a fresh world")
        XCTAssertEqual(state.value["settings"]?["display"]?["title"], "Welcome")
        XCTAssertEqual(state.value["configurations"]?["configs"], .array([]))
        XCTAssertEqual(state.value["simulation"]?["gridState"]?["ticks"], 0)

        let names = try FileManager.default.contentsOfDirectory(atPath: stateDir)
        let aside = names.filter { $0.contains("corrupt") }
        XCTAssertEqual(aside.count, 1, "\(names)")
        if let name = aside.first {
            XCTAssertEqual(FileManager.default.contents(atPath: "\(stateDir)/\(name)"), garbage, "kept byte for byte")
        }
        XCTAssertEqual(daemon.terminate(), 0)
        let stderr = daemon.stderrText()
        XCTAssertTrue(stderr.contains("unusable") && stderr.contains("started from defaults"), stderr)
        // The daemon saved its new world beside the bad one, in the journal's format.
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(stateDir)/snapshot"))
    }

    func testAStateFileOfAnUnknownFormatIsMovedAside() throws {
        let folder = try makeTemporaryFolder(self)
        let stateDir = "\(folder)/state"
        try FileManager.default.createDirectory(atPath: stateDir, withIntermediateDirectories: true)
        let future = Data("{\"format\":99,\"version\":5,\"state\":{\"from\":\"the future\"}}".utf8)
        XCTAssertTrue(FileManager.default.createFile(atPath: "\(stateDir)/state.json", contents: future))

        let daemon = try Daemon(self, arguments: ["--state-dir", stateDir, "--seed", "3"])
        XCTAssertEqual(try daemon.connect().get("").version, 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: stateDir)
        let aside = names.filter { $0.contains("unknown-format") }
        XCTAssertEqual(aside.count, 1, "\(names)")
        XCTAssertFalse(names.contains { $0.contains("corrupt") }, "\(names)")
        if let name = aside.first {
            XCTAssertEqual(FileManager.default.contents(atPath: "\(stateDir)/\(name)"), future)
        }
        XCTAssertEqual(daemon.terminate(), 0)
        XCTAssertTrue(daemon.stderrText().contains("format 99"))
    }

    func testEphemeralWritesNothingToTheStateFolder() throws {
        let folder = try makeTemporaryFolder(self)
        let stateDir = "\(folder)/state"
        try FileManager.default.createDirectory(atPath: stateDir, withIntermediateDirectories: true)
        // Given both, --ephemeral wins: the folder stays empty, whatever happens.
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--state-dir", stateDir, "--interval", "10ms"])
        let driver = try daemon.connect()
        XCTAssertTrue(isAck(try driver.dispatch("grid.step", ["generations": 3])))
        XCTAssertTrue(isAck(try driver.dispatch("settings.update", ["display": ["title": "not saved"]])))
        XCTAssertTrue(isAck(try driver.dispatch("configurations.add", ["title": "Dot", "contents": [[0, 0]]])))
        XCTAssertTrue(isAck(try driver.dispatch("simulation.startTimer")))
        // A few of the timer's ticks (each a version), which a saving daemon would save.
        try daemon.waitForState(at: "/simulation/gridState/ticks") { ($0.intValue ?? 0) >= 3 }
        XCTAssertEqual(daemon.terminate(), 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: stateDir), [])

        // And a restart starts from defaults.
        let again = try Daemon(self, arguments: ["--ephemeral", "--state-dir", stateDir])
        let state = try again.connect().get("")
        XCTAssertEqual(state.version, 0)
        XCTAssertEqual(state.value["settings"]?["display"]?["title"], "Welcome")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: stateDir), [])
    }
}

/// The paths where two states differ, with both values (for failure messages).
private func differences(_ a: JSON, _ b: JSON, at path: String = "") -> [String] {
    switch (a, b) {
    case (.object(let x), .object(let y)):
        return Set(x.keys).union(y.keys).sorted().flatMap { differences(x[$0] ?? .null, y[$0] ?? .null, at: "\(path)/\($0)") }
    case (.array(let x), .array(let y)) where x.count == y.count:
        return zip(x, y).enumerated().flatMap { differences($0.element.0, $0.element.1, at: "\(path)/\($0.offset)") }
    default:
        return a == b ? [] : ["  \(path.isEmpty ? "/" : path): \(String(decoding: a.encoded(), as: UTF8.self)) -> \(String(decoding: b.encoded(), as: UTF8.self))"]
    }
}

private func isAck(_ message: ServerMessage) -> Bool {
    if case .ack = message { return true }
    return false
}

private func isAckOrRefusal(_ message: ServerMessage) -> Bool {
    switch message {
    case .ack: return true
    case .error(_, let code, _, _): return code == "not-allowed"
    default: return false
    }
}

/// The whole state at a version, and the version of the ack that made it "acknowledged"
/// (lower than `version` when timer ticks came after the ack).
private struct Snapshot {
    var version: Int
    var ackVersion: Int
    /// The state but its history, which ``history`` holds (the model predicts the rest).
    var value: JSON
    var history: JSON

    init(_ reply: (version: Int, value: JSON)) {
        version = reply.version
        ackVersion = reply.version
        value = reply.value.removingMember("history")
        history = reply.value["history"] ?? .null
    }

    /// Whether `restored`'s history continues this one: the same entries (the oldest may have
    /// gone past the bound) and at most `added` new ones at the end, or exactly the same when `added` is 0.
    func historyContinues(into restored: Snapshot, added: Int) -> Bool {
        let before = history["entries"]?.arrayValue ?? []
        let after = restored.history["entries"]?.arrayValue ?? []
        if added == 0 { return before == after && history["undone"] == restored.history["undone"] }
        return (0...added).contains { new in
            let kept = after.dropLast(new)
            return kept.count <= before.count && Array(before.suffix(kept.count)) == Array(kept)
                && (kept.count == before.count || kept.count >= History.maxEntries - added)
        }
    }

    var timerRunning: Bool { value["simulation"]?["isRunningTimer"] == true }

    func withAckVersion(_ version: Int) -> Snapshot {
        var copy = self
        copy.ackVersion = version
        return copy
    }

    subscript(_ path: String) -> JSON? { value.value(at: try! JSONPointer(parsing: path)) }
}

/// One action of the random mix, as the test sends it.
private struct RandomAction: CustomStringConvertible {
    var type: String
    var parameters: [String: JSON] = [:]

    var json: JSON {
        var members = parameters
        members["type"] = .string(type)
        return .object(members)
    }

    var description: String { String(decoding: json.encoded(), as: UTF8.self) }
}

private func randomAction(_ random: inout SeededRandom) -> RandomAction {
    switch random.below(9) {
    case 0, 1:
        return RandomAction(type: "grid.step", parameters: ["generations": .int(1 + random.below(40))])
    case 2:
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz ÉéΩ世界🙂-_0123456789")
        let title = String((0..<(1 + random.below(30))).map { _ in alphabet[random.below(alphabet.count)] })
        var parameters: [String: JSON] = ["display": ["title": .string(title)]]
        if random.below(3) == 0 { parameters["intervalMs"] = .int(10 + random.below(20)) }
        return RandomAction(type: "settings.update", parameters: parameters)
    case 3:
        return RandomAction(type: "statistics.reset")
    case 4:
        let rows = 3 + random.below(6)
        let cols = 3 + random.below(6)
        let symbols: [Character] = [".", ".", "O", "O", "+", "x"]
        let cells = (0..<rows).map { _ in JSON.string(String((0..<cols).map { _ in symbols[random.below(symbols.count)] })) }
        return RandomAction(type: "simulation.setGrid", parameters: ["rows": .int(rows), "cols": .int(cols), "cells": .array(cells)])
    case 5:
        let contents = (0..<(1 + random.below(5))).map { _ in JSON.array([.int(random.below(10)), .int(random.below(10))]) }
        return RandomAction(type: "configurations.add", parameters: ["title": .string("c\(random.below(1_000_000))"), "contents": .array(contents)])
    case 6:
        return RandomAction(type: "simulation.startTimer")
    default:
        // More stops than starts: with the timer stopped the restored state is checked whole.
        return RandomAction(type: "simulation.stopTimer")
    }
}

/// What a restarted daemon may have restored.
private enum Expectation: CustomStringConvertible {
    /// The last acknowledged state.
    case unchanged
    /// The last acknowledged state plus `action`; `ackVersion` when its ack was received.
    case applied(RandomAction, ackVersion: Int?)

    var isUnchanged: Bool {
        if case .unchanged = self { return true }
        return false
    }

    var description: String {
        switch self {
        case .unchanged: return "the last acked state"
        case .applied(let action, let ack?): return "the last acked state plus \(action) (acked at version \(ack))"
        case .applied(let action, nil): return "the last acked state plus \(action) (in flight)"
        }
    }

    /// Whether `restored` (the first `get ""` after the restart) is this outcome of `last`.
    func allows(_ restored: Snapshot, after last: Snapshot) -> Bool {
        let wasRunning = last.timerRunning
        // An action adds at most two entries to the history (a run of the timer it ended, and its own).
        guard last.historyContinues(into: restored, added: self.isUnchanged && !wasRunning ? 0 : 2) else { return false }
        switch self {
        case .unchanged:
            if wasRunning {
                // Ticks after the last save are lost, later ones re-run; the timer resumes (a version of its own).
                return restored.timerRunning
                    && restored["/settings"] == last["/settings"] && restored["/configurations"] == last["/configurations"]
            }
            return restored.value == last.value
        case .applied(let action, _):
            guard let expected = predict(action, on: last) else {
                return false  // the state refuses the action: only .unchanged is possible
            }
            if restored["/settings"] != expected["/settings"] || restored["/configurations"] != expected["/configurations"] {
                return false
            }
            let nowRunning = expected["/simulation/isRunningTimer"] == true
            if restored.timerRunning != nowRunning { return false }
            if wasRunning || nowRunning {
                // Ticks ran (or may have): the grid, ticks and statistics are theirs.
                return true
            }
            if action.type == "grid.step" {
                // The grid and the statistics' counts are the engine's to compute; check what is predictable.
                let generations = action.parameters["generations"]?.intValue ?? 1
                let steps = (last["/statistics/steps"]?.intValue ?? 0) + generations
                let cellsBefore = (last["/statistics/alive"]?.intValue ?? 0) + (last["/statistics/born"]?.intValue ?? 0)
                    + (last["/statistics/died"]?.intValue ?? 0) + (last["/statistics/empty"]?.intValue ?? 0)
                let cellsAfter = (restored["/statistics/alive"]?.intValue ?? 0) + (restored["/statistics/born"]?.intValue ?? 0)
                    + (restored["/statistics/died"]?.intValue ?? 0) + (restored["/statistics/empty"]?.intValue ?? 0)
                let area = (last["/simulation/gridState/grid/rows"]?.intValue ?? 0) * (last["/simulation/gridState/grid/cols"]?.intValue ?? 0)
                return restored["/statistics/steps"] == .int(steps) && cellsAfter == cellsBefore + area * generations
                    && restored["/simulation/gridState/ticks"] == last["/simulation/gridState/ticks"]
                    && restored["/simulation/gridState/grid/rows"] == last["/simulation/gridState/grid/rows"]
                    && restored["/simulation/gridState/grid/cols"] == last["/simulation/gridState/grid/cols"]
            }
            return restored.value == expected.value
        }
    }

    /// The state after `action` on `last`, as far as it is predictable; nil when the state refuses it.
    private func predict(_ action: RandomAction, on last: Snapshot) -> Snapshot? {
        var next = last
        func set(_ path: String, _ value: JSON) {
            try! next.value.apply([.replace(path: try! JSONPointer(parsing: path), value: value)])
        }
        let running = last.timerRunning
        switch action.type {
        case "grid.step":
            break  // checked separately
        case "settings.update":
            if let title = action.parameters["display"]?["title"] { set("/settings/display/title", title) }
            if let interval = action.parameters["intervalMs"] { set("/settings/intervalMs", interval) }
        case "statistics.reset":
            for name in ["alive", "born", "died", "empty", "steps"] { set("/statistics/\(name)", 0) }
        case "simulation.setGrid":
            if running { return nil }
            let grid: JSON = ["rows": action.parameters["rows"]!, "cols": action.parameters["cols"]!, "cells": action.parameters["cells"]!]
            set("/simulation/gridState/grid", grid)
            set("/simulation/gridState/ticks", 0)
            // The settings' size is the world's; a new world forgets why the timer stopped, and
            // one with no live cell is extinct at once (issue 24).
            set("/settings/rows", action.parameters["rows"]!)
            set("/settings/cols", action.parameters["cols"]!)
            set("/simulation/stoppedBecause", .null)
            let live = (action.parameters["cells"]?.arrayValue ?? []).contains { $0.stringValue?.contains { $0 == "O" || $0 == "+" } == true }
            set("/simulation/status", live ? "evolving" : "extinct")
            set("/simulation/period", .null)
        case "configurations.add":
            var configs = last["/configurations/configs"]?.arrayValue ?? []
            // The state shows a configuration's title, size, population and rule, not its cells.
            guard let added = try? Configuration(decoding: .object(action.parameters)) else { return nil }
            configs.append(added.json)
            set("/configurations/configs", .array(configs))
        case "simulation.startTimer":
            if running { return nil }
            set("/simulation/isRunningTimer", true)
            set("/simulation/stoppedBecause", .null)
        case "simulation.stopTimer":
            if !running { return nil }
            set("/simulation/isRunningTimer", false)
        default:
            return nil
        }
        return next
    }
}

/// SplitMix64: reproducible from the seed the test prints.
fileprivate typealias SeededRandom = SplitMix64

extension SplitMix64 {
    /// A number in `0..<bound`.
    fileprivate mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }
}
