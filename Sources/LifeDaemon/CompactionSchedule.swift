/// When the journal is compacted into a new snapshot: once it passes a size, or once replaying it
/// would cost too much (about half a second of cell-generations); and, after a compaction failed
/// to start or to finish, not before a number of syncs have passed. A value: the daemon's
/// durability tells it what the journal grew by and what became of each compaction.
public struct CompactionSchedule: Sendable {
    /// A compaction is due once the journal passes this many bytes…
    public let journalBytesLimit: Int
    /// …or once replaying it would cost this many cell-generations (about half a second).
    public static let replayCostLimit = 2_500_000_000
    /// Syncs that pass after a failed compaction before the next is tried.
    public static let retrySyncs = 100

    /// What replaying the journal since the last snapshot costs (see ``JournalReplay/cost(from:to:)``).
    public private(set) var replayCost = 0
    /// After a compaction failed to start or finish, how many more syncs pass before the next try.
    private var backoff = 0
    /// Compactions finished so far, and the size of the last one's snapshot.
    public private(set) var compactions = 0
    public private(set) var lastSnapshotBytes: Int?

    public init(journalBytesLimit: Int) {
        self.journalBytesLimit = journalBytesLimit
    }

    /// A record was appended whose replay costs `cost`.
    public mutating func appended(cost: Int) {
        replayCost = min(Int.max / 2, replayCost + cost)
    }

    /// Whether to start a compaction now, at a sync, with the journal `journalBytes` long (a sync
    /// that finds one due while backing off counts down).
    public mutating func isDue(journalBytes: Int) -> Bool {
        guard journalBytes > journalBytesLimit || replayCost > Self.replayCostLimit else { return false }
        guard backoff == 0 else {
            backoff -= 1
            return false
        }
        return true
    }

    /// A new snapshot was started (or written): the journal starts again, with nothing to replay.
    public mutating func startedSnapshot() {
        replayCost = 0
    }

    /// A compaction could not start: the next waits for ``retrySyncs`` syncs.
    public mutating func couldNotStart() {
        backoff = Self.retrySyncs
    }

    /// A compaction finished, with a snapshot of `snapshotBytes`.
    public mutating func finished(snapshotBytes: Int) {
        compactions += 1
        lastSnapshotBytes = snapshotBytes
    }

    /// A compaction failed: the journal is kept, and the next is due once ``retrySyncs`` syncs have passed.
    public mutating func failed() {
        replayCost = Self.replayCostLimit + 1
        backoff = Self.retrySyncs
    }
}
