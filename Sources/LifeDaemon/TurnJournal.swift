import LifeJSON
import LifeStore
import Protocol

/// What ``TurnCommit`` needs of the journal that keeps the state on disk: lifed's `Durability`,
/// or a fake in the tests. Only ``TurnCommit`` calls it, the store's hooks included (as a
/// middleware, the journal appends every change and refuses changes while it cannot save; it
/// hears of them through ``TurnCommit``, which is the middleware the store calls).
public protocol TurnJournal: AnyObject, StoreMiddleware where State == AppState, Action == AppAction {
    /// Whether replies must wait for this turn's ``commit(_:version:)``: a change waits to be
    /// synced, or its record could not even be appended.
    var holdsReplies: Bool { get }
    /// Why saving fails, while it does; nil when saving works.
    var failure: String? { get }
    /// What a change is answered while saving fails (`storage-failed`, with the reason).
    var refusal: ProtocolError? { get }
    /// The state and version on disk: what a restart would find.
    var lastSaved: (state: AppState, version: Int)? { get }
    /// How long to wait before the next ``retry(_:version:)``, while saving fails.
    var retryDelay: Duration { get }
    /// The storage's part of `status`.
    var statusJSON: JSON { get }

    /// Saves the state the daemon starts with, which the journal continues from.
    func start(with state: AppState, version: Int)
    /// Makes the turn's records durable if an acknowledgement waits for them. Returns the
    /// reason when the turn's save failed (the unsynced records are then cut off).
    func commit(_ state: AppState, version: Int) -> String?
    /// Syncs the timer's ticks appended since the last sync; returns the reason when it failed.
    func saveTicks(_ state: AppState, version: Int) -> String?
    /// After a failure: saves `state` (the one put back) afresh, and reports whether saving works again.
    func retry(_ state: AppState, version: Int) -> Bool
    /// At shutdown: the last snapshot. Returns the reason when it could not be written.
    @discardableResult
    func close(_ state: AppState, version: Int) -> String?
}
