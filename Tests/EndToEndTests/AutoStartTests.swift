import DaemonTestSupport
import Foundation
import Glibc
import LifeJSON
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// Clients start lifed on demand, exactly once, as tmux starts its server.
final class AutoStartTests: XCTestCase {
    /// Where daemons these tests start keep their state.
    private var stateHome = "/tmp/life-e2e-state-\(getpid())"

    override func setUpWithError() throws {
        stateHome = try makeTemporaryFolder(self)
    }
    private func launch(_ arguments: [String]) throws -> RunningTool {
        try startTool(self, "lifectl", arguments, environment: clientEnvironment(stateHome: stateHome))
    }

    private func daemonPIDs(socket: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return words.first?.hasSuffix("lifed") == true && words.contains(socket)
        }
    }

    func testTwoClientsAtOnceStartExactlyOneDaemon() throws {
        let folder = try makeTemporaryFolder(self)
        let socket = "\(folder)/run/lifed.sock"
        addTeardownBlock { [self] in
            // The daemons a client started are not the test's children: end them by their pids.
            endProcesses(daemonPIDs(socket: socket).compactMap { ProcessIdentity(pid: $0) })
        }
        let clients = try (0..<4).map { _ in try launch(["--socket", socket, "step"]) }
        var versions: [String] = []
        for client in clients {
            let result = client.finish()
            XCTAssertEqual(result.status, 0, result.stderr)
            versions.append(result.stdout)
        }
        // One daemon served all four: versions 1 to 4, each once.
        XCTAssertEqual(Set(versions), Set((1...4).map { "stepped 1 generation (version \($0))\n" }))
        XCTAssertEqual(daemonPIDs(socket: socket).count, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/run/lifed.log"))

        // shutdown stops it; --no-start then finds nobody.
        let running = daemonPIDs(socket: socket)
        let shutdown = try runTool("lifectl", ["--socket", socket, "shutdown"], environment: clientEnvironment(stateHome: stateHome))
        XCTAssertEqual(shutdown.status, 0, shutdown.stderr)
        // Woken by the daemon's exit (a pidfd); 120 s is a safety net.
        for pid in running { XCTAssertTrue(waitForExit(pid: pid, within: 120), "lifed \(pid) did not exit") }
        XCTAssertTrue(daemonPIDs(socket: socket).isEmpty)
        let noStart = try runTool("lifectl", ["--socket", socket, "--no-start", "step"], environment: clientEnvironment(stateHome: stateHome))
        XCTAssertEqual(noStart.status, 3)
        XCTAssertTrue(noStart.stderr.contains("no daemon answers"), noStart.stderr)
    }

    /// `status` and `shutdown` only ask a running daemon (``DaemonStart/never``): with none they
    /// start none, exit 3 and say how to start one. `stop` starts one on demand, which refuses it.
    func testStatusAndShutdownNeverStartADaemonButOtherCommandsDo() throws {
        let folder = try makeTemporaryFolder(self)
        let socket = "\(folder)/run/lifed.sock"
        addTeardownBlock { [self] in
            // The daemons a client started are not the test's children: end them by their pids.
            endProcesses(daemonPIDs(socket: socket).compactMap { ProcessIdentity(pid: $0) })
        }
        let environment = clientEnvironment(stateHome: stateHome)
        for command in ["status", "shutdown"] {
            let result = try runTool("lifectl", ["--socket", socket, command], environment: environment)
            XCTAssertEqual(result.status, 3, "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("is lifed running? start it with: lifed --socket \(socket)"), result.stderr)
            XCTAssertTrue(daemonPIDs(socket: socket).isEmpty, "\(command) started a daemon")
            XCTAssertFalse(FileManager.default.fileExists(atPath: socket), command)
        }
        let stop = try runTool("lifectl", ["--socket", socket, "stop"], environment: environment)
        XCTAssertEqual(stop.status, 0, "already stopped is nothing to do, as for systemctl: \(stop.stderr)")
        XCTAssertEqual(stop.stdout, "the timer is already stopped\n")
        XCTAssertEqual(daemonPIDs(socket: socket).count, 1)
        let status = try runTool("lifectl", ["--socket", socket, "status"], environment: environment)
        XCTAssertEqual(status.status, 0, status.stderr)
        XCTAssertTrue(status.stdout.contains("clients"), status.stdout)
    }

    func testAStaleSocketIsReplacedByTheDaemonAClientStarts() throws {
        let folder = try makeTemporaryFolder(self)
        let socket = "\(folder)/lifed.sock"
        addTeardownBlock { [self] in
            // The daemons a client started are not the test's children: end them by their pids.
            endProcesses(daemonPIDs(socket: socket).compactMap { ProcessIdentity(pid: $0) })
        }
        // A daemon killed with SIGKILL leaves its socket file behind.
        let daemon = try Daemon(self, arguments: ["--seed", "1"], socketPath: socket)
        kill(daemon.process.processIdentifier, SIGKILL)
        daemon.process.waitUntilExit()
        XCTAssertTrue(FileManager.default.fileExists(atPath: socket))
        let step = try runTool("lifectl", ["--socket", socket, "step"], environment: clientEnvironment(stateHome: stateHome))
        XCTAssertEqual(step.status, 0, step.stderr)
        XCTAssertEqual(daemonPIDs(socket: socket).count, 1)
    }

    func testWatchPrintsTheSnapshotThenOneLinePerDiff() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "1"])
        let watch = try launch(["--socket", daemon.socketPath, "watch", "/statistics/steps"])
        let watcher = watch.process
        let reader = watch.stdout.fileHandleForReading
        func nextLine() -> String {
            var line = Data()
            while true {
                let byte = reader.readData(ofLength: 1)
                if byte.isEmpty || byte == Data("\n".utf8) { return String(decoding: line, as: UTF8.self) }
                line.append(byte)
            }
        }
        let snapshot = try ServerMessage(json: try JSON(parsing: nextLine()))
        guard case .snapshot(_, _, "/statistics/steps", 0, false) = snapshot else { return XCTFail("\(snapshot)") }
        let client = try daemon.connect()
        _ = try client.dispatch("grid.step")
        _ = try client.dispatch("grid.step", ["generations": 5])
        let first = try ServerMessage(json: try JSON(parsing: nextLine()))
        let second = try ServerMessage(json: try JSON(parsing: nextLine()))
        guard case .diff(_, _, 1, let patch1) = first, case .diff(_, 1, 2, let patch2) = second else { return XCTFail("\(first) \(second)") }
        XCTAssertEqual(try JSON.int(0).applying(patch1), 1)
        XCTAssertEqual(try JSON.int(1).applying(patch2), 6)
        XCTAssertEqual(daemon.terminate(), 0)
        watcher.waitUntilExit()
        XCTAssertEqual(watcher.terminationStatus, 0, "watch ends cleanly when the daemon says goodbye")
    }
}
