import LifeDaemon
import LifeGrid
import LifeStore
import Protocol
import XCTest

/// The timer's rate is measured over the ticks of the last two seconds, or over the last two
/// ticks when they come further apart, only while the timer runs; its clock is passed in.
final class TimerMeterTests: XCTestCase {
    private final class Clock {
        var now = Duration.seconds(100)
    }

    private let clock = Clock()
    private lazy var meter = TimerMeter(now: { [clock] in clock.now })
    private var state = AppState(simulation: SimulationState(gridState: GridState(grid: Grid(rows: 4, cols: 4))))

    /// The timer runs from now on.
    private func start() { change { $0.simulation.isRunningTimer = true } }

    /// A tick of `generations` installed `after` the last change.
    private func tick(_ generations: Int, after: Duration) {
        clock.now += after
        change {
            $0.simulation.gridState.ticks += 1
            $0.statistics.steps += generations
        }
    }

    private func change(_ body: (inout AppState) -> Void) {
        let old = state
        body(&state)
        meter.didChange(from: old, to: state, action: .simulation(.tick), origin: .effect, version: 1)
    }

    func testTheRateIsTheLastTwoSecondsTicks() {
        start()
        XCTAssertEqual(meter.generationsPerSecond, 0, "no tick yet")
        tick(10, after: .milliseconds(10))
        XCTAssertEqual(meter.generationsPerSecond, 0, "one tick is no rate")
        for _ in 0..<300 { tick(10, after: .milliseconds(10)) }
        XCTAssertEqual(meter.generationsPerSecond, 1000, accuracy: 0.001)
        XCTAssertEqual(meter.ticks, 301)
        // Slower ticks: after two seconds of them, only they count.
        for _ in 0..<100 { tick(10, after: .milliseconds(20)) }
        XCTAssertEqual(meter.generationsPerSecond, 500, accuracy: 0.001)
    }

    func testTheRateStaysTheWindowsOverALongRun() {
        // Forgotten ticks are dropped in batches: the rate must not see them, before or after.
        start()
        for round in 0..<50 {
            let interval = Duration.milliseconds(round.isMultiple(of: 2) ? 10 : 25)
            for _ in 0..<(round.isMultiple(of: 2) ? 250 : 100) { tick(5, after: interval) }
            XCTAssertEqual(meter.generationsPerSecond, round.isMultiple(of: 2) ? 500 : 200, accuracy: 0.001, "round \(round)")
        }
        XCTAssertEqual(meter.ticks, 25 * 250 + 25 * 100)
    }

    func testBeatsMissedBecauseTheLoopWasLateAreSkippedBeatsToo() {
        start()
        tick(1, after: .milliseconds(10))
        meter.noteMissed(beats: 3)
        meter.didRun(.simulation(.tick), origin: .effect, outcome: .refused(ProtocolError(.notAllowed, "a jump runs", refused: .jumpRunning)))
        XCTAssertEqual(meter.beatsSkipped, 4, "three missed and one refused")
        XCTAssertEqual(meter.json["beatsSkipped"], .int(4))
        XCTAssertEqual(meter.ticks, 1, "a missed beat is no tick")
    }

    func testTicksLongerThanTheWindowAreMeasuredOverTheLastTwo() {
        start()
        tick(10_000, after: .seconds(1))
        tick(10_000, after: .seconds(5))
        XCTAssertEqual(meter.generationsPerSecond, 2000, accuracy: 0.001)
        tick(30_000, after: .seconds(10))
        XCTAssertEqual(meter.generationsPerSecond, 3000, accuracy: 0.001)
        clock.now += .seconds(60)
        XCTAssertEqual(meter.generationsPerSecond, 3000, accuracy: 0.001, "still the last two ticks' rate while the timer runs")
    }

    func testAStoppedTimerHasNoRateAndTicksByHandAreCountedNotTimed() {
        start()
        for _ in 0..<10 { tick(1, after: .milliseconds(10)) }
        XCTAssertEqual(meter.generationsPerSecond, 100, accuracy: 0.001)
        change { $0.simulation.isRunningTimer = false }
        XCTAssertEqual(meter.generationsPerSecond, 0, "the run's rate ends with it")
        tick(1, after: .seconds(1))
        tick(1, after: .seconds(1))
        XCTAssertEqual(meter.generationsPerSecond, 0)
        XCTAssertEqual(meter.ticks, 12)
    }
}
