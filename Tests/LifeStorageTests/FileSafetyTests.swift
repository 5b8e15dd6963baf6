import Glibc
import XCTest

@testable import LifeStorage

/// Everything in the folder is opened relative to it with O_NOFOLLOW: a symbolic link planted
/// under one of the storage's names is refused and left alone, never followed; so is anything
/// that is not a regular file. New files are private (0600).
final class FileSafetyTests: XCTestCase {
    private func expectRefusal(_ errno: Int32, _ description: String, line: UInt = #line, _ body: () throws -> Void) {
        XCTAssertThrowsError(try body(), line: line) { error in
            XCTAssertEqual((error as? StorageError)?.errno, errno, line: line)
            XCTAssertEqual("\(error)", description, line: line)
        }
    }

    /// A folder with a snapshot and a journal, and a target file outside it.
    private func makeFolders() throws -> (folder: String, outside: String) {
        let folder = try makeFolder(self)
        let outside = try makeFolder(self)
        let storage = try WorldStorage.open(folder)
        _ = try storage.load()
        try storage.snapshotNow(0)
        try storage.append([1])
        try storage.sync()
        return (folder, outside)
    }

    func testASymbolicLinkInPlaceOfTheSnapshotIsRefusedNotFollowed() throws {
        let (folder, outside) = try makeFolders()
        XCTAssertEqual(rename("\(folder)/snapshot", "\(outside)/snapshot"), 0)
        XCTAssertEqual(symlink("\(outside)/snapshot", "\(folder)/snapshot"), 0)
        let before = try readBytes("\(outside)/snapshot")
        expectRefusal(ELOOP, "cannot open the snapshot: it is a symbolic link, which is never followed") { _ = try WorldStorage.open(folder).load() }
        XCTAssertEqual(try readBytes("\(outside)/snapshot"), before)
        var info = stat()
        XCTAssertEqual(lstat("\(folder)/snapshot", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK, "left where it is")
    }

    func testASymbolicLinkInPlaceOfAJournalIsRefused() throws {
        let (folder, outside) = try makeFolders()
        let name = "journal-00000000000000000001"
        XCTAssertEqual(rename("\(folder)/\(name)", "\(outside)/\(name)"), 0)
        XCTAssertEqual(symlink("\(outside)/\(name)", "\(folder)/\(name)"), 0)
        let before = try readBytes("\(outside)/\(name)")
        expectRefusal(ELOOP, "cannot open the journal \(name): it is a symbolic link, which is never followed") { _ = try WorldStorage.open(folder).load() }
        XCTAssertEqual(try readBytes("\(outside)/\(name)"), before)
    }

    /// The version floor is written in place: a link there would make lifed write elsewhere.
    func testASymbolicLinkInPlaceOfTheVersionFloorIsRefused() throws {
        let folder = try makeFolder(self)
        let outside = try makeFolder(self)
        try writeBytes(Array("precious".utf8), to: "\(outside)/target")
        XCTAssertEqual(symlink("\(outside)/target", "\(folder)/version-floor"), 0)
        expectRefusal(ELOOP, "cannot open the version floor: it is a symbolic link, which is never followed") { _ = try WorldStorage.open(folder) }
        XCTAssertEqual(try readBytes("\(outside)/target"), Array("precious".utf8))
    }

    func testADanglingSymbolicLinkIsRefusedAndNothingIsCreatedThroughIt() throws {
        let folder = try makeFolder(self)
        let outside = try makeFolder(self)
        XCTAssertEqual(symlink("\(outside)/created", "\(folder)/version-floor"), 0)
        expectRefusal(ELOOP, "cannot open the version floor: it is a symbolic link, which is never followed") { _ = try WorldStorage.open(folder) }
        XCTAssertEqual(names(in: outside), [])
    }

    /// A FIFO would block an open for reading until a writer came: refused at once instead.
    func testAFIFOInPlaceOfTheSnapshotIsRefusedWithoutWaiting() throws {
        let (folder, _) = try makeFolders()
        XCTAssertEqual(unlink("\(folder)/snapshot"), 0)
        XCTAssertEqual(mkfifo("\(folder)/snapshot", 0o600), 0)
        expectRefusal(EINVAL, "cannot open the snapshot: it is not a regular file") { _ = try WorldStorage.open(folder).load() }
    }

    func testAFolderInPlaceOfAJournalIsRefused() throws {
        let (folder, _) = try makeFolders()
        let name = "journal-00000000000000000001"
        XCTAssertEqual(unlink("\(folder)/\(name)"), 0)
        XCTAssertEqual(mkdir("\(folder)/\(name)", 0o700), 0)
        expectRefusal(EISDIR, "cannot open the journal \(name): Is a directory") { _ = try WorldStorage.open(folder).load() }
    }

    func testASymbolicLinkAsTheLegacyStateIsRefused() throws {
        let folder = try makeFolder(self)
        let outside = try makeFolder(self)
        try writeBytes(Array("{}".utf8), to: "\(outside)/state.json")
        XCTAssertEqual(symlink("\(outside)/state.json", "\(folder)/state.json"), 0)
        expectRefusal(EINVAL, "cannot read the legacy state file \(folder)/state.json: it is not a regular file (a symbolic link is not followed)") {
            _ = try WorldStorage.open(folder).load()
        }
    }

    func testTheFolderItselfMustNotBeASymbolicLink() throws {
        let folder = try makeFolder(self)
        let link = "\(folder)-link"
        XCTAssertEqual(symlink(folder, link), 0)
        defer { unlink(link) }
        expectRefusal(ENOTDIR, "cannot open the state folder \(link): it is not a folder (a symbolic link is not followed)") { _ = try WorldStorage.open(link) }
    }

    /// A link named like a temporary file is removed at load as one: the link goes, not its target.
    func testATemporaryNamedLinkIsRemovedNotItsTarget() throws {
        let (folder, outside) = try makeFolders()
        try writeBytes(Array("precious".utf8), to: "\(outside)/target")
        let name = Naming.temporary(for: "snapshot")
        XCTAssertEqual(symlink("\(outside)/target", "\(folder)/\(name)"), 0)
        try writeBytes([1, 2, 3], to: "\(folder)/\(Naming.temporary(for: "journal-00000000000000000009"))")
        let loaded = try WorldStorage.open(folder).load()
        XCTAssertEqual(loaded.recordVersions, [1])
        XCTAssertEqual(names(in: folder), ["journal-00000000000000000001", "snapshot", "version-floor"])
        XCTAssertEqual(try readBytes("\(outside)/target"), Array("precious".utf8))
    }

    func testEveryFileIsPrivate() throws {
        let (folder, _) = try makeFolders()
        for name in names(in: folder) {
            var info = stat()
            XCTAssertEqual(lstat("\(folder)/\(name)", &info), 0)
            XCTAssertEqual(info.st_mode & 0o777, 0o600, name)
        }
    }
}
