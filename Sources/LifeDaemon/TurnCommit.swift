import LifeJSON
import LifeScheduling
import LifeStore
import Protocol

/// The one owner of each turn's commit: once per turn of the event loop, before any reply is
/// written, it has the journal sync the turn's changes, and then releases the replies that
/// waited for that (or, when it failed, answers them `storage-failed` and goes back to what is
/// on disk); and it retries a failed save until one succeeds. As Redis's `beforeSleep`, which
/// flushes the append-only file and only then writes the clients' pending replies.
///
/// **The journal has one master: this.** The store reaches the journal through it:
/// `TurnCommit` is the store's first middleware, and forwards each hook to the journal
/// (Store → TurnCommit → journal), which appends every change as it happens and refuses every
/// change while saving fails. Everything else that concerns saving asks `TurnCommit`, never the
/// journal: the request routing whether an acknowledgement must be held (``holdsReplies``), the
/// loop's before-sleep hook for the turn's commit (``endOfTurn(releasingHeld:)``), the
/// housekeeping timer for the ticks (``saveTicks()``), `status` and systemd for how saving goes
/// (``storageStatus``, ``failure``), and shutdown for the last snapshot (``close()``). So the
/// order of a turn is decided in one place:
///
/// 1. the journal commits the turn's records (one `fdatasync`, if an acknowledgement waits);
/// 2. the held replies are released (`releasingHeld`): acknowledgements as `ack`, or, when the
///    commit failed, as `storage-failed` with the journal's reason;
/// 3. after a failure, the store goes back to the journal's last saved state as a new version
///    (its diff is published after those errors), and a retry is scheduled: after the journal's
///    delay, it writes the state in place as a new snapshot, again until it works; then a jump's
///    end that was refused meanwhile is sent to the store again.
///
/// Writing the replies is not its business: the caller does that after ``endOfTurn(releasingHeld:)``.
public final class TurnCommit {
    private let journal: any TurnJournal
    private let store: Store<AppState, AppAction>
    /// Where retries are timed (the event loop; a test scheduler in the tests).
    private let scheduler: Scheduler
    /// Writes a warning line to the log.
    private let warn: (String) -> Void
    /// Whether a retry of a failed save is scheduled.
    private var isRetryScheduled = false
    /// A jump's end that came while saving failed (and was refused): sent again once saving works.
    private(set) var refusedJumpEnd: AppAction?

    public init(journal: any TurnJournal, store: Store<AppState, AppAction>, scheduler: Scheduler, warn: @escaping (String) -> Void) {
        self.journal = journal
        self.store = store
        self.scheduler = scheduler
        self.warn = warn
    }

    /// Starts the journal from the store's state (its first snapshot), and schedules a retry if
    /// that could not be saved.
    public func start() {
        journal.start(with: store.state, version: store.version)
        if journal.failure != nil { scheduleRetry() }
    }

    /// Whether replies must wait for this turn's commit: an acknowledgement promises that its
    /// change is on disk.
    public var holdsReplies: Bool { journal.holdsReplies }

    /// Why saving fails, while it does; nil when saving works.
    public var failure: String? { journal.failure }

    /// The storage's part of `status`.
    public var storageStatus: JSON { journal.statusJSON }

    /// Once per turn of the event loop, before any reply is written: commits the turn's changes,
    /// then releases the held replies (`releasingHeld` is given the refusal to answer them with
    /// when the commit failed, nil when it worked), then, after a failure, goes back to the last
    /// saved state and schedules a retry. So no acknowledgement leaves before its change is on disk.
    public func endOfTurn(releasingHeld release: (ProtocolError?) -> Void) {
        let failure = journal.commit(store.state, version: store.version)
        release(failure.map { _ in journal.refusal ?? ProtocolError(.storageFailed, "the change could not be saved") })
        if failure != nil { rollBack() }
    }

    /// Saves the timer's ticks of the last few seconds (the housekeeping timer calls this).
    public func saveTicks() {
        guard journal.saveTicks(store.state, version: store.version) != nil else { return }
        rollBack()
    }

    /// At shutdown: the last snapshot, of the store's state.
    public func close() {
        journal.close(store.state, version: store.version)
    }

    /// After a failed save: the state goes back to what is on disk (as a new version, so watchers
    /// get the diff back), and a retry is scheduled.
    private func rollBack() {
        if let saved = journal.lastSaved, store.state != saved.state {
            warn("going back to the last saved state (version \(saved.version)) as version \(store.version + 1)")
            store.restore(saved.state)
        }
        scheduleRetry()
    }

    /// Tries to save again after the retry delay, and again until it works.
    private func scheduleRetry() {
        guard !isRetryScheduled else { return }
        isRetryScheduled = true
        _ = scheduler.schedule(after: journal.retryDelay) { [weak self] in
            guard let self else { return }
            isRetryScheduled = false
            if !journal.retry(store.state, version: store.version) { return scheduleRetry() }
            if let jumpEnd = refusedJumpEnd {
                refusedJumpEnd = nil
                // It came from the jump's effect, and is logged as such.
                effectRan(jumpEnd, store.send(jumpEnd, from: "an effect"))
            }
        }
    }

    /// A jump's end and what became of it: a jump's result is not computed again, so one refused
    /// while saving fails is kept until saving works.
    private func effectRan(_ action: AppAction, _ outcome: Store<AppState, AppAction>.Outcome) {
        guard case .refused(let error) = outcome else { return }
        if error.code != .storageFailed {
            warn("\(action.typeName) from an effect refused: \(error.message)")
        } else if case .simulation(.grid(.jumpFinished)) = action {
            refusedJumpEnd = action
        }
    }
}

/// The turn's commit as the store's first middleware: the journal's hooks hang off it.
extension TurnCommit: StoreMiddleware {
    public typealias State = AppState
    public typealias Action = AppAction

    public func willReduce(_ action: AppAction, origin: Store<AppState, AppAction>.Origin) {
        journal.willReduce(action, origin: origin)
    }

    public func approve(_ action: AppAction, origin: Store<AppState, AppAction>.Origin, old: AppState, new: AppState) throws(ProtocolError) {
        try journal.approve(action, origin: origin, old: old, new: new)
    }

    public func didChange(from old: AppState, to new: AppState, action: AppAction, origin: Store<AppState, AppAction>.Origin, version: Int) {
        journal.didChange(from: old, to: new, action: action, origin: origin, version: version)
    }

    public func didRestore(from old: AppState, to new: AppState, version: Int) {
        journal.didRestore(from: old, to: new, version: version)
    }

    /// An action an effect delivered that was refused because saving fails: a jump's end is kept.
    public func didRun(_ action: AppAction, origin: Store<AppState, AppAction>.Origin, outcome: Store<AppState, AppAction>.Outcome) {
        guard origin.isEffect, case .refused(let error) = outcome, error.code == .storageFailed else { return }
        effectRan(action, outcome)
    }
}
