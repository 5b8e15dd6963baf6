/// The names of the files in a state folder.
///
/// - `snapshot`: the world at one version (see ``SnapshotFormat``).
/// - `journal-<start>`: records from version `start` on (see ``JournalFormat``); `start` is 20
///   decimal digits, zero-padded, so that the names sort as the versions do.
/// - `version-floor`: the highest version ever shown (see ``VersionFloorFile``).
/// - `state.json`: the format before this one, read by lifed's `StateFile`; renamed to
///   `state.json.migrated` once its world is in a snapshot.
/// - `<one of the above>.tmp-<16 hex digits>`: a file being written; one left by a crash is removed by `load()`.
/// - `<name>.<kind>.<UTC time>`: a file set aside (`corrupt`, `orphaned`, …), never removed.
enum Naming {
    static let snapshot = "snapshot"
    static let versionFloor = "version-floor"
    static let legacyState = "state.json"
    static let journalPrefix = "journal-"
    static let digits = 20

    /// `journal-00000000000000000042` for 42.
    static func journal(start: Int) -> String {
        let text = "\(start)"
        return journalPrefix + String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// The start version in a journal file's name, nil for any other name.
    static func journalStart(_ name: String) -> Int? {
        let utf8 = name.utf8
        guard utf8.count == journalPrefix.utf8.count + digits, name.hasPrefix(journalPrefix) else { return nil }
        let number = utf8.dropFirst(journalPrefix.utf8.count)
        guard number.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(String(decoding: number, as: UTF8.self))
    }

    static let temporaryMarker = ".tmp-"

    /// `name.tmp-<16 random hex digits>`.
    static func temporary(for name: String) -> String {
        let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        return name + temporaryMarker + String(repeating: "0", count: 16 - suffix.count) + suffix
    }

    /// Whether `name` is a temporary file of this storage's (left by a crash if it is there at load).
    static func isTemporary(_ name: String) -> Bool {
        guard name.hasPrefix(snapshot + ".") || name.hasPrefix(versionFloor + ".") || name.hasPrefix(journalPrefix) else { return false }
        let utf8 = Array(name.utf8)
        let marker = Array(temporaryMarker.utf8)
        guard utf8.count > marker.count + 16 else { return false }
        let suffix = utf8[(utf8.count - 16)...]
        let markerStart = utf8.count - 16 - marker.count
        return Array(utf8[markerStart..<(utf8.count - 16)]) == marker
            && suffix.allSatisfy { ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f")) }
    }
}
