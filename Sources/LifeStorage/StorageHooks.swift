import LifeScheduling

/// A moment in the storage's work at which a crash leaves a distinct set of files: tests copy
/// the folder there (see `StorageHooks.checkpoint`) and check that every copy loads.
enum Checkpoint: Equatable, Sendable {
    /// A new journal's temporary file is written and synced, not yet renamed.
    case journalTemporaryWritten(String)
    /// A new journal is in place and the folder synced.
    case journalCreated(String)
    /// Part of the snapshot is in its temporary file.
    case snapshotPartlyWritten
    /// The snapshot's temporary file is written and synced, not yet renamed.
    case snapshotTemporaryWritten
    /// The new snapshot is in place and the folder synced.
    case snapshotReplaced
    /// A journal file covered by the snapshot was removed (the folder not yet synced).
    case journalRemoved(String)
    /// `state.json` was renamed after a migration.
    case legacyRenamed
    /// A repair during load: a corrupt journal copied aside, files renamed aside, a file cut back.
    case copiedAside(String)
    case setAside(String)
    case truncated(String)
}

/// What tests change in the storage: where background work runs, how journals are
/// preallocated, and an observer of checkpoints. The defaults are the daemon's.
struct StorageHooks: Sendable {
    /// Called at each checkpoint, on the thread doing the work.
    var checkpoint: @Sendable (Checkpoint) -> Void = { _ in }
    /// Runs a compaction's work off the caller's executor (a thread of its own; see ``BackgroundThread``).
    var runInBackground: @Sendable (@escaping @Sendable () -> Void) -> Void = { work in
        BackgroundThread.run(work)
    }
    var preallocation = Preallocation.standard

    init() {}
}
