import DaemonTestSupport
import Foundation
import Glibc
import LifeClient
import LifeGrid
import LifeSystem
import LifeJSON
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// What one client, or many, may ask of lifed on a big world, at the documented limits and past
/// them: subscriptions are bounded, large replies are streamed and bounded in all, and a change
/// costs what the subscriptions watch.
final class ScaleLimitTests: XCTestCase {
    private func pointer(_ text: String) -> JSONPointer { try! JSONPointer(parsing: text) }

    private func subscribe(_ connection: Connection, id: JSON, path: String = "", viewport: Viewport? = nil) throws -> ServerMessage {
        try connection.send(ClientRequest(id: id, kind: .subscribe(path: pointer(path), viewport: viewport)))
        while true {
            let message = try connection.receive()
            if case .diff = message { continue }
            return message
        }
    }

    // MARK: Subscriptions

    func testAConnectionHoldsSixtyFourSubscriptionsAndNoMore() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--size", "64x64", "--seed", "4"])
        let watcher = try daemon.connect()
        for index in 0..<64 {
            let reply = try subscribe(watcher, id: .int(index), viewport: Viewport(row: index, col: 0, rows: 1, cols: 1))
            guard case .snapshot = reply else { return XCTFail("subscription \(index) of 64: \(reply)") }
        }
        let past = try subscribe(watcher, id: 64, viewport: Viewport(row: 0, col: 1, rows: 1, cols: 1))
        guard case .error(_, let code, let message, _) = past else { return XCTFail("the 65th subscription: \(past)") }
        XCTAssertEqual(code, "limit-exceeded")
        XCTAssertTrue(message.contains("64 subscriptions"), message)
        // Reusing an id replaces; leaving one makes room.
        guard case .snapshot = try subscribe(watcher, id: 3, path: "/statistics") else { return XCTFail("replacing by id") }
        try watcher.send(ClientRequest(id: 5, kind: .unsubscribe))
        guard case .ack = try watcher.receive() else { return XCTFail("unsubscribe") }
        guard case .snapshot = try subscribe(watcher, id: 64, viewport: Viewport(row: 0, col: 1, rows: 1, cols: 1)) else {
            return XCTFail("room after an unsubscribe")
        }
        guard case .status(_, let info) = try watcher.request(.status) else { return XCTFail("status") }
        XCTAssertEqual(info["subscriptions"], 64)
        XCTAssertEqual(daemon.terminate(), 0)
    }

    func testTheDifferentThingsWatchedAreBoundedAcrossConnections() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--size", "128x128", "--seed", "4"])
        var connections: [Connection] = []
        var made = 0
        // 4096 different 1x1 windows from 64 connections: all allowed.
        for _ in 0..<64 {
            let connection = try daemon.connect()
            connections.append(connection)
            for index in 0..<64 {
                let cell = made
                made += 1
                let reply = try subscribe(connection, id: .int(index), viewport: Viewport(row: cell / 128, col: cell % 128, rows: 1, cols: 1))
                guard case .snapshot = reply else { return XCTFail("window \(cell) of 4096: \(reply)") }
            }
        }
        let extra = try daemon.connect()
        let past = try subscribe(extra, id: 0, viewport: Viewport(row: 100, col: 100, rows: 1, cols: 1))
        guard case .error(_, let code, _, _) = past else { return XCTFail("the 4097th window: \(past)") }
        XCTAssertEqual(code, "limit-exceeded")
        guard case .snapshot = try subscribe(extra, id: 0, viewport: Viewport(row: 0, col: 0, rows: 1, cols: 1)) else {
            return XCTFail("watching what another connection watches costs nothing more")
        }
        // A change reaches the windows it touches, and the bystander still gets its answers.
        guard case .ack = try extra.dispatch("grid.step") else { return XCTFail("grid.step") }
        guard case .pong = try extra.request(.ping) else { return XCTFail("ping") }
        XCTAssertEqual(daemon.terminate(), 0)
    }

    // MARK: A big world

    /// 40 clients ask for the whole state of a 4096 x 4096 world (17 MB each) and never read it:
    /// the replies are streamed from the bit planes, those past the budget of unread replies are
    /// refused with a hint, lifed's memory stays small and a bystander is served.
    func testUnreadRepliesOfABigWorldStayBounded() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--size", "4096x4096", "--seed", "5"])
        let bystander = try daemon.connect()
        var readers: [RawReader] = []
        for index in 0..<40 {
            let reader = try RawReader(daemon.socketPath)
            try reader.send(ClientRequest(id: .int(index), kind: .get(path: .root)))
            readers.append(reader)
        }
        guard case .pong = try bystander.request(.ping) else { return XCTFail("ping") }
        guard case .status(_, let info) = try bystander.request(.status) else { return XCTFail("status") }
        let owed = info["publisher"]?["streamedReplyBytesOwed"]?.intValue ?? -1
        // Still owed after the bystander's ping and status: it was answered while 40 replies
        // wait (the daemon's counter says so, where a duration under 5 s said it before).
        XCTAssertGreaterThan(owed, 16 << 20, "the replies are owed, not dropped")
        XCTAssertLessThanOrEqual(owed, 256 << 20, "within the budget of unread replies")
        let peak = daemon.memoryMegabytes()
        print("ScaleLimitTests: 40 unread 17 MB replies; lifed's peak RSS \(peak) MB; owed \(owed >> 20) MiB")
        XCTAssertLessThan(peak, 200, "40 x 17 MB are not held whole")

        // Each reader finds either the whole state or a refusal that says what to do instead.
        var streamed = 0
        var refused = 0
        for reader in readers {
            let (length, head) = try reader.skimFrame()
            if length > 16 << 20 {
                XCTAssertTrue(head.starts(with: Array(#"{"id":"#.utf8)), String(decoding: head, as: UTF8.self))
                streamed += 1
            } else {
                let message = try ServerMessage(json: JSON(parsing: head))
                guard case .error(_, let code, let text, _) = message else { return XCTFail("\(message)") }
                XCTAssertEqual(code, "limit-exceeded")
                XCTAssertTrue(text.contains("viewport"), text)
                refused += 1
            }
        }
        print("ScaleLimitTests: \(streamed) replies streamed, \(refused) refused")
        XCTAssertGreaterThanOrEqual(streamed, 10)
        XCTAssertGreaterThanOrEqual(refused, 1)
        XCTAssertEqual(streamed + refused, 40)

        // A reply read whole is the whole state.
        let reader = try daemon.connect()
        let state = try reader.get("")
        let grid = try Grid(json: try XCTUnwrap(state.value["simulation"]?["gridState"]?["grid"]))
        XCTAssertEqual(grid.rows, 4096)
        XCTAssertEqual(grid.cols, 4096)
        guard case .status(_, let after) = try bystander.request(.status) else { return XCTFail("status") }
        XCTAssertEqual(after["publisher"]?["streamedReplyBytesOwed"], 0, "nothing is owed once read")
        XCTAssertEqual(daemon.terminate(), 0)
    }

    /// A watcher of the tick count on a 4096 x 4096 world costs no comparison or rendering of the grid.
    func testAWatcherOfTheTickCountDoesNotPayForTheGrid() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--size", "4096x4096", "--seed", "6"])
        let watcher = try daemon.connect()
        guard case .snapshot(_, _, _, let ticks, _) = try subscribe(watcher, id: "t", path: "/simulation/gridState/ticks") else {
            return XCTFail("subscribe")
        }
        XCTAssertEqual(ticks, 0)
        let driver = try daemon.connect()
        for expected in 1...3 {
            guard case .ack = try driver.dispatch("simulation.tick") else { return XCTFail("tick") }
            guard case .diff(_, _, _, let patch) = try watcher.receive() else { return XCTFail("diff") }
            XCTAssertEqual(patch, [.replace(path: .root, value: .int(expected))])
        }
        guard case .status(_, let info) = try driver.request(.status) else { return XCTFail("status") }
        XCTAssertEqual(info["publisher"]?["gridComparisons"], 0)
        XCTAssertEqual(info["publisher"]?["cellsRendered"], 0)
        XCTAssertEqual(info["publisher"]?["patches"], 3)
        XCTAssertEqual(daemon.terminate(), 0)
    }

    /// 60 watchers of nearly the whole of a dense 4096 x 4096 world, each with its own window:
    /// a generation changes every row, so each gets a fresh snapshot, streamed, instead of a
    /// 16 MB diff built for each; lifed's memory stays far from the 2 GB it took.
    func testSixtyFullGridViewportsOfADenseWorld() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--size", "4096x4096", "--seed", "7"])
        var watchers: [RawReader] = []
        for index in 0..<60 {
            let watcher = try RawReader(daemon.socketPath)
            try watcher.send(ClientRequest(id: "w", kind: .subscribe(path: .root, viewport: Viewport(row: index, col: index, rows: 4000, cols: 4000))))
            let (length, _) = try watcher.skimFrame()
            XCTAssertGreaterThan(length, 16_000_000)
            watchers.append(watcher)
        }
        let driver = try daemon.connect()
        guard case .ack = try driver.dispatch("grid.step") else { return XCTFail("grid.step") }
        for watcher in watchers {
            let (length, head) = try watcher.skimFrame()
            XCTAssertGreaterThan(length, 16_000_000)
            XCTAssertTrue(String(decoding: head, as: UTF8.self).contains(#""resync":true"#) || length > 16_000_000)
        }
        let peak = daemon.memoryMegabytes()
        print("ScaleLimitTests: 60 full-grid viewports of a dense 4096x4096 world, one generation; lifed's peak RSS \(peak) MB")
        XCTAssertLessThan(peak, 400)
        XCTAssertEqual(daemon.terminate(), 0)
    }
}

/// A raw connection that reads frames without decoding them: for replies of many megabytes.
final class RawReader {
    let fd: Int32

    init(_ path: String) throws {
        fd = try UnixSocket.connect(to: path)
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = try skimFrame()  // the hello
    }

    deinit { close(fd) }

    func send(_ request: ClientRequest) throws {
        let bytes = Frame.encode(request.json)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw SystemError("send") }
            offset += written
        }
    }

    /// Reads one frame, keeping only its first 4 KiB: its length and that head.
    func skimFrame() throws -> (length: Int, head: [UInt8]) {
        let prefix = try read(4)
        let length = prefix.reduce(0) { $0 << 8 | Int($1) }
        var head: [UInt8] = []
        var left = length
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while left > 0 {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, min($0.count, left), 0) }
            guard count > 0 else { throw SystemError("recv") }
            if head.count < 4096 { head += buffer[0..<min(count, 4096 - head.count)] }
            left -= count
        }
        return (length, head)
    }

    private func read(_ count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let n = bytes[got...].withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { throw SystemError("recv") }
            got += n
        }
        return bytes
    }
}
