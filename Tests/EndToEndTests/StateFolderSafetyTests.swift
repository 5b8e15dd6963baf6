import Foundation
import Glibc
import LifeIO
import Protocol
import XCTest

/// lifed's state folder is its own: one that another user owns, or with links planted in it,
/// never makes lifed write where the folder's owner chose.
final class StateFolderSafetyTests: XCTestCase {
    /// A folder owned by another user, with links planted where lifed writes: lifed refuses the
    /// folder, says why, keeps nothing on disk, and the file the links point to is untouched.
    func testAStateFolderOwnedByAnotherUserIsRefused() throws {
        guard geteuid() == 0 else { throw XCTSkip("needs root, to give a folder to another user") }
        let folder = try makeTemporaryFolder(self)
        let victim = "\(folder)/victim"
        try FileIO.writeAtomically(Array("precious".utf8), to: victim, mode: 0o644)
        let stateDir = "\(folder)/state"
        XCTAssertEqual(mkdir(stateDir, 0o755), 0)
        // What the folder's owner could plant: the old temporary names, for the next pids.
        let next = getpid()
        for pid in next..<(next + 200) { XCTAssertEqual(symlink(victim, "\(stateDir)/state.json.tmp-\(pid)"), 0) }
        XCTAssertEqual(chown(stateDir, 65534, 65534), 0)

        let daemon = try Daemon(self, arguments: ["--state-dir", stateDir, "--seed", "1"])
        let client = try daemon.connect()
        guard case .ack = try client.dispatch("simulation.tick") else { return XCTFail("the daemon serves, without a state") }
        XCTAssertEqual(daemon.terminate(), 0)
        XCTAssertEqual(try FileIO.read(victim), Array("precious".utf8))
        let log = daemon.stderrText()
        XCTAssertTrue(
            log.contains("cannot use the state folder \(stateDir): unsafe folder \(stateDir): it belongs to uid 65534, not to this process's uid 0"),
            log)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(stateDir)/state.json"))
    }

    /// In lifed's own folder, a link in place of the state file is moved aside, not read or
    /// written through; a link in place of the lock stops lifed.
    func testLinksInTheStateFolderAreNotFollowed() throws {
        let folder = try makeTemporaryFolder(self)
        let victim = "\(folder)/victim.json"
        let valid = #"{"format":1,"version":7,"state":{}}"#
        try FileIO.writeAtomically(Array(valid.utf8), to: victim, mode: 0o644)
        let stateDir = "\(folder)/state"
        XCTAssertEqual(mkdir(stateDir, 0o700), 0)
        XCTAssertEqual(symlink(victim, "\(stateDir)/state.json"), 0)

        let daemon = try Daemon(self, arguments: ["--state-dir", stateDir, "--seed", "1"])
        XCTAssertEqual(try daemon.connect().get("").version, 0, "not restored from the link")
        XCTAssertEqual(daemon.terminate(), 0)
        XCTAssertEqual(try FileIO.read(victim), Array(valid.utf8))
        let names = try FileManager.default.contentsOfDirectory(atPath: stateDir)
        XCTAssertEqual(names.filter { $0.hasPrefix("state.json.unreadable.") }.count, 1, "\(names)")
        var info = stat()
        XCTAssertEqual(lstat("\(stateDir)/state.json", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFREG, "a file of lifed's own in its place")

        // The lock.
        let locked = "\(folder)/locked"
        XCTAssertEqual(mkdir(locked, 0o700), 0)
        XCTAssertEqual(symlink(victim, "\(locked)/lifed.lock"), 0)
        let refused = try runTool("lifed", ["--socket", "\(folder)/second.sock", "--state-dir", locked])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("cannot open \(locked)/lifed.lock: Too many levels of symbolic links"), refused.stderr)
        XCTAssertEqual(try FileIO.read(victim), Array(valid.utf8))
    }
}
