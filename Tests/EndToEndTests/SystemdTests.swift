import DaemonTestSupport
import Foundation
import Glibc
import LifeClient
import LifeJSON
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// lifed as systemd runs it: socket activation, sd_notify (readiness, status, watchdog,
/// stopping), log lines for the journal, who may connect (SO_PEERCRED), and the unit files.
///
/// The daemon is the real binary; systemd itself is stood in for by `systemd-socket-activate`
/// and by datagram sockets the tests bind, so none of this needs a running systemd.
final class SystemdTests: XCTestCase {
    // MARK: Socket activation

    func testSocketActivationServesTheInheritedSocketAndLeavesItInPlace() throws {
        let folder = try makeTemporaryFolder(self)
        let socketPath = "\(folder)/lifed.sock"
        // systemd-socket-activate binds the socket, waits for the first connection, then execs
        // lifed in its own process with LISTEN_FDS=1 and LISTEN_PID set.
        let activated = try ActivatedDaemon(
            self, folder: folder, activateArguments: ["-l", socketPath],
            // A --socket other than systemd's: the inherited socket wins, and status reports it.
            lifedArguments: ["--socket", "\(folder)/configured.sock", "--state-dir", "\(folder)/state"], waitFor: socketPath)

        let connection = try connectToDaemon(socketPath)
        XCTAssertEqual(try connection.dispatch("grid.step"), .ack(id: .int(1), version: 1))
        XCTAssertEqual(try connection.get("/simulation/gridState/ticks").value, 0)
        let pid = try activated.daemonPID(connection)

        // lifed is the process systemd-socket-activate became (so LISTEN_PID was its own).
        let status = try runTool("lifectl", ["--no-start", "--socket", socketPath, "status"])
        XCTAssertEqual(status.status, 0, status.stderr)
        XCTAssertTrue(status.stdout.contains("(pid \(pid)) on \(socketPath)"), status.stdout)
        XCTAssertEqual(Self.parentPID(of: pid), activated.shell.processIdentifier, "exec'd in place, not forked")

        XCTAssertEqual(kill(pid, SIGTERM), 0)
        XCTAssertEqual(activated.wait(), 0, activated.log())
        var info = stat()
        XCTAssertEqual(lstat(socketPath, &info), 0, "lifed must not remove a socket it inherited")
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFSOCK)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/state/snapshot"), "the state was saved")
        XCTAssertTrue(activated.log().contains("lifed \(LifeVersion.current) serving a socket from systemd"), activated.log())
    }

    func testSocketActivationPrefersTheSocketNamedLifed() throws {
        let folder = try makeTemporaryFolder(self)
        let other = "\(folder)/other.sock"
        let mine = "\(folder)/lifed.sock"
        // Two sockets: fd 3 named "other", fd 4 named "lifed" (FileDescriptorName=lifed).
        let activated = try ActivatedDaemon(
            self, folder: folder, activateArguments: ["-l", other, "-l", mine, "--fdname=other:lifed"],
            lifedArguments: ["--state-dir", "\(folder)/state"], waitFor: mine)

        let connection = try connectToDaemon(mine)
        XCTAssertTrue(try connection.request(.ping).isPong(answering: .int(1)))

        // Nobody serves the other one: the kernel queues the connection, but no hello comes.
        let fd = try UnixSocket.connect(to: other)
        defer { close(fd) }
        var timeout = timeval(tv_sec: 0, tv_usec: 500_000)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var byte: UInt8 = 0
        XCTAssertEqual(recv(fd, &byte, 1, 0), -1, "lifed serves only the socket named lifed")

        XCTAssertEqual(kill(try activated.daemonPID(connection), SIGTERM), 0)
        XCTAssertEqual(activated.wait(), 0, activated.log())
    }

    // MARK: sd_notify

    func testNotifyReadyStatusWatchdogAndStoppingOnAPathSocket() throws {
        let folder = try makeTemporaryFolder(self)
        let notify = try NotifyReceiver(path: "\(folder)/notify")
        let daemon = try LaunchedDaemon(
            self, folder: folder, arguments: ["--ephemeral", "--interval", "60s", "--log-level", "debug"],
            environment: ["NOTIFY_SOCKET": notify.address, "WATCHDOG_USEC": "200000"])

        let ready = try XCTUnwrap(notify.next(within: 120), "no READY=1")
        XCTAssertEqual(ready.text, "READY=1\nSTATUS=ticks 0, stopped, 0 clients")
        try daemon.waitUntilAnswering()

        // WATCHDOG=1 at half the period: every 100ms. lifed says the period it keeps (timing the
        // pings, "not slower than 0.2 s", failed on a loaded machine); five pings are waited
        // for (120 s is a safety net), and they come no faster than that (a load only delays).
        XCTAssertTrue(daemon.log().contains("WATCHDOG=1 every 0.1 seconds, half of WATCHDOG_USEC"), daemon.log())
        var pings: [Double] = []
        while pings.count < 5, let message = notify.next(within: 120) {
            if message.text == "WATCHDOG=1" { pings.append(message.at) }
        }
        XCTAssertGreaterThanOrEqual(pings.count, 5, "WATCHDOG=1 again and again")
        let gaps = zip(pings.dropFirst(), pings).map { $0 - $1 }.sorted()
        if !gaps.isEmpty {
            let median = gaps[gaps.count / 2]
            XCTAssertGreaterThan(median, 0.06, "pings every half WATCHDOG_USEC, not faster: \(gaps)")
        }

        // STATUS= follows the world (every few seconds).
        let connection = try daemon.connect()
        XCTAssertEqual(try connection.dispatch("simulation.startTimer"), .ack(id: .int(1), version: 1))
        let status = notify.first(within: 120) { $0.hasPrefix("STATUS=") }
        XCTAssertEqual(status?.text, "STATUS=ticks 0, running, 1 clients")

        XCTAssertTrue(daemon.signal(SIGTERM))
        let stopping = notify.first(within: 120) { $0.hasPrefix("STOPPING=1") }
        XCTAssertEqual(stopping?.text, "STOPPING=1\nSTATUS=shutting down")
        XCTAssertEqual(daemon.wait(), 0)
    }

    func testNotifyOnAnAbstractSocket() throws {
        let folder = try makeTemporaryFolder(self)
        let notify = try NotifyReceiver(abstract: "lifed-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        XCTAssertTrue(notify.address.hasPrefix("@"))
        let daemon = try LaunchedDaemon(
            self, folder: folder, arguments: ["--ephemeral"],
            environment: ["NOTIFY_SOCKET": notify.address, "WATCHDOG_USEC": "100000"])

        XCTAssertEqual(notify.next(within: 120)?.text, "READY=1\nSTATUS=ticks 0, stopped, 0 clients")
        XCTAssertNotNil(notify.first(within: 120) { $0 == "WATCHDOG=1" })
        XCTAssertNotNil(notify.first(within: 120) { $0 == "WATCHDOG=1" })
        XCTAssertTrue(daemon.signal(SIGTERM))
        XCTAssertEqual(notify.first(within: 120) { $0.hasPrefix("STOPPING=1") }?.text, "STOPPING=1\nSTATUS=shutting down")
        XCTAssertEqual(daemon.wait(), 0)
    }

    func testAWatchdogMeantForAnotherProcessIsNotFed() throws {
        let folder = try makeTemporaryFolder(self)
        let notify = try NotifyReceiver(path: "\(folder)/notify")
        let daemon = try LaunchedDaemon(
            self, folder: folder, arguments: ["--ephemeral", "--log-level", "debug"],
            environment: ["NOTIFY_SOCKET": notify.address, "WATCHDOG_USEC": "100000", "WATCHDOG_PID": "1"])
        XCTAssertEqual(notify.next(within: 120)?.text, "READY=1\nSTATUS=ticks 0, stopped, 0 clients")
        // lifed keeps no watchdog period (it would say so before READY=1), and none comes.
        XCTAssertFalse(daemon.log().contains("WATCHDOG=1 every"), daemon.log())
        XCTAssertNil(notify.first(within: 0.6) { $0 == "WATCHDOG=1" }, "WATCHDOG_PID names another process")
        XCTAssertEqual(daemon.terminate(), 0)
    }

    // MARK: The journal

    func testJournalStreamPrefixesPrioritiesAndLogActionsLogsEveryOutcome() throws {
        let folder = try makeTemporaryFolder(self)
        let state = "\(folder)/state"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        // An unreadable state file: moved aside with a warning.
        XCTAssertTrue(FileManager.default.createFile(atPath: "\(state)/state.json", contents: Data("{not json".utf8)))
        let journal = ["JOURNAL_STREAM": "8:123456"]
        let daemon = try LaunchedDaemon(
            self, folder: folder, arguments: ["--state-dir", state, "--log-actions", "--interval", "60s"], environment: journal)
        try daemon.waitUntilAnswering()

        let connection = try daemon.connect()
        XCTAssertEqual(try connection.dispatch("grid.step"), .ack(id: .int(1), version: 1))
        // ticks is still 0 (a step is not a tick): no change.
        XCTAssertEqual(try connection.dispatch("simulation.reset"), .ack(id: .int(2), version: 1))
        XCTAssertEqual(try connection.dispatch("simulation.startTimer"), .ack(id: .int(3), version: 2))
        guard case .error(_, let code, _, _) = try connection.dispatch("simulation.resetGridToRandom") else {
            return XCTFail("a random grid is refused while the timer runs")
        }
        XCTAssertEqual(code, "not-allowed")
        XCTAssertEqual(try connection.dispatch("simulation.stopTimer"), .ack(id: .int(5), version: 3))

        // An error: a second daemon on the same state folder.
        let second = try runTool(
            "lifed", ["--socket", "\(folder)/second.sock", "--state-dir", state],
            environment: clientEnvironment().merging(journal) { $1 })
        XCTAssertEqual(second.status, 1)
        XCTAssertTrue(second.stderr.hasPrefix("<3>another lifed keeps its state in \(state)"), second.stderr)
        // Without JOURNAL_STREAM, the same line for a terminal.
        let plain = try runTool("lifed", ["--socket", "\(folder)/third.sock", "--state-dir", state])
        XCTAssertTrue(plain.stderr.hasPrefix("lifed: another lifed keeps its state"), plain.stderr)

        XCTAssertEqual(daemon.terminate(), 0)
        let lines = daemon.log().split(separator: "\n").map(String.init)
        for line in lines {
            XCTAssertTrue(["<3>", "<4>", "<6>", "<7>"].contains(where: line.hasPrefix), "no priority prefix: \(line)")
        }
        func has(_ prefix: String, _ rest: String = "") -> Bool {
            lines.contains { $0.hasPrefix(prefix) && (rest.isEmpty || $0.contains(rest)) }
        }
        XCTAssertTrue(has("<4>the state file was unusable"), lines.joined(separator: "\n"))
        XCTAssertTrue(has("<6>lifed \(LifeVersion.current) listening on \(daemon.socketPath)"), lines.joined(separator: "\n"))
        // --log-actions: each action with its source and the version after it, or its refusal.
        XCTAssertTrue(has("<6>action grid.step from client ", ": version 1"), lines.joined(separator: "\n"))
        XCTAssertTrue(has("<6>action simulation.startTimer from client ", ": version 2"), lines.joined(separator: "\n"))
        XCTAssertTrue(
            has("<6>action simulation.resetGridToRandom from client ", ": refused (not-allowed: "), lines.joined(separator: "\n"))
        XCTAssertTrue(has("<6>action simulation.reset from client ", ": no change (version 1)"), lines.joined(separator: "\n"))
        XCTAssertTrue(has("<6>action simulation.stopTimer from client ", ": version 3"), lines.joined(separator: "\n"))
        XCTAssertTrue(has("<6>received SIGTERM; shutting down"), lines.joined(separator: "\n"))
        XCTAssertTrue(has("<6>stopped"), lines.joined(separator: "\n"))
    }

    // MARK: Who may connect

    func testAnotherUserIsForbiddenAndDisconnected() throws {
        let client = try PeerClient()
        let daemon = try Daemon(self, arguments: ["--seed", "1"])
        try client.openTheWay(to: daemon.socketPath)

        let output = try client.run(socketPath: daemon.socketPath, uid: 65534, gid: 65534)
        XCTAssertEqual(output.count, 2, "one error frame, then the end: \(output)")
        let error = try JSON(parsing: output.first ?? "")
        XCTAssertEqual(error["type"]?.stringValue, "error")
        XCTAssertEqual(error["code"]?.stringValue, "forbidden")
        XCTAssertTrue(error["message"]?.stringValue?.contains("uid 65534") == true, output[0])
        XCTAssertEqual(output.last, "EOF", "the daemon closes the connection")

        // The daemon serves its own users on.
        XCTAssertTrue(try daemon.connect().request(.ping).isPong(answering: .int(1)))
    }

    func testAllowGroupAdmitsItsMembers() throws {
        let client = try PeerClient()
        let group = try XCTUnwrap(Self.groupName(65534), "no group 65534")
        let daemon = try Daemon(self, arguments: ["--seed", "1", "--allow-group", group])
        try client.openTheWay(to: daemon.socketPath)

        // The process's group is the allowed one.
        let member = try client.run(socketPath: daemon.socketPath, uid: 65534, gid: 65534)
        XCTAssertEqual(member.count, 2, "\(member)")
        XCTAssertEqual(try JSON(parsing: member.first ?? "")["type"]?.stringValue, "hello", "\(member)")
        XCTAssertEqual(try JSON(parsing: member.last ?? "")["type"]?.stringValue, "pong", "\(member)")

        // What counts is the groups the process has (SO_PEERCRED's gid and SO_PEERGROUPS), not
        // the user database: there, 65534 is nobody's primary group, but a process of nobody's
        // running with another group and without it as a supplementary group is not a member...
        let notInGroup = try client.run(socketPath: daemon.socketPath, uid: 65534, gid: 1)
        XCTAssertEqual(try JSON(parsing: notInGroup.first ?? "")["code"]?.stringValue, "forbidden", "\(notInGroup)")
        XCTAssertEqual(notInGroup.last, "EOF")
        // ... and one that has it as a supplementary group is.
        let supplementary = try client.run(socketPath: daemon.socketPath, uid: 65534, gid: 1, groups: [4, 65534])
        XCTAssertEqual(try JSON(parsing: supplementary.last ?? "")["type"]?.stringValue, "pong", "\(supplementary)")

        // Another group admits nobody else...
        let rootGroup = try XCTUnwrap(Self.groupName(0))
        let strict = try Daemon(self, arguments: ["--seed", "1", "--allow-group", rootGroup])
        try client.openTheWay(to: strict.socketPath)
        let refused = try client.run(socketPath: strict.socketPath, uid: 65534, gid: 65534)
        XCTAssertEqual(try JSON(parsing: refused.first ?? "")["code"]?.stringValue, "forbidden", "\(refused)")
        XCTAssertEqual(refused.last, "EOF")
        // ... but a process that has it, whatever the user database says of nobody.
        let given = try client.run(socketPath: strict.socketPath, uid: 65534, gid: 65534, groups: [0])
        XCTAssertEqual(try JSON(parsing: given.last ?? "")["type"]?.stringValue, "pong", "\(given)")

        // An unknown group is a usage error.
        let unknown = try runTool("lifed", ["--socket", "\(strict.socketPath).2", "--ephemeral", "--allow-group", "no-such-group-\(getpid())"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("no group called"), unknown.stderr)
    }

    // MARK: The unit files

    func testTheUserSocketUnitListensWhereClientsLook() throws {
        let unit = try String(contentsOfFile: "\(Self.packageRoot)/systemd/user/lifed.socket", encoding: .utf8)
        let listen = unit.split(separator: "\n").first { $0.hasPrefix("ListenStream=") }
        XCTAssertEqual(listen, "ListenStream=%t/lifed/lifed.sock")
        // %t is $XDG_RUNTIME_DIR in a user manager.
        XCTAssertEqual(
            SocketPath.resolve(explicit: nil, environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]), "/run/user/1000/lifed/lifed.sock")
    }

    func testUnitsVerifyAndTheSystemServiceIsSandboxed() throws {
        _ = try Self.executable("systemd-analyze")
        let script = "\(Self.packageRoot)/systemd/check.sh"
        guard FileManager.default.isExecutableFile(atPath: script) else { throw XCTSkip("no \(script)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        var environment = ProcessInfo.processInfo.environment
        environment["LIFED_BIN_DIR"] = Products.folder.path
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("ok   security system service: exposure"), text)
    }

    // MARK: Helpers

    static let packageRoot: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The path of `name` on `PATH` (or in the usual folders), else the test is skipped.
    static func executable(_ name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin", "/usr/sbin", "/sbin"] {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw XCTSkip("\(name) is not installed")
    }

    /// The parent of process `pid`, from /proc.
    static func parentPID(of pid: pid_t) -> pid_t? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // "pid (comm) state ppid ..."
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }

    static func groupName(_ gid: gid_t) -> String? {
        guard let entry = getgrgid(gid), let name = entry.pointee.gr_name else { return nil }
        return String(cString: name)
    }
}
