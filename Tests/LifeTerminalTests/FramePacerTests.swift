import LifeTerminal
import XCTest

/// When the watcher draws, in virtual time: changes coalesced, an interval apart, never over a
/// frame still being written, and a flash's end drawn.
final class FramePacerTests: XCTestCase {
    private let start = Duration.seconds(1000)

    func testChangesComeTogetherInOneFrameAnIntervalAfterTheLast() {
        var pacer = FramePacer()
        // The first change: a frame at once (the last was long ago).
        XCTAssertEqual(pacer.handle(.changed(now: start)), [.setTimer(.frame, after: .zero)])
        // More changes before it is drawn ask for nothing more.
        XCTAssertEqual(pacer.handle(.changed(now: start)), [])
        XCTAssertEqual(pacer.handle(.changed(now: start + .milliseconds(1))), [])
        XCTAssertEqual(pacer.handle(.timerFired(.frame, now: start + .milliseconds(1))), [.draw])
        XCTAssertFalse(pacer.needsFrame)
        // A change 5 ms after that frame waits for the rest of the 16 ms.
        XCTAssertEqual(pacer.handle(.changed(now: start + .milliseconds(6))), [.setTimer(.frame, after: .milliseconds(11))])
        XCTAssertEqual(pacer.handle(.changed(now: start + .milliseconds(10))), [])
        XCTAssertEqual(pacer.handle(.timerFired(.frame, now: start + .milliseconds(17))), [.draw])
        // A timer with nothing new to show draws nothing.
        XCTAssertEqual(pacer.handle(.changed(now: start + .milliseconds(20))), [.setTimer(.frame, after: .milliseconds(13))])
        XCTAssertEqual(pacer.handle(.timerFired(.frame, now: start + .milliseconds(33))), [.draw])
        XCTAssertEqual(pacer.handle(.timerFired(.frame, now: start + .milliseconds(50))), [])
    }

    func testNoFrameWhileTheLastOnesBytesAreGoingOut() {
        var pacer = FramePacer()
        _ = pacer.handle(.changed(now: start))
        XCTAssertEqual(pacer.handle(.timerFired(.frame, now: start)), [.draw])
        XCTAssertEqual(pacer.handle(.outputBlocked), [])
        XCTAssertTrue(pacer.isWriting)
        // A slow terminal: changes pile up into one frame, drawn once the bytes are out.
        XCTAssertEqual(pacer.handle(.changed(now: start + .milliseconds(50))), [])
        XCTAssertEqual(pacer.handle(.changed(now: start + .milliseconds(90))), [])
        XCTAssertTrue(pacer.needsFrame)
        XCTAssertEqual(pacer.handle(.outputDrained(now: start + .milliseconds(100))), [.setTimer(.frame, after: .zero)])
        XCTAssertFalse(pacer.isWriting)
        XCTAssertEqual(pacer.handle(.timerFired(.frame, now: start + .milliseconds(100))), [.draw])
        // Drained with nothing new: no frame.
        XCTAssertEqual(pacer.handle(.outputBlocked), [])
        XCTAssertEqual(pacer.handle(.outputDrained(now: start + .milliseconds(200))), [])
    }

    func testAFlashIsDrawnAwayJustAfterItEnds() {
        var pacer = FramePacer()
        let flash = Flash("refused", isError: true, now: start)
        XCTAssertEqual(pacer.handle(.flashShown(flash, now: start)), [.setTimer(.flash, after: Flash.errorDuration + .milliseconds(1))])
        // Its wake-up forgets it and draws the screen without it.
        XCTAssertEqual(
            pacer.handle(.timerFired(.flash, now: flash.until + .milliseconds(1))), [.expireFlash, .setTimer(.frame, after: .zero)])
        XCTAssertEqual(pacer.handle(.timerFired(.frame, now: flash.until + .milliseconds(1))), [.draw])
        // A flash shown later than it began (the caller's clock moved on) still gets a wake-up after its end, never before now.
        XCTAssertEqual(pacer.handle(.flashShown(flash, now: flash.until + .seconds(1))), [.setTimer(.flash, after: .milliseconds(1))])
    }

    func testTheIntervalIsTheCallers() {
        var pacer = FramePacer(interval: .milliseconds(100))
        _ = pacer.handle(.changed(now: start))
        _ = pacer.handle(.timerFired(.frame, now: start))
        XCTAssertEqual(pacer.handle(.changed(now: start + .milliseconds(30))), [.setTimer(.frame, after: .milliseconds(70))])
    }
}
