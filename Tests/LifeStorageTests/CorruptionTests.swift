import Glibc
import LifeScheduling
import XCTest

@testable import LifeStorage

/// What no crash leaves: damage before a journal's end, a corrupt snapshot, journals that do
/// not connect. Nothing is deleted: the files are moved or copied aside, the version floor is
/// raised above every version in them, and the folder loads with what is still whole.
final class CorruptionTests: XCTestCase {
    private let first = "journal-00000000000000000001"

    /// The offset of the record for `version` in a journal's bytes.
    private func offset(of version: Int, in bytes: [UInt8], start: Int) -> Int {
        var offset = JournalFormat.headerSize
        for record in JournalFormat.scan(bytes, start: start, after: -1, before: nil).records {
            if record.version == version { return offset }
            offset += 16 + record.payload.count
        }
        return -1
    }

    func testABadRecordBeforeTheEndIsCopiedAsideAndTheJournalCutBack() throws {
        let folder = try makeFolderWithFiveRecords(self)
        var bytes = try readBytes("\(folder)/\(first)")
        let bad = offset(of: 2, in: bytes, start: 1)
        bytes[bad + 20] ^= 0x01
        try writeBytes(bytes, to: "\(folder)/\(first)")

        let storage = try WorldStorage.open(folder)
        let loaded = try storage.load()
        XCTAssertEqual(loaded.recordVersions, [1])
        XCTAssertEqual(loaded.setAside.count, 1)
        let copy = try XCTUnwrap(loaded.setAside.first)
        XCTAssertEqual(copy.name, first)
        XCTAssertTrue(copy.movedTo.hasPrefix("\(folder)/\(first).corrupt."), copy.movedTo)
        XCTAssertTrue(copy.reason.hasPrefix("a record whose checksum does not match at byte \(bad)"), copy.reason)
        XCTAssertEqual(try readBytes(copy.movedTo), bytes, "the whole damaged file is kept")
        XCTAssertEqual(loaded.warnings, ["\(first) is unusable (\(copy.reason)); moved it to \(copy.movedTo)"])
        // Versions 2...5 may have been shown: the floor is above them.
        XCTAssertEqual(loaded.versionFloor, 5)
        XCTAssertEqual(loaded.highestVersion, 5)
        XCTAssertEqual(try readBytes("\(folder)/\(first)"), Array(bytes[0..<bad]))
        try storage.append([6])
        try storage.sync()
        let reloaded = try WorldStorage.open(folder).load()
        XCTAssertEqual(reloaded.recordVersions, [1, 6])
        XCTAssertEqual(reloaded.warnings, [])
    }

    /// Damage in a journal that is not the last: the files after it are set aside too (their
    /// records cannot be applied without the missing ones).
    func testDamageInAnEarlierJournalSetsAsideTheJournalsAfterIt() throws {
        let root = try makeFolder(self)
        let folder = "\(root)/copy"
        let live = "\(root)/live"
        mkdir(live, 0o700)
        let background = ManualBackground()
        var hooks = StorageHooks()
        hooks.runInBackground = { background.schedule($0) }
        let storage = try WorldStorage.open(live, hooks: hooks)
        _ = try storage.load()
        try storage.snapshotNow(0)
        try storage.append(1...5)
        try storage.beginCompaction(version: 5, header: Model.header(5), grid: Model.grid(5), inbox: Inbox()) { _ in }
        try storage.append(6...8)
        try storage.sync()
        // The folder as a crash before the snapshot was written would leave it.
        try copyFolder(live, to: folder)
        background.runAll()
        XCTAssertEqual(journalNames(in: folder), [first, "journal-00000000000000000006"])

        var bytes = try readBytes("\(folder)/\(first)")
        let bad = offset(of: 3, in: bytes, start: 1)
        bytes[bad] ^= 0x40
        try writeBytes(bytes, to: "\(folder)/\(first)")
        let reopened = try WorldStorage.open(folder)
        let loaded = try reopened.load()
        XCTAssertEqual(loaded.recordVersions, [1, 2])
        XCTAssertEqual(loaded.setAside.map(\.name), [first, "journal-00000000000000000006"])
        XCTAssertTrue(loaded.setAside[1].movedTo.hasPrefix("\(folder)/journal-00000000000000000006.after-corrupt."))
        XCTAssertEqual(loaded.versionFloor, 8)
        XCTAssertEqual(journalNames(in: folder), [first])
        try reopened.append([9])
        try reopened.sync()
        XCTAssertEqual(try WorldStorage.open(folder).load().recordVersions, [1, 2, 9])
    }

    /// A whole record with a version that does not follow is corruption even as the last record.
    func testAMisplacedLastRecordIsCorruption() throws {
        let folder = try makeFolderWithFiveRecords(self)
        let data = try journalData("\(folder)/\(first)")
        try writeBytes(data + JournalFormat.record(version: 3, payload: []), to: "\(folder)/\(first)")
        let loaded = try WorldStorage.open(folder).load()
        XCTAssertEqual(loaded.recordVersions, [1, 2, 3, 4, 5])
        XCTAssertEqual(loaded.setAside.count, 1)
        XCTAssertTrue(loaded.setAside[0].reason.hasPrefix("version 3 after version 5"), loaded.setAside[0].reason)
    }

    func testACorruptSnapshotIsSetAsideWithTheJournalsAfterIt() throws {
        let folder = try makeFolderWithFiveRecords(self)
        var bytes = try readBytes("\(folder)/snapshot")
        bytes[bytes.count / 2] ^= 0x10
        try writeBytes(bytes, to: "\(folder)/snapshot")
        let storage = try WorldStorage.open(folder)
        let loaded = try storage.load()
        XCTAssertEqual(loaded.contents, .empty)
        XCTAssertEqual(loaded.setAside.map(\.name), ["snapshot", first])
        XCTAssertEqual(loaded.setAside[0].reason, "its checksum does not match its contents")
        XCTAssertTrue(loaded.setAside[0].movedTo.hasPrefix("\(folder)/snapshot.corrupt."))
        XCTAssertTrue(loaded.setAside[1].movedTo.hasPrefix("\(folder)/\(first).orphaned."))
        XCTAssertEqual(try readBytes(loaded.setAside[0].movedTo), bytes)
        XCTAssertEqual(loaded.versionFloor, 5)
        XCTAssertEqual(loaded.highestVersion, 5)
        // The caller starts a new world above the floor.
        try storage.snapshotNow(6)
        XCTAssertEqual(try WorldStorage.open(folder).load().world?.snapshot, Model.snapshot(6))
    }

    /// With the snapshot unusable, a legacy state.json still there (a migration that did not
    /// finish) is what there is to start from.
    func testACorruptSnapshotFallsBackToALegacyState() throws {
        let folder = try makeFolderWithFiveRecords(self)
        try writeBytes(Array("{}".utf8), to: "\(folder)/state.json")
        try writeBytes([1, 2, 3], to: "\(folder)/snapshot")
        let loaded = try WorldStorage.open(folder).load()
        XCTAssertEqual(loaded.contents, .legacy(path: "\(folder)/state.json"))
        XCTAssertEqual(loaded.setAside.map(\.name), ["snapshot", first])
    }

    func testASnapshotInAnotherFormatIsSetAsideAsSuch() throws {
        let folder = try makeFolderWithFiveRecords(self)
        var bytes = try readBytes("\(folder)/snapshot")
        bytes[8] = 9
        try writeBytes(bytes, to: "\(folder)/snapshot")
        let loaded = try WorldStorage.open(folder).load()
        XCTAssertEqual(loaded.contents, .empty)
        XCTAssertEqual(loaded.setAside.first?.reason, "it is in snapshot format 9, which this build does not read (it reads 1)")
        XCTAssertTrue(loaded.setAside.first?.movedTo.hasPrefix("\(folder)/snapshot.unknown-format-9.") ?? false)
    }

    /// Journals and no snapshot: an empty one is what a first save that crashed leaves, and
    /// goes; one with records is set aside.
    func testJournalsWithoutASnapshot() throws {
        let folder = try makeFolder(self)
        try writeBytes(JournalFormat.header(start: 1) + [UInt8](repeating: 0, count: 4096), to: "\(folder)/\(first)")
        var loaded = try WorldStorage.open(folder).load()
        XCTAssertEqual(loaded, Loaded(contents: .empty, versionFloor: 0, warnings: [], setAside: [], highestVersion: 0))
        XCTAssertEqual(journalNames(in: folder), [])

        try writeBytes(JournalFormat.header(start: 1) + JournalFormat.record(version: 4, payload: []), to: "\(folder)/\(first)")
        loaded = try WorldStorage.open(folder).load()
        XCTAssertEqual(loaded.contents, .empty)
        XCTAssertEqual(loaded.setAside.map(\.name), [first])
        XCTAssertEqual(loaded.setAside.first?.reason, "there is no snapshot for its records to follow")
        XCTAssertEqual(loaded.versionFloor, 4)
    }

    /// Every snapshot is preceded by a journal starting just after it: without that one, the
    /// later journals' records cannot be applied.
    func testJournalsThatDoNotConnectToTheSnapshotAreSetAside() throws {
        let folder = try makeFolderWithFiveRecords(self)
        try writeBytes(JournalFormat.header(start: 6) + JournalFormat.record(version: 7, payload: []), to: "\(folder)/journal-00000000000000000006")
        XCTAssertEqual(unlink("\(folder)/\(first)"), 0)
        let storage = try WorldStorage.open(folder)
        let loaded = try storage.load()
        XCTAssertEqual(loaded.recordVersions, [])
        XCTAssertEqual(loaded.setAside.map(\.name), ["journal-00000000000000000006"])
        XCTAssertEqual(loaded.setAside.first?.reason, "the journal starting at version 1, after the snapshot, is missing")
        XCTAssertEqual(loaded.versionFloor, 7)
        XCTAssertEqual(journalNames(in: folder), [first], "a new journal for the appends")
        try storage.append([8])
        try storage.sync()
        XCTAssertEqual(try WorldStorage.open(folder).load().recordVersions, [8])
    }

    func testAJournalWithABadHeaderIsSetAside() throws {
        let folder = try makeFolderWithFiveRecords(self)
        var bytes = try readBytes("\(folder)/\(first)")
        bytes[3] = 0
        try writeBytes(bytes, to: "\(folder)/\(first)")
        let storage = try WorldStorage.open(folder)
        let loaded = try storage.load()
        XCTAssertEqual(loaded.recordVersions, [])
        XCTAssertEqual(loaded.setAside.first?.reason, "it does not start with a journal's magic number")
        XCTAssertEqual(loaded.versionFloor, 5)
        try storage.append([6])
        try storage.sync()
        XCTAssertEqual(try WorldStorage.open(folder).load().recordVersions, [6])
    }

    /// Journal files a snapshot covers (a compaction that crashed before removing them) go.
    func testJournalsTheSnapshotCoversAreRemovedAtLoad() throws {
        let folder = try makeFolderWithFiveRecords(self)
        let old = try readBytes("\(folder)/\(first)")
        let storage = try WorldStorage.open(folder)
        _ = try storage.load()
        try storage.snapshotNow(5)
        try writeBytes(old, to: "\(folder)/\(first)")
        let loaded = try WorldStorage.open(folder).load()
        XCTAssertEqual(loaded.world?.snapshot, Model.snapshot(5))
        XCTAssertEqual(loaded.recordVersions, [])
        XCTAssertEqual(loaded.warnings, [])
        XCTAssertEqual(journalNames(in: folder), ["journal-00000000000000000006"])
    }
}
