import LifeDaemon
import LifeGrid
import LifeScheduling
import LifeStore
import Protocol
import XCTest

final class ActionLogTests: XCTestCase {
    private typealias AppStore = Store<AppState, AppAction>

    func testEachOutcomeHasItsLineNamingTheSource() {
        let step = AppAction.simulation(.grid(.step(generations: 1)))
        XCTAssertEqual(ActionLog.line(step, origin: .sent(by: "client 3"), outcome: .changed(version: 12)), "action grid.step from client 3: version 12")
        XCTAssertEqual(
            ActionLog.line(.simulation(.tick), origin: .effect, outcome: .unchanged(version: 12)),
            "action simulation.tick from an effect: no change (version 12)")
        XCTAssertEqual(
            ActionLog.line(.simulation(.startTimer), origin: .sent(by: "start-up"), outcome: .refused(ProtocolError(.storageFailed, "the disk is full"))),
            "action simulation.startTimer from start-up: refused (storage-failed: the disk is full)")
        XCTAssertEqual(ActionLog.line(step, origin: .sent, outcome: .changed(version: 1)), "action grid.step from an unnamed sender: version 1")
    }

    func testInstalledItWritesALineForEveryActionTheStoreRuns() {
        let store = AppStore(
            initialState: AppState(simulation: SimulationState(gridState: GridState(grid: Grid(rows: 4, cols: 4)))), reducer: Reducer<AppState, AppAction, AppEnvironment>.app,
            environment: AppEnvironment(scheduler: TestScheduler(), random: RandomSource(seed: 1)))
        var lines: [String] = []
        store.install([ActionLog { lines.append($0) }])
        store.send(.simulation(.grid(.step(generations: 1))), from: "client 1")
        store.send(.simulation(.stopTimer), from: "client 2")
        XCTAssertEqual(
            lines,
            [
                "action grid.step from client 1: version 1",
                "action simulation.stopTimer from client 2: refused (not-allowed: the timer is not running; send simulation.startTimer to start it)",
            ])
    }
}
