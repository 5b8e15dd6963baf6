import DaemonTestSupport
import Foundation
import Glibc
import LifeClient
import LifeJSON
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// lifed at the limit of open files and past it: every client that connects gets a hello or
/// `busy` (none waits for ever), lifed does not spin while connections wait, its log stays
/// small, and the clients it serves, a bystander among them, keep being served.
final class DescriptorLimitTests: XCTestCase {
    // MARK: Past the limit

    /// lifed under a limit of 64 open files, 100 clients: those that fit are served, the others
    /// get `busy`, lifed stays idle, a bystander is answered, and a change is still saved (lifed
    /// keeps descriptors for its own work).
    func testPastTheLimitOfOpenFilesEveryClientGetsHelloOrBusy() throws {
        let prlimit = try SystemdTests.executable("prlimit")
        let daemon = try Daemon(self, arguments: ["--seed", "3"], wrapper: [prlimit, "--nofile=64:64", "--"], logToFile: true)
        let bystander = try daemon.connect()
        try daemon.waitForClientCount(1, asking: bystander)
        let herd = try Herd(count: 100, socketPath: daemon.socketPath)
        let answers = herd.firstMessages(within: 120)

        let cpu = cpuSecondsOverOneSecond(daemon.process.processIdentifier)
        var hellos = 0
        var busy: [String] = []
        for (index, answer) in answers.enumerated() {
            switch answer {
            case .hello?: hellos += 1
            case .error(nil, "busy", let message, _)?: busy.append(message)
            default: XCTFail("client \(index) of 100: \(String(describing: answer))")
            }
        }
        print("DescriptorLimitTests: under 64 open files, 100 clients: \(hellos) hellos, \(busy.count) busy; lifed used \(cpu) s of CPU in 1 s")
        XCTAssertEqual(hellos + busy.count, 100, "every client has an answer")
        XCTAssertGreaterThan(hellos, 20, "the clients that fit are served")
        XCTAssertGreaterThanOrEqual(busy.count, 100 - 64, "the others are refused")
        XCTAssertTrue(busy.allSatisfy { $0.contains("open files") }, busy.first ?? "")
        XCTAssertLessThan(cpu, 0.25, "lifed does not spin while connections wait")
        // The start-up warning says how many clients fit; exactly those are served.
        let log = daemon.stderrText()
        let capacity = try XCTUnwrap(Self.capacity(in: log), Self.excerpt(log))
        XCTAssertEqual(hellos, capacity - 1, "the bystander and the herd fill lifed to its capacity, and no more")

        guard case .pong = try bystander.request(.ping) else { return XCTFail("the bystander is answered") }
        guard case .ack = try bystander.dispatch("grid.step") else { return XCTFail("a change is saved at the limit") }
        herd.close()
        // Room again: a new client is served.
        try daemon.waitForClientCount(1, asking: bystander)
        XCTAssertTrue(try daemon.connect().request(.ping).isPong(answering: .int(1)))
        XCTAssertEqual(daemon.terminate(), 0)
        let finalLog = daemon.stderrText()
        XCTAssertLessThan(finalLog.utf8.count, 8192, Self.excerpt(finalLog))
        XCTAssertLessThanOrEqual(finalLog.split(separator: "\n").filter { $0.contains("refused a connection") }.count, 5, Self.excerpt(finalLog))
    }

    /// The limit lowered under a running lifed (as another program's descriptors could fill the
    /// table): `accept` fails with EMFILE; lifed answers the waiting clients `busy` with its spare
    /// descriptor, does not spin, serves a bystander, and serves new clients once room is made.
    func testRunningOutOfDescriptorsLaterRefusesWithBusyWithoutSpinning() throws {
        let prlimit = try SystemdTests.executable("prlimit")
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--seed", "3"], logToFile: true)
        let pid = daemon.process.processIdentifier
        let bystander = try daemon.connect()
        let lowered = try runProgram(prlimit, ["--pid", "\(pid)", "--nofile=40:40"])
        XCTAssertEqual(lowered.status, 0, lowered.stderr)

        let herd = try Herd(count: 60, socketPath: daemon.socketPath)
        let answers = herd.firstMessages(within: 120)
        let cpu = cpuSecondsOverOneSecond(pid)
        var hellos = 0
        var busy: [String] = []
        for (index, answer) in answers.enumerated() {
            switch answer {
            case .hello?: hellos += 1
            case .error(nil, "busy", let message, _)?: busy.append(message)
            default: XCTFail("client \(index) of 60: \(String(describing: answer))")
            }
        }
        print("DescriptorLimitTests: limit lowered to 40 while running, 60 clients: \(hellos) hellos, \(busy.count) busy; lifed used \(cpu) s of CPU in 1 s")
        XCTAssertEqual(hellos + busy.count, 60, "every client has an answer")
        XCTAssertGreaterThan(hellos, 10)
        XCTAssertGreaterThanOrEqual(busy.count, 20)
        XCTAssertTrue(busy.allSatisfy { $0.contains("descriptors") }, busy.first ?? "")
        XCTAssertLessThan(cpu, 0.25, "lifed does not spin on EMFILE")
        guard case .pong = try bystander.request(.ping) else { return XCTFail("the bystander is answered") }

        herd.close()
        try daemon.waitForClientCount(1, asking: bystander)
        let later = try Herd(count: 5, socketPath: daemon.socketPath)
        for answer in later.firstMessages(within: 120) {
            guard case .hello? = answer else { return XCTFail("after room was made: \(String(describing: answer))") }
        }
        let log = daemon.stderrText()
        XCTAssertLessThan(log.utf8.count, 8192, Self.excerpt(log))
    }

    // MARK: Start-up

    /// Started at a soft limit of 64 under a hard one of 4096, lifed raises its soft limit to
    /// what --max-clients 1024 and its own descriptors need, no further, and logs it.
    func testStartUpRaisesTheSoftLimitTowardTheHardOne() throws {
        let prlimit = try SystemdTests.executable("prlimit")
        // Raising a hard limit takes a privilege: this process's must be 4096 or more already.
        guard let ours = DescriptorLimit.current(), ours.hard >= 4096 else { throw XCTSkip("this process's hard limit of open files is below 4096") }
        let daemon = try Daemon(
            self, arguments: ["--ephemeral", "--log-level", "debug"], wrapper: [prlimit, "--nofile=64:4096", "--"], logToFile: true)
        let limits = try String(contentsOfFile: "/proc/\(daemon.process.processIdentifier)/limits", encoding: .utf8)
        let line = try XCTUnwrap(limits.split(separator: "\n").first { $0.hasPrefix("Max open files") })
        let numbers = line.split(separator: " ").compactMap { Int($0) }
        XCTAssertEqual(numbers.count, 2, String(line))
        XCTAssertGreaterThan(numbers.first ?? 0, 1024, "room for --max-clients 1024 and lifed's own: \(line)")
        XCTAssertLessThan(numbers.first ?? 0, 1100, "no more than lifed needs: \(line)")
        XCTAssertEqual(numbers.last, 4096)
        let log = daemon.stderrText()
        XCTAssertTrue(log.contains("raised the soft limit of open files from 64 to \(numbers.first ?? 0)"), Self.excerpt(log))
        XCTAssertFalse(log.contains("does not fit"), Self.excerpt(log))
    }

    /// With no room to raise it (64:64), lifed says how many clients it serves; with a
    /// --max-clients that fits, it says nothing.
    func testStartUpWarnsWhenMaxClientsDoesNotFitTheLimit() throws {
        let prlimit = try SystemdTests.executable("prlimit")
        let tight = try Daemon(self, arguments: ["--ephemeral"], wrapper: [prlimit, "--nofile=64:64", "--"], logToFile: true)
        let log = tight.stderrText()
        XCTAssertTrue(log.contains("--max-clients 1024 does not fit in the limit of 64 open files"), Self.excerpt(log))
        XCTAssertTrue(log.contains("descriptors besides its clients"), Self.excerpt(log))
        let capacity = try XCTUnwrap(Self.capacity(in: log), Self.excerpt(log))
        XCTAssertGreaterThan(capacity, 30)
        XCTAssertLessThan(capacity, 64)

        let fits = try Daemon(self, arguments: ["--ephemeral", "--max-clients", "20"], wrapper: [prlimit, "--nofile=64:64", "--"], logToFile: true)
        XCTAssertFalse(fits.stderrText().contains("does not fit"), fits.stderrText())
    }

    /// lifed under the limit of open files its systemd units set (`LimitNOFILE=`): the default
    /// `--max-clients` and lifed's own descriptors fit, so lifed neither warns nor raises it.
    ///
    /// It checks the units against lifed's budget, and nothing of the machine it runs on: lifed
    /// runs at the unit's soft limit with the hard limit lowered to it (lowering takes no
    /// privilege; raising would, and a hard limit above the soft one changes nothing here: a soft
    /// limit too low for `--max-clients` shows as the warning, since it cannot be raised). It
    /// used to give lifed `min(unit's hard, this process's hard)`, and so depended on the limits
    /// `swift test` was started under.
    func testTheUnitsLimitOfOpenFilesFitsTheDefaultMaxClients() throws {
        let prlimit = try SystemdTests.executable("prlimit")
        for kind in ["system", "user"] {
            let unit = try String(contentsOfFile: "\(SystemdTests.packageRoot)/systemd/\(kind)/lifed.service", encoding: .utf8)
            let line = try XCTUnwrap(unit.split(separator: "\n").first { $0.hasPrefix("LimitNOFILE=") }, "the \(kind) unit sets no LimitNOFILE=")
            let values = line.dropFirst("LimitNOFILE=".count).split(separator: ":").compactMap { Int($0) }
            let soft = try XCTUnwrap(values.first, String(line))
            XCTAssertGreaterThanOrEqual(values.last ?? soft, soft, String(line))
            let ourHard = try XCTUnwrap(DescriptorLimit.current()).hard
            guard soft <= ourHard else { throw XCTSkip("this process's hard limit of open files, \(ourHard), is below the unit's \(soft)") }
            let daemon = try Daemon(
                self, arguments: ["--ephemeral", "--log-level", "debug"], wrapper: [prlimit, "--nofile=\(soft):\(soft)", "--"], logToFile: true)
            // Logged at start-up, before READY=1, which the harness waited for.
            let log = daemon.stderrText()
            XCTAssertTrue(log.contains("the limit of open files is \(soft) "), Self.excerpt(log))
            XCTAssertTrue(log.contains("--max-clients 1024 needs"), Self.excerpt(log))
            XCTAssertFalse(log.contains("does not fit"), Self.excerpt(log))
            XCTAssertFalse(log.contains("raised the soft limit"), Self.excerpt(log))
            XCTAssertEqual(daemon.terminate(), 0)
        }
    }

    /// Under a limit of 64 open files, lifed serves as many clients as its start-up warning
    /// says: at that number every client is served; the next gets the `busy` that names the limit.
    func testCapacityUnderALowLimitAtItsValueAndOnePast() throws {
        let prlimit = try SystemdTests.executable("prlimit")
        let daemon = try Daemon(self, arguments: ["--ephemeral"], wrapper: [prlimit, "--nofile=64:64", "--"], logToFile: true)
        let first = try daemon.connect()
        try daemon.waitForClientCount(1, asking: first)
        let capacity = try XCTUnwrap(Self.capacity(in: daemon.stderrText()), Self.excerpt(daemon.stderrText()))
        let herd = try Herd(count: capacity - 1, socketPath: daemon.socketPath)
        for answer in herd.firstMessages(within: 120) {
            guard case .hello? = answer else { return XCTFail("within the capacity of \(capacity): \(String(describing: answer))") }
        }
        let past = try Herd(count: 1, socketPath: daemon.socketPath)
        guard case .error(nil, "busy", let message, _)? = past.firstMessages(within: 120).first else { return XCTFail("client \(capacity + 1)") }
        XCTAssertTrue(message.contains("lifed is serving \(capacity) clients, all that its limit of open files leaves room for"), message)
    }

    // MARK: The log

    /// 3000 connections from a user that may not connect: a few lines and a count, not 3000.
    func testAFloodOfForbiddenPeersLogsAFewLinesAndACount() throws {
        let peer = try PeerClient()
        let daemon = try Daemon(self, arguments: ["--ephemeral"], logToFile: true)
        try peer.openTheWay(to: daemon.socketPath)
        let output = try peer.run(script: Self.floodScript, arguments: [daemon.socketPath, "3000"], uid: 65534, gid: 65534)
        XCTAssertEqual(output, ["forbidden 3000"])
        XCTAssertTrue(try daemon.connect().request(.ping).isPong(answering: .int(1)))
        let during = daemon.stderrText()
        XCTAssertLessThanOrEqual(during.split(separator: "\n").filter { $0.contains("refused a connection") }.count, 5, Self.excerpt(during))
        XCTAssertEqual(daemon.terminate(), 0)
        let log = daemon.stderrText()
        XCTAssertTrue(log.contains("... and 2,995 more refused connections in the last "), Self.excerpt(log))
        XCTAssertLessThan(log.utf8.count, 4096, Self.excerpt(log))
    }

    /// Connects `count` times, reads each answer's first frame, and prints how many were `forbidden`.
    static let floodScript = """
        import socket, struct, sys
        forbidden = 0
        for _ in range(int(sys.argv[2])):
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.settimeout(10)
            s.connect(sys.argv[1])
            header = s.recv(4, socket.MSG_WAITALL)
            body = s.recv(struct.unpack(">I", header)[0], socket.MSG_WAITALL)
            if b'"forbidden"' in body:
                forbidden += 1
            s.close()
        print("forbidden", forbidden)
        """

    // MARK: Helpers

    /// The start and the end of a log that may be huge (an old lifed that spins writes megabytes).
    static func excerpt(_ log: String) -> String {
        guard log.utf8.count > 3000 else { return log }
        return "\(log.utf8.count) bytes: " + String(decoding: log.utf8.prefix(2000), as: UTF8.self) + "\n...\n"
            + String(decoding: log.utf8.suffix(1000), as: UTF8.self)
    }

    /// The number of clients the start-up warning says lifed serves at most.
    static func capacity(in log: String) -> Int? {
        guard let range = log.range(of: "it serves at most ") else { return nil }
        return Int(log[range.upperBound...].prefix { $0.isNumber })
    }
}

/// Many connections opened at once, whose first frames are read together.
private final class Herd {
    private var fds: [Int32] = []

    init(count: Int, socketPath: String) throws {
        for _ in 0..<count { fds.append(try UnixSocket.connect(to: socketPath)) }
    }

    deinit { close() }

    /// Each connection's first message, or nil for one that has none within `seconds` (a safety
    /// net: it returns once every connection has answered or closed, woken by poll).
    func firstMessages(within seconds: Double) -> [ServerMessage?] {
        var decoders = fds.map { _ in FrameDecoder(maxFrameSize: 1 << 20) }
        var answers = [ServerMessage?](repeating: nil, count: fds.count)
        var waiting = Set(fds.indices)
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(seconds)
        while !waiting.isEmpty, Date() < deadline {
            var polled = waiting.sorted().map { pollfd(fd: fds[$0], events: Int16(POLLIN), revents: 0) }
            guard poll(&polled, nfds_t(polled.count), 100) > 0 else { continue }
            for entry in polled where entry.revents != 0 {
                guard let index = fds.firstIndex(of: entry.fd) else { continue }
                let count = buffer.withUnsafeMutableBytes { recv(entry.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                if count <= 0 {
                    // Closed with nothing said: no answer.
                    waiting.remove(index)
                    continue
                }
                decoders[index].append(buffer[0..<count])
                if let frame = try? decoders[index].next() {
                    answers[index] = try? ServerMessage(json: JSON(parsing: frame))
                    waiting.remove(index)
                }
            }
        }
        return answers
    }

    func close() {
        for fd in fds { Glibc.close(fd) }
        fds.removeAll()
    }
}
