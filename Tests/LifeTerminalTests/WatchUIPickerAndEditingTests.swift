import LifeGrid
import LifeJSON
import LifeTerminal
import Protocol
import XCTest

// WatchUI's configuration picker and its editing keys (toggle, paste, clear).
extension WatchUITests {
    // MARK: The picker

    func testThePickerMovesBothWays() {
        var ui = WatchUI()
        let list = world(configs: ["Glider", "Blinker", "Toad"])
        _ = ui.handle(.character("C"), context: context(list))
        XCTAssertEqual(ui.selectedConfiguration, 2)
        _ = ui.handle(.character("C"), context: context(list))
        XCTAssertEqual(ui.selectedConfiguration, 1)
        _ = ui.handle(.character("c"), context: context(list))
        _ = ui.handle(.character("c"), context: context(list))
        XCTAssertEqual(ui.selectedConfiguration, 0)
        _ = ui.handle(.character("C"), context: context(list))
        XCTAssertEqual(ui.selectedConfiguration, 2)
        // With an empty list, C fetches as c does.
        XCTAssertEqual(ui.handle(.character("C"), context: context(world())), [action("configurations.fetch")])
    }

    func testFindingAConfigurationByTyping() {
        var ui = WatchUI()
        let titles = ["Glider", "Blinker", "Gosper glider gun", "Toad", "Pulsar"]
        let list = world(configs: titles)
        ui.selectedConfiguration = 3
        _ = ui.handle(.character("/"), context: context(list))
        XCTAssertEqual(ui.prompt, Prompt(.find(restore: 3)))
        // Each character chooses the first title that contains the text, ignoring case.
        _ = ui.handle(.character("G"), context: context(list))
        XCTAssertEqual(ui.selectedConfiguration, 0)
        for key in "lider".map(Key.character) { _ = ui.handle(key, context: context(list)) }
        XCTAssertEqual(ui.selectedConfiguration, 0)
        XCTAssertEqual(ui.promptLine(titles: titles)?.text, "find configuration: Glider▏  1 of 2 matches (tab: next)")
        // Tab goes to the next match, Up back.
        _ = ui.handle(.tab, context: context(list))
        XCTAssertEqual(ui.selectedConfiguration, 2)
        _ = ui.handle(.up, context: context(list))
        XCTAssertEqual(ui.selectedConfiguration, 0)
        _ = ui.handle(.down, context: context(list))
        // Enter keeps the match chosen.
        _ = ui.handle(.enter, context: context(list))
        XCTAssertNil(ui.prompt)
        XCTAssertEqual(ui.selectedConfiguration, 2)
        XCTAssertEqual(ui.handle(.enter, context: context(list)), [dispatch(["type": "configurations.load", "index": 2, "resize": true])])
        // / and Enter alone looks for the same text again, after the chosen one.
        _ = ui.handle(.character("/"), context: context(list))
        XCTAssertEqual(ui.promptLine(titles: titles)?.text, "find configuration: ▏  enter finds \"Glider\" again")
        _ = ui.handle(.enter, context: context(list))
        XCTAssertEqual(ui.selectedConfiguration, 0)
        // Escape puts the choice back; no match is said in red, and Enter then keeps the old choice.
        _ = ui.handle(.character("/"), context: context(list))
        _ = ui.handle(.character("t"), context: context(list))
        XCTAssertEqual(ui.selectedConfiguration, 3)
        _ = ui.handle(.escape, context: context(list))
        XCTAssertEqual(ui.selectedConfiguration, 0)
        _ = ui.handle(.character("/"), context: context(list))
        for key in "unicorn".map(Key.character) { _ = ui.handle(key, context: context(list)) }
        XCTAssertEqual(ui.promptLine(titles: titles)?.isError, true)
        _ = ui.handle(.enter, context: context(list))
        XCTAssertEqual(ui.selectedConfiguration, 0)
        XCTAssertEqual(ui.flash?.text, "no configuration's title contains \"unicorn\"")
        // Nothing to find in an empty list.
        _ = ui.handle(.character("/"), context: context(world()))
        XCTAssertNil(ui.prompt)
        XCTAssertEqual(ui.flash?.text, "no configurations yet: press c to fetch them")
    }

    // MARK: Editing

    func testToggleAndPasteAtTheCursor() {
        var ui = WatchUI()
        ui.navigation.cursor = Pattern.Coordinate(row: 12, col: 34)
        XCTAssertEqual(
            ui.handle(.character("t"), context: context(world())),
            [dispatch(["type": "grid.setCells", "cells": [[12, 34]], "to": "toggle"])])
        let list = world(configs: ["Glider", "Gosper glider gun"])
        XCTAssertEqual(ui.handle(.character("p"), context: context(list)), [])
        XCTAssertEqual(ui.flash?.text, "press c to choose a configuration to paste first")
        ui.selectedConfiguration = 1
        XCTAssertEqual(
            ui.handle(.character("p"), context: context(list)),
            [.pasteConfiguration(index: 1, title: "Gosper glider gun", at: Pattern.Coordinate(row: 12, col: 34))])
        // The read configuration's RLE goes to grid.paste, mode or, its corner at the cell.
        let read: JSON = ["title": "Gosper glider gun", "rows": 9, "cols": 36, "rle": "x = 36, y = 9\n24bo!\n"]
        XCTAssertEqual(
            try WatchUI.pasteAction(configuration: read, expectedTitle: "Gosper glider gun", at: Pattern.Coordinate(row: 12, col: 34)).get(),
            try AppAction(json: ["type": "grid.paste", "rle": "x = 36, y = 9\n24bo!\n", "row": 12, "col": 34, "mode": "or"]))
        XCTAssertThrowsError(try WatchUI.pasteAction(configuration: read, expectedTitle: "Glider", at: Pattern.Coordinate(row: 0, col: 0)).get())
        XCTAssertThrowsError(
            try WatchUI.pasteAction(configuration: ["title": "Glider"], expectedTitle: "Glider", at: Pattern.Coordinate(row: 0, col: 0)).get())
        // A pattern that does not read is said here, not sent for the daemon to refuse.
        XCTAssertThrowsError(
            try WatchUI.pasteAction(
                configuration: ["title": "Glider", "rle": "x = 3, y = 3\n#$%!\n"], expectedTitle: "Glider", at: Pattern.Coordinate(row: 0, col: 0)
            ).get()
        ) { error in
            XCTAssertTrue((error as? WordedError)?.message.hasPrefix("lifed sent Glider with a pattern that does not read: ") == true, "\(error)")
        }
        // Not while disconnected.
        XCTAssertEqual(ui.handle(.character("t"), context: context(world(), connected: false)), [])
    }

    func testAToggleAutostopAndSpaceSaysWhyASettledWorldWouldStopAgain() {
        var ui = WatchUI()
        var settled = world()
        settled.autoStop = true
        settled.settling = "still"
        settled.stoppedBecause = "the world became still"
        XCTAssertEqual(ui.handle(.character(" "), context: context(settled)), [])
        XCTAssertEqual(ui.flash?.text, "the world is still: autostop would stop it after one tick (a turns autostop off)")
        // `a` flips it in the daemon, in one action, whatever the mirror shows.
        XCTAssertEqual(ui.handle(.character("a"), context: context(settled)), [action("settings.toggleAutoStop")])
        // With autostop off, or a world that evolves, space starts the timer.
        var off = settled
        off.autoStop = false
        XCTAssertEqual(ui.handle(.character(" "), context: context(off)), [action("simulation.startTimer")])
        XCTAssertEqual(ui.handle(.character("a"), context: context(off)), [action("settings.toggleAutoStop")])
        var edited = settled
        edited.settling = "evolving"
        XCTAssertEqual(ui.handle(.character(" "), context: context(edited)), [action("simulation.startTimer")])
        var oscillating = settled
        oscillating.settling = "oscillating"
        oscillating.period = 2
        XCTAssertEqual(ui.handle(.character(" "), context: context(oscillating)), [])
        XCTAssertEqual(ui.flash?.text, "the world is oscillating (period 2): autostop would stop it after one tick (a turns autostop off)")
    }
}
