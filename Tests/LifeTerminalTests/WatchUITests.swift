import LifeGrid
import LifeJSON
import LifeTerminal
import Protocol
import XCTest

/// Keys: what they send, and the local UI state they change at once.
final class WatchUITests: XCTestCase {
    let now = Duration.seconds(100)

    func world(running: Bool = false, configs: [String] = [], interval: Int = 1000, stats: Bool = true) -> WorldView {
        WorldView(isRunning: running, intervalMs: interval, showStatistics: stats, configurationTitles: configs, autoStop: true)
    }

    func context(_ world: WorldView?, connected: Bool = true, layout: GridLayout? = nil) -> WatchUI.Context {
        WatchUI.Context(world: world, isConnected: connected, gridLayout: layout, now: now)
    }

    /// The command that sends the action whose wire form is `json`.
    func dispatch(_ json: JSON, file: StaticString = #filePath, line: UInt = #line) -> WatchCommand {
        do {
            return .dispatch(try AppAction(json: json))
        } catch {
            XCTFail("not an action: \(json): \(error)", file: file, line: line)
            return .redraw
        }
    }

    /// The command that sends the action `type`, which takes no parameters.
    func action(_ type: String) -> WatchCommand { dispatch(["type": .string(type)]) }

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
            [dispatch(["type": "settings.update", "display": ["showStatistics": false]])])
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

    func testUUndoesShiftURedoesAndShiftRRewinds() throws {
        var ui = WatchUI()
        let state: JSON = [
            "simulation": ["isRunningTimer": false, "gridState": ["ticks": 0]],
            "history": ["entries": [["what": "draw 1,1"], ["what": "paste 3x3 at 5,5"]], "undone": 1],
        ]
        let world = try XCTUnwrap(WorldView(json: state))
        XCTAssertEqual(world.nextUndo, "draw 1,1")
        XCTAssertEqual(world.nextRedo, "paste 3x3 at 5,5")
        XCTAssertEqual(ui.handle(.character("u"), context: context(world)), [action("history.undo")])
        XCTAssertEqual(ui.handle(.character("U"), context: context(world)), [action("history.redo")])
        XCTAssertEqual(ui.handle(.character("R"), context: context(world)), [action("history.rewind")])
        XCTAssertEqual(StatusLine.segments(for: world, keyHints: true).last?.text, "u undoes draw 1,1")
        XCTAssertFalse(StatusLine.text(for: world).contains("u undoes"), "a plain-text report has no keys")
        // With nothing to walk to, the keys say so instead of asking the daemon.
        let fresh = self.world()
        XCTAssertEqual(ui.handle(.character("u"), context: context(fresh)), [])
        XCTAssertEqual(ui.flash?.text, "nothing to undo")
        XCTAssertEqual(ui.handle(.character("U"), context: context(fresh)), [])
        XCTAssertEqual(ui.flash?.text, "nothing to redo")
        // While the timer runs, its run so far is what undo takes back.
        XCTAssertEqual(ui.handle(.character("u"), context: context(self.world(running: true))), [action("history.undo")])
        XCTAssertNil(self.world().nextUndo, "a daemon without a history: no undo")
    }

    func testWAsksForTheWorldsNewSizeAndSendsIt() throws {
        var ui = WatchUI()
        var world = self.world()
        world.grid = GridWindow(Grid(rows: 20, cols: 30))
        XCTAssertEqual(ui.handle(.character("w"), context: context(world)), [])
        XCTAssertEqual(ui.prompt?.text, "20x30", "the size in place, to edit")
        for _ in 0..<5 { _ = ui.handle(.backspace, context: context(world)) }
        for character in "40x60" { _ = ui.handle(.character(character), context: context(world)) }
        XCTAssertEqual(ui.handle(.enter, context: context(world)), [dispatch(["type": "settings.update", "rows": 40, "cols": 60])])
        XCTAssertNil(ui.prompt)
        // A size that is not one says why, and sends nothing.
        _ = ui.handle(.character("w"), context: context(world))
        for _ in 0..<5 { _ = ui.handle(.backspace, context: context(world)) }
        for character in "2x9000" { _ = ui.handle(.character(character), context: context(world)) }
        XCTAssertEqual(ui.handle(.enter, context: context(world)), [])
        XCTAssertEqual(ui.flash?.text, "2x9000 is not a world size: each side is 3 to 4096")
        XCTAssertEqual(try WorldSizeInput.parse("40 × 60").get().cols, 60)
        XCTAssertNil(try? WorldSizeInput.parse("40").get())
    }

    func testKeysNotAllowedNowAreStillSent() {
        var ui = WatchUI()
        XCTAssertEqual(ui.handle(.character("r"), context: context(world(running: true))), [action("simulation.resetGridToRandom")])
        XCTAssertEqual(ui.handle(.character("0"), context: context(world(running: true))), [action("simulation.reset")])
    }

    func testSpeedWalksAFixedLadderSoThatPlusThenMinusComesBack() {
        var ui = WatchUI()
        func interval(after key: Character, from ms: Int) -> Int? {
            guard case .dispatch(let action)? = ui.handle(.character(key), context: context(world(interval: ms))).first else { return nil }
            return action.json["intervalMs"]?.intValue
        }
        XCTAssertEqual(interval(after: "+", from: 1000), 500)
        XCTAssertEqual(interval(after: "-", from: 1000), 2000)
        XCTAssertEqual(interval(after: "+", from: 250), 100)
        XCTAssertEqual(interval(after: "-", from: 100), 250, "+ then - comes back")
        // Off the ladder (set by lifectl), the next rung either way.
        XCTAssertEqual(interval(after: "+", from: 300), 250)
        XCTAssertEqual(interval(after: "-", from: 300), 500)
        XCTAssertEqual(interval(after: "+", from: 15), 10)
        XCTAssertEqual(interval(after: "-", from: 40000), 60000)
        // From 60s, + walks down to 10ms and - walks back up through the same rungs.
        var ms = 60000
        var down: [Int] = [ms]
        while let next = interval(after: "+", from: ms) { ms = next; down.append(ms) }
        var up: [Int] = [ms]
        while let next = interval(after: "-", from: ms) { ms = next; up.append(ms) }
        XCTAssertEqual(down, up.reversed())
        XCTAssertEqual(down.last, 10)
        XCTAssertEqual(ui.handle(.character("+"), context: context(world(interval: 10))), [])
        XCTAssertEqual(ui.flash?.text, "already the fastest: every 10ms")
        XCTAssertEqual(ui.flash?.isError, false)
    }

    func testConfigurationsFetchThenPickThenLoad() {
        var ui = WatchUI()
        XCTAssertEqual(ui.handle(.character("c"), context: context(world())), [action("configurations.fetch")])
        XCTAssertEqual(ui.flash?.text, "fetching the configurations…", "a first c on an empty list says what it does")
        XCTAssertEqual(ui.handle(.enter, context: context(world())), [])
        XCTAssertEqual(ui.flash?.text, "no configurations yet: press c to fetch them")
        let list = world(configs: ["Glider", "Blinker", "Toad"])
        XCTAssertEqual(ui.handle(.enter, context: context(list)), [])
        XCTAssertEqual(ui.flash?.text, "press c to choose a configuration first")
        // c changes only the local selection: nothing is sent.
        XCTAssertEqual(ui.handle(.character("c"), context: context(list)), [])
        XCTAssertEqual(ui.selectedConfiguration, 0)
        XCTAssertEqual(ui.handle(.character("c"), context: context(list)), [])
        XCTAssertEqual(ui.handle(.enter, context: context(list)), [dispatch(["type": "configurations.load", "index": 1, "resize": true])])
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

    // MARK: Getting around a big world

    /// A 2000 x 2000 world at 1:1 with colour in a 36 x 72 area.
    private let big = GridLayout(gridRows: 2000, gridCols: 2000, areaRows: 36, areaCols: 72, halfBlocks: true)

    func bigContext(_ world: WorldView? = nil, layout: GridLayout? = nil, rect: Rect? = nil, connected: Bool = true) -> WatchUI.Context {
        WatchUI.Context(world: world ?? self.world(), isConnected: connected, gridLayout: layout ?? big, gridRect: rect, now: now)
    }

    func testPageKeysHomeAndEnd() {
        var ui = WatchUI()
        ui.navigation.settle(in: big)
        for key in [Key.pageDown, .shiftDown, .character("J")] { _ = ui.handle(key, context: bigContext()) }
        XCTAssertEqual(ui.viewport, GridViewport(row: 3 * 62, col: 0))
        for key in [Key.shiftRight, .character("L")] { _ = ui.handle(key, context: bigContext()) }
        XCTAssertEqual(ui.viewport, GridViewport(row: 186, col: 126))
        for key in [Key.pageUp, .shiftUp, .character("K"), .shiftLeft, .character("H")] { _ = ui.handle(key, context: bigContext()) }
        XCTAssertEqual(ui.viewport, GridViewport(row: 0, col: 0))
        _ = ui.handle(.end, context: bigContext())
        XCTAssertEqual(ui.navigation.cursor, Pattern.Coordinate(row: 1999, col: 1999))
        _ = ui.handle(.home, context: bigContext())
        XCTAssertEqual(ui.navigation.cursor, Pattern.Coordinate(row: 0, col: 0))
        // Without a grid drawn yet, they do nothing (and send nothing).
        XCTAssertEqual(ui.handle(.end, context: context(world())), [])
    }

    func testZoomKeys() {
        var ui = WatchUI()
        ui.navigation.settle(in: big)
        _ = ui.handle(.character("Z"), context: bigContext())
        XCTAssertEqual(ui.navigation.zoom, .dots(1))
        _ = ui.handle(.character("Z"), context: bigContext(layout: big.with(zoom: .dots(1))))
        XCTAssertEqual(ui.navigation.zoom, .dots(2))
        _ = ui.handle(.character("z"), context: bigContext(layout: big.with(zoom: .dots(2))))
        _ = ui.handle(.character("z"), context: bigContext(layout: big.with(zoom: .dots(1))))
        _ = ui.handle(.character("z"), context: bigContext(layout: big.with(zoom: .single)))
        XCTAssertEqual(ui.navigation.zoom, .wide)
        _ = ui.handle(.character("z"), context: bigContext(layout: big.with(zoom: .wide)))
        XCTAssertEqual(ui.flash?.text, "already the closest zoom (2:1)")
        // Once the whole grid shows, zooming farther out would only make it smaller.
        _ = ui.handle(.character("Z"), context: bigContext(layout: big.with(zoom: .dots(16))))
        XCTAssertEqual(ui.flash?.text, "the whole grid shows already (zoom 1:32)")
    }

    func testGoToPrompt() {
        var ui = WatchUI()
        ui.navigation.settle(in: big)
        XCTAssertEqual(ui.handle(.character("g"), context: bigContext()), [])
        XCTAssertEqual(ui.prompt, Prompt(.goTo))
        // While it is open, keys type (q too), Backspace deletes.
        for key in "12q".map(Key.character) { _ = ui.handle(key, context: bigContext()) }
        _ = ui.handle(.backspace, context: bigContext())
        for key in "0,340".map(Key.character) { _ = ui.handle(key, context: bigContext()) }
        XCTAssertEqual(ui.prompt?.text, "120,340")
        XCTAssertEqual(ui.promptLine(titles: [])?.text, "go to row,col: 120,340▏  enter goes, esc cancels")
        XCTAssertEqual(ui.handle(.enter, context: bigContext()), [])
        XCTAssertNil(ui.prompt)
        XCTAssertEqual(ui.navigation.cursor, Pattern.Coordinate(row: 120, col: 340))
        XCTAssertEqual(ui.viewport, GridViewport(row: 84, col: 304))
        // A bad answer is flashed as an error; the cursor stays.
        _ = ui.handle(.character("g"), context: bigContext())
        for key in "5000,1".map(Key.character) { _ = ui.handle(key, context: bigContext()) }
        _ = ui.handle(.enter, context: bigContext())
        XCTAssertEqual(ui.flash?.text, "row 5000 is outside the grid: its rows are 0–1999")
        XCTAssertEqual(ui.flash?.isError, true)
        XCTAssertEqual(ui.navigation.cursor, Pattern.Coordinate(row: 120, col: 340))
        // Escape cancels; Ctrl-C still quits from a prompt.
        _ = ui.handle(.character("g"), context: bigContext())
        _ = ui.handle(.character("7"), context: bigContext())
        _ = ui.handle(.escape, context: bigContext())
        XCTAssertNil(ui.prompt)
        XCTAssertEqual(ui.navigation.cursor, Pattern.Coordinate(row: 120, col: 340))
        _ = ui.handle(.character("g"), context: bigContext())
        XCTAssertEqual(ui.handle(.interrupt, context: bigContext()), [.quit])
    }

    func testCentreAndFitAskTheDaemonWhereTheLiveCellsAre() {
        var ui = WatchUI()
        ui.navigation.settle(in: big)
        XCTAssertEqual(ui.handle(.character("m"), context: bigContext()), [.findLiveCells(.centre)])
        XCTAssertEqual(ui.handle(.character("f"), context: bigContext()), [.findLiveCells(.fit)])
        XCTAssertEqual(ui.handle(.character("m"), context: bigContext(connected: false)), [])
        let gun = Viewport(row: 500, col: 300, rows: 9, cols: 36)
        ui.liveCellsFound(.at(gun), for: .centre, context: bigContext())
        XCTAssertEqual(ui.navigation.cursor, Pattern.Coordinate(row: 504, col: 318))
        XCTAssertNil(ui.navigation.zoom)
        ui.liveCellsFound(.at(gun), for: .fit, context: bigContext())
        XCTAssertEqual(ui.navigation.zoom, .wide)
        ui.liveCellsFound(.none, for: .centre, context: bigContext())
        XCTAssertEqual(ui.flash?.text, "no live cells to centre on")
        ui.liveCellsFound(.unreported, for: .fit, context: bigContext())
        XCTAssertEqual(ui.flash?.text, "this lifed does not say where the live cells are (it is older than lifewatch)")
        // The status reply's summary.
        XCTAssertEqual(
            LiveCells(status: ["summary": ["liveBounds": ["row": 500, "col": 300, "rows": 9, "cols": 36]]]), .at(gun))
        XCTAssertEqual(LiveCells(status: ["summary": ["liveBounds": nil]]), LiveCells.none)
        XCTAssertEqual(LiveCells(status: ["summary": ["population": 3]]), .unreported)
        XCTAssertEqual(LiveCells(status: ["summary": ["liveBounds": ["row": -1, "col": 0, "rows": 1, "cols": 1]]]), .unreported)
    }

    // MARK: The mouse

    /// 40 x 40 at 2:1 drawn at screen row 1, column 0 (a 40-line, 80-column area).
    private let mouseLayout = GridLayout(gridRows: 40, gridCols: 40, areaRows: 40, areaCols: 80, halfBlocks: true)
    private let mouseRect = Rect(row: 1, col: 0, height: 40, width: 80)

    func mouseWorld(_ rows: [String] = []) throws -> WorldView {
        let lines = rows + Array(repeating: String(repeating: ".", count: 40), count: 40 - rows.count)
        return WorldView(grid: GridWindow(try Grid(rows: 40, cols: 40, rowStrings: lines)))
    }

    func mouse(_ button: MouseEvent.Button, _ action: MouseEvent.Action, _ row: Int, _ col: Int) -> Key {
        .mouse(MouseEvent(button, action, row: row, col: col))
    }

    func testAClickAndADragDrawInOneActionAFrame() throws {
        var ui = WatchUI()
        let world = try mouseWorld()
        let context = WatchUI.Context(world: world, isConnected: true, gridLayout: mouseLayout, gridRect: mouseRect, now: now)
        // Screen row 3, column 4 is cell (2, 2) (two columns a cell, the grid from row 1).
        XCTAssertEqual(ui.handle(mouse(.left, .press, 3, 4), context: context), [])
        XCTAssertEqual(ui.navigation.cursor, Pattern.Coordinate(row: 2, col: 2))
        // A drag across four cells, in events that skip cells: the gaps are filled.
        _ = ui.handle(mouse(.left, .drag, 3, 7), context: context)
        _ = ui.handle(mouse(.left, .drag, 3, 10), context: context)
        XCTAssertEqual(
            ui.takeStroke(), [dispatch(["type": "grid.setCells", "cells": [[2, 2], [2, 3], [2, 4], [2, 5]], "to": "alive"])])
        XCTAssertEqual(ui.takeStroke(), [])
        _ = ui.handle(mouse(.left, .drag, 4, 10), context: context)
        _ = ui.handle(mouse(.left, .release, 4, 10), context: context)
        XCTAssertEqual(ui.takeStroke(), [dispatch(["type": "grid.setCells", "cells": [[3, 5]], "to": "alive"])])
        XCTAssertNil(ui.stroke)
        // Drags after the release draw nothing.
        _ = ui.handle(mouse(.left, .drag, 5, 10), context: context)
        XCTAssertEqual(ui.takeStroke(), [])
        // Two clicks before a frame: both go, the first one's cells not lost to the second press.
        _ = ui.handle(mouse(.left, .press, 10, 10), context: context)
        _ = ui.handle(mouse(.left, .release, 10, 10), context: context)
        _ = ui.handle(mouse(.left, .press, 11, 10), context: context)
        _ = ui.handle(mouse(.left, .release, 11, 10), context: context)
        _ = ui.handle(mouse(.left, .press, 0, 0), context: context)
        XCTAssertEqual(
            ui.takeStroke(),
            [dispatch(["type": "grid.setCells", "cells": [[9, 5]], "to": "alive"]), dispatch(["type": "grid.setCells", "cells": [[10, 5]], "to": "alive"])])
    }

    /// Issue 24: at 1:1 a character shows two rows as half blocks, and a click drew both. It
    /// draws the top one where only cells are reported, the one under the pointer where the
    /// terminal reports pixels; a drag goes by half lines, a horizontal one along one row.
    func testAt1To1AClickDrawsOneCellOfTheTwoALineShows() throws {
        var ui = WatchUI()
        let world = try mouseWorld()
        let halves = mouseLayout.with(zoom: .single)
        XCTAssertEqual(halves.mode, .halfBlock)
        let context = WatchUI.Context(world: world, isConnected: true, gridLayout: halves, gridRect: mouseRect, now: now)
        func pixel(_ action: MouseEvent.Action, _ row: Int, _ col: Int, lower: Bool) -> Key {
            .mouse(MouseEvent(.left, action, row: row, col: col, lowerHalf: lower))
        }
        // Screen row 3 shows rows 4 and 5; without pixels, the top one.
        _ = ui.handle(mouse(.left, .press, 3, 7), context: context)
        _ = ui.handle(mouse(.left, .release, 3, 7), context: context)
        XCTAssertEqual(ui.takeStroke(), [dispatch(["type": "grid.setCells", "cells": [[4, 7]], "to": "alive"])])
        XCTAssertEqual(ui.navigation.cursor, Pattern.Coordinate(row: 4, col: 7))
        // With pixels, the bottom one when the pointer is in the bottom half, and the cursor there.
        _ = ui.handle(pixel(.press, 3, 9, lower: true), context: context)
        _ = ui.handle(pixel(.release, 3, 9, lower: true), context: context)
        XCTAssertEqual(ui.takeStroke(), [dispatch(["type": "grid.setCells", "cells": [[5, 9]], "to": "alive"])])
        XCTAssertEqual(ui.navigation.cursor, Pattern.Coordinate(row: 5, col: 9))
        _ = ui.handle(pixel(.press, 3, 11, lower: false), context: context)
        XCTAssertEqual(ui.takeStroke(), [dispatch(["type": "grid.setCells", "cells": [[4, 11]], "to": "alive"])])
        _ = ui.handle(pixel(.release, 3, 11, lower: false), context: context)
        // A drag along a line: one row, the top one without pixels...
        _ = ui.handle(mouse(.left, .press, 5, 2), context: context)
        _ = ui.handle(mouse(.left, .drag, 5, 5), context: context)
        _ = ui.handle(mouse(.left, .release, 5, 5), context: context)
        XCTAssertEqual(ui.takeStroke(), [dispatch(["type": "grid.setCells", "cells": [[8, 2], [8, 3], [8, 4], [8, 5]], "to": "alive"])])
        // ...the bottom one with them...
        _ = ui.handle(pixel(.press, 6, 2, lower: true), context: context)
        _ = ui.handle(pixel(.drag, 6, 4, lower: true), context: context)
        _ = ui.handle(pixel(.release, 6, 4, lower: true), context: context)
        XCTAssertEqual(ui.takeStroke(), [dispatch(["type": "grid.setCells", "cells": [[11, 2], [11, 3], [11, 4]], "to": "alive"])])
        // ...and down a column, every row it passed: from the bottom of line 8 to the top of line 10.
        _ = ui.handle(pixel(.press, 8, 20, lower: true), context: context)
        _ = ui.handle(pixel(.drag, 10, 20, lower: false), context: context)
        _ = ui.handle(pixel(.release, 10, 20, lower: false), context: context)
        XCTAssertEqual(ui.takeStroke(), [dispatch(["type": "grid.setCells", "cells": [[15, 20], [16, 20], [17, 20], [18, 20]], "to": "alive"])])
        // The bottom half of the last line of a grid of odd rows shows no cell.
        let odd = GridLayout(gridRows: 5, gridCols: 4, areaRows: 40, areaCols: 80, halfBlocks: true, zoom: .single)
        let oddWorld = WorldView(grid: GridWindow(try Grid(rows: 5, cols: 4, rowStrings: Array(repeating: "....", count: 5))))
        let oddContext = WatchUI.Context(world: oddWorld, isConnected: true, gridLayout: odd, gridRect: Rect(row: 1, col: 0, height: 3, width: 4), now: now)
        _ = ui.handle(pixel(.press, 3, 1, lower: true), context: oddContext)
        XCTAssertNil(ui.stroke)
        _ = ui.handle(pixel(.press, 3, 1, lower: false), context: oddContext)
        XCTAssertEqual(ui.takeStroke(), [dispatch(["type": "grid.setCells", "cells": [[4, 1]], "to": "alive"])])
    }

    func testAStrokeThatStartsOnALiveCellErases() throws {
        var ui = WatchUI()
        let world = try mouseWorld(["", "", "..OO"].map { $0 + String(repeating: ".", count: 40 - $0.count) })
        let context = WatchUI.Context(world: world, isConnected: true, gridLayout: mouseLayout, gridRect: mouseRect, now: now)
        _ = ui.handle(mouse(.left, .press, 3, 4), context: context)
        _ = ui.handle(mouse(.left, .drag, 3, 8), context: context)
        _ = ui.handle(mouse(.left, .release, 3, 8), context: context)
        XCTAssertEqual(ui.takeStroke(), [dispatch(["type": "grid.setCells", "cells": [[2, 2], [2, 3], [2, 4]], "to": "empty"])])
        // Outside the grid: nothing.
        _ = ui.handle(mouse(.left, .press, 0, 0), context: context)
        XCTAssertNil(ui.stroke)
    }

    func testFarOutAClickMovesTheCursorAndTheWheelZooms() throws {
        var ui = WatchUI()
        let far = GridLayout(gridRows: 2000, gridCols: 2000, areaRows: 36, areaCols: 72, halfBlocks: true, zoom: .dots(4))
        ui.navigation.zoom = .dots(4)
        ui.navigation.settle(in: far)
        let rect = Rect(row: 1, col: 0, height: 36, width: 72)
        let context = WatchUI.Context(world: world(), isConnected: true, gridLayout: far, gridRect: rect, now: now)
        _ = ui.handle(mouse(.left, .press, 11, 20), context: context)
        XCTAssertNil(ui.stroke)
        XCTAssertEqual(ui.navigation.cursor, Pattern.Coordinate(row: 160, col: 160))
        XCTAssertEqual(ui.flash?.text, "zoom in to 1:4 or closer (z) to draw with the mouse; here a click moves the cursor")
        // The right button only moves the cursor; the wheel zooms about the cell under the pointer.
        _ = ui.handle(mouse(.right, .press, 2, 3), context: context)
        XCTAssertEqual(ui.navigation.cursor, Pattern.Coordinate(row: 16, col: 24))
        _ = ui.handle(mouse(.wheelUp, .press, 11, 20), context: context)
        XCTAssertEqual(ui.navigation.zoom, .dots(2))
        XCTAssertEqual(ui.navigation.cursor, Pattern.Coordinate(row: 160, col: 160))
        _ = ui.handle(mouse(.wheelDown, .press, 11, 20), context: context)
        XCTAssertEqual(ui.navigation.zoom, .dots(8))
        // Not connected: no stroke.
        let near = WatchUI.Context(world: world(), isConnected: false, gridLayout: mouseLayout, gridRect: mouseRect, now: now)
        _ = ui.handle(mouse(.left, .press, 3, 4), context: near)
        XCTAssertNil(ui.stroke)
        // The help open: a click closes it and draws nothing.
        ui.showsHelp = true
        let live = WatchUI.Context(world: try mouseWorld(), isConnected: true, gridLayout: mouseLayout, gridRect: mouseRect, now: now)
        _ = ui.handle(mouse(.left, .press, 3, 4), context: live)
        XCTAssertFalse(ui.showsHelp)
        XCTAssertNil(ui.stroke)
    }

    // MARK: Flashes that outlive what they said

    func testAFlashGoesWithTheNextKeyOrWhenWhatItSaidChanges() {
        var ui = WatchUI()
        // A key moves on from the last flash.
        _ = ui.handle(.enter, context: context(world()))
        XCTAssertNotNil(ui.flash)
        _ = ui.handle(.character("?"), context: context(world()))
        XCTAssertNil(ui.flash)
        _ = ui.handle(.character("?"), context: context(world()))
        // "not connected" goes once the connection is back, before its time is up.
        _ = ui.handle(.character("r"), context: context(world(), connected: false))
        XCTAssertEqual(ui.flash?.text, "not connected to lifed; keys act again once it is back")
        ui.observe(world: world(), connected: false)
        XCTAssertNotNil(ui.flash)
        ui.observe(world: world(), connected: true)
        XCTAssertNil(ui.flash)
        // A refusal because the timer runs goes when the timer stops.
        ui.showError("r (a random grid) needs the timer stopped: press space first", now: now, facts: StateFacts(world: world(running: true), connected: true))
        ui.observe(world: world(running: true), connected: true)
        XCTAssertNotNil(ui.flash)
        ui.observe(world: world(running: false), connected: true)
        XCTAssertNil(ui.flash)
        // "still fetching" goes when the fetch has ended.
        var fetching = world()
        fetching.isFetching = true
        _ = ui.handle(.character("c"), context: context(fetching))
        XCTAssertEqual(ui.flash?.text, "still fetching the configurations…")
        ui.observe(world: world(configs: ["Glider"]), connected: true)
        XCTAssertNil(ui.flash)
        // A flash without facts (a bad go-to answer) stays its time.
        ui.showError("row 0 is outside the grid", now: now)
        ui.observe(world: world(running: true), connected: false)
        XCTAssertNotNil(ui.flash)
    }

    func testANewGridSizeStartsAtTheAutomaticZoomWithTheCursorInTheMiddle() throws {
        var ui = WatchUI()
        let first = WorldView(grid: GridWindow(Grid(rows: 100, cols: 100)))
        ui.observe(world: first, connected: true)
        ui.navigation.zoom = .dots(2)
        ui.navigation.cursor = Pattern.Coordinate(row: 90, col: 90)
        ui.observe(world: first, connected: true)
        XCTAssertEqual(ui.navigation.zoom, .dots(2))
        ui.observe(world: WorldView(grid: GridWindow(Grid(rows: 20, cols: 30))), connected: true)
        XCTAssertNil(ui.navigation.zoom)
        XCTAssertNil(ui.navigation.cursor)
    }
}
