import Glibc
import XCTest

@testable import LifeStorage

/// `WorldStorage.examine` tells damage (a file corrupt, or missing where the folder shows it was
/// written) from what a first start, a clean stop or a crash leaves, and changes nothing.
final class DamageDetectionTests: XCTestCase {
    private let first = "journal-00000000000000000001"

    /// The one damage found in `folder`, after checking that looking changed nothing.
    private func onlyDamage(in folder: String, file: StaticString = #filePath, line: UInt = #line) throws -> StateDamage? {
        let before = try names(in: folder).map { ($0, try readBytes("\(folder)/\($0)")) }
        let found = try WorldStorage.examine(folder: folder)
        let after = try names(in: folder).map { ($0, try readBytes("\(folder)/\($0)")) }
        XCTAssertTrue(before.elementsEqual(after) { $0.0 == $1.0 && $0.1 == $1.1 }, "examining changed the folder", file: file, line: line)
        XCTAssertEqual(found.count, 1, "\(found)", file: file, line: line)
        return found.first
    }

    /// Zeroes the floor's snapshot mark, as a build before it left the file; returns the file's bytes.
    private func unmark(_ folder: String) throws -> [UInt8] {
        var floor = try readBytes("\(folder)/version-floor")
        for index in VersionFloorFile.markOffset..<(VersionFloorFile.markOffset + VersionFloorFile.slotSize) { floor[index] = 0 }
        try writeBytes(floor, to: "\(folder)/version-floor")
        return floor
    }

    // MARK: Not damage

    func testANewFolderAndACleanOneAreNotDamage() throws {
        let folder = try makeFolder(self)
        XCTAssertEqual(try WorldStorage.examine(folder: folder), [], "an empty folder: a first start")
        let storage = try WorldStorage.open(folder)
        _ = try storage.load()
        XCTAssertEqual(try WorldStorage.examine(folder: folder), [], "the floor alone")
        try storage.snapshotNow(0)
        try storage.append(1...5)
        try storage.sync()
        XCTAssertEqual(try WorldStorage.examine(folder: folder), [])
        try storage.snapshotNow(9)
        try storage.setVersionFloor(to: 9)
        XCTAssertEqual(try WorldStorage.examine(folder: folder), [], "a clean stop")
    }

    /// A crash during the last append: every cut of the last record, and garbage after it.
    func testATornTailIsNotDamage() throws {
        let folder = try makeFolderWithFiveRecords(self)
        let data = try journalData("\(folder)/\(first)")
        let last = JournalFormat.record(version: 5, payload: Model.payload(5))
        for cut in 1..<last.count {
            try writeBytes(Array(data[0..<(data.count - last.count + cut)]), to: "\(folder)/\(first)")
            XCTAssertEqual(try WorldStorage.examine(folder: folder), [], "cut at \(cut)")
        }
        try writeBytes(data + (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }, to: "\(folder)/\(first)")
        XCTAssertEqual(try WorldStorage.examine(folder: folder), [], "garbage after the last record")
    }

    /// A first save that did not finish: its journal is in place, the snapshot is not.
    func testAnEmptyJournalWithoutASnapshotInAnUnmarkedFolderIsNotDamage() throws {
        let folder = try makeFolder(self)
        _ = try WorldStorage.open(folder).load()
        try writeBytes(JournalFormat.header(start: 1) + [UInt8](repeating: 0, count: 4096), to: "\(folder)/\(first)")
        XCTAssertEqual(try WorldStorage.examine(folder: folder), [])
    }

    /// A folder from a build before the snapshot mark is marked by its next load.
    func testAnUnmarkedFolderIsMarkedByItsNextLoad() throws {
        let folder = try makeFolderWithFiveRecords(self)
        let floor = try unmark(folder)
        XCTAssertEqual(try WorldStorage.examine(folder: folder), [])
        _ = try WorldStorage.open(folder).load()
        XCTAssertNotEqual(try readBytes("\(folder)/version-floor"), floor, "marked")
        unlink("\(folder)/snapshot")
        XCTAssertEqual(try onlyDamage(in: folder)?.path, "\(folder)/snapshot")
    }

    // MARK: The snapshot

    func testACorruptSnapshotIsDamage() throws {
        let folder = try makeFolderWithFiveRecords(self)
        var bytes = try readBytes("\(folder)/snapshot")
        bytes[bytes.count / 2] ^= 0x10
        try writeBytes(bytes, to: "\(folder)/snapshot")
        let damage = try onlyDamage(in: folder)
        XCTAssertEqual(damage?.path, "\(folder)/snapshot")
        XCTAssertEqual(damage?.problem, "its checksum does not match its contents")
        XCTAssertEqual(damage?.losesVersionFloor, false)
    }

    func testATruncatedSnapshotIsDamage() throws {
        let folder = try makeFolderWithFiveRecords(self)
        XCTAssertEqual(truncate("\(folder)/snapshot", 30), 0)
        XCTAssertEqual(try onlyDamage(in: folder)?.problem, "it is 30 bytes, too short for a snapshot")
    }

    func testADeletedSnapshotIsDamage() throws {
        let folder = try makeFolderWithFiveRecords(self)
        XCTAssertEqual(unlink("\(folder)/snapshot"), 0)
        let damage = try onlyDamage(in: folder)
        XCTAssertEqual(damage?.path, "\(folder)/snapshot")
        XCTAssertTrue(damage?.problem.hasPrefix("it is missing") ?? false, "\(String(describing: damage))")
    }

    /// Without the mark (a folder from before it), records with no snapshot still show the loss.
    func testRecordsWithoutASnapshotAreDamageEvenUnmarked() throws {
        let folder = try makeFolderWithFiveRecords(self)
        _ = try unmark(folder)
        XCTAssertEqual(unlink("\(folder)/snapshot"), 0)
        let damage = try onlyDamage(in: folder)
        XCTAssertEqual(damage?.path, "\(folder)/\(first)")
        XCTAssertEqual(damage?.dropped, "its records (up to version 5)")
    }

    // MARK: The version floor

    func testAMissingTruncatedOrZeroedFloorIsDamage() throws {
        for (label, spoil) in [
            ("deleted", { (path: String) in XCTAssertEqual(unlink(path), 0) }),
            ("truncated", { (path: String) in XCTAssertEqual(truncate(path, 0), 0) }),
            ("cut short", { (path: String) in XCTAssertEqual(truncate(path, 2000), 0) }),
            ("zeroed", { (path: String) in try? writeBytes([UInt8](repeating: 0, count: 4096), to: path) }),
        ] {
            let folder = try makeFolderWithFiveRecords(self)
            spoil("\(folder)/version-floor")
            let damage = try onlyDamage(in: folder)
            XCTAssertEqual(damage?.path, "\(folder)/version-floor", label)
            XCTAssertEqual(damage?.losesVersionFloor, true, label)
        }
    }

    // MARK: The journal

    func testADeletedJournalIsDamage() throws {
        let folder = try makeFolderWithFiveRecords(self)
        XCTAssertEqual(unlink("\(folder)/\(first)"), 0)
        let damage = try onlyDamage(in: folder)
        XCTAssertEqual(damage?.path, "\(folder)/\(first)")
        XCTAssertEqual(damage?.dropped, "every change after version 0")
    }

    func testABadRecordBeforeTheEndIsDamage() throws {
        let folder = try makeFolderWithFiveRecords(self)
        var bytes = try readBytes("\(folder)/\(first)")
        // The second record's payload: record 1 is whole, 3...5 after the damage.
        let second = JournalFormat.headerSize + JournalFormat.record(version: 1, payload: Model.payload(1)).count
        bytes[second + 20] ^= 0x01
        try writeBytes(bytes, to: "\(folder)/\(first)")
        let damage = try onlyDamage(in: folder)
        XCTAssertEqual(damage?.path, "\(folder)/\(first)")
        XCTAssertEqual(damage?.problem, "a record whose checksum does not match at byte \(second), with whole records after it")
        XCTAssertEqual(damage?.dropped, "every change after version 1 (up to version 5)")
    }

    // MARK: Recovering

    /// What load() sets aside is what examine found; after it, and a snapshot, nothing is damage.
    func testLoadingSetsAsideTheDamageExamineFound() throws {
        let folder = try makeFolderWithFiveRecords(self)
        try writeBytes([UInt8](repeating: 0, count: 4096), to: "\(folder)/version-floor")
        let storage = try WorldStorage.open(folder)
        let loaded = try storage.load()
        XCTAssertEqual(loaded.setAside.map(\.name), ["version-floor"])
        XCTAssertEqual(loaded.recordVersions, [1, 2, 3, 4, 5])
        try storage.snapshotNow(loaded.highestVersion + 10)
        XCTAssertEqual(try WorldStorage.examine(folder: folder), [])
    }

    func testJournalsAreCopiedAsideWhole() throws {
        let folder = try makeFolderWithFiveRecords(self)
        let storage = try WorldStorage.open(folder)
        _ = try storage.load()
        let copies = try storage.copyJournalsAside(as: "unreplayable")
        XCTAssertEqual(copies.map(\.name), [first])
        XCTAssertTrue(copies[0].movedTo.hasPrefix("\(folder)/\(first).unreplayable."), copies[0].movedTo)
        XCTAssertEqual(try readBytes(copies[0].movedTo), try readBytes("\(folder)/\(first)"))
    }
}
