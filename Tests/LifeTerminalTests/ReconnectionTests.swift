import LifeTerminal
import XCTest

/// Getting the connection back, in virtual time: the delays, the status the header shows, when
/// the watcher gives up, and what ends an outage.
final class ReconnectionTests: XCTestCase {
    private let start = Duration.seconds(1000)

    /// The delay of the one wake-up `commands` ask for.
    private func wake(_ commands: [Reconnection.Command], file: StaticString = #filePath, line: UInt = #line) -> Duration? {
        guard commands.count == 1, case .wake(let delay) = commands[0] else {
            XCTFail("expected one wake-up, got \(commands)", file: file, line: line)
            return nil
        }
        return delay
    }

    func testAttemptsBackOffAndGiveUpThirtySecondsAfterTheLoss() throws {
        var reconnection = Reconnection(status: .connected)
        XCTAssertEqual(reconnection.status, .connected)
        var now = start
        var delays: [Duration] = []
        var commands = reconnection.handle(.lost(now: now))
        XCTAssertEqual(reconnection.status, .reconnecting(attempt: 0))
        // Every failed attempt waits longer, up to 2 s, until one fails 30 s or more after the loss.
        while true {
            guard let delay = wake(commands) else { return }
            delays.append(delay)
            now += delay
            XCTAssertEqual(reconnection.handle(.wake), [.connect])
            commands = reconnection.handle(.connectFailed(reason: "no daemon", untrusted: false, now: now))
            if now - start >= .seconds(30) { break }
            XCTAssertEqual(reconnection.status, .reconnecting(attempt: delays.count))
        }
        XCTAssertEqual(
            Array(delays.prefix(7)), [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .milliseconds(1600), .seconds(2), .seconds(2)])
        XCTAssertEqual(commands, [.giveUp(message: "lifed went away and did not come back within 30s (no daemon)")])
        // The last attempt before giving up was less than 30 s after the loss.
        XCTAssertLessThan(now - (try XCTUnwrap(delays.last)) - start, .seconds(30))
    }

    func testOneWakeUpAtATime() {
        var reconnection = Reconnection(status: .connected)
        XCTAssertEqual(reconnection.handle(.lost(now: start)), [.wake(after: .milliseconds(100))])
        // A second loss reported while the attempt waits (a failed send after a failed read) asks for nothing more.
        XCTAssertEqual(reconnection.handle(.lost(now: start + .milliseconds(5))), [])
        XCTAssertEqual(reconnection.handle(.wake), [.connect])
        // A wake-up with a connection up (the attempt did not fail) does nothing.
        XCTAssertEqual(reconnection.handle(.wake), [])
    }

    func testTheSnapshotEndsTheOutageAndTheNextStartsAfresh() {
        var reconnection = Reconnection(status: .connected)
        _ = reconnection.handle(.lost(now: start))
        _ = reconnection.handle(.wake)
        _ = reconnection.handle(.connectFailed(reason: "refused", untrusted: false, now: start + .milliseconds(100)))
        XCTAssertEqual(reconnection.handle(.wake), [.connect])
        // Connected, but not back until the subscription's snapshot comes.
        XCTAssertEqual(reconnection.status, .reconnecting(attempt: 1))
        XCTAssertFalse(reconnection.status.isConnected)
        XCTAssertEqual(reconnection.handle(.snapshotCame), [])
        XCTAssertEqual(reconnection.status, .connected)
        // A resync's snapshot while connected changes nothing.
        XCTAssertEqual(reconnection.handle(.snapshotCame), [])
        // An hour later, the next outage starts from the first delay and attempt, and has its own 30 s.
        let later = start + .seconds(3600)
        XCTAssertEqual(reconnection.handle(.lost(now: later)), [.wake(after: .milliseconds(100))])
        XCTAssertEqual(reconnection.status, .reconnecting(attempt: 0))
        _ = reconnection.handle(.wake)
        XCTAssertEqual(
            reconnection.handle(.connectFailed(reason: "refused", untrusted: false, now: later + .seconds(29))), [.wake(after: .milliseconds(200))])
    }

    func testALossBeforeTheSnapshotIsTheSameOutage() {
        var reconnection = Reconnection(status: .connected)
        _ = reconnection.handle(.lost(now: start))
        XCTAssertEqual(reconnection.handle(.wake), [.connect])
        // The new connection breaks before its snapshot: the delays go on, and the time counts from the first loss.
        XCTAssertEqual(reconnection.handle(.lost(now: start + .seconds(20))), [.wake(after: .milliseconds(200))])
        XCTAssertEqual(reconnection.status, .reconnecting(attempt: 0))
        XCTAssertEqual(reconnection.handle(.wake), [.connect])
        XCTAssertEqual(
            reconnection.handle(.connectFailed(reason: "gone", untrusted: false, now: start + .seconds(30))),
            [.giveUp(message: "lifed went away and did not come back within 30s (gone)")])
    }

    func testAnImpostorIsNotWaitedOut() {
        var reconnection = Reconnection(status: .connected)
        _ = reconnection.handle(.lost(now: start))
        _ = reconnection.handle(.wake)
        XCTAssertEqual(
            reconnection.handle(.connectFailed(reason: "the socket is served by uid 1234", untrusted: true, now: start + .milliseconds(100))),
            [.refuse(message: "the socket is served by uid 1234")])
    }

    func testTheLimitAndTheDelaysAreTheCallers() {
        var reconnection = Reconnection(
            status: .connected, backoff: Backoff(initial: .seconds(1), maximum: .seconds(1)), giveUpAfter: .seconds(2))
        XCTAssertEqual(reconnection.handle(.lost(now: start)), [.wake(after: .seconds(1))])
        _ = reconnection.handle(.wake)
        XCTAssertEqual(
            reconnection.handle(.connectFailed(reason: "x", untrusted: false, now: start + .seconds(1))), [.wake(after: .seconds(1))])
        _ = reconnection.handle(.wake)
        XCTAssertEqual(
            reconnection.handle(.connectFailed(reason: "x", untrusted: false, now: start + .seconds(2))),
            [.giveUp(message: "lifed went away and did not come back within 2s (x)")])
    }
}
