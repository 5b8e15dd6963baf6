import LifeGrid
import LifeTerminal
import Protocol
import XCTest

/// The daemon's refusals of what keys sent, in lifewatch's words.
final class RefusalWordsTests: XCTestCase {
    private let paste = AppAction.simulation(.grid(.edit(.paste(BitPlane(rows: 1, cols: 1), at: Pattern.Coordinate(row: 0, col: 0), mode: .or))))

    /// The words for a refusal of `action`, explained (or not) by `refused`.
    private func text(
        _ action: AppAction, code: String = "not-allowed", message: String = "daemon's words", refused: Refusal? = nil, world: WorldView?
    ) -> String {
        RefusalWords.text(action: action, code: code, message: message, details: ErrorDetails(refused: refused?.rawValue), world: world)
    }

    func testTheKeyAndWhatToPressInstead() {
        let running = WorldView(isRunning: true)
        XCTAssertEqual(
            text(.simulation(.resetGridToRandom), refused: .timerRunning, world: running), "r (a random grid) needs the timer stopped: press space first")
        XCTAssertEqual(
            text(.simulation(.resetGridToEmpty), refused: .timerRunning, world: running), "e (an empty grid) needs the timer stopped: press space first")
        XCTAssertEqual(
            text(.configurations(.load(.index(0), resize: true)), refused: .timerRunning, world: running),
            "enter (load the configuration) needs the timer stopped: press space first")
        XCTAssertEqual(text(.simulation(.reset), refused: .timerRunning, world: running), "0 (ticks to 0) needs the timer stopped: press space first")
        XCTAssertEqual(text(.simulation(.startTimer), refused: .timerRunning, world: running), "the timer is already running")
        // The timer stopped itself between the key and the daemon.
        XCTAssertEqual(
            text(.simulation(.stopTimer), refused: .timerStopped, world: WorldView(stoppedBecause: "the world died out")),
            "the timer had already stopped: the world died out")
        // A jump: what waits for it, how far it got, and how to cancel it.
        let jumping = WorldView(jump: Jump(target: 1000, done: 452, started: 1))
        XCTAssertEqual(
            text(.simulation(.tick), refused: .jumpRunning, world: jumping), "n (one tick) waits for the jump in flight (45% done): press x to cancel it")
        XCTAssertEqual(
            text(.simulation(.grid(.edit(.setCells([Pattern.Coordinate(row: 1, col: 1)], to: .toggle)))), message: "", refused: .jumpRunning, world: jumping),
            "t (toggle the cell) waits for the jump in flight (45% done): press x to cancel it")
        XCTAssertEqual(text(paste, refused: .jumpRunning, world: jumping), "p (paste) waits for the jump in flight (45% done): press x to cancel it")
        // What the state does not explain keeps the daemon's words: other codes, actions no key sends.
        XCTAssertEqual(
            text(paste, code: "invalid-argument", message: "the pattern is larger than the grid", world: WorldView()), "the pattern is larger than the grid")
        XCTAssertEqual(text(.statistics(.reset), refused: .timerRunning, world: running), "daemon's words")
        XCTAssertEqual(text(paste, code: "storage-failed", message: "", world: nil), "lifed refused: storage-failed")
    }

    /// Why the state refused is the daemon's `refused`, not a guess from the mirror, which may be behind.
    func testTheReasonIsTheDaemonsRefusedNotTheMirrors() {
        // The mirror has not yet seen the timer start, or the jump begin: the daemon's reason still shows.
        XCTAssertEqual(
            text(.simulation(.resetGridToRandom), refused: .timerRunning, world: WorldView()), "r (a random grid) needs the timer stopped: press space first")
        XCTAssertEqual(text(.simulation(.tick), refused: .jumpRunning, world: WorldView()), "n (one tick) waits for the jump in flight: press x to cancel it")
        XCTAssertEqual(text(.simulation(.stopTimer), refused: .timerStopped, world: nil), "the timer had already stopped")
        // The mirror says the timer runs, but the daemon refused for a jump.
        XCTAssertEqual(
            text(.simulation(.reset), refused: .jumpRunning, world: WorldView(isRunning: true)), "0 (ticks to 0) waits for the jump in flight: press x to cancel it")
        // A refusal without a reason (a daemon older than `refused`), or with one this lifewatch does not know, keeps the daemon's words.
        XCTAssertEqual(text(.simulation(.tick), world: WorldView(isRunning: true)), "daemon's words")
        XCTAssertEqual(
            RefusalWords.text(
                action: .simulation(.tick), code: "not-allowed", message: "daemon's words", details: ErrorDetails(refused: "moonPhase"),
                world: WorldView(isRunning: true)),
            "daemon's words")
    }
}
