import Dispatch
import Glibc
import LifeScheduling
import XCTest
@testable import LifeStorage

// WorldStorage on folders of older formats (migration), and what it refuses of its caller.
extension WorldStorageTests {
    // MARK: Migration

    func testALegacyStateIsReportedThenMigratedAndKept() throws {
        let folder = try makeFolder(self)
        try writeBytes(Array("{\"format\":1}".utf8), to: "\(folder)/state.json")
        let storage = try WorldStorage.open(folder)
        XCTAssertEqual(try storage.load().contents, .legacy(path: "\(folder)/state.json"))
        XCTAssertThrowsError(try storage.append(version: 1, payload: [])) { XCTAssertEqual(($0 as? StorageError)?.errno, EINVAL) }
        let renamed = try storage.migrate(version: 7, header: Model.header(7), grid: Model.grid(7))
        XCTAssertEqual(renamed, "\(folder)/state.json.migrated")
        XCTAssertEqual(try readBytes("\(folder)/state.json.migrated"), Array("{\"format\":1}".utf8))
        try storage.append([8])
        try storage.sync()
        let loaded = try WorldStorage.open(folder).load()
        XCTAssertEqual(loaded.world?.snapshot, Model.snapshot(7))
        XCTAssertEqual(loaded.recordVersions, [8])
        XCTAssertEqual(loaded.warnings, [])
        XCTAssertThrowsError(try storage.migrate(version: 9, header: [], grid: Model.grid(9))) { XCTAssertEqual(($0 as? StorageError)?.errno, EINVAL) }
    }

    /// A migration interrupted between the snapshot and the rename is finished by the next load;
    /// an older `state.json.migrated` is not replaced.
    func testAnInterruptedMigrationIsFinishedAtLoad() throws {
        let folder = try makeFolder(self)
        try writeBytes(Array("old".utf8), to: "\(folder)/state.json.migrated")
        try writeBytes(Array("{\"format\":1}".utf8), to: "\(folder)/state.json")
        do {
            let storage = try WorldStorage.open(folder)
            _ = try storage.load()
            try storage.snapshotNow(3)
        }
        let loaded = try WorldStorage.open(folder).load()
        XCTAssertEqual(loaded.world?.snapshot, Model.snapshot(3))
        XCTAssertEqual(loaded.warnings, ["state.json was migrated into the snapshot before, but not renamed; renamed it to \(folder)/state.json.migrated.2"])
        XCTAssertEqual(try readBytes("\(folder)/state.json.migrated"), Array("old".utf8))
        XCTAssertFalse(names(in: folder).contains("state.json"))
    }

    // MARK: The caller's mistakes

    func testMisuseIsAnErrorThatSaysWhat() throws {
        let folder = try makeFolder(self)
        let storage = try WorldStorage.open(folder)
        func expect(_ errno: Int32, _ text: String, _ body: () throws -> Void, line: UInt = #line) {
            XCTAssertThrowsError(try body(), line: line) { error in
                XCTAssertEqual((error as? StorageError)?.errno, errno, line: line)
                XCTAssertEqual((error as? StorageError)?.description, text, line: line)
            }
        }
        expect(EINVAL, "cannot append version 1 to the journal: the folder is not loaded yet") { try storage.append(version: 1, payload: []) }
        expect(EINVAL, "cannot write a snapshot at version 0: the folder is not loaded yet") { try storage.snapshotNow(0) }
        _ = try storage.load()
        expect(EINVAL, "cannot load the state folder: it is loaded already") { _ = try storage.load() }
        expect(EINVAL, "cannot append version 1 to the journal: there is no snapshot yet (the first save is writeSnapshotNow)") {
            try storage.append(version: 1, payload: [])
        }
        expect(EINVAL, "cannot start a compaction at version 0: there is no snapshot yet (the first one is written with writeSnapshotNow)") {
            try storage.beginCompaction(version: 0, header: [], grid: Model.grid(0), inbox: Inbox()) { _ in }
        }
        expect(EINVAL, "cannot write a snapshot at version -1: versions run from 0 to \(Int.max - 1)") { try storage.snapshotNow(-1) }
        try storage.snapshotNow(5)
        expect(EINVAL, "cannot append version 5 to the journal: it is not above the last stored version, 5") { try storage.append(version: 5, payload: []) }
        try storage.append([6])
        expect(EINVAL, "cannot append version 6 to the journal: it is not above the last stored version, 6") { try storage.append(version: 6, payload: []) }
        expect(EINVAL, "cannot write a snapshot at version 4: it is below the last stored version, 6") { try storage.snapshotNow(4) }
        expect(EINVAL, "cannot migrate the legacy state: load() found no legacy state.json to migrate") {
            try storage.migrate(version: 7, header: [], grid: Model.grid(7))
        }
        // Refused calls changed nothing: the one record appended is there (unsynced, but in the page cache).
        XCTAssertEqual(try WorldStorage.open(folder).load().recordVersions, [6])
    }

    /// The largest payload is taken; one byte more is refused before anything is written.
    func testThePayloadLimitHoldsAtItsEdge() throws {
        let folder = try makeFolder(self)
        let storage = try WorldStorage.open(folder)
        storage.maxPayloadBytes = 5000
        _ = try storage.load()
        try storage.snapshotNow(0)
        let largest = [UInt8](repeating: 0x5A, count: 5000)
        try storage.append(version: 1, payload: largest)
        let before = storage.journalBytes
        XCTAssertThrowsError(try storage.append(version: 2, payload: largest + [0])) { error in
            XCTAssertEqual((error as? StorageError)?.errno, EFBIG)
            XCTAssertEqual("\(error)", "cannot append version 2 to the journal: its 5001 bytes are more than the 5000 allowed")
        }
        XCTAssertEqual(storage.journalBytes, before)
        try storage.sync()
        XCTAssertEqual(try WorldStorage.open(folder).load().world?.records, [JournalRecord(version: 1, payload: largest)])
    }
}
