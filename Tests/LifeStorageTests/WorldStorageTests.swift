import Dispatch
import Glibc
import LifeScheduling
import XCTest

@testable import LifeStorage

/// The storage's ordinary life: first save, appends, reloads, snapshots, compaction, the
/// version floor, migration, and the caller's mistakes.
final class WorldStorageTests: XCTestCase {
    func testANewFolderIsEmptyAndGetsOnlyAVersionFloor() throws {
        let folder = try makeFolder(self)
        let storage = try WorldStorage.open(folder)
        let loaded = try storage.load()
        XCTAssertEqual(loaded, Loaded(contents: .empty, versionFloor: 0, warnings: [], setAside: [], highestVersion: 0))
        XCTAssertEqual(names(in: folder), ["version-floor"])
        XCTAssertEqual(try readBytes("\(folder)/version-floor").count, 4096, "written whole at creation")
        XCTAssertNil(storage.lastVersion)
    }

    func testAppendedAndSyncedRecordsComeBackAfterTheSnapshot() throws {
        let folder = try makeFolder(self)
        do {
            let storage = try WorldStorage.open(folder)
            _ = try storage.load()
            try storage.snapshotNow(0)
            // Gaps are allowed: the caller may skip versions.
            try storage.append([1, 2, 5, 9])
            try storage.sync()
            XCTAssertEqual(storage.lastVersion, 9)
        }
        let storage = try WorldStorage.open(folder)
        let loaded = try storage.load()
        XCTAssertEqual(loaded.world?.snapshot, Model.snapshot(0))
        XCTAssertEqual(loaded.world?.records, [1, 2, 5, 9].map(Model.record))
        XCTAssertEqual(loaded.warnings, [])
        XCTAssertEqual(loaded.highestVersion, 9)
        XCTAssertEqual(storage.lastVersion, 9)
        XCTAssertEqual(journalNames(in: folder), ["journal-00000000000000000001"])
        // And appends continue in the same file.
        try storage.append([10])
        try storage.sync()
        XCTAssertEqual(try WorldStorage.open(folder).load().recordVersions, [1, 2, 5, 9, 10])
    }

    /// The journal is preallocated: the file is longer than its records, and loading stops at
    /// the zeroed space without a warning.
    func testTheJournalIsPreallocatedAndItsZeroedSpaceEndsIt() throws {
        let folder = try makeFolder(self)
        let storage = try WorldStorage.open(folder)
        _ = try storage.load()
        try storage.snapshotNow(0)
        try storage.append(1...3)
        try storage.sync()
        let path = "\(folder)/journal-00000000000000000001"
        XCTAssertEqual(try readBytes(path).count, 1 << 20)
        XCTAssertEqual(storage.journalBytes, 32 + 3 * (16 + Model.payload(1).count))
        XCTAssertEqual(try journalData(path).count, storage.journalBytes)
        let loaded = try WorldStorage.open(folder).load()
        XCTAssertEqual(loaded.recordVersions, [1, 2, 3])
        XCTAssertEqual(loaded.warnings, [])
    }

    /// Without preallocation (a file system without fallocate, or the measurement's other
    /// arm), the same records are in a file exactly their size.
    func testWithoutPreallocationTheFileIsExactlyItsRecords() throws {
        let folder = try makeFolder(self)
        for preallocation in [Preallocation.none, .zeroFill(chunk: 4096)] {
            let path = "\(folder)/\(preallocation == .none ? "none" : "zero")"
            mkdir(path, 0o700)
            var hooks = StorageHooks()
            hooks.preallocation = preallocation
            let storage = try WorldStorage.open(path, hooks: hooks)
            _ = try storage.load()
            try storage.snapshotNow(0)
            try storage.append(1...300)
            try storage.sync()
            let size = try readBytes("\(path)/journal-00000000000000000001").count
            if preallocation == .none {
                XCTAssertEqual(size, storage.journalBytes)
            } else {
                XCTAssertEqual(size % 4096, 0)
                XCTAssertGreaterThanOrEqual(size, storage.journalBytes)
            }
            XCTAssertEqual(try WorldStorage.open(path).load().recordVersions, Array(1...300))
        }
    }

    func testASnapshotStartsANewJournalAndRemovesTheOnesItCovers() throws {
        let folder = try makeFolder(self)
        let storage = try WorldStorage.open(folder)
        _ = try storage.load()
        try storage.snapshotNow(0)
        try storage.append(1...4)
        try storage.sync()
        XCTAssertGreaterThan(storage.journalBytes, 32)
        try storage.snapshotNow(6)
        XCTAssertEqual(journalNames(in: folder), ["journal-00000000000000000007"])
        XCTAssertEqual(storage.journalBytes, 32)
        XCTAssertEqual(storage.snapshotVersion, 6)
        // The snapshot's version is stored: appends must be above it.
        XCTAssertThrowsError(try storage.append(version: 6, payload: [])) { XCTAssertEqual(($0 as? StorageError)?.errno, EINVAL) }
        try storage.append([8])
        try storage.sync()
        let loaded = try WorldStorage.open(folder).load()
        XCTAssertEqual(loaded.world?.snapshot, Model.snapshot(6))
        XCTAssertEqual(loaded.recordVersions, [8])
        XCTAssertEqual(names(in: folder), ["journal-00000000000000000007", "snapshot", "version-floor"])
    }

    /// A snapshot at the version already stored, with nothing appended since, keeps the journal.
    func testASnapshotAtTheSameVersionRewritesOnlyTheSnapshot() throws {
        let folder = try makeFolder(self)
        let storage = try WorldStorage.open(folder)
        _ = try storage.load()
        try storage.snapshotNow(3)
        try storage.writeSnapshotNow(version: 3, header: Array("{\"other\":1}".utf8), grid: Model.grid(3))
        XCTAssertEqual(journalNames(in: folder), ["journal-00000000000000000004"])
        XCTAssertEqual(try WorldStorage.open(folder).load().world?.snapshot.header, Array("{\"other\":1}".utf8))
    }

    // MARK: Compaction

    func testACompactionWritesTheSnapshotInTheBackgroundAndRemovesCoveredJournals() throws {
        let folder = try makeFolder(self)
        let storage = try WorldStorage.open(folder)
        _ = try storage.load()
        try storage.snapshotNow(0)
        try storage.append(1...10)
        let posted = DispatchSemaphore(value: 0)
        let inbox = Inbox(wake: { posted.signal() })
        var results: [Result<Compaction, StorageError>] = []
        try storage.beginCompaction(version: 10, header: Model.header(10), grid: Model.grid(10), inbox: inbox) { results.append($0) }
        XCTAssertTrue(storage.isCompacting)
        // Before beginCompaction returned: the old journal synced, the new one in place.
        XCTAssertEqual(journalNames(in: folder), ["journal-00000000000000000001", "journal-00000000000000000011"])
        XCTAssertThrowsError(try storage.beginCompaction(version: 10, header: [], grid: Model.grid(10), inbox: inbox) { _ in }) {
            XCTAssertEqual(($0 as? StorageError)?.errno, EBUSY)
        }
        // Appends go on meanwhile, to the new journal.
        try storage.append(11...12)
        try storage.sync()
        XCTAssertEqual(posted.wait(timeout: .now() + 30), .success, "the compaction finished")
        XCTAssertTrue(results.isEmpty, "the completion runs on the executor, not before")
        for work in inbox.takeAll() { work() }
        XCTAssertFalse(storage.isCompacting)
        guard case .success(let compaction)? = results.first, results.count == 1 else { return XCTFail("\(results)") }
        XCTAssertEqual(compaction.version, 10)
        XCTAssertEqual(compaction.removedJournals, ["journal-00000000000000000001"])
        XCTAssertEqual(compaction.snapshotBytes, try readBytes("\(folder)/snapshot").count)
        XCTAssertEqual(journalNames(in: folder), ["journal-00000000000000000011"])
        XCTAssertEqual(storage.snapshotVersion, 10)
        XCTAssertEqual(storage.journalBytes, 32 + 2 * (16 + Model.payload(11).count))
        let loaded = try WorldStorage.open(folder).load()
        XCTAssertEqual(loaded.world?.snapshot, Model.snapshot(10))
        XCTAssertEqual(loaded.recordVersions, [11, 12])
    }

    /// writeSnapshotNow (shutdown) waits for a running compaction and runs its completion first.
    func testASynchronousSnapshotWaitsForARunningCompaction() throws {
        let folder = try makeFolder(self)
        let background = ManualBackground()
        var hooks = StorageHooks()
        hooks.runInBackground = { background.schedule($0) }
        let storage = try WorldStorage.open(folder, hooks: hooks)
        _ = try storage.load()
        try storage.snapshotNow(0)
        try storage.append(1...3)
        let inbox = Inbox()
        var events: [String] = []
        try storage.beginCompaction(version: 3, header: Model.header(3), grid: Model.grid(3), inbox: inbox) { result in
            events.append("compaction \((try? result.get())?.version ?? -1)")
        }
        try storage.append(4...5)
        let waiter = DispatchQueue(label: "background")
        waiter.async { background.runAll() }
        try storage.snapshotNow(5)
        events.append("snapshot 5")
        XCTAssertEqual(events, ["compaction 3", "snapshot 5"])
        for work in inbox.takeAll() { work() }
        XCTAssertEqual(events, ["compaction 3", "snapshot 5"], "the completion ran once")
        XCTAssertEqual(journalNames(in: folder), ["journal-00000000000000000006"])
        XCTAssertEqual(try WorldStorage.open(folder).load().world?.snapshot, Model.snapshot(5))
    }

    /// A compaction whose snapshot cannot be written leaves the old snapshot and all journals,
    /// and they load.
    func testAFailedCompactionLeavesEverythingLoadable() throws {
        let folder = try makeFolder(self)
        let background = ManualBackground()
        var hooks = StorageHooks()
        hooks.runInBackground = { background.schedule($0) }
        let storage = try WorldStorage.open(folder, hooks: hooks)
        _ = try storage.load()
        try storage.snapshotNow(0)
        try storage.append(1...3)
        let inbox = Inbox()
        var results: [Result<Compaction, StorageError>] = []
        try storage.beginCompaction(version: 5, header: Model.header(5), grid: Model.grid(5), inbox: inbox) { results.append($0) }
        try storage.append([7])
        try storage.sync()
        // The snapshot cannot replace a folder put in its place.
        XCTAssertEqual(rename("\(folder)/snapshot", "\(folder)/saved"), 0)
        XCTAssertEqual(mkdir("\(folder)/snapshot", 0o700), 0)
        XCTAssertEqual(mkdir("\(folder)/snapshot/x", 0o700), 0)
        background.runAll()
        for work in inbox.takeAll() { work() }
        guard case .failure(let error)? = results.first else { return XCTFail("\(results)") }
        XCTAssertTrue(error.description.hasPrefix("cannot rename the new snapshot into place:"), error.description)
        XCTAssertFalse(names(in: folder).contains { Naming.isTemporary($0) }, "the temporary file is removed")
        XCTAssertEqual(rmdir("\(folder)/snapshot/x"), 0)
        XCTAssertEqual(rmdir("\(folder)/snapshot"), 0)
        XCTAssertEqual(rename("\(folder)/saved", "\(folder)/snapshot"), 0)
        let loaded = try WorldStorage.open(folder).load()
        XCTAssertEqual(loaded.world?.snapshot, Model.snapshot(0))
        XCTAssertEqual(loaded.recordVersions, [1, 2, 3, 7])
        XCTAssertEqual(loaded.highestVersion, 7)
    }

    /// A compaction at a version above the last record reserves it: after a crash, the journal
    /// appends went to starts above it, so the next append must be too.
    func testAReservedVersionIsReportedAfterACrashedCompaction() throws {
        let folder = try makeFolder(self)
        let copy = "\(folder)/copy"
        let store = "\(folder)/store"
        mkdir(store, 0o700)
        let background = ManualBackground()
        var hooks = StorageHooks()
        hooks.runInBackground = { background.schedule($0) }
        let storage = try WorldStorage.open(store, hooks: hooks)
        _ = try storage.load()
        try storage.snapshotNow(0)
        try storage.append(1...2)
        try storage.beginCompaction(version: 10, header: Model.header(10), grid: Model.grid(10), inbox: Inbox()) { _ in }
        try copyFolder(store, to: copy)
        background.runAll()
        let reloaded = try WorldStorage.open(copy)
        let loaded = try reloaded.load()
        XCTAssertEqual(loaded.recordVersions, [1, 2])
        XCTAssertEqual(loaded.highestVersion, 10)
        XCTAssertEqual(reloaded.lastVersion, 10)
        XCTAssertThrowsError(try reloaded.append(version: 3, payload: []))
        try reloaded.append([11])
        try reloaded.sync()
        XCTAssertEqual(try WorldStorage.open(copy).load().recordVersions, [1, 2, 11])
    }

    /// After a failed fdatasync the kernel may have dropped the pages it could not write (and a
    /// second fsync would not say so): the journal takes nothing more, and a snapshot starts a
    /// new one. (/dev/null takes writes and refuses fdatasync with EINVAL.)
    func testAFailedSyncStopsAppendsUntilASnapshotStartsANewJournal() throws {
        let folder = try makeFolder(self)
        let storage = try WorldStorage.open(folder)
        _ = try storage.load()
        try storage.snapshotNow(0)
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(null, 0)
        storage.journal = JournalFile(name: "journal-00000000000000000001", start: 1, fd: null, end: 32, allocated: 32, preallocation: .none)
        try storage.append([1])
        XCTAssertThrowsError(try storage.sync()) { error in
            XCTAssertEqual("\(error)", "cannot sync the journal journal-00000000000000000001: Invalid argument")
        }
        XCTAssertThrowsError(try storage.sync(), "still failed")
        XCTAssertThrowsError(try storage.append(version: 2, payload: [])) { error in
            XCTAssertEqual(
                "\(error)",
                "cannot append to the journal journal-00000000000000000001: an earlier sync of it failed (cannot sync the journal journal-00000000000000000001: Invalid argument); write a snapshot to start a new journal"
            )
        }
        try storage.snapshotNow(1)
        try storage.append([2])
        try storage.sync()
        let loaded = try WorldStorage.open(folder).load()
        XCTAssertEqual(loaded.world?.snapshot, Model.snapshot(1))
        XCTAssertEqual(loaded.recordVersions, [2])
    }

    func testDiscardingUnsyncedRecordsCutsThemOffForGood() throws {
        let folder = try makeFolder(self)
        do {
            let storage = try WorldStorage.open(folder)
            _ = try storage.load()
            try storage.snapshotNow(0)
            try storage.append(1...3)
            try storage.sync()
            try storage.append(4...6)
            try storage.discardUnsynced()
            try storage.discardUnsynced()  // nothing more to cut
            // Later appends go on above the discarded versions, and are kept.
            XCTAssertThrowsError(try storage.append(version: 5, payload: []), "versions stay reserved")
            try storage.append([9])
            try storage.sync()
        }
        let loaded = try WorldStorage.open(folder).load()
        XCTAssertEqual(loaded.recordVersions, [1, 2, 3, 9])
        XCTAssertEqual(loaded.warnings, [])
    }

    func testDiscardingAfterAFailedSyncLeavesOnlyWhatWasSynced() throws {
        let folder = try makeFolder(self)
        do {
            let storage = try WorldStorage.open(folder)
            _ = try storage.load()
            try storage.snapshotNow(0)
            try storage.append(1...2)
            try storage.sync()
            try storage.append(3...4)
            try storage.discardUnsynced()
            XCTAssertEqual(storage.journalBytes, try readBytes("\(folder)/journal-00000000000000000001").count)
        }
        XCTAssertEqual(try WorldStorage.open(folder).load().recordVersions, [1, 2])
    }

    // MARK: The version floor

    func testTheVersionFloorRisesDurablyAndNeverFalls() throws {
        let folder = try makeFolder(self)
        do {
            let storage = try WorldStorage.open(folder)
            try storage.raiseVersionFloor(to: 10)
            try storage.raiseVersionFloor(to: 4)
            XCTAssertEqual(storage.versionFloor, 10)
            try storage.raiseVersionFloor(to: 12)
        }
        let storage = try WorldStorage.open(folder)
        XCTAssertEqual(storage.versionFloor, 12)
        let loaded = try storage.load()
        XCTAssertEqual(loaded.versionFloor, 12)
        XCTAssertEqual(loaded.highestVersion, 12)
        XCTAssertEqual(try readBytes("\(folder)/version-floor").count, 4096, "written in place")
    }

    func testTheVersionFloorCanBeSetLowerOnPurpose() throws {
        let folder = try makeFolder(self)
        do {
            let storage = try WorldStorage.open(folder)
            try storage.raiseVersionFloor(to: 10_000)
            try storage.setVersionFloor(to: 42)
            XCTAssertEqual(storage.versionFloor, 42)
        }
        XCTAssertEqual(try WorldStorage.open(folder).versionFloor, 42, "neither slot still holds 10,000")
        do {
            let storage = try WorldStorage.open(folder)
            try storage.setVersionFloor(to: 50)
            try storage.raiseVersionFloor(to: 60)
        }
        XCTAssertEqual(try WorldStorage.open(folder).versionFloor, 60)
    }

    /// A raise torn by a power cut spoils only the slot it was writing: the value before it stays.
    func testATornFloorWriteKeepsThePreviousValue() throws {
        let folder = try makeFolder(self)
        do {
            let storage = try WorldStorage.open(folder)
            try storage.raiseVersionFloor(to: 10)
            try storage.raiseVersionFloor(to: 20)
        }
        // 20 went to slot 0 (10 to slot 1): tear slot 0.
        var bytes = try readBytes("\(folder)/version-floor")
        XCTAssertEqual(VersionFloorFile.decodeSlot(bytes, at: 0)?.version, 20)
        bytes[17] ^= 0xFF
        try writeBytes(bytes, to: "\(folder)/version-floor")
        let storage = try WorldStorage.open(folder)
        XCTAssertEqual(storage.versionFloor, 10)
        try storage.raiseVersionFloor(to: 15)
        XCTAssertEqual(try WorldStorage.open(folder).versionFloor, 15)
    }

    func testAnUnreadableFloorIsSetAsideAndStartsAgain() throws {
        let folder = try makeFolder(self)
        try writeBytes([UInt8](repeating: 7, count: 100), to: "\(folder)/version-floor")
        let storage = try WorldStorage.open(folder)
        let loaded = try storage.load()
        XCTAssertEqual(loaded.versionFloor, 0)
        XCTAssertEqual(loaded.warnings.count, 1)
        XCTAssertTrue(
            loaded.warnings[0].hasPrefix("the version floor was unreadable (it is 100 bytes, not 4096); moved it to \(folder)/version-floor.corrupt."),
            loaded.warnings[0])
        XCTAssertEqual(loaded.setAside.map(\.name), ["version-floor"])
        XCTAssertEqual(try readBytes("\(folder)/version-floor").count, 4096)
        XCTAssertEqual(names(in: folder).filter { $0.hasPrefix("version-floor.corrupt.") }.count, 1)
    }

}
