import LifeJSON
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

/// Reading `settings.update` (and `grid.step`) from the wire: every bad field is `invalid-argument`
/// with a message that names the field and what it may be, and one bad field refuses the whole update.
final class SettingsValidationTests: XCTestCase {
    private func action(_ text: String) throws -> AppAction {
        try AppAction(json: JSON(parsing: text))
    }

    /// Asserts that `text` is refused with `invalid-argument` and a message that contains each of
    /// `mentions` (the field's name, what it may be, and what it was).
    @discardableResult
    private func assertRefused(
        _ text: String, mentions: [String], file: StaticString = #filePath, line: UInt = #line
    ) -> ProtocolError? {
        do {
            let parsed = try AppAction(json: JSON(parsing: text))
            XCTFail("\(text) was read as \(parsed)", file: file, line: line)
        } catch let error as ProtocolError {
            XCTAssertEqual(error.code, .invalidArgument, text, file: file, line: line)
            for mention in mentions {
                XCTAssertTrue(
                    error.message.contains(mention), "\(error.message.debugDescription) lacks \(mention.debugDescription)",
                    file: file, line: line)
            }
            return error
        } catch {
            XCTFail("\(text): \(error)", file: file, line: line)
        }
        return nil
    }

    func testEachBadFieldIsNamedWithWhatItMayBe() {
        let cases: [(String, [String])] = [
            (#"{"type": "settings.update", "intervalMs": 5}"#, ["intervalMs must be an integer from 10 to 60000, not 5"]),
            (#"{"type": "settings.update", "intervalMs": 60001}"#, ["intervalMs must be an integer from 10 to 60000, not 60001"]),
            (#"{"type": "settings.update", "intervalMs": 2.5}"#, ["intervalMs must be an integer from 10 to 60000, not 2.5"]),
            (#"{"type": "settings.update", "rows": 2}"#, ["rows must be an integer from 3 to 4096, not 2"]),
            (#"{"type": "settings.update", "rows": 5000}"#, ["rows must be an integer from 3 to 4096, not 5000"]),
            (#"{"type": "settings.update", "cols": "x"}"#, [#"cols must be an integer from 3 to 4096, not "x""#]),
            (#"{"type": "settings.update", "topology": "sphere"}"#, [#"topology must be "torus" or "bounded", not "sphere""#]),
            (#"{"type": "settings.update", "topology": 3}"#, ["topology must be a string"]),
            (#"{"type": "settings.update", "density": 0.99}"#, ["density must be a number from 0.05 to 0.95, not 0.99"]),
            (#"{"type": "settings.update", "density": 0}"#, ["density must be a number from 0.05 to 0.95, not 0"]),
            (#"{"type": "settings.update", "density": "dense"}"#, [#"density must be a number from 0.05 to 0.95, not "dense""#]),
            (#"{"type": "settings.update", "autoStop": "yes"}"#, [#"autoStop must be true or false, not "yes""#]),
            (#"{"type": "settings.update", "display": {"title": 7}}"#, ["display.title must be a string"]),
            (#"{"type": "settings.update", "display": {"title": "two\nlines"}}"#, ["display.title must be one line of at most 200 characters"]),
            (#"{"type": "settings.update", "display": {"showStatistics": "on"}}"#, [#"display.showStatistics must be true or false, not "on""#]),
            (#"{"type": "settings.update", "display": {"colour": "red"}}"#, ["display.colour is not a known field (known: showStatistics, title)"]),
            (#"{"type": "settings.update", "display": "big"}"#, ["display must be an object"]),
            (
                #"{"type": "settings.update", "speed": 3}"#,
                ["speed is not a known field (known: autoStop, cols, density, display, generationsPerTick, intervalMs, rows, rule, topology, type)"]
            ),
            (
                #"{"type": "settings.update"}"#,
                ["settings.update needs at least one of: intervalMs, generationsPerTick, rows, cols, topology, rule, density, autoStop, display"]
            ),
            (
                #"{"type": "settings.update", "display": {}}"#,
                ["settings.update needs at least one of: intervalMs, generationsPerTick, rows, cols, topology, rule, density, autoStop, display"]
            ),
        ]
        for (text, mentions) in cases { assertRefused(text, mentions: mentions) }
    }

    func testATitleLongerThanTwoHundredCharactersIsRefused() throws {
        let long = String(repeating: "é", count: Settings.maxTitleLength + 1)
        assertRefused(
            #"{"type": "settings.update", "display": {"title": "\#(long)"}}"#,
            mentions: ["display.title must be one line of at most 200 characters"])
        // Exactly 200 is fine.
        let most = String(repeating: "é", count: Settings.maxTitleLength)
        XCTAssertEqual(
            try action(#"{"type": "settings.update", "display": {"title": "\#(most)"}}"#),
            .settings(.update(SettingsUpdate(title: most))))
    }

    func testRulesWithBZeroAreRead() throws {
        // lifed runs B0 rules (issue 22): every empty cell of an empty region is born at once.
        for (text, notation) in [("B03/S23", "B03/S23"), ("B0/S", "B0/S"), ("b0s8", "B0/S8"), ("8/0", "B0/S8")] {
            let parsed = try action(#"{"type": "settings.update", "rule": "\#(text)"}"#)
            guard case .settings(.update(let update)) = parsed else { return XCTFail("\(text): \(parsed)") }
            XCTAssertEqual(update.rule?.notation, notation, text)
        }
    }

    func testOneBadFieldRefusesTheWholeUpdate() {
        let bad: [(String, String)] = [
            (#"{"type": "settings.update", "intervalMs": 250, "rows": 2}"#, "rows"),
            (#"{"type": "settings.update", "rows": 20, "cols": 20, "density": 0.99}"#, "density"),
            (#"{"type": "settings.update", "rule": "B36/S23", "topology": "sphere", "autoStop": false}"#, "topology"),
            (#"{"type": "settings.update", "display": {"title": "ok", "showStatistics": 1}, "intervalMs": 100}"#, "display.showStatistics"),
            (#"{"type": "settings.update", "intervalMs": 100, "rule": "B9/S23"}"#, "rule"),
            (#"{"type": "settings.update", "intervalMs": 100, "extra": true}"#, "extra"),
        ]
        for (text, field) in bad {
            let app = AppHarness()
            let before = app.store.state
            do {
                let parsed = try action(text)
                XCTFail("\(text) was read as \(parsed)")
            } catch let error as ProtocolError {
                XCTAssertEqual(error.code, .invalidArgument, text)
                XCTAssertTrue(error.message.contains(field), "\(error.message) names \(field)")
            } catch {
                XCTFail("\(text): \(error)")
            }
            // Nothing was read, so nothing reached the store.
            XCTAssertEqual(app.store.store.state, before)
            XCTAssertEqual(app.store.store.version, 0)
        }
    }

    func testGoodUpdatesAreReadAndRoundTrip() throws {
        let full = try action(
            #"{"type": "settings.update", "intervalMs": 10, "rows": 3, "cols": 4096, "topology": "bounded", "rule": "b36s23", "density": 0.05, "autoStop": false, "display": {"title": "Lab", "showStatistics": false}}"#)
        let expected = SettingsUpdate(
            intervalMs: 10, rows: 3, cols: 4096, topology: .bounded, rule: .highLife, density: 0.05, autoStop: false, title: "Lab",
            showStatistics: false)
        XCTAssertEqual(full, .settings(.update(expected)))
        XCTAssertEqual(try AppAction(json: full.json), full)
        XCTAssertEqual(full.json["rule"], "B36/S23")
        // A subset reads as just that subset; null counts as absent for the number fields.
        XCTAssertEqual(
            try action(#"{"type": "settings.update", "intervalMs": 60000, "rows": null}"#),
            .settings(.update(SettingsUpdate(intervalMs: 60000))))
        XCTAssertEqual(
            try action(#"{"type": "settings.update", "density": 0.5}"#), .settings(.update(SettingsUpdate(density: 0.5))))
        XCTAssertEqual(
            try action(#"{"type": "settings.update", "rule": "23/3"}"#), .settings(.update(SettingsUpdate(rule: .conway))))
        // The parsed update goes through the store as one change.
        let app = AppHarness()
        app.store.send(full) {
            $0.settings = Settings(
                intervalMs: 10, rows: 3, cols: 4096, topology: .bounded, rule: .highLife, density: 0.05, autoStop: false,
                display: Settings.Display(title: "Lab", showStatistics: false))
            // The world takes the new size; a new rule and topology: the history starts again.
            $0.expectReplacement(Blinker.start.resized(rows: 3, cols: 4096))
        }
        app.store.finish()
    }

    func testSettingsResetTakesNoFields() {
        assertRefused(#"{"type": "settings.reset", "rows": 10}"#, mentions: ["rows is not a known field (known: type)"])
    }

    func testGridStepGenerationsAreValidated() throws {
        XCTAssertEqual(try action(#"{"type": "grid.step"}"#), .simulation(.grid(.step)))
        XCTAssertEqual(try action(#"{"type": "grid.step", "generations": 1000000000}"#), .simulation(.grid(.step(generations: 1_000_000_000))))
        assertRefused(#"{"type": "grid.step", "generations": 0}"#, mentions: ["generations must be an integer from 1 to 1000000000, not 0"])
        assertRefused(
            #"{"type": "grid.step", "generations": 1000000001}"#,
            mentions: ["generations must be an integer from 1 to 1000000000, not 1000000001"])
        assertRefused(
            #"{"type": "grid.step", "generations": "3"}"#, mentions: [#"generations must be an integer from 1 to 1000000000, not "3""#])
        XCTAssertEqual(AppAction.simulation(.grid(.step(generations: 12))).json, ["type": "grid.step", "generations": 12])
        XCTAssertEqual(AppAction.simulation(.grid(.step)).json, ["type": "grid.step"])
    }

    func testCancelJumpTakesNoFieldsAndTheJumpsOwnActionsAreNotClients() throws {
        XCTAssertEqual(try action(#"{"type": "grid.cancelJump"}"#), .simulation(.grid(.cancelJump)))
        XCTAssertEqual(AppAction.simulation(.grid(.cancelJump)).json, ["type": "grid.cancelJump"])
        assertRefused(#"{"type": "grid.cancelJump", "generations": 3}"#, mentions: ["generations is not a known field (known: type)"])
        for name in ["grid.jumpProgress", "grid.jumpFinished"] {
            XCTAssertThrowsError(try action(#"{"type": "\#(name)"}"#)) { error in
                XCTAssertEqual((error as? ProtocolError)?.code, .unknownAction, name)
            }
        }
        XCTAssertTrue(AppAction.simulation(.grid(.jumpProgress(Jump(target: 2, started: 0)))).isInternal)
        XCTAssertFalse(AppAction.simulation(.grid(.cancelJump)).isInternal)
    }
}
