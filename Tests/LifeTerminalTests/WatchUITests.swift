import LifeTerminal
import Protocol
import XCTest

/// Keys: what they send, and the local UI state they change at once.
final class WatchUITests: XCTestCase {
    private let now = Duration.seconds(100)

    private func world(running: Bool = false, configs: [String] = [], interval: Int = 1000, stats: Bool = true) -> WorldView {
        WorldView(isRunning: running, intervalMs: interval, showStatistics: stats, configurationTitles: configs)
    }

    private func context(_ world: WorldView?, connected: Bool = true, layout: GridLayout? = nil) -> WatchUI.Context {
        WatchUI.Context(world: world, isConnected: connected, gridLayout: layout, now: now)
    }

    private func action(_ type: String) -> WatchCommand { .dispatch(["type": .string(type)]) }

    func testKeysSendTheirActions() {
        var ui = WatchUI()
        XCTAssertEqual(ui.handle(.character(" "), context: context(world())), [action("simulation.startTimer")])
        XCTAssertEqual(ui.handle(.character(" "), context: context(world(running: true))), [action("simulation.stopTimer")])
        XCTAssertEqual(ui.handle(.character("n"), context: context(world())), [action("simulation.tick")])
        XCTAssertEqual(ui.handle(.character("e"), context: context(world())), [action("simulation.resetGridToEmpty")])
        XCTAssertEqual(ui.handle(.character("r"), context: context(world())), [action("simulation.resetGridToRandom")])
        XCTAssertEqual(ui.handle(.character("0"), context: context(world())), [action("simulation.reset")])
        XCTAssertEqual(
            ui.handle(.character("s"), context: context(world(stats: true))),
            [.dispatch(["type": "settings.update", "display": ["showStatistics": false]])])
        XCTAssertEqual(ui.handle(.character("q"), context: context(world())), [.quit])
        XCTAssertEqual(ui.handle(.interrupt, context: context(nil, connected: false)), [.quit])
        XCTAssertEqual(ui.handle(.control("z"), context: context(world())), [.suspend])
        XCTAssertEqual(ui.handle(.control("l"), context: context(world())), [.redraw])
        XCTAssertNil(ui.flash)
    }

    func testXCancelsTheJumpInFlight() {
        var ui = WatchUI()
        var jumping = world()
        jumping.jump = Jump(target: 1000, done: 10, started: 1)
        XCTAssertEqual(ui.handle(.character("x"), context: context(jumping)), [action("grid.cancelJump")])
        XCTAssertEqual(ui.handle(.character("x"), context: context(world())), [])
        XCTAssertTrue(ui.flash?.text.contains("no jump runs") == true, "\(String(describing: ui.flash))")
    }

    func testKeysNotAllowedNowAreStillSent() {
        var ui = WatchUI()
        XCTAssertEqual(ui.handle(.character("r"), context: context(world(running: true))), [action("simulation.resetGridToRandom")])
        XCTAssertEqual(ui.handle(.character("0"), context: context(world(running: true))), [action("simulation.reset")])
    }

    func testSpeedHalvesAndDoublesWithinTheRange() {
        var ui = WatchUI()
        XCTAssertEqual(
            ui.handle(.character("+"), context: context(world(interval: 1000))), [.dispatch(["type": "settings.update", "intervalMs": 500])])
        XCTAssertEqual(
            ui.handle(.character("-"), context: context(world(interval: 1000))), [.dispatch(["type": "settings.update", "intervalMs": 2000])])
        XCTAssertEqual(
            ui.handle(.character("+"), context: context(world(interval: 15))), [.dispatch(["type": "settings.update", "intervalMs": 10])])
        XCTAssertEqual(
            ui.handle(.character("-"), context: context(world(interval: 40000))),
            [.dispatch(["type": "settings.update", "intervalMs": 60000])])
        XCTAssertEqual(ui.handle(.character("+"), context: context(world(interval: 10))), [])
        XCTAssertEqual(ui.flash?.text, "already the fastest: every 10ms")
        XCTAssertEqual(ui.flash?.isError, false)
    }

    func testConfigurationsFetchThenPickThenLoad() {
        var ui = WatchUI()
        XCTAssertEqual(ui.handle(.character("c"), context: context(world())), [action("configurations.fetch")])
        XCTAssertEqual(ui.handle(.enter, context: context(world())), [])
        XCTAssertEqual(ui.flash?.text, "no configurations yet: press c to fetch them")
        let list = world(configs: ["Glider", "Blinker", "Toad"])
        XCTAssertEqual(ui.handle(.enter, context: context(list)), [])
        XCTAssertEqual(ui.flash?.text, "press c to choose a configuration first")
        // c changes only the local selection: nothing is sent.
        XCTAssertEqual(ui.handle(.character("c"), context: context(list)), [])
        XCTAssertEqual(ui.selectedConfiguration, 0)
        XCTAssertEqual(ui.handle(.character("c"), context: context(list)), [])
        XCTAssertEqual(ui.handle(.enter, context: context(list)), [.dispatch(["type": "configurations.load", "index": 1, "resize": true])])
        _ = ui.handle(.character("c"), context: context(list))
        _ = ui.handle(.character("c"), context: context(list))
        XCTAssertEqual(ui.selectedConfiguration, 0)
        ui.selectedConfiguration = 2
        ui.fitSelection(toCount: 2)
        XCTAssertEqual(ui.selectedConfiguration, 1)
    }

    func testNothingIsSentWhileDisconnected() {
        var ui = WatchUI()
        XCTAssertEqual(ui.handle(.character(" "), context: context(world(), connected: false)), [])
        XCTAssertEqual(ui.flash?.text, "not connected to lifed; keys act again once it is back")
        XCTAssertEqual(ui.flash?.until, now + Flash.noteDuration)
    }

    func testHelpOpensAndAnyKeyClosesIt() {
        var ui = WatchUI()
        XCTAssertEqual(ui.handle(.character("?"), context: context(world())), [])
        XCTAssertTrue(ui.showsHelp)
        XCTAssertEqual(ui.handle(.character("r"), context: context(world())), [])
        XCTAssertFalse(ui.showsHelp)
        _ = ui.handle(.character("?"), context: context(world()))
        XCTAssertEqual(ui.handle(.character("q"), context: context(world())), [.quit])
    }

    func testArrowsAndHJKLMoveTheCursorAndTheViewFollows() {
        var ui = WatchUI()
        // 20 x 20 in a 10 x 10 area, one column a cell: the view is 10 x 10, a pan step 1.
        let layout = GridLayout(gridRows: 20, gridCols: 20, areaRows: 10, areaCols: 10, halfBlocks: false)
        ui.navigation.settle(in: layout)
        XCTAssertEqual(ui.navigation.cursor, Pattern.Coordinate(row: 5, col: 5))
        _ = ui.handle(.right, context: context(world(), layout: layout))
        _ = ui.handle(.character("j"), context: context(world(), layout: layout))
        XCTAssertEqual(ui.navigation.cursor, Pattern.Coordinate(row: 6, col: 6))
        XCTAssertEqual(ui.viewport, GridViewport(row: 0, col: 0))
        // Past the right edge of the view, the view follows by a pan step.
        for _ in 0..<4 { _ = ui.handle(.character("l"), context: context(world(), layout: layout)) }
        XCTAssertEqual(ui.navigation.cursor, Pattern.Coordinate(row: 6, col: 10))
        XCTAssertEqual(ui.viewport, GridViewport(row: 0, col: 1))
        _ = ui.handle(.character("h"), context: context(world(), layout: layout))
        _ = ui.handle(.up, context: context(world(), layout: layout))
        _ = ui.handle(.character("k"), context: context(world(), layout: layout))
        XCTAssertEqual(ui.navigation.cursor, Pattern.Coordinate(row: 4, col: 9))
        // At the grid's edge the cursor stops.
        for _ in 0..<30 { _ = ui.handle(.up, context: context(world(), layout: layout)) }
        XCTAssertEqual(ui.navigation.cursor, Pattern.Coordinate(row: 0, col: 9))
        XCTAssertEqual(ui.viewport, GridViewport(row: 0, col: 1))
    }

    func testATextViewScrollsAndRefusesActions() {
        var ui = WatchUI()
        let text = WatchUI.Context(world: nil, isSubtree: true, isConnected: true, textLines: 30, textPage: 10, now: now)
        _ = ui.handle(.down, context: text)
        _ = ui.handle(.character("j"), context: text)
        XCTAssertEqual(ui.scroll, 2)
        _ = ui.handle(.end, context: text)
        XCTAssertEqual(ui.scroll, 20)
        _ = ui.handle(.pageUp, context: text)
        XCTAssertEqual(ui.scroll, 11)
        _ = ui.handle(.home, context: text)
        XCTAssertEqual(ui.scroll, 0)
        XCTAssertEqual(ui.handle(.character("r"), context: text), [])
        XCTAssertNotNil(ui.flash)
    }

    func testFlashesExpire() {
        var ui = WatchUI()
        ui.showError("no", now: now)
        XCTAssertEqual(ui.flash?.isError, true)
        XCTAssertEqual(ui.flash?.isVisible(at: now + .seconds(2)), true)
        XCTAssertEqual(ui.flash?.isVisible(at: now + Flash.errorDuration), false)
    }
}
