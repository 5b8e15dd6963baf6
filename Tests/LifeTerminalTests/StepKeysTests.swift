import LifeJSON
import LifeTerminal
import Protocol
import XCTest

/// `]` and `[`: Golly's step keys, with a base of 10, sending `settings.update`'s
/// `generationsPerTick`; and the status line's step and achieved rate.
final class StepKeysTests: XCTestCase {
    private let now = Duration.seconds(100)

    private func context(step: Int, running: Bool = true) -> WatchUI.Context {
        var world = WorldView(isRunning: running, intervalMs: 10, autoStop: true)
        world.generationsPerTick = step
        return WatchUI.Context(world: world, isConnected: true, gridLayout: nil, now: now)
    }

    private func step(_ generations: Int) -> [WatchCommand] {
        [.dispatch(.settings(.update(SettingsUpdate(generationsPerTick: generations))))]
    }

    func testTheStepGoesUpAndDownByPowersOfTen() {
        var ui = WatchUI()
        XCTAssertEqual(ui.handle(.character("]"), context: context(step: 1)), step(10))
        XCTAssertEqual(ui.handle(.character("]"), context: context(step: 10)), step(100))
        XCTAssertEqual(ui.handle(.character("]"), context: context(step: 7)), step(10))
        XCTAssertEqual(ui.handle(.character("]"), context: context(step: 100_000)), step(1_000_000))
        XCTAssertEqual(ui.handle(.character("["), context: context(step: 1000)), step(100))
        XCTAssertEqual(ui.handle(.character("["), context: context(step: 7)), step(1))
        XCTAssertEqual(ui.handle(.character("["), context: context(step: 250)), step(100))
        XCTAssertEqual(ui.handle(.character("["), context: context(step: 10, running: false)), step(1))
    }

    func testTheEndsOfTheRangeSayWhy() {
        var ui = WatchUI()
        XCTAssertEqual(ui.handle(.character("]"), context: context(step: 1_000_000)), [])
        XCTAssertEqual(ui.flash?.text, "already the largest step: 1000000 generations a tick")
        XCTAssertEqual(ui.handle(.character("["), context: context(step: 1)), [])
        XCTAssertEqual(ui.flash?.text, "already the smallest step: 1 generation a tick")
        XCTAssertEqual(ui.flash?.isError, false)
    }

    func testTheHelpListsTheStepKeys() {
        XCTAssertTrue(KeyHelp.lines.contains { $0.hasPrefix("] / [") && $0.contains("step up / down") })
    }

    func testTheStatusLineShowsTheStepAndTheAchievedRate() throws {
        var world = try XCTUnwrap(WorldView(json: ["simulation": ["isRunningTimer": true], "settings": ["intervalMs": 10, "generationsPerTick": 1000]]))
        XCTAssertEqual(world.generationsPerTick, 1000)
        var meter = JumpProgressMeter()
        for (second, steps) in [(0.0, 0), (0.5, 50_000), (1.0, 100_000)] {
            meter.timer.observe(steps: steps, isRunning: true, seconds: second)
        }
        XCTAssertEqual(meter.timer.generationsPerSecond, 100_000)
        let text = StatusLine.text(for: world, jump: meter)
        XCTAssertTrue(text.contains("every 10ms · step 1000 · 100000 gen/s"), text)
        world.jump = Jump(target: 1000, done: 10, started: 0, isTick: true)
        XCTAssertFalse(StatusLine.text(for: world, jump: meter).contains("jump"), "a tick in the background is not shown as a jump")
        world.generationsPerTick = 1
        XCTAssertFalse(StatusLine.text(for: world, jump: meter).contains("step"))
        meter.timer.observe(steps: 100_000, isRunning: false, seconds: 2)
        XCTAssertNil(meter.timer.generationsPerSecond, "a stopped timer forgets its rate")
    }
}
