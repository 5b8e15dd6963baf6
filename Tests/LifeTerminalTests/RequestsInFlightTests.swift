import LifeGrid
import LifeJSON
import LifeTerminal
import Protocol
import XCTest

/// The watcher's requests in flight: fresh ids, each reply matched to its purpose once, and
/// an action's wire form made where the request is.
final class RequestsInFlightTests: XCTestCase {
    private let cell = Pattern.Coordinate(row: 3, col: 4)

    func testEachRequestHasAFreshIdAndItsKind() {
        var requests = RequestsInFlight()
        let interval = AppAction.settings(.update(SettingsUpdate(intervalMs: 500)))
        XCTAssertEqual(
            requests.request(for: .dispatch(interval)),
            ClientRequest(id: 1, kind: .dispatch(action: ["type": "settings.update", "intervalMs": 500])))
        XCTAssertEqual(requests.request(for: .liveCells(.fit)), ClientRequest(id: 2, kind: .status))
        XCTAssertEqual(
            requests.request(for: .paste(index: 7, title: "Glider", at: cell)), ClientRequest(id: 3, kind: .readConfiguration(.index(7))))
        XCTAssertEqual(requests.count, 3)
    }

    func testAReplyFindsItsPurposeOnce() {
        var requests = RequestsInFlight()
        _ = requests.request(for: .dispatch(.simulation(.tick)))
        _ = requests.request(for: .paste(index: 0, title: "Glider", at: cell))
        XCTAssertEqual(requests.take(2), .paste(index: 0, title: "Glider", at: cell))
        XCTAssertNil(requests.take(2), "a second reply with the same id is no one's")
        // The subscription's id, no id, an id never sent: no purpose.
        XCTAssertNil(requests.take(WatchSubscription.id))
        XCTAssertNil(requests.take(nil))
        XCTAssertNil(requests.take(99))
        XCTAssertEqual(requests.take(1), .dispatch(.simulation(.tick)))
        XCTAssertEqual(requests.count, 0)
    }

    func testALostConnectionForgetsEveryReplyAndNoIdComesAgain() {
        var requests = RequestsInFlight()
        _ = requests.request(for: .liveCells(.centre))
        _ = requests.request(for: .liveCells(.fit))
        requests.connectionLost()
        XCTAssertEqual(requests.count, 0)
        XCTAssertNil(requests.take(1))
        // Ids go on, so a late reply on the old connection is never taken for a new request's.
        XCTAssertEqual(requests.request(for: .liveCells(.fit)).id, 3)
    }

    func testOnlyCommandsThatAskTheDaemonHaveAPurpose() {
        XCTAssertEqual(RequestsInFlight.Purpose(.dispatch(.simulation(.tick))), .dispatch(.simulation(.tick)))
        XCTAssertEqual(RequestsInFlight.Purpose(.findLiveCells(.centre)), .liveCells(.centre))
        XCTAssertEqual(
            RequestsInFlight.Purpose(.pasteConfiguration(index: 2, title: "Toad", at: cell)), .paste(index: 2, title: "Toad", at: cell))
        XCTAssertNil(RequestsInFlight.Purpose(.quit))
        XCTAssertNil(RequestsInFlight.Purpose(.suspend))
        XCTAssertNil(RequestsInFlight.Purpose(.redraw))
    }
}
