import Glibc
import LifeScheduling
import LifeSystem
import XCTest

/// The acceptor on a real listening socket: a bounded number of connections per turn, a
/// refusal through the spare descriptor when the process is out of descriptors, and a pause
/// (timed in virtual time) when even that cannot help. The limit of open files is lowered for
/// the test process itself, for a moment, to make `accept` fail with EMFILE.
final class AcceptorTests: XCTestCase {
    /// A listening socket, the connections made to it, and what an acceptor on it reported.
    private final class Harness {
        let folder: String
        let listener: Int32
        let loop: EventLoop
        let scheduler = TestScheduler()
        var accepted: [Int32] = []
        var events: [Acceptor.Event] = []
        var clients: [Int32] = []
        var acceptor: Acceptor!

        init(perTurn: Int = Acceptor.defaultPerTurn) throws {
            var template = Array("/tmp/life-acceptor-XXXXXX".utf8CString)
            guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
                throw SystemError("mkdtemp")
            }
            folder = String(cString: made)
            listener = try UnixSocket.listen(at: "\(folder)/test.sock")
            loop = try EventLoop()
            acceptor = Acceptor(
                listener: listener, loop: loop, scheduler: scheduler, perTurn: perTurn, refusalFrame: Array("no room".utf8),
                onConnection: { [unowned self] in accepted.append($0) }, onEvent: { [unowned self] in events.append($0) })
        }

        /// Connects `count` clients; they wait in the listener's queue until accepted.
        func connect(_ count: Int) throws {
            for _ in 0..<count { clients.append(try UnixSocket.connect(to: "\(folder)/test.sock")) }
        }

        /// What client `index` reads before the connection closes (nil while it stays open).
        func received(by index: Int) -> String? {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                let count = recv(clients[index], &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if count == 0 { return String(decoding: bytes, as: UTF8.self) }
                if count < 0 { return nil }
                bytes += buffer[0..<count]
            }
        }

        func close() {
            acceptor.stop()
            for fd in accepted + clients + [listener] { Glibc.close(fd) }
            unlink("\(folder)/test.sock")
            rmdir(folder)
        }
    }

    /// Runs `body` with the soft limit of open files set so that no new descriptor can be
    /// opened (at the lowest number free), then puts the limit back.
    private func withNoDescriptorLeft<R>(_ body: () throws -> R) throws -> R {
        let before = try XCTUnwrap(DescriptorLimit.current())
        let lowestFree = dup(0)
        XCTAssertGreaterThanOrEqual(lowestFree, 0)
        close(lowestFree)
        try DescriptorLimit.setSoftLimit(Int(lowestFree))
        defer { try? DescriptorLimit.setSoftLimit(before.soft) }
        return try body()
    }

    func testAcceptsAtMostPerTurnEachTimeTheListenerIsReady() throws {
        let harness = try Harness(perTurn: 8)
        defer { harness.close() }
        try harness.acceptor.start()
        try harness.connect(20)
        harness.acceptor.acceptWaiting()
        XCTAssertEqual(harness.accepted.count, 8, "the rest wait for the next turn")
        harness.acceptor.acceptWaiting()
        XCTAssertEqual(harness.accepted.count, 16)
        harness.acceptor.acceptWaiting()
        XCTAssertEqual(harness.accepted.count, 20)
        harness.acceptor.acceptWaiting()
        XCTAssertEqual(harness.accepted.count, 20, "none waits")
        XCTAssertEqual(harness.events, [])
    }

    /// The connections of a storm are served a turn at a time by the loop itself.
    func testTheLoopServesTheWaitingConnectionsOverSeveralTurns() throws {
        let harness = try Harness(perTurn: 4)
        defer { harness.close() }
        try harness.acceptor.start()
        try harness.connect(10)
        var turns: [Int] = []
        harness.loop.addBeforeSleep { [unowned harness] in
            turns.append(harness.accepted.count)
            if harness.accepted.count == 10 { harness.loop.stop() }
        }
        harness.loop.run()
        XCTAssertEqual(turns, [4, 8, 10])
    }

    func testOutOfDescriptorsEachWaitingConnectionIsRefusedThroughTheSpare() throws {
        let harness = try Harness()
        defer { harness.close() }
        try harness.acceptor.start()
        XCTAssertTrue(harness.acceptor.hasSpare)
        try harness.connect(5)
        try withNoDescriptorLeft {
            harness.acceptor.acceptWaiting()
        }
        XCTAssertEqual(harness.accepted, [], "no connection could be served")
        XCTAssertEqual(harness.events, Array(repeating: .refused(SystemError("accept", errno: EMFILE)), count: 5))
        for index in 0..<5 { XCTAssertEqual(harness.received(by: index), "no room", "client \(index) is answered, then closed") }
        XCTAssertTrue(harness.acceptor.hasSpare, "the spare is open again")
        XCTAssertFalse(harness.acceptor.isPaused)

        // With room again, connections are served.
        try harness.connect(1)
        harness.acceptor.acceptWaiting()
        XCTAssertEqual(harness.accepted.count, 1)
    }

    /// No spare and no descriptor: accepting pauses for 50 ms, then 100 ms, and resumes when room is made.
    func testWithoutASpareAcceptingPausesWithABackoffAndResumes() throws {
        let harness = try Harness()
        defer { harness.close() }
        try harness.connect(3)
        let emfile = SystemError("accept", errno: EMFILE)
        try withNoDescriptorLeft {
            try harness.acceptor.start()
            XCTAssertFalse(harness.acceptor.hasSpare, "no descriptor for the spare")
            harness.acceptor.acceptWaiting()
            XCTAssertEqual(harness.events, [.paused(emfile, pause: .milliseconds(50))])
            XCTAssertTrue(harness.acceptor.isPaused)
            harness.scheduler.advance(by: .milliseconds(49))
            XCTAssertTrue(harness.acceptor.isPaused)
            harness.scheduler.advance(by: .milliseconds(1))
            XCTAssertFalse(harness.acceptor.isPaused)
            // Still no room: the next pause is twice as long.
            harness.acceptor.acceptWaiting()
            XCTAssertEqual(harness.events, [.paused(emfile, pause: .milliseconds(50)), .resumed, .paused(emfile, pause: .milliseconds(100))])
        }
        harness.scheduler.advance(by: .milliseconds(100))
        XCTAssertFalse(harness.acceptor.isPaused)
        XCTAssertTrue(harness.acceptor.hasSpare, "the spare is opened on resuming")
        harness.acceptor.acceptWaiting()
        XCTAssertEqual(harness.accepted.count, 3, "the waiting connections are served once there is room")
        XCTAssertEqual(harness.events.last, .resumed)
    }

    func testTheSoftLimitIsRaisedOnlyWhenItIsShortAndNeverPastTheHardOne() {
        XCTAssertEqual(DescriptorLimit(soft: 1024, hard: 524_288).raisedSoftLimit(toFit: 1056), 1056)
        XCTAssertEqual(DescriptorLimit(soft: 64, hard: 512).raisedSoftLimit(toFit: 1056), 512)
        XCTAssertNil(DescriptorLimit(soft: 1056, hard: 4096).raisedSoftLimit(toFit: 1056), "it fits exactly")
        XCTAssertNil(DescriptorLimit(soft: 20_000, hard: 20_000).raisedSoftLimit(toFit: 1056), "never lowered")
        XCTAssertNil(DescriptorLimit(soft: 64, hard: 64).raisedSoftLimit(toFit: 1056), "no higher to go")
        XCTAssertEqual(DescriptorLimit(soft: 1024, hard: Int.max).raisedSoftLimit(toFit: 1056), 1056)
    }
}
