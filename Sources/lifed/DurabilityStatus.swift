import LifeJSON
import LifeScheduling
import Protocol

/// How saving goes, for `status` (which asks the turn's commit, which asks this).
extension Durability {
    /// The storage's part of `status`.
    var statusJSON: JSON {
        var members: [String: JSON] = [
            "savedVersion": .int(lastSavedVersion), "journalBytes": .int(storage.journalBytes),
            "snapshotVersion": storage.snapshotVersion.map(JSON.int) ?? .null,
        ]
        if let failure {
            members["saving"] = "failed"
            members["error"] = .string(failure)
            members["retryInMs"] = .int(DurationText.milliseconds(of: retryDelay))
        } else {
            // Saving works, but what a recovery dropped is shown until acknowledged.
            members["saving"] = recovery == nil ? "ok" : "recovered"
        }
        if let recovery { members["recovered"] = recovery.json }
        return .object(members)
    }
}
