import LifeJSON
import LifeTerminal
import Protocol
import XCTest

/// The watcher's subscription as a value: the mirror kept from snapshots and diffs, lost diffs
/// answered with a new subscription, and the window of the grid following the view.
final class WatchSubscriptionTests: XCTestCase {
    private let side = 1000

    /// The state as a daemon sends it to a viewport subscription: `ticks`, and the window `window` of an empty `side` x `side` grid.
    private func state(ticks: Int, window: Viewport) -> JSON {
        let line = JSON.string(String(repeating: ".", count: window.cols))
        return [
            "simulation": [
                "isRunningTimer": false,
                "gridState": [
                    "ticks": .int(ticks),
                    "grid": [
                        "rows": .int(side), "cols": .int(side), "cells": .array(Array(repeating: line, count: window.rows)), "viewport": window.json,
                        "population": 0,
                    ],
                ],
            ]
        ]
    }

    private func ticks(_ subscription: inout WatchSubscription) -> Int? { subscription.content()?.world?.ticks }

    private func ticksPatch(_ ticks: Int) throws -> [PatchOperation] {
        [.replace(path: try JSONPointer(parsing: "/simulation/gridState/ticks"), value: .int(ticks))]
    }

    func testDiffsApplyAndLostOnesAskForTheSameSubscriptionAgain() throws {
        let window = Viewport(row: 0, col: 0, rows: 30, cols: 100)
        var subscription = WatchSubscription(path: .root, requested: window, value: state(ticks: 0, window: window), version: 5)
        XCTAssertTrue(subscription.watchesWorld)
        XCTAssertEqual(ticks(&subscription), 0)
        // Another subscription's messages, and replies, are not its business.
        XCTAssertNil(subscription.receive(.diff(id: "someone else", base: 5, version: 6, patch: try ticksPatch(9))))
        XCTAssertNil(subscription.receive(.ack(id: 1, version: 6)))
        XCTAssertEqual(subscription.receive(.diff(id: WatchSubscription.id, base: 5, version: 6, patch: try ticksPatch(1))), .changed)
        XCTAssertEqual(ticks(&subscription), 1)
        // A diff from a version it does not hold: diffs were lost.
        XCTAssertEqual(subscription.receive(.diff(id: WatchSubscription.id, base: 8, version: 9, patch: try ticksPatch(4))), .resubscribe)
        XCTAssertTrue(subscription.mirror.isStale)
        XCTAssertEqual(subscription.subscribeRequest(), ClientRequest(id: WatchSubscription.id, kind: .subscribe(path: .root, viewport: window)))
        XCTAssertEqual(subscription.follower.inFlight, 1)
        // Diffs of the old subscription are ignored; the last value still shows.
        XCTAssertEqual(subscription.receive(.diff(id: WatchSubscription.id, base: 6, version: 7, patch: try ticksPatch(2))), .unchanged)
        XCTAssertEqual(ticks(&subscription), 1)
        XCTAssertEqual(
            subscription.receive(.snapshot(id: WatchSubscription.id, version: 9, path: "", value: state(ticks: 4, window: window), resync: false)),
            .snapshot)
        XCTAssertFalse(subscription.mirror.isStale)
        XCTAssertEqual(subscription.follower.inFlight, 0)
        XCTAssertEqual(ticks(&subscription), 4)
    }

    func testTheWindowFollowsTheViewOneRequestAtATime() throws {
        let first = Viewport(row: 0, col: 0, rows: 30, cols: 100)
        var subscription = WatchSubscription(path: .root, requested: first, value: state(ticks: 0, window: first), version: 1)
        // The window held serves a view at the top-left corner.
        XCTAssertNil(subscription.follow(visible: Viewport(row: 0, col: 0, rows: 20, cols: 80)))
        XCTAssertNil(subscription.follow(visible: nil))
        // Panned far away: another window, around the view.
        let away = Viewport(row: 500, col: 500, rows: 20, cols: 80)
        let wanted = ViewportFollower.window(for: away, gridRows: side, gridCols: side)
        XCTAssertEqual(subscription.follow(visible: away), ClientRequest(id: WatchSubscription.id, kind: .viewport(wanted)))
        // While it is on its way, nothing more is asked.
        XCTAssertNil(subscription.follow(visible: Viewport(row: 700, col: 700, rows: 20, cols: 80)))
        XCTAssertEqual(
            subscription.receive(.snapshot(id: WatchSubscription.id, version: 1, path: "", value: state(ticks: 0, window: wanted), resync: false)),
            .snapshot)
        XCTAssertNil(subscription.follow(visible: away))
        // A lost connection: the value stays (stale), nothing is asked, and a new connection's
        // subscription asks for the window last asked for, none in flight before it.
        subscription.connectionLost()
        XCTAssertTrue(subscription.mirror.isStale)
        XCTAssertEqual(ticks(&subscription), 0)
        XCTAssertNil(subscription.follow(visible: Viewport(row: 0, col: 0, rows: 20, cols: 80)))
        XCTAssertEqual(
            subscription.subscribeRequest(newConnection: true), ClientRequest(id: WatchSubscription.id, kind: .subscribe(path: .root, viewport: wanted)))
        XCTAssertEqual(subscription.follower.inFlight, 1)
    }

    func testAPathIsWatchedWholeAsText() throws {
        let path = try JSONPointer(parsing: "/statistics")
        var subscription = WatchSubscription(path: path, requested: nil, value: ["steps": 3], version: 1)
        XCTAssertFalse(subscription.watchesWorld)
        XCTAssertEqual(subscription.content(), .subtree(path: "/statistics", value: ["steps": 3]))
        XCTAssertNil(subscription.follow(visible: Viewport(row: 0, col: 0, rows: 20, cols: 80)))
        XCTAssertEqual(subscription.subscribeRequest(), ClientRequest(id: WatchSubscription.id, kind: .subscribe(path: path, viewport: nil)))
        XCTAssertEqual(subscription.follower.inFlight, 0)
    }
}
