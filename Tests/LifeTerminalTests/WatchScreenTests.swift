import LifeGrid
import LifeJSON
import LifeTerminal
import Protocol
import XCTest

/// Whole screens, cell for cell.
final class WatchScreenTests: XCTestCase {
    private func world(running: Bool = false, stats: Bool = false, configs: [String] = []) throws -> WorldView {
        WorldView(
            title: "Welcome", ticks: 3, isRunning: running, intervalMs: 500,
            grid: GridWindow(try Grid(rows: 3, cols: 4, rowStrings: ["O+..", ".x..", "...O"])), settling: "evolving",
            showStatistics: stats, statistics: Statistics(steps: 3, alive: 4, born: 5, died: 6, empty: 21),
            configurationTitles: configs)
    }

    func testASmallMonochromeScreen() throws {
        let screen = WatchScreen(rows: 9, cols: 40, colorMode: .monochrome, content: .world(try world()), connection: .connected)
        XCTAssertEqual(
            screen.compose().buffer.lines,
            [
                "Welcome                  3×4 · connected",
                "",
                "                O + · ·",
                "                · x · ·",
                "                · · · O",
                "",
                "cursor 1,2",
                "stopped · gen 3 · population 3",
                "space start  n tick  …  ? help  q quit",
            ])
    }

    func testStatisticsBesideTheGridOnAWideScreen() throws {
        let screen = WatchScreen(rows: 10, cols: 60, colorMode: .monochrome, content: .world(try world(stats: true)), connection: .connected)
        let lines = screen.compose().buffer.lines
        XCTAssertEqual(lines[1], "                                  Summed over steps")
        XCTAssertEqual(lines[2], "            O + · ·               steps                    3")
        XCTAssertEqual(lines[3], "            · x · ·               alive                    4")
        XCTAssertEqual(lines[4], "            · · · O               born                     5")
        XCTAssertEqual(lines[6], "                                  empty                   21")
    }

    func testStatisticsAsOneLineOnANarrowScreen() throws {
        let screen = WatchScreen(rows: 10, cols: 50, colorMode: .monochrome, content: .world(try world(stats: true)), connection: .connected)
        let lines = screen.compose().buffer.lines
        XCTAssertEqual(lines[6], "steps 3 · alive 4 · born 5 · died 6 · empty 21")
    }

    func testTheChosenConfigurationIsHighlighted() throws {
        var ui = WatchUI()
        ui.selectedConfiguration = 1
        let screen = WatchScreen(
            rows: 10, cols: 60, colorMode: .monochrome, content: .world(try world(configs: ["Glider", "Toad"])), connection: .connected,
            ui: ui)
        let buffer = screen.compose().buffer
        XCTAssertEqual(buffer.lines[1], "                                  Configurations 2/2")
        XCTAssertEqual(buffer.lines[2], "            O + · ·                 Glider")
        XCTAssertEqual(buffer.lines[3], "            · x · ·               ▸ Toad")
        XCTAssertTrue(buffer[3, 34].style.reverse)
        XCTAssertFalse(buffer[2, 34].style.reverse)
        XCTAssertEqual(buffer.lines[7], "cursor 1,2 · Toad: enter loads it, p pastes it at the cursor")
    }

    func testReconnectingDimsTheLastState() throws {
        let screen = WatchScreen(
            rows: 9, cols: 40, colorMode: .trueColor, content: .world(try world(running: true)), connection: .reconnecting(attempt: 2))
        let buffer = screen.compose().buffer
        XCTAssertEqual(buffer.lines[0], "Welcome  3×4 · reconnecting… (attempt 3)")
        XCTAssertTrue(buffer[2, 16].style.dim)
        XCTAssertEqual(buffer[2, 16].style.background, CellPalette.color(of: .alive).dimmed())
        XCTAssertTrue(buffer[7, 0].style.dim)
        // Every action key is dimmed while the daemon is away.
        XCTAssertTrue(buffer[8, 0].style.dim)
    }

    func testAFlashShowsOnTheMessageLine() throws {
        var ui = WatchUI()
        ui.showError("simulation.reset is not allowed while the timer runs", now: .seconds(1))
        let content = WatchedContent.world(try world(running: true))
        let shown = WatchScreen(rows: 9, cols: 60, colorMode: .monochrome, content: content, connection: .connected, ui: ui, now: .seconds(2))
        XCTAssertEqual(shown.compose().buffer.lines[6], "simulation.reset is not allowed while the timer runs")
        let expired = WatchScreen(rows: 9, cols: 60, colorMode: .monochrome, content: content, connection: .connected, ui: ui, now: .seconds(5))
        // Then the message line has its hint again: where the cursor is (in the middle, counted from 0).
        XCTAssertEqual(expired.compose().buffer.lines[6], "cursor 1,2")
    }

    func testAViewportSaysWhereItIs() throws {
        let big = try Grid(rows: 40, cols: 50, rowStrings: Array(repeating: String(repeating: ".", count: 50), count: 40))
        let content = WatchedContent.world(WorldView(grid: GridWindow(big)))
        var ui = WatchUI()
        ui.viewport = GridViewport(row: 5, col: 100)
        let frame = WatchScreen(rows: 12, cols: 30, colorMode: .monochrome, content: content, connection: .connected, ui: ui).compose()
        XCTAssertEqual(frame.gridLayout?.mode, .narrow)
        XCTAssertEqual(frame.buffer.lines[9], "rows 5–12 of 40, cols 20–49 o…")
    }

    func testHelpOverlay() throws {
        var ui = WatchUI()
        ui.showsHelp = true
        let tall = WatchScreen(rows: 40, cols: 110, colorMode: .monochrome, content: .world(try world()), connection: .connected, ui: ui)
            .compose().buffer.lines
        XCTAssertTrue(tall.contains { $0.contains("┌─ lifewatch keys ─") })
        XCTAssertTrue(tall.contains { $0.contains("│ space               start or stop the timer") })
        XCTAssertTrue(tall.contains { $0.contains("│ s                   statistics on or off (shared: every watcher sees it)") })
        XCTAssertTrue(tall.contains { $0.contains("q, ctrl-c           quit") })
        XCTAssertTrue(tall.contains { $0.contains("any other key closes") && !$0.contains("more") })
        // Every line fits an 80-column terminal's box.
        XCTAssertTrue(KeyHelp.lines.allSatisfy { TextWidth.of($0) <= KeyHelp.maxWidth }, KeyHelp.lines.joined(separator: "\n"))
        // On 80 x 24 the help is taller than the screen: it says so, and the arrows scroll it.
        let short = WatchScreen(rows: 24, cols: 80, colorMode: .monochrome, content: .world(try world()), connection: .connected, ui: ui)
        XCTAssertTrue(short.compose().buffer.lines.contains { $0.contains("↓ more · any other key closes") })
        XCTAssertFalse(short.compose().buffer.lines.contains { $0.contains("q, ctrl-c") })
        for _ in 0..<40 { _ = ui.handle(.down, context: WatchUI.Context(world: nil, isConnected: true, now: .zero)) }
        XCTAssertTrue(ui.showsHelp)
        var scrolled = short
        scrolled.ui = ui
        let lines = scrolled.compose().buffer.lines
        XCTAssertTrue(lines.contains { $0.contains("q, ctrl-c           quit") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.contains("lifewatch keys (↑ more)") })
        XCTAssertFalse(lines.contains { $0.contains("↓ more") })
        // Any other key closes it.
        _ = ui.handle(.character("x"), context: WatchUI.Context(world: nil, isConnected: true, now: .zero))
        XCTAssertFalse(ui.showsHelp)
    }

    func testStatisticsPathShowsLabelledFields() {
        let value: JSON = ["steps": 3, "alive": 4, "born": 5, "died": 6, "empty": 21]
        let screen = WatchScreen(
            rows: 10, cols: 40, colorMode: .monochrome, content: WatchedContent(path: "/statistics", value: value), version: 7,
            path: "/statistics", connection: .connected)
        let lines = screen.compose().buffer.lines
        XCTAssertEqual(lines[0], "lifewatch /statistics          connected")
        XCTAssertEqual(Array(lines[1...5]), ["steps  3", "alive  4", "born   5", "died   6", "empty  21"])
        XCTAssertEqual(lines[8], "watching /statistics · version 7")
        XCTAssertEqual(lines[9], "↑↓ scroll  ? help  q quit")
    }

    func testOtherPathsShowScrollableJSON() {
        let value: JSON = ["a": [1, 2, 3], "b": "x"]
        var ui = WatchUI()
        ui.scroll = 2
        let frame = WatchScreen(
            rows: 7, cols: 40, colorMode: .monochrome, content: WatchedContent(path: "/simulation", value: value), path: "/simulation",
            connection: .connected, ui: ui
        ).compose()
        XCTAssertEqual(frame.textLines, 8)
        XCTAssertEqual(frame.textPage, 3)
        XCTAssertEqual(Array(frame.buffer.lines[1...3]), ["    1,", "    2,", "    3"])
        XCTAssertEqual(frame.buffer.lines[4], "lines 3–5 of 8 (arrows scroll)")
    }

    func testTinyScreensDoNotCrash() throws {
        for rows in 0...7 {
            for cols in [0, 1, 2, 5, 13] {
                for content in [WatchedContent.world(try world(stats: true, configs: ["A"])), .subtree(path: "/x", value: [1, 2])] {
                    var ui = WatchUI()
                    ui.showsHelp = rows % 2 == 0
                    ui.selectedConfiguration = 0
                    let frame = WatchScreen(rows: rows, cols: cols, colorMode: .trueColor, content: content, connection: .connected, ui: ui)
                        .compose()
                    XCTAssertEqual(frame.buffer.rows, rows)
                }
            }
        }
    }

    func testTheCursorZoomAndAPromptOnScreen() throws {
        var ui = WatchUI()
        ui.navigation.cursor = Pattern.Coordinate(row: 0, col: 0)
        var world = try world()
        world.autoStop = false
        let frame = WatchScreen(rows: 9, cols: 90, colorMode: .monochrome, content: .world(world), connection: .connected, ui: ui).compose()
        // The cursor's cell in reverse video; where it is (counted from 0) and that it is alive.
        XCTAssertEqual(frame.buffer.lines[2], "                                         O + · ·")
        XCTAssertTrue(frame.buffer[2, 41].style.reverse)
        XCTAssertFalse(frame.buffer[2, 43].style.reverse)
        XCTAssertEqual(frame.buffer.lines[6], "cursor 0,0 (alive)")
        XCTAssertEqual(frame.gridRect, Rect(row: 2, col: 41, height: 3, width: 8))
        // Autostop off is said; the zoom shows once it is not two columns a cell.
        XCTAssertEqual(frame.buffer.lines[7], "ticks 3 · stopped · gen 3 · every 500ms · population 3 · evolving · autostop off")
        ui.navigation.zoom = .dots(1)
        let zoomed = WatchScreen(rows: 9, cols: 90, colorMode: .monochrome, content: .world(world), connection: .connected, ui: ui).compose()
        // Two columns short of the whole line: autostop off, the least of it, goes whole.
        XCTAssertEqual(zoomed.buffer.lines[7], "ticks 3 · stopped · gen 3 · every 500ms · zoom 1:2 · population 3 · evolving")
        // 3 x 4 cells at 1:2: two braille characters (alive and born count, died does not), the
        // cursor's in reverse video.
        XCTAssertEqual(zoomed.buffer.lines[3], String(repeating: " ", count: 44) + "\u{2809}\u{2820}")
        XCTAssertTrue(zoomed.buffer[3, 44].style.reverse)
        XCTAssertFalse(zoomed.buffer[3, 45].style.reverse)
        // Plain glyphs where the locale is not UTF-8.
        let plain = WatchScreen(
            rows: 9, cols: 90, colorMode: .monochrome, content: .world(world), connection: .connected, ui: ui, glyphs: .plain
        ).compose()
        XCTAssertEqual(plain.buffer.lines[3], String(repeating: " ", count: 44) + "##")
        // An open prompt takes the message line.
        ui.prompt = Prompt(.goTo, text: "12,3")
        let prompting = WatchScreen(rows: 9, cols: 90, colorMode: .monochrome, content: .world(world), connection: .connected, ui: ui).compose()
        XCTAssertEqual(prompting.buffer.lines[6], "go to row,col: 12,3▏  enter goes, esc cancels")
    }

    /// Issue 24: at 80 x 24 a 40 x 60 world showed columns 0–51 beside the panel. The panel
    /// now goes where the grid does not fit beside it (its statistics one line under the grid),
    /// and `i` shows it again, or hides it beside a grid that fits.
    func testThePanelMakesWayForAGridThatDoesNotFitBesideIt() throws {
        let rows = (0..<40).map { row in String((0..<60).map { col in (row + col) % 7 == 0 ? "O" : "." }) }
        var world = WorldView(
            title: "Big", ticks: 0, grid: GridWindow(try Grid(rows: 40, cols: 60, rowStrings: rows)), showStatistics: true,
            statistics: Statistics(steps: 400, alive: 1, born: 2, died: 3, empty: 4))
        var ui = WatchUI()
        func frame() -> WatchFrame {
            WatchScreen(rows: 24, cols: 80, colorMode: .trueColor, content: .world(world), connection: .connected, ui: ui).compose()
        }
        func press(_ key: Key, after shown: WatchFrame) -> [WatchCommand] {
            let context = ui.context(content: .world(world), watchesWorld: true, lastFrame: shown, isConnected: true, now: .zero)
            return ui.handle(key, context: context)
        }
        let hidden = frame()
        XCTAssertEqual(hidden.panel, SidePanel.Placement(isWanted: true, isShown: false, hasRoom: true))
        XCTAssertEqual(hidden.gridLayout?.visibleCols, 60, "every column shows")
        XCTAssertFalse(hidden.buffer.lines.contains { $0.contains("Summed over steps") })
        // The statistics under the grid, the way back on the message line, the generations on the status line.
        XCTAssertEqual(hidden.buffer.lines[20], "steps 400 · alive 1 · born 2 · died 3 · empty 4")
        XCTAssertTrue(hidden.buffer.lines[21].hasSuffix("i shows the side panel"), hidden.buffer.lines[21])
        XCTAssertTrue(hidden.buffer.lines[22].hasPrefix("ticks 0 · stopped · gen 400 · "), hidden.buffer.lines[22])
        // i shows it, and the grid is a view again.
        XCTAssertEqual(press(.character("i"), after: hidden), [])
        XCTAssertEqual(ui.panel, .shown)
        let shown = frame()
        XCTAssertEqual(shown.panel?.isShown, true)
        XCTAssertEqual(shown.gridLayout?.visibleCols, 80 - SidePanel.takes)
        XCTAssertTrue(shown.buffer.lines[1].hasSuffix("Summed over steps"), shown.buffer.lines[1])
        // i again hides it, for good: even a grid that fits shows without it.
        _ = press(.character("i"), after: shown)
        XCTAssertEqual(ui.panel, .hidden)
        world.grid = GridWindow(try Grid(rows: 4, cols: 4, rowStrings: ["O...", "....", "....", "...O"]))
        XCTAssertEqual(frame().panel?.isShown, false)
        // By default, a grid that fits keeps the panel beside it.
        ui.panel = .automatic
        XCTAssertEqual(frame().panel?.isShown, true)
        // Nothing for the panel, or no room for it: i says so.
        world.showStatistics = false
        let empty = frame()
        _ = press(.character("i"), after: empty)
        XCTAssertEqual(ui.panel, .automatic)
        XCTAssertEqual(ui.flash?.text, "the side panel has nothing to show: s shows the statistics, c fetches the configurations")
        world.showStatistics = true
        let narrow = WatchScreen(rows: 24, cols: 30, colorMode: .trueColor, content: .world(world), connection: .connected, ui: ui).compose()
        XCTAssertEqual(narrow.panel, SidePanel.Placement(isWanted: true, isShown: false, hasRoom: false))
        _ = press(.character("i"), after: narrow)
        XCTAssertEqual(ui.panel, .automatic)
        XCTAssertEqual(ui.flash?.text, "the screen is too narrow for the side panel (38 columns at least)")
    }

    /// Hidden, the panel's fetch and its chosen configuration are on the message line.
    func testAHiddenPanelsNewsIsOnTheMessageLine() throws {
        var ui = WatchUI()
        ui.panel = .hidden
        ui.selectedConfiguration = 0
        var world = try world(configs: ["Glider"])
        world.isFetching = true
        let lines = WatchScreen(rows: 10, cols: 120, colorMode: .monochrome, content: .world(world), connection: .connected, ui: ui)
            .compose().buffer.lines
        XCTAssertFalse(lines.contains { $0.contains("Configurations") })
        XCTAssertEqual(lines[7], "cursor 1,2 · fetching configurations… · configuration 1/1: Glider · Glider: enter loads it, p pastes it at the cursor")
    }
}
