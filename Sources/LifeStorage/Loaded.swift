import LifeGrid

/// The world at one version: the caller's header (its state without the grid, as opaque bytes,
/// JSON by convention) and the grid.
public struct Snapshot: Equatable, Sendable {
    public var version: Int
    public var header: [UInt8]
    public var grid: Grid

    public init(version: Int, header: [UInt8], grid: Grid) {
        self.version = version
        self.header = header
        self.grid = grid
    }
}

/// One journal record: a version and the caller's opaque payload.
public struct JournalRecord: Equatable, Sendable {
    public var version: Int
    public var payload: [UInt8]

    public init(version: Int, payload: [UInt8]) {
        self.version = version
        self.payload = payload
    }
}

/// A file that `load()` moved aside rather than use: it is kept under its new name, never deleted.
public struct SetAsideFile: Equatable, Sendable {
    /// The name it had in the state folder (`snapshot`, `journal-…`).
    public var name: String
    /// The full path it was moved to (`…/snapshot.corrupt.20240501T120000Z`).
    public var movedTo: String
    /// Why, in words.
    public var reason: String
}

/// What a state folder held, as ``WorldStorage/load()`` found it.
public struct Loaded: Equatable, Sendable {
    /// The world to start from.
    public enum Contents: Equatable, Sendable {
        /// Nothing saved (a new folder, or everything in it was set aside).
        case empty
        /// No snapshot, but a `state.json` from before this format at `path`: read it with the
        /// old reader, then call ``WorldStorage/migrate(version:header:grid:)``.
        case legacy(path: String)
        /// A snapshot and every journal record after it (version > the snapshot's), in order.
        case world(Snapshot, records: [JournalRecord])
    }

    public var contents: Contents
    /// The version floor: the highest version the daemon recorded it may have shown anyone
    /// (raised by `load()` itself above any version it found in a file it set aside).
    public var versionFloor: Int
    /// Things a person should hear about: a torn record truncated, files set aside, an
    /// interrupted migration finished. Each is a sentence; the caller logs them.
    public var warnings: [String]
    /// The files moved aside, also described in `warnings`.
    public var setAside: [SetAsideFile]

    /// The version to continue above: the highest of the floor, the snapshot's, the last
    /// record's, and any reserved by a compaction that did not finish (the journal appends go to
    /// starts above it). Equal to ``WorldStorage/lastVersion`` after a load that found a world:
    /// the next `append` must be above it.
    public var highestVersion: Int
}

/// A finished compaction: the snapshot written and the journal files it made unnecessary.
public struct Compaction: Equatable, Sendable {
    /// The snapshot's version.
    public var version: Int
    /// The snapshot file's size in bytes.
    public var snapshotBytes: Int
    /// The journal files removed (every record in them is in the snapshot).
    public var removedJournals: [String]
    /// Journal files that could not be removed (they are removed at the next load), with why.
    public var warnings: [String]
}
