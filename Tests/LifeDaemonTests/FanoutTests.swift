import LifeDaemon
import LifeGrid
import LifeJSON
import Protocol
import XCTest

/// Publishing decided as values: who is sent which diff, who is marked for a resync and paused,
/// and what a resync sends, without sockets.
final class FanoutTests: XCTestCase {
    private let grid = SubscriptionGroup(path: Viewport.gridPath)
    private let statistics = SubscriptionGroup(path: try! JSONPointer(parsing: "/statistics"))
    private let settings = SubscriptionGroup(path: try! JSONPointer(parsing: "/settings"))
    private let renderer = StateRenderer()

    private func fanout(clientBuffer: Int = 1 << 20, streamingThreshold: Int = 1 << 20) -> Fanout {
        Fanout(renderer: renderer, clientBuffer: clientBuffer, streamingThreshold: streamingThreshold)
    }

    private func world(rows: Int = 8, cols: Int = 20) -> AppState {
        AppState(simulation: SimulationState(gridState: GridState(grid: Grid(rows: rows, cols: cols))))
    }

    /// `state` one generation on: a cell turned on, and the step counted.
    private func changed(_ state: AppState, row: Int = 1, col: Int = 2) -> AppState {
        var next = state
        next.simulation.gridState.grid[row, col] = next.simulation.gridState.grid[row, col] == .empty ? .alive : .empty
        next.statistics.steps += 1
        return next
    }

    /// Every connection reads at once and has nothing waiting.
    private let idle: (Int) -> Fanout.Reader? = { _ in Fanout.Reader(pendingBytes: 0) }

    /// The frame's message, decoded.
    private func message(_ bytes: [UInt8]) throws -> JSON {
        var decoder = FrameDecoder(maxFrameSize: bytes.count)
        decoder.append(bytes)
        let payload = try XCTUnwrap(try decoder.next())
        XCTAssertNil(try decoder.next(), "one frame, nothing after it")
        return try JSON(parsing: payload)
    }

    private func bytes(_ frame: StateRenderer.ReplyFrame?) throws -> [UInt8] {
        switch try XCTUnwrap(frame) {
        case .whole(let bytes): return bytes
        case .stream(var stream):
            var bytes: [UInt8] = []
            while true {
                let part = stream.next(limit: 4096)
                if part.isEmpty { return bytes }
                bytes += part
            }
        }
    }

    private struct Diff {
        var connection: Int
        var head: [UInt8]
        var tail: [UInt8]
    }

    private func diffs(_ deliveries: [Fanout.Delivery]) -> [Diff] {
        deliveries.compactMap {
            guard case .diff(let connection, let head, let tail) = $0 else { return nil }
            return Diff(connection: connection, head: head, tail: tail)
        }
    }

    private func pauses(_ deliveries: [Fanout.Delivery]) -> [Int] {
        deliveries.compactMap {
            guard case .pauseReading(let connection) = $0 else { return nil }
            return connection
        }
    }

    private func snapshots(_ deliveries: [Fanout.Delivery]) -> [(connection: Int, path: JSONPointer, reason: Fanout.ResyncReason, frame: StateRenderer.ReplyFrame?)] {
        deliveries.compactMap {
            guard case .snapshot(let connection, let path, let reason, let frame) = $0 else { return nil }
            return (connection, path, reason, frame)
        }
    }

    // MARK: Diffs

    func testEachChangedGroupGetsOneDiffWhoseBytesItsMembersShare() throws {
        var fanout = fanout()
        try fanout.subscriptions.subscribe(connection: 1, id: "g", group: grid, version: 3)
        try fanout.subscriptions.subscribe(connection: 2, id: nil, group: grid, version: 4)
        try fanout.subscriptions.subscribe(connection: 1, id: "s", group: statistics, version: 3)
        try fanout.subscriptions.subscribe(connection: 3, id: 9, group: settings, version: 4)
        let old = world()
        let new = changed(old)
        let deliveries = fanout.publish(from: old, to: new, version: 5, reader: idle)

        let sent = diffs(deliveries)
        XCTAssertEqual(sent.map(\.connection).sorted(), [1, 1, 2], "the settings did not change: connection 3 gets nothing")
        XCTAssertTrue(pauses(deliveries).isEmpty)
        XCTAssertTrue(snapshots(deliveries).isEmpty)
        XCTAssertEqual(fanout.publisher.work.patches, 2, "one patch per changed group, however many watch it")

        var gridTails: [[UInt8]] = []
        for diff in sent {
            let json = try message(diff.head + diff.tail)
            XCTAssertEqual(json["type"], "diff")
            XCTAssertEqual(json["version"], 5)
            let path = json["id"] == "s" ? statistics.path : grid.path
            if path == grid.path { gridTails.append(diff.tail) }
            // Each starts from the version its subscriber was last sent.
            XCTAssertEqual(json["base"], diff.connection == 1 ? 3 : 4)
            if diff.connection == 2 {
                XCTAssertNil(json["id"], "a subscription without an id: a diff without one")
            } else {
                XCTAssertEqual(json["id"], path == grid.path ? "g" : "s")
            }
            let patch = try PatchOperation.patch(from: XCTUnwrap(json["patch"]))
            XCTAssertEqual(try XCTUnwrap(renderer.value(of: old, at: path)).applying(patch), renderer.value(of: new, at: path))
        }
        // The grid's diff is one array, referenced by both deliveries.
        XCTAssertEqual(gridTails.count, 2)
        XCTAssertEqual(
            gridTails[0].withUnsafeBufferPointer { $0.baseAddress }, gridTails[1].withUnsafeBufferPointer { $0.baseAddress },
            "the members' tails share their storage")
        for key in fanout.subscriptions.keys(of: 1).union(fanout.subscriptions.keys(of: 2)) {
            XCTAssertEqual(fanout.subscriptions[key]?.lastVersion, 5)
        }
        XCTAssertEqual(fanout.subscriptions[.init(connection: 3, id: 9)]?.lastVersion, 4, "no diff, no new base")
    }

    func testAConnectionThatIsGoneIsSentNothing() throws {
        var fanout = fanout()
        try fanout.subscriptions.subscribe(connection: 1, id: nil, group: grid, version: 0)
        let old = world()
        let deliveries = fanout.publish(from: old, to: changed(old), version: 1, reader: { _ in nil })
        XCTAssertTrue(deliveries.isEmpty)
        XCTAssertEqual(fanout.subscriptions[.init(connection: 1, id: .null)]?.lastVersion, 0)
        XCTAssertFalse(fanout.hasPendingResync(connection: 1))
    }

    // MARK: Slow clients

    func testAClientOverItsBufferIsMarkedForAResyncAndPausedOnce() throws {
        var fanout = fanout(clientBuffer: 1000)
        try fanout.subscriptions.subscribe(connection: 1, id: nil, group: grid, version: 0)
        try fanout.subscriptions.subscribe(connection: 2, id: nil, group: grid, version: 0)
        var readers = [1: Fanout.Reader(pendingBytes: 1001), 2: Fanout.Reader(pendingBytes: 1000)]
        let v0 = world()
        let v1 = changed(v0)
        var deliveries = fanout.publish(from: v0, to: v1, version: 1, reader: { readers[$0] })
        XCTAssertEqual(diffs(deliveries).map(\.connection), [2], "at its buffer's limit a client still gets diffs; past it, not")
        XCTAssertEqual(pauses(deliveries), [1])
        XCTAssertTrue(fanout.hasPendingResync(connection: 1))
        XCTAssertFalse(fanout.hasPendingResync(connection: 2))
        XCTAssertEqual(fanout.subscriptions[.init(connection: 1, id: .null)]?.lastVersion, 0)

        // The next change: the marked subscription is left alone (no diff, no second pause).
        readers[1]?.isReadPaused = true
        let v2 = changed(v1, row: 3, col: 3)
        deliveries = fanout.publish(from: v1, to: v2, version: 2, reader: { readers[$0] })
        XCTAssertEqual(diffs(deliveries).map(\.connection), [2])
        XCTAssertTrue(pauses(deliveries).isEmpty)

        // A client whose reading is paused already, or whose connection closes, is not paused again.
        try fanout.subscriptions.subscribe(connection: 3, id: nil, group: grid, version: 2)
        try fanout.subscriptions.subscribe(connection: 4, id: nil, group: grid, version: 2)
        readers[3] = Fanout.Reader(pendingBytes: 5000, isReadPaused: true)
        readers[4] = Fanout.Reader(pendingBytes: 5000, isClosing: true)
        deliveries = fanout.publish(from: v2, to: changed(v2), version: 3, reader: { readers[$0] })
        XCTAssertEqual(diffs(deliveries).map(\.connection), [2])
        XCTAssertTrue(pauses(deliveries).isEmpty)
        XCTAssertTrue(fanout.hasPendingResync(connection: 3))
        XCTAssertTrue(fanout.hasPendingResync(connection: 4))
    }

    func testTheBytesOfOneChangeCountTowardsTheBuffer() throws {
        var fanout = fanout(clientBuffer: 1000)
        try fanout.subscriptions.subscribe(connection: 1, id: "g", group: grid, version: 0)
        try fanout.subscriptions.subscribe(connection: 1, id: "s", group: statistics, version: 0)
        let old = world()
        // Room for one of the two diffs (each is over 50 bytes), not both.
        let deliveries = fanout.publish(from: old, to: changed(old), version: 1, reader: { _ in Fanout.Reader(pendingBytes: 950) })
        XCTAssertEqual(diffs(deliveries).count, 1)
        XCTAssertEqual(pauses(deliveries), [1])
        XCTAssertTrue(fanout.hasPendingResync(connection: 1))
    }

    func testAResyncAfterTheClientDrainedSendsTheValueAtTheCurrentVersion() throws {
        var fanout = fanout(clientBuffer: 1000)
        try fanout.subscriptions.subscribe(connection: 1, id: "w", group: grid, version: 0)
        let v0 = world()
        let v1 = changed(v0)
        _ = fanout.publish(from: v0, to: v1, version: 1, reader: { _ in Fanout.Reader(pendingBytes: 2000) })
        XCTAssertTrue(fanout.hasPendingResync(connection: 1))
        // More changes while it drains: none is sent.
        let v2 = changed(v1, row: 4, col: 4)
        XCTAssertTrue(fanout.publish(from: v1, to: v2, version: 2, reader: { _ in Fanout.Reader(pendingBytes: 0) }).isEmpty)

        let deliveries = fanout.resyncIfNeeded(connection: 1, state: v2, version: 2)
        let sent = snapshots(deliveries)
        XCTAssertEqual(sent.count, 1)
        XCTAssertEqual(sent.first?.connection, 1)
        XCTAssertEqual(sent.first?.path, grid.path)
        XCTAssertEqual(sent.first?.reason, .fellBehind)
        let json = try message(bytes(sent.first?.frame))
        XCTAssertEqual(json["type"], "snapshot")
        XCTAssertEqual(json["resync"], true)
        XCTAssertEqual(json["version"], 2)
        XCTAssertEqual(json["id"], "w")
        XCTAssertEqual(json["value"], renderer.value(of: v2, at: grid.path))
        XCTAssertFalse(fanout.hasPendingResync(connection: 1))
        XCTAssertEqual(fanout.resyncs, 1)
        XCTAssertTrue(fanout.resyncIfNeeded(connection: 1, state: v2, version: 2).isEmpty, "one snapshot per resync")

        // Diffs continue from the snapshot's version.
        let v3 = changed(v2)
        let next = diffs(fanout.publish(from: v2, to: v3, version: 3, reader: { _ in Fanout.Reader(pendingBytes: 0) }))
        XCTAssertEqual(next.count, 1)
        XCTAssertEqual(try message(XCTUnwrap(next.first).head + XCTUnwrap(next.first).tail)["base"], 2)
    }

    // MARK: Large changes

    func testAChangeLargerThanTheBufferBecomesASnapshot() throws {
        var fanout = fanout(clientBuffer: 300, streamingThreshold: 100)
        try fanout.subscriptions.subscribe(connection: 1, id: 1, group: grid, version: 0)
        try fanout.subscriptions.subscribe(connection: 2, id: 2, group: grid, version: 0)
        try fanout.subscriptions.subscribe(connection: 3, id: 3, group: settings, version: 0)
        let old = world(rows: 20, cols: 40)
        var new = old
        for row in 0..<20 { new.simulation.gridState.grid[row, row] = .alive }
        // Connection 1 has nothing waiting: the snapshot goes at once; connection 2 gets it once it drains.
        let readers = [1: Fanout.Reader(pendingBytes: 0), 2: Fanout.Reader(pendingBytes: 10), 3: Fanout.Reader(pendingBytes: 0)]
        let deliveries = fanout.publish(from: old, to: new, version: 1, reader: { readers[$0] })
        XCTAssertTrue(diffs(deliveries).isEmpty)
        XCTAssertTrue(pauses(deliveries).isEmpty, "a large change is no reason to stop reading")
        let sent = snapshots(deliveries)
        XCTAssertEqual(sent.map(\.connection), [1])
        XCTAssertEqual(sent.first?.reason, .largeChange)
        guard case .stream = try XCTUnwrap(sent.first?.frame) else { return XCTFail("800 cells are streamed past a threshold of 100") }
        let json = try message(bytes(sent.first?.frame))
        XCTAssertEqual(json["version"], 1)
        XCTAssertEqual(json["resync"], true)
        XCTAssertEqual(json["value"], renderer.value(of: new, at: grid.path))
        XCTAssertFalse(fanout.hasPendingResync(connection: 1))
        XCTAssertTrue(fanout.hasPendingResync(connection: 2))
        XCTAssertEqual(fanout.publisher.work.patches, 0, "the oversized diff is never computed")

        let later = snapshots(fanout.resyncIfNeeded(connection: 2, state: new, version: 1))
        XCTAssertEqual(later.map(\.connection), [2])
        XCTAssertEqual(try message(bytes(later.first?.frame))["value"], renderer.value(of: new, at: grid.path))
        XCTAssertEqual(fanout.resyncs, 2)
    }

    func testASnapshotSentAtOnceCountsTowardsTheBuffer() throws {
        var fanout = fanout(clientBuffer: 300, streamingThreshold: 100)
        try fanout.subscriptions.subscribe(connection: 1, id: "g", group: grid, version: 0)
        try fanout.subscriptions.subscribe(connection: 1, id: "s", group: statistics, version: 0)
        let old = world(rows: 20, cols: 40)
        var new = old
        for row in 0..<20 { new.simulation.gridState.grid[row, row] = .alive }
        new.statistics.steps += 1
        let deliveries = fanout.publish(from: old, to: new, version: 1, reader: { _ in Fanout.Reader(pendingBytes: 0) })
        XCTAssertEqual(snapshots(deliveries).map(\.reason), [.largeChange])
        XCTAssertTrue(diffs(deliveries).isEmpty, "the snapshot took the client past its buffer")
        XCTAssertEqual(pauses(deliveries), [1])
        XCTAssertTrue(fanout.hasPendingResync(connection: 1), "the statistics wait for the client to drain")
    }

    // MARK: Skipping

    func testGroupsWhoseEveryMemberWaitsForAResyncAreNotComputed() throws {
        var fanout = fanout(clientBuffer: 1000)
        try fanout.subscriptions.subscribe(connection: 1, id: nil, group: grid, version: 0)
        try fanout.subscriptions.subscribe(connection: 2, id: nil, group: statistics, version: 0)
        let v0 = world()
        let v1 = changed(v0)
        var readers = [1: Fanout.Reader(pendingBytes: 5000), 2: Fanout.Reader(pendingBytes: 0)]
        _ = fanout.publish(from: v0, to: v1, version: 1, reader: { readers[$0] })
        XCTAssertEqual(fanout.publisher.work.gridComparisons, 1)
        XCTAssertEqual(fanout.publisher.work.patches, 2, "computed while a member still took diffs")
        readers[1]?.isReadPaused = true

        // Connection 1, the grid's only member, waits for a resync: the grid is not compared.
        let v2 = changed(v1, row: 5, col: 5)
        let deliveries = fanout.publish(from: v1, to: v2, version: 2, reader: { readers[$0] })
        XCTAssertEqual(diffs(deliveries).map(\.connection), [2])
        XCTAssertEqual(fanout.publisher.work.gridComparisons, 1)
        XCTAssertEqual(fanout.publisher.work.patches, 3)

        // With every group waiting, nothing at all is computed; with no subscription either.
        fanout.subscriptions.removeConnection(2)
        XCTAssertTrue(fanout.publish(from: v2, to: changed(v2), version: 3, reader: { readers[$0] }).isEmpty)
        fanout.subscriptions.removeConnection(1)
        XCTAssertTrue(fanout.publish(from: v2, to: changed(v2), version: 3, reader: { readers[$0] }).isEmpty)
        XCTAssertEqual(fanout.publisher.work.patches, 3)
        XCTAssertEqual(fanout.publisher.work.gridComparisons, 1)
    }
}
