import DaemonTestSupport
import Foundation
import Glibc
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// lifed's state folder is its own: one that another user owns, or with links planted in it,
/// never makes lifed write where the folder's owner chose.
final class StateFolderSafetyTests: XCTestCase {
    /// A folder owned by another user, with links planted where lifed writes: lifed refuses the
    /// folder and does not start (it would keep nothing), says why, and the file the links point
    /// to is untouched.
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

        let refused = try runTool("lifed", ["--socket", "\(folder)/lifed.sock", "--state-dir", stateDir, "--seed", "1"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(try FileIO.read(victim), Array("precious".utf8))
        let log = refused.stderr
        XCTAssertTrue(
            log.contains("cannot use the state folder \(stateDir): unsafe folder \(stateDir): it belongs to uid 65534, not to this process's uid 0"),
            log)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(stateDir)/state.json"))
    }

    /// In lifed's own folder, a link in place of the state file, the snapshot or the lock is
    /// neither read nor written through: lifed stops and says which file is wrong.
    func testLinksInTheStateFolderAreNotFollowed() throws {
        let folder = try makeTemporaryFolder(self)
        let victim = "\(folder)/victim.json"
        let valid = #"{"format":1,"version":7,"state":{}}"#
        try FileIO.writeAtomically(Array(valid.utf8), to: victim, mode: 0o644)
        let stateDir = "\(folder)/state"
        XCTAssertEqual(mkdir(stateDir, 0o700), 0)
        XCTAssertEqual(symlink(victim, "\(stateDir)/state.json"), 0)

        let legacyLink = try runTool("lifed", ["--socket", "\(folder)/first.sock", "--state-dir", stateDir, "--seed", "1"])
        XCTAssertEqual(legacyLink.status, 1)
        XCTAssertTrue(legacyLink.stderr.contains("state.json: it is not a regular file"), legacyLink.stderr)
        XCTAssertEqual(try FileIO.read(victim), Array(valid.utf8))
        var info = stat()
        XCTAssertEqual(lstat("\(stateDir)/state.json", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK, "left for its owner to look at")

        // The snapshot.
        XCTAssertEqual(unlink("\(stateDir)/state.json"), 0)
        XCTAssertEqual(symlink(victim, "\(stateDir)/snapshot"), 0)
        let snapshotLink = try runTool("lifed", ["--socket", "\(folder)/first.sock", "--state-dir", stateDir, "--seed", "1"])
        XCTAssertEqual(snapshotLink.status, 1)
        XCTAssertTrue(snapshotLink.stderr.contains("snapshot"), snapshotLink.stderr)
        XCTAssertEqual(try FileIO.read(victim), Array(valid.utf8))

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
