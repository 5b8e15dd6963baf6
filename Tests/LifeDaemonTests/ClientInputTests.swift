import LifeDaemon
import Protocol
import XCTest

/// A client's input: whole frames out of the bytes read, and the clock of a frame in the middle
/// of arriving, which starts with the frame's first byte, not with the read that brought it.
final class ClientInputTests: XCTestCase {
    private func seconds(_ value: Int) -> Duration { .seconds(value) }

    func testFramesComeOutWholeAndAreCounted() throws {
        var input = ClientInput(maxFrameSize: 64, now: seconds(0))
        let bytes = Frame.encode([1, 2, 3] as [UInt8]) + Frame.encode([4] as [UInt8])
        input.append(bytes[...], at: seconds(5))
        XCTAssertEqual(input.lastActivity, seconds(5))
        XCTAssertEqual(try input.nextFrame(), [1, 2, 3])
        XCTAssertEqual(try input.nextFrame(), [4])
        XCTAssertNil(try input.nextFrame())
        XCTAssertEqual(input.framesReceived, 2)
        input.readEnded(framesBefore: 0, at: seconds(5))
        XCTAssertNil(input.partialFrameSince, "nothing waits between frames")
    }

    func testAFrameTrickledInKeepsTheTimeOfItsFirstByte() throws {
        var input = ClientInput(maxFrameSize: 64, now: seconds(0))
        let frame = Frame.encode([7, 8, 9] as [UInt8])
        input.append(frame[0..<2], at: seconds(1))
        XCTAssertNil(try input.nextFrame())
        input.readEnded(framesBefore: 0, at: seconds(1))
        XCTAssertEqual(input.partialFrameSince, seconds(1))
        input.append(frame[2..<5], at: seconds(3))
        XCTAssertNil(try input.nextFrame())
        input.readEnded(framesBefore: 0, at: seconds(3))
        XCTAssertEqual(input.partialFrameSince, seconds(1), "a frame that goes on keeps its start")
        XCTAssertEqual(input.lastActivity, seconds(3))
        XCTAssertFalse(input.hasStalled(at: seconds(4), timeout: seconds(3)))
        XCTAssertTrue(input.hasStalled(at: seconds(5), timeout: seconds(3)))
        input.append(frame[5...], at: seconds(5))
        XCTAssertEqual(try input.nextFrame(), [7, 8, 9])
        input.readEnded(framesBefore: 0, at: seconds(5))
        XCTAssertNil(input.partialFrameSince)
        XCTAssertFalse(input.hasStalled(at: seconds(60), timeout: seconds(3)))
    }

    func testAFrameBegunInTheReadThatEndedAnotherStartsItsOwnClock() throws {
        var input = ClientInput(maxFrameSize: 64, now: seconds(0))
        let first = Frame.encode([1] as [UInt8])
        let second = Frame.encode([2, 2] as [UInt8])
        input.append(first[0..<3], at: seconds(1))
        input.readEnded(framesBefore: 0, at: seconds(1))
        XCTAssertEqual(input.partialFrameSince, seconds(1))
        input.append((Array(first[3...]) + second[0..<2])[...], at: seconds(4))
        XCTAssertEqual(try input.nextFrame(), [1])
        XCTAssertNil(try input.nextFrame())
        input.readEnded(framesBefore: 0, at: seconds(4))
        XCTAssertEqual(input.partialFrameSince, seconds(4), "the second frame's clock starts with this read")
    }

    func testAFrameOverTheLimitIsAnError() {
        var input = ClientInput(maxFrameSize: 4, now: seconds(0))
        input.append(Frame.encode([1, 2, 3, 4, 5] as [UInt8])[...], at: seconds(0))
        XCTAssertThrowsError(try input.nextFrame()) { XCTAssertEqual($0 as? FrameError, .tooLarge(length: 5, limit: 4)) }
        XCTAssertEqual(input.framesReceived, 0)
    }
}

/// The frame timeout's clock seen from the daemon: what is left of it, the time lifed kept the
/// client waiting excused, and how much of the frame is still to come.
final class ClientInputClockTests: XCTestCase {
    func testTheWaitLifedImposesIsExcusedFromTheFrameTimeout() throws {
        var input = ClientInput(maxFrameSize: 64, now: .zero)
        XCTAssertNil(input.timeLeft(at: .zero, timeout: .seconds(10)), "no frame, no clock")
        let frame = Frame.encode(Array(repeating: 1, count: 20) as [UInt8])
        input.append(frame[0..<2], at: .seconds(1))
        input.readEnded(framesBefore: 0, at: .seconds(1))
        XCTAssertEqual(input.bytesToFinishFrame, 2, "the rest of the header first")
        input.append(frame[2..<10], at: .seconds(2))
        input.readEnded(framesBefore: 0, at: .seconds(2))
        XCTAssertEqual(input.bytesToFinishFrame, 14)
        XCTAssertEqual(input.bufferedByteCount, 10)
        XCTAssertEqual(input.timeLeft(at: .seconds(2), timeout: .seconds(10)), .seconds(9))
        // lifed left it unread for 30 s: the clock resumes where it stopped.
        input.excuse(.seconds(30))
        XCTAssertEqual(input.timeLeft(at: .seconds(32), timeout: .seconds(10)), .seconds(9))
        XCTAssertFalse(input.hasStalled(at: .seconds(40), timeout: .seconds(10)))
        XCTAssertTrue(input.hasStalled(at: .seconds(42) + .milliseconds(1), timeout: .seconds(10)))
        input.append(frame[10...], at: .seconds(33))
        XCTAssertEqual(try input.nextFrame()?.count, 20)
        input.readEnded(framesBefore: 0, at: .seconds(33))
        XCTAssertNil(input.bytesToFinishFrame)
        XCTAssertNil(input.timeLeft(at: .seconds(33), timeout: .seconds(10)))
    }
}

/// The budget for unfinished frames: a small frame is always read, the rest only while there is
/// room beyond one whole frame kept for the oldest, which may always finish.
final class FrameBudgetTests: XCTestCase {
    private let allowance = FrameBudget.smallFrameAllowance

    func testASmallFrameIsReadWhateverTheBudgetHolds() {
        var budget = FrameBudget(limit: 2 << 20, maxFrame: 1 << 20)
        budget.changed(from: 0, to: 4 << 20)
        XCTAssertEqual(budget.allowance(holding: 0, readSize: 65536), allowance)
        XCTAssertEqual(budget.allowance(holding: 100, readSize: 65536), allowance - 100)
        XCTAssertEqual(budget.allowance(holding: allowance, readSize: 65536), 0)
    }

    func testRoomIsTheLimitLessOneFrameLessWhatIsCounted() {
        var budget = FrameBudget(limit: 2 << 20, maxFrame: 1 << 20)
        XCTAssertEqual(budget.reserve, (1 << 20) + 4)
        let room = (2 << 20) - budget.reserve
        XCTAssertEqual(budget.allowance(holding: allowance, readSize: 1 << 30), room)
        // A client holding its allowance and 1000 more counts 1000.
        budget.changed(from: 0, to: allowance + 1000)
        XCTAssertEqual(budget.counted, 1000)
        XCTAssertEqual(budget.buffered, allowance + 1000)
        XCTAssertEqual(budget.allowance(holding: allowance, readSize: 1 << 30), room - 1000)
        budget.changed(from: allowance + 1000, to: allowance + room)
        XCTAssertEqual(budget.allowance(holding: allowance, readSize: 65536), 0)
        // The oldest frame reads what finishes it, and no more than a read.
        XCTAssertEqual(budget.allowance(holding: allowance, readSize: 65536, oldestToFinish: 300), 300)
        XCTAssertEqual(budget.allowance(holding: allowance, readSize: 65536, oldestToFinish: 1 << 20), 65536)
        // Handled frames give their room back; the peaks stay.
        budget.changed(from: allowance + room, to: 0)
        XCTAssertEqual(budget.counted, 0)
        XCTAssertEqual(budget.buffered, 0)
        XCTAssertEqual(budget.peakCounted, room)
        XCTAssertEqual(budget.peakBuffered, allowance + room)
    }
}
