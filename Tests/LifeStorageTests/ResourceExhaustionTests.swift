import Glibc
import LifeGrid
import XCTest

@testable import LifeStorage

/// A full disk and an exhausted descriptor table are errors the caller hears about, and they
/// change nothing that was stored.
final class ResourceExhaustionTests: XCTestCase {
    /// A 64 KiB tmpfs mounted for the test (the tests run as root); skipped where mounting is not allowed.
    private func mountSmallFileSystem() throws -> String {
        let folder = try makeFolder(self)
        guard mount("tmpfs", folder, "tmpfs", 0, "size=64k,mode=0700") == 0 else {
            throw XCTSkip("cannot mount a 64 KiB tmpfs to fill (\(String(cString: strerror(errno)))); the full-disk test needs root")
        }
        addTeardownBlock { umount2(folder, Int32(MNT_DETACH)) }
        return folder
    }

    /// On a full file system an append fails with ENOSPC and leaves the journal byte for byte as
    /// it was; the version floor can still be raised; what was synced loads.
    func testAFullDiskRefusesAnAppendAndLeavesTheJournalAsItWas() throws {
        let folder = try mountSmallFileSystem()
        let name = "journal-00000000000000000001"
        let storage = try WorldStorage.open(folder)
        _ = try storage.load()
        try storage.writeSnapshotNow(version: 0, header: Array("{}".utf8), grid: Model.grid(0))
        let payload = [UInt8](repeating: 0x61, count: 200)
        var version = 0
        var failure: StorageError?
        var before: [UInt8] = []
        while version < 10_000 {
            before = try readBytes("\(folder)/\(name)")
            do {
                try storage.append(version: version + 1, payload: payload)
                version += 1
                if version % 10 == 0 { try storage.sync() }
            } catch {
                failure = error
                break
            }
        }
        let error = try XCTUnwrap(failure, "the 64 KiB file system filled up")
        XCTAssertEqual(error.errno, ENOSPC)
        XCTAssertEqual(error.description, "cannot write the journal: No space left on device")
        XCTAssertGreaterThan(version, 100, "most of the space went to records")
        XCTAssertEqual(try readBytes("\(folder)/\(name)"), before, "exactly as before the failed append")
        // The floor is overwritten in place: no block is needed.
        try storage.raiseVersionFloor(to: version + 50)
        try storage.sync()
        // Again: still refused, still unchanged.
        XCTAssertThrowsError(try storage.append(version: version + 1, payload: payload))
        XCTAssertEqual(try readBytes("\(folder)/\(name)"), before)

        let reloaded = try WorldStorage.open(folder)
        let loaded = try reloaded.load()
        XCTAssertEqual(loaded.recordVersions, Array(1...version))
        XCTAssertEqual(loaded.versionFloor, version + 50)
        XCTAssertEqual(loaded.warnings, [])
        // Once there is room again, appends go on.
        XCTAssertEqual(truncate("\(folder)/\(name)", off_t(JournalFormat.headerSize)), 0)
        let fresh = try WorldStorage.open(folder)
        _ = try fresh.load()
        try fresh.append([1])
        try fresh.sync()
        XCTAssertEqual(try WorldStorage.open(folder).load().recordVersions, [1])
    }

    /// A full disk while writing a snapshot: an error, the temporary file removed, the old
    /// snapshot and journal still loading.
    func testAFullDiskRefusesASnapshotAndKeepsTheOldOne() throws {
        let folder = try mountSmallFileSystem()
        let storage = try WorldStorage.open(folder)
        _ = try storage.load()
        try storage.snapshotNow(0)
        try storage.append([1])
        try storage.sync()
        XCTAssertThrowsError(try storage.writeSnapshotNow(version: 2, header: [], grid: Grid(rows: 1024, cols: 1024))) { error in
            XCTAssertEqual((error as? StorageError)?.errno, ENOSPC)
            XCTAssertEqual("\(error)", "cannot write the snapshot: No space left on device")
        }
        XCTAssertFalse(names(in: folder).contains { Naming.isTemporary($0) })
        let loaded = try WorldStorage.open(folder).load()
        XCTAssertEqual(loaded.world?.snapshot, Model.snapshot(0))
        XCTAssertEqual(loaded.recordVersions, [1])
        XCTAssertEqual(loaded.highestVersion, 2, "the failed snapshot's version is reserved")
    }

    /// Runs `body` with the descriptor table full: no new descriptor can be opened (EMFILE).
    private func withNoDescriptorsLeft(_ body: () throws -> Void) throws {
        var saved = rlimit()
        XCTAssertEqual(getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &saved), 0)
        let probe = open("/dev/null", O_RDONLY | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(probe, 0)
        close(probe)
        // Descriptors are numbered from the lowest free one: with the limit there, none can open.
        var lowered = saved
        lowered.rlim_cur = rlim_t(probe)
        XCTAssertEqual(setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &lowered), 0)
        defer { XCTAssertEqual(setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &saved), 0) }
        XCTAssertEqual(open("/dev/null", O_RDONLY), -1)
        XCTAssertEqual(errno, EMFILE)
        try body()
    }

    func testRunningOutOfDescriptorsIsAnErrorNotACrash() throws {
        let folder = try makeFolder(self)
        let other = try makeFolder(self)
        let storage = try WorldStorage.open(folder)
        _ = try storage.load()
        try storage.snapshotNow(0)
        let unloaded = try WorldStorage.open(other)
        try withNoDescriptorsLeft {
            XCTAssertThrowsError(try WorldStorage.open(other)) { error in
                XCTAssertEqual((error as? StorageError)?.errno, EMFILE)
                XCTAssertEqual("\(error)", "cannot open the state folder \(other): Too many open files")
            }
            XCTAssertThrowsError(try unloaded.load()) { XCTAssertEqual(($0 as? StorageError)?.errno, EMFILE) }
            XCTAssertThrowsError(try storage.snapshotNow(1)) { error in
                XCTAssertEqual((error as? StorageError)?.errno, EMFILE)
                XCTAssertEqual("\(error)", "cannot create a temporary file for the new journal journal-00000000000000000002: Too many open files")
            }
            XCTAssertThrowsError(try storage.beginCompaction(version: 1, header: [], grid: Model.grid(1), inbox: .init()) { _ in }) {
                XCTAssertEqual(($0 as? StorageError)?.errno, EMFILE)
            }
            XCTAssertFalse(storage.isCompacting)
            // What needs no new descriptor still works.
            try storage.append([1, 2])
            try storage.sync()
            try storage.raiseVersionFloor(to: 9)
        }
        // And afterwards everything does.
        XCTAssertEqual(try unloaded.load().contents, .empty)
        try storage.snapshotNow(3)
        try storage.append([4])
        try storage.sync()
        let loaded = try WorldStorage.open(folder).load()
        XCTAssertEqual(loaded.world?.snapshot, Model.snapshot(3))
        XCTAssertEqual(loaded.recordVersions, [4])
        XCTAssertEqual(loaded.versionFloor, 9)
    }
}
