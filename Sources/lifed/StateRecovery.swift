import LifeJSON
import LifeStorage

/// What `--recover` did at start-up: the damage it found, what starting from what was intact
/// left out, the files it set aside, and the version it continued at. `status` reports it
/// (`storage.saving` is `"recovered"`) and the log says it once.
struct StateRecovery: Equatable {
    /// The version lifed continued at: above every version that may have been shown.
    var at: Int
    /// The damaged or missing files, with what was wrong with each.
    var damage: [StateDamage]
    /// What was left out, in words (each damaged file's part, and a record that did not replay).
    var dropped: [String]
    /// Where the damaged files were moved or copied (kept, never removed).
    var setAside: [String]

    /// How far above the highest version found a recovery continues. The floor on disk is always
    /// above every version shown (``Durability/lease(_:)``); when it is lost, so are the versions
    /// shown but not yet in the journal. Only timer ticks (one per 10 ms at most) and a jump's
    /// progress (one per 250 ms) are shown before they are synced, and the housekeeping timer
    /// syncs them every 5 s: about 520 versions a period. A kill leaves them in the journal (the
    /// page cache survives the process); a power cut can lose them. The allowance is the floor's
    /// own lease, 10,000: some 19 periods of a loop that fell behind.
    static let versionAllowance = Durability.versionLease

    /// The storage status's `recovered` member.
    var json: JSON {
        [
            "at": .int(at), "dropped": .string(dropped.joined(separator: "; ")),
            "damaged": .array(damage.map { .string("\($0.path): \($0.problem)") }),
            "setAside": .array(setAside.map(JSON.string)),
        ]
    }

    /// The log's line for it.
    var logLine: String {
        let files = damage.map { "\($0.path) (\($0.problem))" }.joined(separator: "; ")
        let kept = setAside.isEmpty ? "nothing to set aside" : "set aside (kept): \(setAside.joined(separator: ", "))"
        return "recovered from damage in the state: \(files); dropped \(dropped.joined(separator: "; ")); \(kept); continuing at version \(at), above every version that may have been shown"
    }

    /// Why lifed does not start on `damage` without `--recover`: the files, what starting would
    /// drop, and the way forward.
    static func refusal(folder: String, damage: [StateDamage]) -> String {
        let files = damage.map { "\($0.path): \($0.problem) (starting would drop \($0.dropped))" }.joined(separator: "; ")
        return "the state in \(folder) is damaged: \(files). Nothing was changed. To start from what is intact, start lifed once with --recover: it sets the damaged files aside (keeping them) and continues above every version that may have been shown"
    }
}
