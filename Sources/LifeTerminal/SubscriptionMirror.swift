import LifeJSON
import Protocol

/// A subscription's copy of the value it watches, kept current from snapshots and diffs.
///
/// A snapshot (the reply to `subscribe`, or a `resync`) replaces the value. A diff applies
/// only to the version it is based on; a diff based on another version, or one that does not
/// apply, means diffs were lost: the caller re-subscribes, and until the new snapshot comes
/// the mirror is stale and ignores diffs (they belong to the old subscription).
/// The last value stays readable while stale, so a view can keep showing it.
public struct SubscriptionMirror: Sendable {
    /// The last value; nil before the first snapshot.
    public private(set) var value: JSON?
    /// The version of ``value``; nil while stale (waiting for a snapshot).
    public private(set) var version: Int?
    /// The version the last value had, even while stale.
    public private(set) var lastVersion: Int?
    /// Counts every change of ``value`` (to tell when a view must be rebuilt).
    public private(set) var generation = 0

    /// An empty mirror.
    public init() {}

    /// What a diff did.
    public enum DiffOutcome: Equatable, Sendable {
        /// It applied; the mirror is at its version.
        case applied
        /// The mirror is stale: the diff was for the subscription being replaced.
        case ignored
        /// Diffs were lost or broken: re-subscribe (the mirror is now stale).
        case resubscribe(reason: String)
    }

    /// Whether the mirror waits for a snapshot.
    public var isStale: Bool { version == nil }

    /// Replaces the value with a snapshot's.
    public mutating func replace(with value: JSON, version: Int) {
        self.value = value
        self.version = version
        lastVersion = version
        generation += 1
    }

    /// Applies a diff from `base` to `version`.
    public mutating func apply(base: Int, version newVersion: Int, patch: [PatchOperation]) -> DiffOutcome {
        guard let version, var current = value else { return .ignored }
        guard base == version else {
            markStale()
            return .resubscribe(reason: "a diff based on version \(base) came while the mirror is at \(version)")
        }
        // Drop the mirror's reference first so the patch applies in place (no copy of the document).
        value = nil
        do {
            try current.apply(patch)
        } catch {
            value = current
            markStale()
            return .resubscribe(reason: "a diff did not apply: \(error)")
        }
        value = current
        self.version = newVersion
        lastVersion = newVersion
        generation += 1
        return .applied
    }

    /// Marks the mirror stale (the connection was lost, or a re-subscription is on its way);
    /// the value stays for display.
    public mutating func markStale() {
        version = nil
    }
}
