import LifeDaemon
import Protocol
import XCTest

final class SubscriptionTableTests: XCTestCase {
    private let all = SubscriptionGroup(path: .root)
    private func window(_ row: Int) -> SubscriptionGroup {
        SubscriptionGroup(path: .root, viewport: Viewport(row: row, col: 0, rows: 10, cols: 10))
    }

    func testSubscriptionsAreGroupedByWhatTheyWatch() throws {
        var table = SubscriptionTable()
        try table.subscribe(connection: 1, id: "a", group: all, version: 3)
        try table.subscribe(connection: 2, id: nil, group: all, version: 4)
        try table.subscribe(connection: 2, id: 7, group: window(0), version: 4)
        XCTAssertEqual(table.count, 3)
        XCTAssertEqual(Set(table.groups), [all, window(0)])
        XCTAssertEqual(table.members(of: all), [.init(connection: 1, id: "a"), .init(connection: 2, id: .null)])
        XCTAssertEqual(table[.init(connection: 1, id: "a")]?.lastVersion, 3)
        XCTAssertEqual(table[.init(connection: 2, id: .null)]?.id, nil)
        XCTAssertEqual(table.keys(of: 2), [.init(connection: 2, id: .null), .init(connection: 2, id: 7)])

        table.removeConnection(2)
        XCTAssertEqual(table.count, 1)
        XCTAssertEqual(Set(table.groups), [all], "a group with no member is forgotten")
        XCTAssertTrue(table.keys(of: 2).isEmpty)
        XCTAssertTrue(table.unsubscribe(.init(connection: 1, id: "a")))
        XCTAssertFalse(table.unsubscribe(.init(connection: 1, id: "a")))
        XCTAssertEqual(table.count, 0)
        XCTAssertTrue(table.groups.isEmpty)
    }

    func testReusingAnIdReplacesTheSubscription() throws {
        var table = SubscriptionTable()
        try table.subscribe(connection: 1, id: 1, group: all, version: 0)
        try table.subscribe(connection: 1, id: 1, group: window(5), version: 2)
        XCTAssertEqual(table.count, 1)
        XCTAssertEqual(Set(table.groups), [window(5)])
        XCTAssertEqual(table[.init(connection: 1, id: 1)]?.lastVersion, 2)
    }

    func testUpdatesKeepTheGroup() throws {
        var table = SubscriptionTable()
        try table.subscribe(connection: 1, id: 1, group: all, version: 0)
        let key = SubscriptionTable.Key(connection: 1, id: 1)
        var subscription = try XCTUnwrap(table[key])
        subscription.lastVersion = 9
        subscription.needsResync = true
        table[key] = subscription
        XCTAssertEqual(table[key]?.lastVersion, 9)
        XCTAssertEqual(table[key]?.needsResync, true)
        subscription.group = window(1)
        table[key] = subscription
        XCTAssertEqual(table[key]?.group, all, "the group changes only through move")
        try table.move(key, to: window(1), version: 10)
        XCTAssertEqual(table[key]?.group, window(1))
        XCTAssertEqual(table[key]?.needsResync, false, "a move is a fresh start")
        XCTAssertEqual(Set(table.groups), [window(1)])
    }

    /// Changed in place, a subscription keeps its group too; and the table knows whether any
    /// subscription waits for a resync, however the mark was set or its subscription went.
    func testUpdatesInPlaceKeepTheGroupAndTheCountOfResyncs() throws {
        var table = SubscriptionTable()
        try table.subscribe(connection: 1, id: 1, group: all, version: 0)
        try table.subscribe(connection: 2, id: "b", group: window(2), version: 0)
        let (first, second) = (SubscriptionTable.Key(connection: 1, id: 1), SubscriptionTable.Key(connection: 2, id: "b"))
        XCTAssertFalse(table.anyWaitsForResync)
        table.update(first) {
            $0.lastVersion = 4
            $0.needsResync = true
            $0.group = window(3)
        }
        XCTAssertEqual(table[first]?.lastVersion, 4)
        XCTAssertEqual(table[first]?.group, all, "the group changes only through move")
        XCTAssertTrue(table.anyWaitsForResync)
        table.update(SubscriptionTable.Key(connection: 9, id: 1)) { $0.lastVersion = 99 }
        XCTAssertEqual(table.count, 2, "no such subscription: nothing")
        // Marked twice, cleared once: none waits.
        table.update(first) { $0.needsResync = true }
        var subscription = try XCTUnwrap(table[first])
        subscription.needsResync = false
        table[first] = subscription
        XCTAssertFalse(table.anyWaitsForResync)
        // Gone while waiting, by each way a subscription goes.
        for leave in 0..<4 {
            table.update(second) { $0.needsResync = true }
            XCTAssertTrue(table.anyWaitsForResync)
            switch leave {
            case 0: table.unsubscribe(second)
            case 1: table.removeConnection(2)
            case 2: try table.move(second, to: window(4), version: 5)
            default: try table.subscribe(connection: 2, id: "b", group: window(6), version: 6)
            }
            XCTAssertFalse(table.anyWaitsForResync, "way \(leave)")
            if table[second] == nil { try table.subscribe(connection: 2, id: "b", group: window(2), version: 0) }
        }
        XCTAssertEqual(table[second]?.encodedID, Array(#""b""#.utf8), "the id's JSON text, made once")
    }

    // MARK: Limits

    func testAConnectionHoldsAtMostItsLimitOfSubscriptions() throws {
        var table = SubscriptionTable(limits: .init(perConnection: 3, groups: 100))
        for id in 0..<3 { try table.subscribe(connection: 1, id: .int(id), group: window(id), version: 0) }
        XCTAssertThrowsError(try table.subscribe(connection: 1, id: 3, group: all, version: 0)) { error in
            XCTAssertEqual((error as? ProtocolError)?.code, .limitExceeded)
            XCTAssertTrue((error as? ProtocolError)?.message.contains("3 subscriptions") == true, "\(error)")
        }
        // Replacing one of its own is not a new one; another connection has its own allowance.
        XCTAssertNoThrow(try table.subscribe(connection: 1, id: 2, group: all, version: 0))
        XCTAssertNoThrow(try table.subscribe(connection: 2, id: 0, group: all, version: 0))
        XCTAssertEqual(table.count, 4)
        // Once one is gone, there is room again.
        table.unsubscribe(.init(connection: 1, id: 0))
        XCTAssertNoThrow(try table.subscribe(connection: 1, id: 9, group: all, version: 0))
    }

    func testTheNumberOfDifferentThingsWatchedIsBounded() throws {
        var table = SubscriptionTable(limits: .init(perConnection: 10, groups: 4))
        for connection in 0..<4 { try table.subscribe(connection: connection, id: nil, group: window(connection), version: 0) }
        XCTAssertThrowsError(try table.subscribe(connection: 9, id: nil, group: window(4), version: 0)) { error in
            XCTAssertEqual((error as? ProtocolError)?.code, .limitExceeded)
        }
        // Watching something already watched costs no group.
        XCTAssertNoThrow(try table.subscribe(connection: 9, id: nil, group: window(0), version: 0))
        // Moving the only member of a group frees it for the new one.
        XCTAssertNoThrow(try table.move(.init(connection: 3, id: .null), to: window(7), version: 1))
        XCTAssertThrowsError(try table.move(.init(connection: 9, id: .null), to: window(8), version: 1)) { error in
            XCTAssertEqual((error as? ProtocolError)?.code, .limitExceeded)
        }
        XCTAssertEqual(table[.init(connection: 9, id: .null)]?.group, window(0), "a refused move changes nothing")
        XCTAssertThrowsError(try table.move(.init(connection: 5, id: .null), to: window(0), version: 1)) { error in
            XCTAssertEqual((error as? ProtocolError)?.code, .invalidArgument)
        }
    }
}
