import DaemonTestSupport
import Foundation
import Glibc
import LifeJSON
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// Start-up, shutdown and the command-line clients, as a user meets them.
final class LifecycleTests: XCTestCase {
    func testSIGTERMSaysByeRemovesTheSocketAndExitsZero() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "2"])
        let watchers = try (0..<3).map { _ in try Watcher(daemon, path: "") }
        XCTAssertTrue(FileManager.default.fileExists(atPath: daemon.socketPath))
        let status = daemon.terminate()
        XCTAssertEqual(status, 0)
        for watcher in watchers {
            XCTAssertEqual(try watcher.connection.receive(), .bye(reason: "shutdown"))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: daemon.socketPath), "the socket file is removed")
    }

    /// `lifectl shutdown` returns once lifed has exited, its state saved and its socket and lock
    /// let go: a script may start another on the same state folder at once, which carries on.
    func testLifectlShutdownReturnsOnceLifedHasExited() throws {
        let state = try makeTemporaryFolder(self) + "/state"
        let daemon = try Daemon(self, arguments: ["--seed", "2", "--state-dir", state])
        let control = try daemon.connect()
        for _ in 0..<3 { _ = try control.dispatch("grid.step") }
        let (version, steps) = try control.get("/statistics/steps")
        let shutdown = try runTool("lifectl", ["--socket", daemon.socketPath, "shutdown"])
        XCTAssertEqual(shutdown.status, 0, shutdown.stderr)
        XCTAssertEqual(shutdown.stdout, "lifed has shut down\n")
        // lifed removes its socket just before it exits: gone by the time lifectl returns.
        XCTAssertFalse(FileManager.default.fileExists(atPath: daemon.socketPath), "the socket is gone when shutdown returns")
        XCTAssertEqual(daemon.wait(), 0)
        let next = try Daemon(self, arguments: ["--seed", "2", "--state-dir", state], socketPath: daemon.socketPath)
        let (restarted, stepsAfter) = try next.connect().get("/statistics/steps")
        XCTAssertEqual(stepsAfter, steps, "the state was saved")
        XCTAssertGreaterThanOrEqual(restarted, version)
    }

    func testSocketFolderAndFileArePrivate() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "2"])
        var info = stat()
        XCTAssertEqual(lstat(daemon.socketPath, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        XCTAssertEqual(lstat(UnixSocket.parentFolder(of: daemon.socketPath), &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700)
    }

    func testASecondDaemonOnTheSameSocketRefusesToStart() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "2"])
        let second = try runTool("lifed", ["--socket", daemon.socketPath])
        XCTAssertEqual(second.status, 1)
        XCTAssertTrue(second.stderr.contains("already running"), second.stderr)
        // The first is unharmed.
        XCTAssertEqual(try daemon.connect().get("/simulation/gridState/ticks").value, 0)
    }

    func testAStaleSocketIsReplacedAndAFileIsNot() throws {
        let folder = try makeTemporaryFolder(self)
        let path = "\(folder)/stale.sock"
        // A socket file nobody listens on.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        close(fd)
        let daemon = try Daemon(self, arguments: ["--seed", "2"], socketPath: path)
        XCTAssertNotNil(try daemon.connect().get("").value["simulation"])

        let filePath = "\(folder)/regular"
        XCTAssertTrue(FileManager.default.createFile(atPath: filePath, contents: Data("keep me".utf8)))
        let refused = try runTool("lifed", ["--socket", filePath])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("not a socket"), refused.stderr)
        XCTAssertEqual(try String(contentsOfFile: filePath, encoding: .utf8), "keep me")
    }

    func testLifedUsage() throws {
        let help = try runTool("lifed", ["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("--interval"))
        let version = try runTool("lifed", ["--version"])
        XCTAssertEqual(version.stdout, "lifed \(LifeVersion.current)\n")
        for bad in [["--interval", "fast"], ["--interval", "5ms"], ["--seed", "-1"], ["--frobnicate"], ["extra"], ["--max-frame", "0"]] {
            let result = try runTool("lifed", bad)
            XCTAssertEqual(result.status, 2, "lifed \(bad)")
            XCTAssertFalse(result.stderr.isEmpty)
        }
    }

    func testLifectlCommandsAndExitCodes() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "4", "--interval", "60s"])
        let socket = ["--socket", daemon.socketPath]

        let step = try runTool("lifectl", socket + ["step"])
        XCTAssertEqual(step.status, 0, step.stderr)
        XCTAssertEqual(step.stdout, "stepped 1 generation (version 1)\n")

        let start = try runTool("lifectl", socket + ["start"])
        XCTAssertEqual(start.status, 0)
        let refused = try runTool("lifectl", socket + ["empty"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderr, "lifectl: `lifectl empty` is refused while the timer runs; stop it with `lifectl stop` first\n")
        XCTAssertEqual(refused.stdout, "")
        XCTAssertEqual(try runTool("lifectl", socket + ["stop"]).status, 0)

        let status = try runTool("lifectl", socket + ["status"])
        XCTAssertEqual(status.status, 0)
        XCTAssertTrue(status.stdout.contains("pid \(daemon.process.processIdentifier)"), status.stdout)
        XCTAssertTrue(status.stdout.contains("world 10x10"), status.stdout)

        let get = try runTool("lifectl", socket + ["get", "/statistics/steps"])
        XCTAssertEqual(get.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "1")

        let json = try runTool("lifectl", socket + ["--json", "tick"])
        let reply = try ServerMessage(json: try JSON(parsing: json.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        guard case .ack(_, let version) = reply else { return XCTFail(json.stdout) }
        XCTAssertEqual(version, 4)

        let send = try runTool("lifectl", socket + ["send", "{\"type\":\"ping\",\"id\":\"x\"}"])
        XCTAssertTrue(send.stdout.hasPrefix("{\"id\":\"x\",\"type\":\"pong\",\"version\":"), send.stdout)
        let sendRefused = try runTool("lifectl", socket + ["send", "{\"type\":\"dispatch\",\"action\":{\"type\":\"x\"}}"])
        XCTAssertEqual(sendRefused.status, 1)

        for bad in [[], ["bogus"], ["step", "extra"], ["get", "no-slash"], ["send", "{oops"], ["--nope", "status"]] {
            let result = try runTool("lifectl", socket + bad)
            XCTAssertEqual(result.status, 2, "lifectl \(bad): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("lifectl: "), result.stderr)
        }
        XCTAssertTrue(try runTool("lifectl", socket + ["--nope", "status"]).stderr.hasPrefix("lifectl: unknown option --nope\n"))
        XCTAssertTrue(try runTool("lifectl", socket + ["bogus"]).stderr.hasPrefix("lifectl: unknown command \"bogus\"\n"))

        let unreachable = try runTool("lifectl", ["--socket", "\(daemon.socketPath).missing", "status"])
        XCTAssertEqual(unreachable.status, 3)
        XCTAssertTrue(unreachable.stderr.contains("no daemon answers"), unreachable.stderr)

        let viaEnvironment = try runTool(
            "lifectl", ["status"], environment: ProcessInfo.processInfo.environment.merging(["LIFED_SOCKET": daemon.socketPath]) { $1 })
        XCTAssertEqual(viaEnvironment.status, 0, viaEnvironment.stderr)
    }

    func testLifewatchOncePrintsTheGrid() throws {
        let daemon = try Daemon(self, arguments: ["--seed", "4"])
        let grid = try daemon.connect().get("/simulation/gridState/grid").value
        let result = try runTool("lifewatch", ["--socket", daemon.socketPath, "--once"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = (grid["cells"]?.arrayValue ?? []).compactMap(\.stringValue)
        XCTAssertEqual(rows.count, 10)
        for row in rows { XCTAssertTrue(result.stdout.contains(row)) }
        XCTAssertTrue(result.stdout.contains("ticks 0"))
    }
}
