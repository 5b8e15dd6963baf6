import LifeIO
import LifeStore
import Protocol

/// Keeps the state on disk, and keeps the promise an acknowledgement makes: a change is
/// acknowledged only once it is on disk.
///
/// The store reports every change (``record(_:origin:version:)``); once per turn of the event
/// loop, before any reply goes out, the server calls ``commit(_:version:)``, which saves what the
/// turn changed (one save for a whole batch of requests: group commit). Timer ticks are not
/// acknowledged to anyone and are saved every few seconds (``saveTicks(_:version:)``).
///
/// When a save fails, the daemon goes back to ``lastSaved`` (the server restores it as a new
/// version), refuses changes with `storage-failed` (``refusal``) and tries again with a growing
/// delay (``retry(_:version:)``) until a save succeeds.
final class Durability {
    let file: StateFile
    let log: Logger
    /// The state and version last written successfully: what a restart would find.
    private(set) var lastSaved: (state: AppState, version: Int)
    /// Whether a change that someone waits for (an acknowledgement) is not saved yet.
    private(set) var hasUncommittedChanges = false
    /// Whether timer ticks changed the state since the last save.
    private var hasUnsavedTicks = false
    /// Why saving fails, while it does; nil when saving works.
    private(set) var failure: String?
    /// How long to wait before the next attempt, while saving fails.
    private(set) var retryDelay: Duration = Durability.firstRetryDelay

    static let firstRetryDelay: Duration = .seconds(1)
    static let longestRetryDelay: Duration = .seconds(30)

    init(file: StateFile, log: Logger, saved state: AppState, version: Int) {
        self.file = file
        self.log = log
        lastSaved = (state, version)
    }

    /// Notes a change the store made. Everything but a timer's tick is saved before the turn's replies go out.
    func record(_ action: AppAction, origin: Store<AppState, AppAction>.Origin, version: Int) {
        if origin == .effect, action == .simulation(.tick) {
            hasUnsavedTicks = true
        } else {
            hasUncommittedChanges = true
        }
    }

    /// Why a change may not be made now: `storage-failed` while saving fails.
    var refusal: ProtocolError? {
        failure.map { ProtocolError(.storageFailed, "lifed cannot save changes (\($0)); it keeps the last saved state and refuses changes until it can save again") }
    }

    /// Saves the turn's changes if an acknowledgement waits for them. Returns the reason when
    /// the save failed (the caller then restores ``lastSaved`` and answers `storage-failed`).
    func commit(_ state: AppState, version: Int) -> String? {
        guard hasUncommittedChanges else { return nil }
        hasUncommittedChanges = false
        return save(state, version: version)
    }

    /// Saves the ticks of the last few seconds (the housekeeping timer calls this). Returns the
    /// reason when the save failed.
    func saveTicks(_ state: AppState, version: Int) -> String? {
        guard hasUnsavedTicks, failure == nil else { return nil }
        return save(state, version: version)
    }

    /// Saves `state` unless `version` is already on disk (start-up, shutdown).
    @discardableResult
    func saveNow(_ state: AppState, version: Int) -> String? {
        guard version != lastSaved.version || hasUnsavedTicks || hasUncommittedChanges else { return nil }
        return save(state, version: version)
    }

    /// After a failure: tries to save the state in place (the restored one) and reports whether saving works again.
    func retry(_ state: AppState, version: Int) -> Bool {
        guard failure != nil else { return true }
        if let reason = save(state, version: version) {
            retryDelay = min(retryDelay * 2, Durability.longestRetryDelay)
            log.warning("saving still fails (\(reason)); next attempt in \(DurationText.format(milliseconds: DurationText.milliseconds(of: retryDelay)))")
            return false
        }
        log.info("saving works again (version \(version) is on disk); changes are allowed again")
        return true
    }

    private func save(_ state: AppState, version: Int) -> String? {
        do {
            try file.save(state, version: version)
        } catch {
            let reason = error.description
            if failure == nil {
                log.error("cannot save the state to \(file.path): \(reason); refusing changes until a save succeeds")
                retryDelay = Durability.firstRetryDelay
            }
            failure = reason
            hasUncommittedChanges = false
            hasUnsavedTicks = false
            return reason
        }
        lastSaved = (state, version)
        failure = nil
        retryDelay = Durability.firstRetryDelay
        hasUncommittedChanges = false
        hasUnsavedTicks = false
        return nil
    }
}
