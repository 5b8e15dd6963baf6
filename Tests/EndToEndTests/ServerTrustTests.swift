import DaemonTestSupport
import Foundation
import Glibc
import LifeClient
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// The clients check who serves a socket before they talk to it (SO_PEERCRED on their side):
/// a daemon of another user is refused unless root made its folder for it, as systemd makes
/// /run/lifed for the system-wide install.
final class ServerTrustTests: XCTestCase {
    private let nobody: uid_t = 65534

    /// A lifed running as nobody (uid and gid 65534, no groups) on `socketPath`, stopped when the test ends.
    private func startLifedAsNobody(socketPath: String) throws -> Process {
        guard geteuid() == 0 else { throw XCTSkip("needs root, to run lifed as another user") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try SystemdTests.executable("setpriv"))
        process.arguments = [
            "--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups", Products.path("lifed"), "--socket", socketPath, "--ephemeral",
        ]
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        let log = Pipe()
        process.standardError = log
        process.standardOutput = FileHandle.nullDevice
        try launch(process)
        try waitUntilDaemonAnswers(socketPath, process: process, timeout: Daemon.startTimeout) {
            String(decoding: log.fileHandleForReading.availableData, as: UTF8.self)
        }
        return process
    }

    /// A folder for nobody's socket: `folder` made, given to nobody, mode 0755.
    private func makeNobodysFolder(_ folder: String) throws {
        XCTAssertEqual(mkdir(folder, 0o755), 0, folder)
        XCTAssertEqual(chmod(folder, 0o755), 0, folder)
        XCTAssertEqual(chown(folder, nobody, nobody), 0, folder)
    }

    func testAnotherUsersDaemonInAFolderAnyoneCouldMakeIsRefused() throws {
        // Straight under /tmp, which anyone may write to: nobody could have made this folder.
        let folder = "/tmp/life-nobody-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try makeNobodysFolder(folder)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let socketPath = "\(folder)/lifed.sock"
        let impostor = try startLifedAsNobody(socketPath: socketPath)
        let refusal =
            "refusing to talk to the daemon at \(socketPath): it runs as uid 65534; it is neither this user (uid 0) nor root, "
            + "and the socket's folder was not made by root (its parent must belong to root and be closed to others' writes)"

        XCTAssertThrowsError(try Connection(path: socketPath)) { error in
            guard case .untrustedServer(let path, let uid, _) = error as? Connection.Failure else { return XCTFail("\(error)") }
            XCTAssertEqual(path, socketPath)
            XCTAssertEqual(uid, nobody)
            XCTAssertEqual("\(error)", refusal)
        }
        let status = try runTool("lifectl", ["--socket", socketPath, "--no-start", "status"])
        XCTAssertEqual(status.status, 1, "a distinct failure: not 3, which says no daemon answers")
        XCTAssertEqual(status.stderr, "lifectl: \(refusal)\n")
        XCTAssertEqual(status.stdout, "")
        // With auto-start on, the client neither talks to it nor starts a daemon of its own.
        let started = try runTool("lifectl", ["--socket", socketPath, "get", "/simulation/gridState/ticks"])
        XCTAssertEqual(started.status, 1)
        XCTAssertEqual(started.stderr, "lifectl: \(refusal)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/lifed.log"), "no lifed was started")
        let watch = try runTool("lifewatch", ["--socket", socketPath, "--once", "--path", "/statistics"])
        XCTAssertEqual(watch.status, 1)
        XCTAssertEqual(watch.stderr, "lifewatch: \(refusal)\n")
        XCTAssertTrue(impostor.isRunning)
    }

    func testADaemonInAFolderRootMadeForItIsTrusted() throws {
        // Laid out like /run/lifed: a folder of nobody's in a folder of root's that only root may write to.
        let run = try makeTemporaryFolder(self)
        XCTAssertEqual(chmod(run, 0o755), 0)
        let folder = "\(run)/lifed"
        try makeNobodysFolder(folder)
        let socketPath = "\(folder)/lifed.sock"
        _ = try startLifedAsNobody(socketPath: socketPath)

        let status = try runTool("lifectl", ["--socket", socketPath, "--no-start", "status"])
        XCTAssertEqual(status.status, 0, status.stderr)
        XCTAssertTrue(status.stdout.hasPrefix("lifed "), status.stdout)
        let watch = try runTool("lifewatch", ["--socket", socketPath, "--once", "--path", "/simulation/gridState/ticks"])
        XCTAssertEqual(watch.status, 0, watch.stderr)

        // The same, once others may write to root's folder: anyone could have made nobody's.
        XCTAssertEqual(chmod(run, 0o777), 0)
        let open = try runTool("lifectl", ["--socket", socketPath, "--no-start", "status"])
        XCTAssertEqual(open.status, 1)
        XCTAssertTrue(open.stderr.contains("the socket's folder was not made by root"), open.stderr)
        XCTAssertEqual(chmod(run, 0o755), 0)
    }
}
