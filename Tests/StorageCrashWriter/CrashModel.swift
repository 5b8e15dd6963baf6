import LifeGrid

/// The world the crash writer keeps, which the kill -9 test recomputes to check what it loads.
///
/// Versions follow a fixed sequence with gaps (`next`); each record's payload is derived from its
/// version; the state is a hash folded over every version applied; a snapshot's header is
/// "VERSION HASH" and its grid is filled from the hash. So any loaded folder can be checked
/// without knowing what the writer did: its snapshot must match its version, and its records
/// must be the sequence's next versions with their payloads.
public enum CrashModel {
    /// The version after `version`: every third one is skipped.
    public static func next(_ version: Int) -> Int { version % 3 == 2 ? version + 2 : version + 1 }

    /// A payload of 20 to 319 bytes that names its version.
    public static func payload(_ version: Int) -> [UInt8] {
        let text = "record \(version) "
        let fill = UInt8(ascii: "a") + UInt8(version % 26)
        return Array(text.utf8) + [UInt8](repeating: fill, count: 20 + version * 7 % 300 - min(20, text.utf8.count))
    }

    /// The state after applying `version` to `hash`.
    public static func apply(_ version: Int, to hash: UInt64) -> UInt64 {
        (hash ^ UInt64(version)) &* 0x100_0000_01B3 &+ 0x9E37_79B9_7F4A_7C15
    }

    /// The state at `version` of the sequence from 0 (hash 0).
    public static func hash(at version: Int) -> UInt64 {
        var hash: UInt64 = 0
        var current = 0
        while current < version {
            current = next(current)
            hash = apply(current, to: hash)
        }
        return hash
    }

    public static func header(version: Int, hash: UInt64) -> [UInt8] { Array("\(version) \(hash)".utf8) }

    /// The header's version and hash, nil if it is not one.
    public static func parseHeader(_ header: [UInt8]) -> (version: Int, hash: UInt64)? {
        let parts = String(decoding: header, as: UTF8.self).split(separator: " ")
        guard parts.count == 2, let version = Int(parts[0]), let hash = UInt64(parts[1]) else { return nil }
        return (version, hash)
    }

    /// A 512 x 512 grid filled from `hash` (xorshift), big enough for a snapshot to take a moment.
    public static func grid(_ hash: UInt64) -> Grid {
        let words = 512 * 8
        var state = hash | 1
        func nextWord() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        let live = (0..<words).map { _ in nextWord() }
        let previous = (0..<words).map { _ in nextWord() }
        return Grid(rows: 512, cols: 512, livePlane: live, previousPlane: previous) ?? Grid(rows: 0, cols: 0)
    }
}
