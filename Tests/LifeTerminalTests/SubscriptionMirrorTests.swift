import LifeJSON
import LifeTerminal
import Protocol
import XCTest

/// The mirror follows snapshots and diffs, and asks for a re-subscription when diffs were lost.
final class SubscriptionMirrorTests: XCTestCase {
    private func replace(_ path: String, _ value: JSON) throws -> PatchOperation {
        .replace(path: try JSONPointer(parsing: path), value: value)
    }

    func testSnapshotThenDiffs() throws {
        var mirror = SubscriptionMirror()
        XCTAssertEqual(mirror.apply(base: 0, version: 1, patch: []), .ignored)
        mirror.replace(with: ["ticks": 0], version: 4)
        XCTAssertEqual(mirror.apply(base: 4, version: 6, patch: [try replace("/ticks", 1)]), .applied)
        XCTAssertEqual(mirror.value, ["ticks": 1])
        XCTAssertEqual(mirror.version, 6)
        XCTAssertEqual(mirror.generation, 2)
    }

    func testABaseMismatchAsksToResubscribeAndIgnoresDiffsUntilTheSnapshot() throws {
        var mirror = SubscriptionMirror()
        mirror.replace(with: ["ticks": 0], version: 4)
        guard case .resubscribe = mirror.apply(base: 5, version: 6, patch: [try replace("/ticks", 1)]) else {
            return XCTFail("expected a re-subscription")
        }
        XCTAssertTrue(mirror.isStale)
        XCTAssertEqual(mirror.value, ["ticks": 0])
        XCTAssertEqual(mirror.lastVersion, 4)
        XCTAssertEqual(mirror.apply(base: 6, version: 7, patch: [try replace("/ticks", 2)]), .ignored)
        // A resync snapshot (or the new subscription's snapshot) replaces the mirror.
        mirror.replace(with: ["ticks": 9], version: 9)
        XCTAssertEqual(mirror.apply(base: 9, version: 10, patch: [try replace("/ticks", 10)]), .applied)
        XCTAssertEqual(mirror.value, ["ticks": 10])
    }

    func testAPatchThatDoesNotApplyLeavesTheValueAndAsksToResubscribe() throws {
        var mirror = SubscriptionMirror()
        mirror.replace(with: ["ticks": 0], version: 1)
        guard case .resubscribe = mirror.apply(base: 1, version: 2, patch: [try replace("/nope/deeper", 1)]) else {
            return XCTFail("expected a re-subscription")
        }
        XCTAssertEqual(mirror.value, ["ticks": 0])
    }

    func testBackoffDoublesToTheMaximum() {
        var backoff = Backoff()
        XCTAssertEqual((0..<7).map { _ in backoff.next() }, [
            .milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .milliseconds(1600), .seconds(2), .seconds(2),
        ])
        backoff.reset()
        XCTAssertEqual(backoff.next(), .milliseconds(100))
    }
}
