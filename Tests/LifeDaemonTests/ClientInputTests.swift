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
