import Foundation
import LifeGrid
import LifeJSON
import Protocol
import XCTest

/// Each action's declaration (``ActionType/spec``): the refusals the store's guard derives from
/// it, the codec, and PROTOCOL.md's table of actions, which must say what the declarations say.
final class ActionSpecTests: XCTestCase {
    // MARK: - The guard's refusals, word for word

    func testARefusalWhileTheTimerRunsNamesTheActionOrTheTimer() {
        let reset = ActionType.simulationResetGridToRandom.refusal(timerRuns: true, jump: nil)
        XCTAssertEqual(reset?.code, .notAllowed)
        XCTAssertEqual(reset?.refused, .timerRunning)
        XCTAssertEqual(reset?.message, "simulation.resetGridToRandom is not allowed while the timer runs; send simulation.stopTimer first")
        XCTAssertNil(reset?.field)
        XCTAssertEqual(
            ActionType.simulationStartTimer.refusal(timerRuns: true, jump: nil)?.message,
            "the timer is already running; send simulation.stopTimer first")
        let stop = ActionType.simulationStopTimer.refusal(timerRuns: false, jump: nil)
        XCTAssertEqual(stop?.message, "the timer is not running; send simulation.startTimer to start it")
        XCTAssertEqual(stop?.refused, .timerStopped)
    }

    func testARefusalWhileAJumpRunsSaysHowFarItHasGot() {
        let jump = Jump(target: 30000, done: 120, started: 1)
        let refusal = ActionType.gridPaste.refusal(timerRuns: false, jump: jump)
        XCTAssertEqual(refusal?.refused, .jumpRunning)
        XCTAssertEqual(
            refusal?.message,
            "grid.paste is not allowed while a jump runs (120 of 30000 generations done); wait for it to end, or send grid.cancelJump")
        // The timer is checked first.
        XCTAssertEqual(ActionType.settingsReset.refusal(timerRuns: true, jump: jump)?.refused, .timerRunning)
    }

    func testWhatTheGuardAllowsIsWhatAKeyBarShows() {
        for type in ActionType.allCases {
            for (running, jump) in [(false, nil), (true, nil), (false, Jump(target: 9, done: 1, started: 0))] as [(Bool, Jump?)] {
                XCTAssertEqual(
                    type.spec.allows(timerRuns: running, jumping: jump != nil), type.refusal(timerRuns: running, jump: jump) == nil,
                    "\(type.rawValue) running \(running) jumping \(jump != nil)")
            }
        }
    }

    func testTheDaemonsOwnActionsAreNeverRefused() {
        for type in ActionType.allCases where type.isInternal {
            XCTAssertEqual(type.spec.requires, [], type.rawValue)
        }
    }

    // MARK: - Codec

    func testToggleAutoStopRoundTripsAndTakesNoParameters() throws {
        let action = AppAction.settings(.toggleAutoStop)
        XCTAssertEqual(action.json, ["type": "settings.toggleAutoStop"])
        XCTAssertEqual(try AppAction(json: action.json), action)
        XCTAssertEqual(action.type, .settingsToggleAutoStop)
        XCTAssertEqual(ActionType.settingsToggleAutoStop.spec.requires, [])
        XCTAssertThrowsError(try AppAction(json: ["type": "settings.toggleAutoStop", "autoStop": true])) { error in
            XCTAssertEqual((error as? ProtocolError)?.code, .invalidArgument)
            XCTAssertEqual((error as? ProtocolError)?.field, JSONPointer(tokens: ["autoStop"]))
        }
    }

    func testEveryParameterisedActionRoundTrips() throws {
        let samples: [AppAction] = [
            .simulation(.grid(.step(generations: 7))),
            .simulation(.grid(.edit(.setCells([Pattern.Coordinate(row: 1, col: 2)], to: .toggle)))),
            .simulation(.grid(.edit(.transformRect(CellRect(row: 0, col: 1, rows: 2, cols: 3), .flipTopBottom)))),
            .simulation(.setGrid(GridReplacement(grid: Grid(rows: 3, cols: 4), rule: .seeds, topology: .bounded, keep: .init(title: "t")))),
            .settings(.update(SettingsUpdate(intervalMs: 250, autoStop: false))),
            .configurations(.fetch(url: "https://example.org/list.json")),
            .configurations(.load(.index(2), resize: true)),
            .configurations(.load(.title("Glider"), resize: false)),
        ]
        for action in samples {
            XCTAssertEqual(try AppAction(json: action.json), action, "\(action.json.text)")
        }
        XCTAssertEqual(AppAction.simulation(.grid(.step)).json, ["type": "grid.step"], "one generation is the default, not written")
    }

    // MARK: - PROTOCOL.md

    /// The "Refused when" column of PROTOCOL.md's table of actions, as a declaration says it.
    private func refusedWhen(_ type: ActionType) -> String {
        let spec = type.spec
        let requires = spec.requires
        if requires.contains(.worldFieldsIdle) {
            return "the timer is running or a jump runs, **and** `rows`, `cols`, `topology` or `rule` would change"
        }
        var clauses: [String] = []
        if requires.contains(.timerStopped) { clauses.append(spec.timerWords ?? "the timer is running") }
        if requires.contains(.timerRunning) { clauses.append(spec.timerWords ?? "the timer is stopped") }
        if requires.contains(.noJump) { clauses.append("a jump runs") }
        var text = clauses.joined(separator: ", or ")
        if requires.contains(.noJump), !requires.contains(.timerStopped), !requires.contains(.timerStoppedToJump) {
            text += " (allowed while the timer runs)"
        }
        if requires.contains(.timerStoppedToJump) { text += "; or it would start a jump and the timer runs" }
        if requires.contains(.insideGrid) { text += "; or it does not fit the grid (`invalid-argument`)" }
        return text.isEmpty ? "never" : text
    }

    func testProtocolTableOfActionsSaysWhatTheDeclarationsSay() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PROTOCOL.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let header = lines.firstIndex(where: { $0.hasPrefix("| Action `type` | Parameters | Effect | Refused when |") }) else {
            return XCTFail("PROTOCOL.md has no table of actions")
        }
        var rows: [(name: String, refusedWhen: String)] = []
        for line in lines[(header + 2)...] {
            guard line.hasPrefix("| `") else { break }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            rows.append((String(cells[0].dropFirst().dropLast()), cells[cells.count - 1]))
        }
        XCTAssertEqual(rows.map(\.name), AppAction.allTypeNames, "the table lists every action clients send, in the declarations' order")
        for row in rows {
            guard let type = ActionType(rawValue: row.name) else { continue }
            XCTAssertEqual(row.refusedWhen, refusedWhen(type), row.name)
        }
    }
}
