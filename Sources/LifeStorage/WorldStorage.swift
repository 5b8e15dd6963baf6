import Dispatch
import Glibc
import LifeGrid
import LifeScheduling
import LifeSystem
import Synchronization

/// The daemon's state on disk: a snapshot of the world at one version, a journal of records
/// for the versions after it, and a version floor, in one folder.
///
/// Saving a change is appending its record (`append`, one `pwrite`) and making it durable
/// (`sync`, one `fdatasync`); loading is reading the snapshot and every record after it. Now and
/// then the caller compacts: a new snapshot is written on a background thread while appends go
/// to a new journal file, and the journal files the snapshot covers are removed.
///
/// Crash safety: whatever instant the process dies or the power goes, the folder loads, and
/// every record appended before a `sync()` that returned is in what it loads. Files are only
/// ever created whole (a temporary file, synced, renamed, the folder synced); a journal's torn
/// last record is cut off at load; anything corrupt is moved aside, never deleted.
///
/// Every file is opened relative to the folder's descriptor, with `O_NOFOLLOW`; a symbolic link
/// or anything but a regular file under one of the storage's names is refused. The caller
/// makes and checks the folder and keeps other processes out of it (lifed's `lifed.lock`).
///
/// Not thread-safe: use it from one executor (lifed's event loop). The only work done elsewhere
/// is a compaction's snapshot, which touches nothing but the folder and the values it was given.
public final class WorldStorage {
    /// The folder's path, for messages.
    public var folderPath: String { folder.path }
    /// The largest payload `append` takes; the default is lifed's largest request frame (1 GiB).
    public var maxPayloadBytes = 1 << 30
    /// The largest journal file `load()` reads.
    static let maxJournalFileBytes = 1 << 32

    let folder: Folder
    let log: Logger
    let hooks: StorageHooks
    let floorFile: VersionFloorFile
    /// A problem met opening the version floor, reported by `load()`, and the unreadable floor
    /// it set aside.
    var floorWarning: String?
    var floorSetAside: SetAsideFile?

    enum Phase: Equatable { case unloaded, loaded }
    var phase = Phase.unloaded
    /// Whether `load()` found only a legacy `state.json`, which `migrate` converts.
    var legacyPending = false
    /// The journal appends go to (nil until there is a snapshot).
    var journal: JournalFile?
    /// The journal files before it, oldest first, with their sizes: not yet covered by a snapshot
    /// (or covered by one whose compaction has not finished).
    var olderJournals: [(name: String, bytes: Int)] = []
    /// The version of the snapshot on disk, nil if there is none.
    public internal(set) var snapshotVersion: Int?
    /// The highest version stored or reserved: an append must be above it. Nil until there is a
    /// snapshot. A snapshot at version V makes it V.
    public internal(set) var lastVersion: Int?

    var compaction: RunningCompaction?
    private var compactionCompletion: ((Result<Compaction, StorageError>) -> Void)?
    private var compactions = 0

    /// Opens the state folder at `folder` (which the caller has made, and checked is its own)
    /// and its version floor, creating the floor file if there is none. Nothing else is read
    /// until `load()`.
    public convenience init(folder: String, log: Logger) throws(StorageError) {
        try self.init(folder: folder, log: log, hooks: StorageHooks())
    }

    init(folder path: String, log: Logger, hooks: StorageHooks) throws(StorageError) {
        self.log = log
        self.hooks = hooks
        folder = try Folder.open(path)
        do {
            (floorFile, floorWarning, floorSetAside) = try VersionFloorFile.open(in: folder)
        } catch {
            folder.close()
            throw error
        }
    }

    deinit {
        // The background work uses the folder's descriptor: let it finish before closing it.
        if let compaction { _ = compaction.waitForResult() }
        journal = nil
        folder.close()
    }

    // MARK: The journal

    /// Appends a record for `version` (above `lastVersion`) with the caller's `payload`: one
    /// `pwrite`, not synced. On failure (`ENOSPC`, say) the journal is left as it was.
    public func append(version: Int, payload: [UInt8]) throws(StorageError) {
        let operation = "append version \(version) to the journal"
        guard let journal, let lastVersion else {
            throw .invalid(operation, phase == .unloaded ? "the folder is not loaded yet" : "there is no snapshot yet (the first save is writeSnapshotNow)")
        }
        guard version > lastVersion else { throw .invalid(operation, "it is not above the last stored version, \(lastVersion)") }
        let limit = min(maxPayloadBytes, JournalFormat.maxPayloadBytes)
        guard payload.count <= limit else {
            throw StorageError(operation, errno: EFBIG, reason: "its \(payload.count) bytes are more than the \(limit) allowed")
        }
        try journal.append(JournalFormat.record(version: version, payload: payload))
        self.lastVersion = version
    }

    /// Makes every record appended so far durable: one `fdatasync` of the journal (nothing if
    /// there is nothing new). After a failed sync the journal takes no more appends until a
    /// snapshot starts a new one (`writeSnapshotNow` or `beginCompaction`).
    public func sync() throws(StorageError) {
        try journal?.sync()
    }

    /// Cuts the journal back to its last successful sync: the records appended since are gone
    /// from the file, and a later load never sees them. (The daemon does this when a save
    /// fails, before it goes back to the last synced state.) Versions stay reserved: appends
    /// after this still need versions above every one appended before.
    public func discardUnsynced() throws(StorageError) {
        try journal?.discardUnsynced()
    }

    /// The paths of the journal files after the snapshot, oldest first (for messages).
    public var journalPaths: [String] {
        (olderJournals.map(\.name) + (journal.map { [$0.name] } ?? [])).map(folder.path(of:))
    }

    /// The bytes in journal files since the last finished snapshot (for the caller's choice of
    /// when to compact).
    public var journalBytes: Int {
        olderJournals.reduce(0) { $0 + $1.bytes } + (journal?.end ?? 0)
    }

    // MARK: The version floor

    /// The version floor: the highest version the daemon recorded it may have shown.
    public var versionFloor: Int { floorFile.value }

    /// Raises the version floor to `version` durably (nothing if it is there already): one
    /// `pwrite` in place and one `fdatasync`, which works on a full disk.
    public func raiseVersionFloor(to version: Int) throws(StorageError) {
        try floorFile.raise(to: version)
    }

    /// Sets the version floor to `version`, lower or higher: both slots are written in turn, so a
    /// write torn between them leaves the higher value, never a lower one than intended. Only lower
    /// the floor to a version everything up to which is durably stored (after a snapshot at it).
    public func setVersionFloor(to version: Int) throws(StorageError) {
        try floorFile.set(to: version)
    }

    // MARK: Snapshots

    /// Whether a compaction's snapshot is being written.
    public var isCompacting: Bool { compaction != nil }

    /// Starts a compaction: the world at `version` (not below `lastVersion`) is written as the
    /// new snapshot on a background thread. Before this returns, appends are switched to a new
    /// journal file, `journal-<version + 1>` (created, synced, the folder synced; the old
    /// journal is synced first). `completion` runs on the caller's executor, posted through
    /// `inbox`, with the result; on success the journal files the snapshot covers are removed.
    /// A failure leaves the old snapshot and journals in place (they still load). Throws, and
    /// starts nothing, if the new journal cannot be made, a compaction is running (`EBUSY`), or
    /// there is no snapshot yet (the first one is written with `writeSnapshotNow`).
    public func beginCompaction(
        version: Int, header: [UInt8], grid: Grid, inbox: Inbox, completion: @escaping (Result<Compaction, StorageError>) -> Void
    ) throws(StorageError) {
        let operation = "start a compaction at version \(version)"
        guard compaction == nil else { throw StorageError(operation, errno: EBUSY, reason: "a compaction is running already") }
        try checkSnapshot(operation, version: version, header: header, grid: grid)
        guard snapshotVersion != nil else { throw .invalid(operation, "there is no snapshot yet (the first one is written with writeSnapshotNow)") }
        try rotate(to: version + 1)
        lastVersion = version
        compactions += 1
        let running = RunningCompaction(id: compactions, covered: olderJournals.map(\.name))
        compaction = running
        compactionCompletion = completion
        let folder = self.folder
        let checkpoint = hooks.checkpoint
        let storage = ExecutorBound(self)
        hooks.runInBackground {
            running.finish(Self.compact(version: version, header: header, grid: grid, covered: running.covered, in: folder, checkpoint: checkpoint))
            inbox.post { storage.value.compactionFinished(running) }
        }
    }

    /// Waits for a running compaction to finish and runs its completion now (it does not run
    /// again when its post arrives). For shutdown; `writeSnapshotNow` does it itself.
    public func waitForCompaction() {
        if let compaction { conclude(compaction, compaction.waitForResult()) }
    }

    /// Writes the world at `version` (not below `lastVersion`) as the snapshot, synchronously:
    /// for the first save, and at shutdown. Like a compaction, appends go to a new journal file
    /// from now on and the journal files the snapshot covers are removed. A running compaction
    /// is waited for first (its completion runs before this returns).
    public func writeSnapshotNow(version: Int, header: [UInt8], grid: Grid) throws(StorageError) {
        let operation = "write a snapshot at version \(version)"
        waitForCompaction()
        try checkSnapshot(operation, version: version, header: header, grid: grid)
        try rotate(to: version + 1)
        lastVersion = version
        _ = try SnapshotWriter.write(version: version, header: header, grid: grid, in: folder, checkpoint: hooks.checkpoint)
        snapshotVersion = version
        // From here on a folder without a snapshot has lost it (see `examine`).
        try floorFile.markSnapshot(version: version)
        let outcome = Self.remove(olderJournals.map(\.name), from: folder, checkpoint: hooks.checkpoint)
        for warning in outcome.warnings { log.warning(warning) }
        olderJournals = []
    }

    /// Converts a legacy `state.json` (which `load()` reported as `.legacy`): writes the world
    /// the caller read from it as the first snapshot, then renames `state.json` to
    /// `state.json.migrated` (never deletes it). Returns the new name's path, or nil if the
    /// rename failed (the snapshot is written; the next `load()` renames it).
    @discardableResult
    public func migrate(version: Int, header: [UInt8], grid: Grid) throws(StorageError) -> String? {
        guard legacyPending else { throw .invalid("migrate the legacy state", "load() found no legacy state.json to migrate") }
        try writeSnapshotNow(version: version, header: header, grid: grid)
        legacyPending = false
        do throws(StorageError) {
            return try renameLegacyState()
        } catch {
            log.warning("\(error); the next start renames it")
            return nil
        }
    }

    /// Renames `state.json` to `state.json.migrated` (or `.migrated.2`, … if taken), durably.
    func renameLegacyState() throws(StorageError) -> String {
        var target = Naming.legacyState + ".migrated"
        var attempt = 1
        while folder.exists(target) {
            attempt += 1
            target = Naming.legacyState + ".migrated.\(attempt)"
        }
        try folder.rename(Naming.legacyState, to: target, what: "the migrated \(Naming.legacyState) to \(target)")
        try folder.sync()
        hooks.checkpoint(.legacyRenamed)
        return folder.path(of: target)
    }

    // MARK: Internals

    private func checkSnapshot(_ operation: String, version: Int, header: [UInt8], grid: Grid) throws(StorageError) {
        guard phase == .loaded else { throw .invalid(operation, "the folder is not loaded yet") }
        guard version >= 0, version < Int.max else { throw .invalid(operation, "versions run from 0 to \(Int.max - 1)") }
        if let lastVersion, version < lastVersion {
            throw .invalid(operation, "it is below the last stored version, \(lastVersion)")
        }
        guard header.count <= SnapshotFormat.maxHeaderBytes else {
            throw StorageError(operation, errno: EFBIG, reason: "its header's \(header.count) bytes are more than the \(SnapshotFormat.maxHeaderBytes) allowed")
        }
        guard grid.rows <= Int(UInt32.max), grid.cols <= Int(UInt32.max) else {
            throw StorageError(operation, errno: EFBIG, reason: "its grid of \(grid.rows)x\(grid.cols) is larger than a snapshot holds")
        }
    }

    /// Makes `journal-<start>` the journal appends go to, syncing the current one first.
    private func rotate(to start: Int) throws(StorageError) {
        if let journal, journal.start == start, journal.failedSync == nil { return }
        if let journal, journal.failedSync == nil { try journal.sync() }
        let new = try JournalFile.create(in: folder, start: start, preallocation: hooks.preallocation, checkpoint: hooks.checkpoint)
        // A journal of the same name (empty: its versions would be above the snapshot's) is replaced.
        if let old = journal, old.start != start { olderJournals.append((old.name, old.end)) }
        journal = new
    }

    /// A compaction's background work: the snapshot, then the journal files it covers.
    private static func compact(
        version: Int, header: [UInt8], grid: Grid, covered: [String], in folder: Folder, checkpoint: (Checkpoint) -> Void
    ) -> Result<Compaction, StorageError> {
        do {
            let size = try SnapshotWriter.write(version: version, header: header, grid: grid, in: folder, checkpoint: checkpoint)
            let outcome = remove(covered, from: folder, checkpoint: checkpoint)
            return .success(Compaction(version: version, snapshotBytes: size, removedJournals: outcome.removed, warnings: outcome.warnings))
        } catch {
            return .failure(error)
        }
    }

    /// Removes journal files a snapshot covers, then syncs the folder. A failure is only a
    /// warning: the files are removed by the next load.
    static func remove(_ names: [String], from folder: Folder, checkpoint: (Checkpoint) -> Void) -> (removed: [String], warnings: [String]) {
        var removed: [String] = []
        var warnings: [String] = []
        for name in names {
            do throws(SystemError) {
                try folder.unlink(name)
            } catch {
                if error.code != .noSuchFileOrDirectory {
                    warnings.append("cannot remove the journal \(name), which the snapshot covers: \(error.reason)")
                    continue
                }
            }
            removed.append(name)
            checkpoint(.journalRemoved(name))
        }
        if !names.isEmpty {
            do throws(StorageError) { try folder.sync() } catch { warnings.append("\(error)") }
        }
        return (removed, warnings)
    }

    /// The compaction's post arrived on the executor.
    private func compactionFinished(_ running: RunningCompaction) {
        // Already concluded by waitForCompaction (or writeSnapshotNow) if it is not the running one.
        guard compaction === running else { return }
        conclude(running, running.waitForResult())
    }

    private func conclude(_ running: RunningCompaction, _ result: Result<Compaction, StorageError>) {
        compaction = nil
        let completion = compactionCompletion
        compactionCompletion = nil
        if case .success(let done) = result {
            snapshotVersion = max(snapshotVersion ?? done.version, done.version)
            olderJournals.removeAll { running.covered.contains($0.name) }
        }
        completion?(result)
    }
}

/// A compaction under way: its background work's result, once there is one.
final class RunningCompaction: Sendable {
    let id: Int
    /// The journal files its snapshot covers.
    let covered: [String]
    private let outcome = Mutex<Result<Compaction, StorageError>?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    init(id: Int, covered: [String]) {
        self.id = id
        self.covered = covered
    }

    /// Called once, by the background work, with its result.
    func finish(_ result: Result<Compaction, StorageError>) {
        outcome.withLock { $0 = result }
        finished.signal()
    }

    /// The result, waiting for it if need be.
    func waitForResult() -> Result<Compaction, StorageError> {
        finished.wait()
        // Let the next wait through too.
        finished.signal()
        return outcome.withLock { $0 } ?? .failure(StorageError("finish the compaction", errno: EIO))
    }
}
