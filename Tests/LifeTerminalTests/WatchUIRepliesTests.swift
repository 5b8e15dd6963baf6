import LifeGrid
import LifeJSON
import LifeTerminal
import Protocol
import XCTest

/// The daemon's replies to what keys asked: refusals flashed in lifewatch's words, the live
/// cells found, a configuration read and pasted; and what a lost connection drops.
final class WatchUIRepliesTests: XCTestCase {
    private let now = Duration.seconds(100)
    private let cell = Pattern.Coordinate(row: 2, col: 3)

    private func context(_ world: WorldView?, layout: GridLayout? = nil) -> WatchUI.Context {
        WatchUI.Context(world: world, isConnected: true, gridLayout: layout, now: now)
    }

    func testARefusalOfAKeysActionIsFlashedInLifewatchsWords() {
        var ui = WatchUI()
        let running = WorldView(isRunning: true)
        let refusal = ServerMessage.error(
            id: 1, code: "not-allowed", message: "simulation.resetGridToRandom is not allowed while the timer runs; send simulation.stopTimer first",
            details: ErrorDetails(refused: Refusal.timerRunning.rawValue))
        XCTAssertEqual(ui.handle(reply: refusal, to: .dispatch(.simulation(.resetGridToRandom)), context: context(running)), [])
        XCTAssertEqual(ui.flash, Flash("r (a random grid) needs the timer stopped: press space first", isError: true, now: now))
        // It goes once the timer stops (the facts it speaks of change).
        XCTAssertEqual(ui.flashFacts, StateFacts(world: running, connected: true))
        // A refusal of a request no key's action made keeps the daemon's words, or says it refused.
        _ = ui.handle(reply: .error(id: 2, code: "invalid-argument", message: "no configuration number 9"), to: nil, context: context(running))
        XCTAssertEqual(ui.flash?.text, "no configuration number 9")
        _ = ui.handle(reply: .error(id: 3, code: "internal", message: ""), to: .liveCells(.fit), context: context(running))
        XCTAssertEqual(ui.flash?.text, "the daemon refused")
        XCTAssertEqual(ui.flash?.isError, true)
    }

    func testTheLiveCellsFoundMoveTheViewOrSayWhyNot() throws {
        let layout = GridLayout(gridRows: 1000, gridCols: 1000, areaRows: 20, areaCols: 40, halfBlocks: false)
        var ui = WatchUI()
        let box: JSON = ["summary": ["liveBounds": ["row": 500, "col": 600, "rows": 4, "cols": 6]]]
        XCTAssertEqual(ui.handle(reply: .status(id: 1, info: try XCTUnwrap(box.objectValue)), to: .liveCells(.centre), context: context(WorldView(), layout: layout)), [])
        var centred = GridNavigation()
        centred.centre(on: Viewport(row: 500, col: 600, rows: 4, cols: 6), in: layout)
        XCTAssertEqual(ui.navigation, centred)
        _ = ui.handle(reply: .status(id: 2, info: ["summary": ["liveBounds": nil]]), to: .liveCells(.fit), context: context(WorldView(), layout: layout))
        XCTAssertEqual(ui.flash?.text, "no live cells to fit")
        // A status reply nothing asked for (or a reply of another kind) changes nothing.
        var untouched = WatchUI()
        XCTAssertEqual(untouched.handle(reply: .status(id: 3, info: [:]), to: nil, context: context(WorldView(), layout: layout)), [])
        XCTAssertEqual(untouched.handle(reply: .ack(id: 4, version: 9), to: .liveCells(.fit), context: context(WorldView(), layout: layout)), [])
        XCTAssertEqual(untouched, WatchUI())
    }

    func testAConfigurationReadForAPasteIsPasted() throws {
        var ui = WatchUI()
        let read = ServerMessage.configuration(id: 1, version: 3, index: 0, configuration: ["title": "Blinker", "rle": "x = 3, y = 1\n3o!\n"])
        XCTAssertEqual(
            ui.handle(reply: read, to: .paste(index: 0, title: "Blinker", at: cell), context: context(WorldView())),
            [.dispatch(try AppAction(json: ["type": "grid.paste", "rle": "x = 3, y = 1\n3o!\n", "row": 2, "col": 3, "mode": "or"]))])
        XCTAssertNil(ui.flash)
        // The list changed between the key and the reply: nothing is pasted, and the flash says why.
        XCTAssertEqual(ui.handle(reply: read, to: .paste(index: 0, title: "Glider", at: cell), context: context(WorldView())), [])
        XCTAssertEqual(ui.flash?.text, "the configurations changed meanwhile; choose one again with c")
    }

    func testALostConnectionDropsTheStrokesNotSent() {
        var ui = WatchUI()
        var stroke = DrawStroke(change: .alive, at: ScreenPoint(row: 0, col: 0))
        stroke.add(Viewport(row: 1, col: 1, rows: 1, cols: 2))
        ui.stroke = stroke
        ui.strokesToSend = [.simulation(.grid(.edit(.setCells([cell], to: .alive))))]
        ui.connectionLost()
        XCTAssertNil(ui.stroke)
        XCTAssertEqual(ui.takeStroke(), [])
    }

    func testAFlashIsForgottenOnlyOnceItsTimeIsOver() {
        var ui = WatchUI()
        ui.showError("refused", now: now)
        ui.expireFlash(at: now + Flash.errorDuration - .milliseconds(1))
        XCTAssertEqual(ui.flash?.text, "refused")
        ui.expireFlash(at: now + Flash.errorDuration)
        XCTAssertNil(ui.flash)
    }
}
