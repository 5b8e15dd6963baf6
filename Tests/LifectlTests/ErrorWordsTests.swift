@testable import lifectl
import LifeGrid
import Protocol
import XCTest

/// lifectl's words for the daemon's errors: one test per phrase of ``ErrorWords``, each from the
/// error's code, field and refusal as lifed sends them and what the person typed, and the
/// fallback to the daemon's own message for what the table does not know.
final class ErrorWordsTests: XCTestCase {
    private func phrase(_ code: String, field: String? = nil, refused: Refusal? = nil, _ said: Said) -> String? {
        ErrorWords.phrase(code: code, details: ErrorDetails(field: field, refused: refused?.rawValue), said: said)
    }

    // MARK: Refusals

    func testStopWhileStopped() {
        XCTAssertEqual(phrase("not-allowed", refused: .timerStopped, Said("stop")), "the timer is not running; start it with `lifectl start`")
    }

    func testStartWhileRunning() {
        XCTAssertEqual(phrase("not-allowed", refused: .timerRunning, Said("start", action: .simulationStartTimer)), "the timer is already running; stop it with `lifectl stop`")
    }

    func testACommandRefusedWhileTheTimerRuns() {
        XCTAssertEqual(
            phrase("not-allowed", refused: .timerRunning, Said("random")), "`lifectl random` is refused while the timer runs; stop it with `lifectl stop` first")
        XCTAssertEqual(
            phrase("not-allowed", refused: .timerRunning, Said("configs load").with(action: "title", "NAME", "Glider")),
            "`lifectl configs load` is refused while the timer runs; stop it with `lifectl stop` first",
            "the refusal names no field: it is the command that is refused")
    }

    func testASettingThatMayNotChangeWhileTheTimerRuns() {
        let said = Said("set").with(action: "rows", "size", "40x80").with(action: "cols", "size", "40x80")
        XCTAssertEqual(
            phrase("not-allowed", field: "/action/rows", refused: .timerRunning, said),
            "size cannot change while the timer runs; stop it with `lifectl stop` first")
    }

    func testAStepThatWouldBeAJumpWhileTheTimerRuns() {
        XCTAssertEqual(
            phrase("not-allowed", field: "/action/generations", refused: .timerRunning, Said("step").with(action: "generations", "N", "500")),
            "500 generations are more than lifed makes at once on this grid, so they would run as a jump in the background, which may not start while the timer runs; stop it with `lifectl stop` first, or step fewer")
    }

    func testACommandRefusedWhileAJumpRuns() {
        XCTAssertEqual(
            phrase("not-allowed", refused: .jumpRunning, Said("tick")),
            "`lifectl tick` is refused while a jump runs; wait for it to end, or cancel it with `lifectl cancel`")
    }

    func testASettingThatMayNotChangeWhileAJumpRuns() {
        XCTAssertEqual(
            phrase("not-allowed", field: "/action/rule", refused: .jumpRunning, Said("set").with(action: "rule", "rule", "B36/S23")),
            "rule cannot change while a jump runs; wait for it to end, or cancel it with `lifectl cancel`")
    }

    // MARK: Settings out of range, in the units typed

    func testInterval() {
        XCTAssertEqual(
            phrase("invalid-argument", field: "/action/intervalMs", Said("set").with(action: "intervalMs", "interval", "5ms")),
            "interval must be from 10ms to 60s, not 5ms")
        XCTAssertEqual(
            phrase("invalid-argument", field: "/action/intervalMs", Said("set").with(action: "intervalMs", "interval", "2m")),
            "interval must be from 10ms to 60s, not 2m")
    }

    func testSizeAsTypedWithSize() {
        let said = Said("set").with(action: "rows", "size", "2x80").with(action: "cols", "size", "2x80")
        XCTAssertEqual(phrase("invalid-argument", field: "/action/rows", said), "size must be from 3x3 to 4096x4096 (ROWSxCOLS), not 2x80")
    }

    func testRowsOrColsAsTyped() {
        XCTAssertEqual(
            phrase("invalid-argument", field: "/action/cols", Said("set").with(action: "cols", "cols", "5000")), "cols must be from 3 to 4096, not 5000")
    }

    func testDensity() {
        XCTAssertEqual(
            phrase("invalid-argument", field: "/action/density", Said("set").with(action: "density", "density", "2")),
            "density must be from 0.05 to 0.95, not 2")
    }

    func testRuleSaysWhatIsWrongWithIt() {
        XCTAssertEqual(
            phrase("invalid-argument", field: "/action/rule", Said("set").with(action: "rule", "rule", "B9")),
            "rule \"B9\": 9 is not a neighbour count: a cell has at most 8 neighbours")
        // A rule lifectl's copy reads but the daemon refused (an older or newer daemon): the kind of rule it takes.
        XCTAssertEqual(
            phrase("invalid-argument", field: "/action/rule", Said("set").with(action: "rule", "rule", "B3/S23")),
            "rule must be a rule lifed runs (\(Rule.familiesRun)), not B3/S23")
    }

    func testTopology() {
        XCTAssertEqual(
            phrase("invalid-argument", field: "/action/topology", Said("set").with(action: "topology", "topology", "sphere")),
            "topology must be torus or bounded, not sphere")
    }

    func testTitle() {
        XCTAssertEqual(
            phrase("invalid-argument", field: "/action/display/title", Said("set").with(action: "display/title", "title", "x")),
            "title must be one line of at most 200 characters")
    }

    // MARK: Configurations, files, the state

    func testAPatternThatDoesNotFitNamesResize() {
        XCTAssertEqual(
            phrase("invalid-argument", field: "/action/resize", Said("configs load").with(action: "title", "NAME", "Gosper glider gun")),
            "Gosper glider gun does not fit on the grid; `lifectl configs load 'Gosper glider gun' --resize` grows the grid to hold it")
        XCTAssertEqual(
            phrase("invalid-argument", field: "/action/resize", Said("configs load").with(action: "index", "INDEX", "3")),
            "3 does not fit on the grid; `lifectl configs load 3 --resize` grows the grid to hold it")
    }

    func testNoConfigurationByThatTitle() {
        let expected = "no configuration is titled \"Nope\"; `lifectl configs` lists them, `lifectl configs fetch` fetches a list"
        XCTAssertEqual(phrase("invalid-argument", field: "/action/title", Said("configs load").with(action: "title", "NAME", "Nope")), expected)
        XCTAssertEqual(phrase("invalid-argument", field: "/title", Said("configs show").with(pointer: "/title", "NAME|INDEX", "Nope")), expected)
    }

    func testNoConfigurationByThatNumber() {
        let expected = "there is no configuration number 7; `lifectl configs` lists them by number, `lifectl configs fetch` fetches a list"
        XCTAssertEqual(phrase("invalid-argument", field: "/action/index", Said("configs load").with(action: "index", "INDEX", "7")), expected)
        XCTAssertEqual(phrase("invalid-argument", field: "/index", Said("configs show").with(pointer: "/index", "NAME|INDEX", "7")), expected)
    }

    func testKeepOfAPatternTooLarge() {
        XCTAssertEqual(
            phrase("limit-exceeded", field: "/action/keep", Said("load").with(action: "keep", "--keep")),
            "--keep: the pattern is too large to keep in the configurations (one may take 1 MiB of RLE, all of them 8 MiB), so nothing was loaded; load it without --keep to replace the grid alone")
    }

    func testKeepIntoAFullList() {
        XCTAssertEqual(
            phrase("invalid-argument", field: "/action/keep", Said("load").with(action: "keep", "--keep")),
            "--keep: the configurations list is full (10000 patterns), so nothing was loaded; empty it with `lifectl configs clear`, or load without --keep")
    }

    func testNothingAtAPointer() {
        XCTAssertEqual(
            phrase("no-such-path", field: "/path", Said("get").with(pointer: "/path", "POINTER", "/nope")),
            "nothing in the state at /nope; `lifectl get` prints all of it")
    }

    // MARK: What the table does not know

    func testAnythingElseIsTheDaemonsMessage() {
        let cases: [(String, ErrorDetails, Said)] = [
            ("storage-failed", .none, Said("tick")),  // no field, no refusal
            ("not-allowed", ErrorDetails(refused: "moonIsFull"), Said("tick")),  // a refusal this lifectl does not know
            ("invalid-argument", ErrorDetails(field: "/action/intervalMs"), Said("send")),  // a field lifectl did not send
            ("invalid-argument", ErrorDetails(field: "/action/url"), Said("configs fetch").with(action: "url", "URL", "x")),
            ("invalid-argument", ErrorDetails(field: "/action/resize"), Said("step")),  // nothing to name the pattern by
        ]
        for (code, details, said) in cases {
            XCTAssertNil(ErrorWords.phrase(code: code, details: details, said: said), "\(code) \(details)")
            XCTAssertEqual(ErrorWords.line(code: code, message: "the daemon's words", details: details, said: said), "\(code): the daemon's words")
        }
    }

    func testShellQuoting() {
        XCTAssertEqual(ErrorWords.shellQuoted("Glider"), "Glider")
        XCTAssertEqual(ErrorWords.shellQuoted("p30-gun_2.rle"), "p30-gun_2.rle")
        XCTAssertEqual(ErrorWords.shellQuoted("Gosper glider gun"), "'Gosper glider gun'")
        XCTAssertEqual(ErrorWords.shellQuoted("it's"), "'it'\\''s'")
        XCTAssertEqual(ErrorWords.shellQuoted(""), "''")
        XCTAssertEqual(ErrorWords.shellQuoted("$HOME"), "'$HOME'")
    }
}
