import LifeDaemon
import LifeGrid
import LifeSystem
import LifeJSON
import LifeScheduling
import LifeStorage
import LifeStore
import LifeSystem
import Protocol

/// Keeps the state on disk, and keeps the promise an acknowledgement makes: a change is
/// acknowledged only once it is on disk.
///
/// The disk holds a snapshot and a journal (``WorldStorage``). Durability is the ``TurnJournal``
/// of the daemon's ``TurnCommit``, its one caller: the store's middleware hooks reach it through
/// the turn's commit, so every change the store makes is appended to the journal as it happens
/// (``didChange(from:to:action:origin:version:)``, one `pwrite`), and while saving fails every
/// change is refused (``approve(_:origin:old:new:)``). Once per turn of the event loop, before any
/// reply goes out, the turn's commit calls ``commit(_:version:)``, which makes the turn's records
/// durable with one `fdatasync` if an acknowledgement waits for them (group commit). Timer ticks
/// are not acknowledged to anyone: they are appended too, and synced every few seconds
/// (``saveTicks(_:version:)``). When the journal grows long or costly to replay, a new snapshot is
/// written on a background thread.
///
/// When a save fails, the records since the last sync are cut off, the daemon goes back to
/// ``lastSaved`` (the turn's commit restores it as a new version), refuses changes with
/// `storage-failed` (``refusal``) and tries again with a growing delay
/// (``retry(_:version:)``), by writing a snapshot of the state it went back to.
///
/// Versions are never reused, even after a power cut: before a version above the version floor
/// on disk can be shown to anyone, the floor is raised to leave room for many more
/// (``versionLease``); a restart continues above the floor. A clean shutdown writes a snapshot
/// and sets the floor to its version, so versions continue without a gap.
final class Durability {
    let storage: WorldStorage
    let log: Logger
    /// Makes each change's record, with what its replay needs.
    private var recorder: ActionRecorder
    /// The state and version on disk: what a restart would find (nil until ``start(with:version:)``).
    private(set) var lastSaved: (state: AppState, version: Int)?
    /// The version on disk, -1 before the first save.
    var lastSavedVersion: Int { lastSaved?.version ?? -1 }
    /// Whether a change that someone waits for (an acknowledgement) is not synced yet.
    private(set) var hasUncommittedChanges = false
    /// Whether replies must wait for this turn's ``commit(_:version:)``: a change waits to be
    /// synced, or its record could not even be appended (its answer is then `storage-failed`).
    var holdsReplies: Bool { hasUncommittedChanges || turnFailure != nil }
    /// Whether timer ticks were appended since the last sync.
    private var hasUnsyncedTicks = false
    /// Why saving fails, while it does; nil when saving works.
    private(set) var failure: String?
    /// What `--recover` dropped at start-up, until someone acknowledges it.
    var recovery: StateRecovery?
    /// A failure met during this turn (an append), reported by the turn's ``commit(_:version:)``.
    private var turnFailure: String?
    /// How long to wait before the next attempt, while saving fails.
    private(set) var retryDelay: Duration = Durability.firstRetryDelay
    /// The loop's inbox, where a compaction's completion arrives.
    private let inbox: Inbox
    /// When the journal is compacted into a new snapshot.
    private var compaction: CompactionSchedule

    static let firstRetryDelay: Duration = .seconds(1)
    static let longestRetryDelay: Duration = .seconds(30)
    /// How many versions the floor is raised ahead of the current one.
    static let versionLease = 10_000
    /// A compaction starts when the journal passes this many bytes unless `LIFED_COMPACTION_BYTES`
    /// says otherwise (for tests that want compactions often), or when replaying it would cost
    /// too much (see ``CompactionSchedule``).
    static let defaultCompactionBytes = 4 << 20

    /// A durability over `storage`, which ``open(folder:log:random:defaults:inbox:environment:)`` has read.
    init(
        storage: WorldStorage, log: Logger, random: RandomSource, defaults: Settings, inbox: Inbox, compactionBytes: Int,
        history: HistoryContext
    ) {
        compaction = CompactionSchedule(journalBytesLimit: compactionBytes)
        self.storage = storage
        self.log = log
        recorder = ActionRecorder(random: random, defaults: defaults, history: history)
        self.inbox = inbox
    }

    /// Writes the state the daemon starts with as a snapshot, so the journal starts empty from
    /// it (start-up changes the restored state: a fetch does not continue, the timer is restarted
    /// by an action). When it cannot (a full disk), lifed starts all the same, serving what it
    /// restored and refusing changes until a retry succeeds.
    func start(with state: AppState, version: Int) {
        lastSaved = (state, version)
        do {
            try lease(version)
            try storage.writeSnapshotNow(version: version, header: SnapshotHeader.encode(state), grid: state.simulation.gridState.grid)
        } catch {
            log.error("cannot save the world in \(storage.folderPath): \(error); serving what was restored and refusing changes until a save succeeds")
            failure = error.description
        }
    }

    /// Where a jump's worker encodes the record of the jump's end, off the event loop.
    var preparedJumpEnds: PreparedJumpRecord { recorder.preparedJumpEnds }

    /// Appends a change the store made to the journal. Everything but a timer's tick is synced
    /// before the turn's replies go out.
    private func record(_ action: AppAction, origin: Store<AppState, AppAction>.Origin, old: AppState, new: AppState, version: Int) {
        guard failure == nil, turnFailure == nil else { return }
        let payload = recorder.payload(of: action, from: old, to: new)
        do {
            try lease(version)
            try storage.append(version: version, payload: payload)
        } catch {
            fail(error.description)
            turnFailure = failure
            return
        }
        compaction.appended(cost: JournalReplay.cost(from: old, to: new))
        if origin == .effect, action == .simulation(.tick) || action.isJumpProgress {
            // Nobody waits for these: synced with the next change, or by the housekeeping timer.
            hasUnsyncedTicks = true
        } else {
            hasUncommittedChanges = true
        }
    }

    /// A version is about to be shown (a change, or a state restored): the floor on disk must be
    /// above it before anyone sees it, so that a restart never hands it out again.
    func lease(_ version: Int) throws(StorageError) {
        guard version > storage.versionFloor - Self.versionLease / 2 else { return }
        try storage.raiseVersionFloor(to: version + Self.versionLease)
    }

    /// Why a change may not be made now: `storage-failed` while saving fails.
    var refusal: ProtocolError? {
        failure.map { ProtocolError(.storageFailed, "lifed cannot save changes (\($0)); it keeps the last saved state and refuses changes until it can save again") }
    }

    /// Makes the turn's records durable if an acknowledgement waits for them. Returns the reason
    /// when this turn's save failed (the caller then restores ``lastSaved`` and answers
    /// `storage-failed`).
    func commit(_ state: AppState, version: Int) -> String? {
        if let reason = turnFailure {
            turnFailure = nil
            hasUncommittedChanges = false
            return reason
        }
        guard hasUncommittedChanges else {
            // Timer ticks make replay costly without any acknowledgement: compact for them too.
            if failure == nil { compactIfDue(state, version: version) }
            return nil
        }
        hasUncommittedChanges = false
        return sync(state, version: version)
    }

    /// Syncs the ticks of the last few seconds (the housekeeping timer calls this). Returns the
    /// reason when the sync failed.
    func saveTicks(_ state: AppState, version: Int) -> String? {
        guard hasUnsyncedTicks, failure == nil else { return nil }
        return sync(state, version: version)
    }

    /// At shutdown: syncs, waits for a compaction, writes a snapshot of `state` and sets the
    /// version floor to its version, so the next start reads one file and continues at the
    /// next version. Returns the reason when it could not (what was synced before stays).
    @discardableResult
    func close(_ state: AppState, version: Int) -> String? {
        storage.waitForCompaction()
        guard failure == nil else { return failure }
        do {
            try storage.sync()
            try storage.writeSnapshotNow(version: version, header: SnapshotHeader.encode(state), grid: state.simulation.gridState.grid)
            try storage.setVersionFloor(to: version)
        } catch {
            log.error("cannot write the final snapshot: \(error); the journal holds every acknowledged change")
            return error.description
        }
        lastSaved = (state, version)
        return nil
    }

    /// After a failure: writes the state in place (the restored one) as a snapshot, which
    /// starts a new journal, and reports whether saving works again.
    func retry(_ state: AppState, version: Int) -> Bool {
        guard failure != nil else { return true }
        do {
            try lease(version)
            try storage.writeSnapshotNow(version: version, header: SnapshotHeader.encode(state), grid: state.simulation.gridState.grid)
        } catch {
            failure = error.description
            retryDelay = min(retryDelay * 2, Durability.longestRetryDelay)
            log.warning("saving still fails (\(error)); next attempt in \(DurationText.format(milliseconds: DurationText.milliseconds(of: retryDelay)))")
            return false
        }
        log.info("saving works again (version \(version) is on disk); changes are allowed again")
        succeeded(state, version: version)
        compaction.startedSnapshot()
        return true
    }

    private func sync(_ state: AppState, version: Int) -> String? {
        do {
            try storage.sync()
        } catch {
            fail(error.description)
            return failure
        }
        succeeded(state, version: version)
        compactIfDue(state, version: version)
        return nil
    }

    private func succeeded(_ state: AppState, version: Int) {
        lastSaved = (state, version)
        failure = nil
        retryDelay = Durability.firstRetryDelay
        hasUncommittedChanges = false
        hasUnsyncedTicks = false
    }

    /// Saving failed: the records since the last sync are cut off the journal (a restart must
    /// not find changes that were refused), and changes are refused until a retry succeeds.
    private func fail(_ reason: String) {
        if failure == nil {
            log.error("cannot save to \(storage.folderPath): \(reason); going back to version \(lastSavedVersion) and refusing changes until a save succeeds")
            retryDelay = Durability.firstRetryDelay
        }
        failure = reason
        hasUncommittedChanges = false
        hasUnsyncedTicks = false
        do {
            try storage.discardUnsynced()
        } catch {
            log.error("cannot cut the unsaved records off the journal: \(error); a restart may find changes after version \(lastSavedVersion) that were refused")
        }
    }

    /// Starts a compaction when the journal is long or costly to replay: the synced state
    /// becomes the new snapshot, written on a background thread.
    private func compactIfDue(_ state: AppState, version: Int) {
        guard !storage.isCompacting, compaction.isDue(journalBytes: storage.journalBytes) else { return }
        let cost = compaction.replayCost
        do {
            try storage.beginCompaction(
                version: version, header: SnapshotHeader.encode(state), grid: state.simulation.gridState.grid, inbox: inbox
            ) { [weak self] result in self?.compactionFinished(result) }
        } catch {
            log.warning("cannot start a compaction: \(error); the journal keeps growing until one can")
            compaction.couldNotStart()
            return
        }
        log.debug("compacting at version \(version) (journal replay cost \(cost) cell-generations)")
        compaction.startedSnapshot()
        // Starting it synced the journal: everything up to `version` is on disk.
        succeeded(state, version: version)
    }

    private func compactionFinished(_ result: Result<Compaction, StorageError>) {
        switch result {
        case .success(let done):
            compaction.finished(snapshotBytes: done.snapshotBytes)
            for warning in done.warnings { log.warning(warning) }
            log.debug("compacted: a snapshot at version \(done.version), \(done.snapshotBytes) bytes")
        case .failure(let error):
            // The old snapshot and journals are still whole: nothing acknowledged is lost.
            log.warning("a compaction failed (\(error)); the journal is kept and a later one tries again")
            compaction.failed()
        }
    }
}

/// Durability as the store's middleware, behind the turn's commit (the store's first middleware):
/// it sees every action first, and every change before anyone is sent it.
extension Durability: TurnJournal {
    typealias State = AppState
    typealias Action = AppAction

    /// Before the reducer runs: the random generator's state, for the record; and an
    /// acknowledgement of what a recovery dropped, which no reducer sees (it changes no state).
    func willReduce(_ action: AppAction, origin: Store<AppState, AppAction>.Origin) {
        recorder.willReduce()
        if action == .storage(.acknowledgeRecovery), let recovery {
            log.info("the recovery at version \(recovery.at) was acknowledged; status says saving is ok again")
            self.recovery = nil
        }
    }

    /// While saving fails, every change is refused (`storage-failed`).
    func approve(_ action: AppAction, origin: Store<AppState, AppAction>.Origin, old: AppState, new: AppState) throws(ProtocolError) {
        if let refusal { throw refusal }
    }

    /// Every change is appended to the journal (``record(_:origin:old:new:version:)``).
    func didChange(from old: AppState, to new: AppState, action: AppAction, origin: Store<AppState, AppAction>.Origin, version: Int) {
        record(action, origin: origin, old: old, new: new, version: version)
    }

    /// A state put back after a failed save is a new version: the floor on disk must cover it.
    func didRestore(from old: AppState, to new: AppState, version: Int) {
        do throws(StorageError) {
            try lease(version)
        } catch {
            log.error("cannot raise the version floor to cover version \(version): \(error)")
        }
    }
}
