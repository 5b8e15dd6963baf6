import LifeScheduling
import XCTest

@testable import LifeStorage

/// A crash at any point of the storage's work leaves a folder that loads, without anything set
/// aside, with every record synced before the crash.
///
/// The storage passes checkpoints between its steps (a new journal's temporary file written,
/// renamed; a snapshot half written, written, renamed; each covered journal removed; …). The
/// test copies the folder at every one of them, and after every append, while running a life
/// of first save, appends, syncs, compactions with appends during them, synchronous snapshots
/// and a migration. Each copy is the folder a kill -9 at that moment leaves; each must load.
final class CrashPointTests: XCTestCase {
    func testEveryIntermediateFolderLoadsWithEverySyncedRecord() throws {
        let root = try makeFolder(self)
        let live = "\(root)/live"
        mkdir(live, 0o700)
        try writeBytes(Array("{\"format\":1}".utf8), to: "\(live)/state.json")
        let recorder = FolderRecorder(source: live, root: "\(root)/captures")
        let background = ManualBackground()
        let inbox = Inbox()
        var completions: [Result<Compaction, StorageError>] = []

        do {
            let storage = try WorldStorage.open(live, hooks: recorder.hooks(background: background))
            XCTAssertEqual(try storage.load().contents, .legacy(path: "\(live)/state.json"))
            try storage.migrate(version: 0, header: Model.header(0), grid: Model.grid(0))
            recorder.capture("migrated")

            func append(_ versions: [Int], sync: Bool) throws {
                for version in versions {
                    try storage.append([version])
                    recorder.appended([version])
                    recorder.capture("appended \(version)")
                }
                if sync {
                    try storage.sync()
                    recorder.synced()
                }
            }
            try append([1, 2, 3], sync: true)
            try append([4], sync: false)
            // A compaction, with appends while its snapshot is written. beginCompaction syncs
            // the old journal; the test counts only what sync() made durable.
            try storage.beginCompaction(version: 4, header: Model.header(4), grid: Model.grid(4), inbox: inbox) { completions.append($0) }
            try append([5, 7], sync: true)
            try append([8], sync: false)
            background.runAll()
            try append([9], sync: true)
            for work in inbox.takeAll() { work() }
            XCTAssertEqual(completions.count, 1)
            // A second compaction covering two journal files (the first compaction's and this one's).
            try append([10, 11], sync: true)
            try storage.beginCompaction(version: 11, header: Model.header(11), grid: Model.grid(11), inbox: inbox) { completions.append($0) }
            background.runAll()
            for work in inbox.takeAll() { work() }
            // A synchronous snapshot (shutdown) above the last record.
            try append([12], sync: false)
            try storage.snapshotNow(15)
            try append([16, 17], sync: true)
            try storage.snapshotNow(17)
            recorder.capture("end")
        }
        XCTAssertEqual(completions.count, 2)
        XCTAssertTrue(completions.allSatisfy { (try? $0.get()) != nil }, "\(completions)")

        let captures = recorder.captures
        let labels = Set(captures.map(\.label))
        for expected in [
            "journalTemporaryWritten", "journalCreated", "snapshotPartlyWritten", "snapshotTemporaryWritten", "snapshotReplaced",
            "journalRemoved", "legacyRenamed",
        ] {
            XCTAssertTrue(labels.contains { $0.hasPrefix(expected) }, "no capture at \(expected)")
        }
        XCTAssertGreaterThan(captures.count, 40)
        for capture in captures {
            try check(capture)
        }
    }

    /// The folder at one capture loads without damage, and holds every durable record.
    private func check(_ capture: FolderRecorder.Capture) throws {
        let label = "capture \(capture.path.split(separator: "/").last ?? "") at \(capture.label)"
        XCTAssertEqual(try WorldStorage.examine(folder: capture.path), [], "\(label): a crash's leftovers are no damage")
        let loaded = try WorldStorage.open(capture.path).load()
        XCTAssertEqual(loaded.setAside, [], label)
        XCTAssertEqual(loaded.warnings.filter { !$0.hasPrefix("state.json was migrated into the snapshot before") }, [], label)
        guard let (snapshot, records) = loaded.world else {
            // Before the first snapshot is in place: the legacy state is still there to migrate.
            XCTAssertEqual(loaded.contents, .legacy(path: "\(capture.path)/state.json"), label)
            XCTAssertEqual(capture.durable, [], label)
            return
        }
        XCTAssertEqual(snapshot, Model.snapshot(snapshot.version), label)
        let versions = records.map(\.version)
        XCTAssertEqual(versions, versions.sorted(), label)
        XCTAssertTrue(versions.allSatisfy { $0 > snapshot.version && capture.appended.contains($0) }, "\(label): \(versions)")
        XCTAssertEqual(records, versions.map(Model.record), label)
        for version in capture.durable {
            XCTAssertTrue(version <= snapshot.version || versions.contains(version), "\(label): synced version \(version) lost")
        }
        // Every record appended in order after the snapshot up to the last one loaded is there:
        // a crash loses only a tail.
        let expected = capture.appended.filter { $0 > snapshot.version && $0 <= (versions.last ?? snapshot.version) }
        XCTAssertEqual(versions, expected, label)
    }
}
