import Glibc

/// Something wrong in a state folder that no crash leaves: a file damaged, or missing where the
/// folder shows it was written. ``WorldStorage/examine(folder:)`` finds them; lifed stops on
/// them unless told to recover (``WorldStorage/load()`` then sets the damage aside).
///
/// How a missing file is told from one never written:
/// - the version floor is made before anything else, so a snapshot or a journal without it has lost it;
/// - the floor's snapshot mark is written once the first snapshot is in place, and snapshots are
///   only ever replaced, so a marked folder without one has lost it (an unmarked one is a first
///   start, or a first save that did not finish: its journal holds no record);
/// - the journal starting just above a snapshot's version is made before the snapshot is
///   written and removed only once a later snapshot covers it, so a snapshot without it has lost it.
///
/// What a crash does leave is not damage: a torn last record in the last journal, temporary
/// files, journals a later snapshot covers, an empty journal before the first snapshot.
public struct StateDamage: Equatable, Sendable {
    /// The damaged or missing file's full path.
    public var path: String
    /// What is wrong with it, in words: "it is missing", "its checksum does not match its contents".
    public var problem: String
    /// What starting from what is intact leaves out, in words.
    public var dropped: String
    /// Whether the record of the versions shown goes with it: a restart must then continue
    /// further above the highest version found than the floor would have made it.
    public var losesVersionFloor: Bool

    public init(path: String, problem: String, dropped: String, losesVersionFloor: Bool = false) {
        self.path = path
        self.problem = problem
        self.dropped = dropped
        self.losesVersionFloor = losesVersionFloor
    }
}

extension WorldStorage {
    /// The damage in the state folder at `folder`, without changing anything in it: empty for a
    /// new folder, a cleanly stopped one, and whatever a crash leaves. Call it before opening the
    /// folder's storage (which makes a missing version floor, and sets an unreadable one aside).
    /// Throws when a file cannot be read (a symbolic link, a permission), as `load()` would.
    public static func examine(folder path: String) throws(StorageError) -> [StateDamage] {
        let folder = try Folder.open(path)
        defer { folder.close() }
        var examination = Examination(folder: folder)
        try examination.run()
        return examination.found
    }
}

/// One read-only pass over a state folder, in the order `load()` reads it.
private struct Examination {
    let folder: Folder
    var found: [StateDamage] = []

    init(folder: Folder) { self.folder = folder }

    mutating func run() throws(StorageError) {
        let names = Set(try folder.entries())
        let starts = names.compactMap(Naming.journalStart).sorted()
        let hasSnapshot = names.contains(Naming.snapshot)
        let marked = try examineFloor(present: names.contains(Naming.versionFloor), holdsState: hasSnapshot || !starts.isEmpty)
        guard hasSnapshot else {
            if marked {
                add(Naming.snapshot, "it is missing, though the version floor says a snapshot was written in this folder", dropped: "the saved world and every change after it")
            } else {
                try examineJournalsWithoutSnapshot(starts)
            }
            return
        }
        let bytes: [UInt8]
        do {
            bytes = try read(Naming.snapshot, limit: SnapshotFormat.maxFileBytes, what: "the snapshot")
        } catch where error.errno == EFBIG {
            add(Naming.snapshot, error.reason ?? "it is too large", dropped: "the saved world and every change after it")
            return
        }
        switch SnapshotFormat.decode(bytes) {
        case .snapshot(let snapshot):
            try examineJournals(starts, after: snapshot.version)
        case .corrupt(let why):
            add(Naming.snapshot, why, dropped: "the saved world and every change after it")
        case .unknownFormat(let format):
            add(
                Naming.snapshot, "it is in snapshot format \(format), which this build does not read (it reads \(SnapshotFormat.format))",
                dropped: "the saved world and every change after it (a newer lifed may read them)")
        }
    }

    /// The floor's damage, if any; returns whether it holds the snapshot mark.
    private mutating func examineFloor(present: Bool, holdsState: Bool) throws(StorageError) -> Bool {
        let dropped = "no part of the world, but the record of the highest version shown"
        guard present else {
            if holdsState {
                add(Naming.versionFloor, "it is missing, though the folder holds a snapshot or a journal (the floor is made before them)", dropped: dropped, losesVersionFloor: true)
            }
            return false
        }
        let bytes: [UInt8]
        do {
            bytes = try read(Naming.versionFloor, limit: VersionFloorFile.size, what: "the version floor")
        } catch where error.errno == EFBIG {
            bytes = []
        }
        switch VersionFloorFile.read(bytes) {
        case .floor(_, _, _, let marked):
            return marked
        case .unreadable(let why):
            add(Naming.versionFloor, "it does not read (\(why))", dropped: dropped, losesVersionFloor: true)
            // Whether a snapshot was ever written is lost with it: only a missing journal or a
            // damaged snapshot can still show.
            return false
        }
    }

    /// Journals with no snapshot before them, in a folder never marked: one that holds records
    /// has lost its snapshot (a first save that did not finish leaves its journal empty).
    private mutating func examineJournalsWithoutSnapshot(_ starts: [Int]) throws(StorageError) {
        for start in starts {
            let name = Naming.journal(start: start)
            let bytes = try read(name, limit: WorldStorage.maxJournalFileBytes, what: "the journal \(name)")
            let holdsNothing =
                JournalFormat.headerProblem(bytes, start: start) == nil
                && JournalFormat.scan(bytes, start: start, after: -1, before: nil)
                    == JournalFormat.Scan(records: [], end: JournalFormat.headerSize, damage: nil)
            if !holdsNothing {
                add(name, "it holds records, but there is no snapshot for them to follow", dropped: "its records\(upTo(JournalFormat.highestVersion(in: bytes)))")
            }
        }
    }

    /// The journals after a snapshot at `snapshotVersion`: the first must be there, and every
    /// one must read to its end (the last may end in a torn record).
    private mutating func examineJournals(_ allStarts: [Int], after snapshotVersion: Int) throws(StorageError) {
        var starts = allStarts
        // Journals a later snapshot covers (a compaction that did not remove them): load() removes them.
        while starts.count >= 2, starts[1] <= snapshotVersion + 1 { starts.removeFirst() }
        guard let first = starts.first, first <= snapshotVersion + 1 else {
            add(
                Naming.journal(start: snapshotVersion + 1), "it is missing (the journal that follows the snapshot at version \(snapshotVersion))",
                dropped: "every change after version \(snapshotVersion)\(andAlso(starts))")
            return
        }
        // The last version read, as load() checks the order across files; what is kept is above the snapshot.
        var last = -1
        var previous: Int { max(snapshotVersion, last) }
        for (index, start) in starts.enumerated() {
            let name = Naming.journal(start: start)
            let later = Array(starts[(index + 1)...])
            let bytes = try read(name, limit: WorldStorage.maxJournalFileBytes, what: "the journal \(name)")
            if let problem = JournalFormat.headerProblem(bytes, start: start) {
                add(name, problem, dropped: "every change after version \(previous)\(andAlso(later))")
                return
            }
            let scan = JournalFormat.scan(bytes, start: start, after: last, before: later.first)
            last = scan.records.last?.version ?? last
            if let damage = scan.damage, !(later.isEmpty && damage.isTorn) {
                add(
                    name, "\(damage.reason) at byte \(damage.offset), with whole records after it",
                    dropped: "every change after version \(previous)\(upTo(damage.highestVersionAfter))\(andAlso(later))")
                return
            }
        }
    }

    /// " (up to version V)", or nothing.
    private func upTo(_ version: Int?) -> String { version.map { " (up to version \($0))" } ?? "" }

    /// ", with the journal files after it (names)", or nothing.
    private func andAlso(_ starts: [Int]) -> String {
        starts.isEmpty ? "" : ", with the journal files after it (\(starts.map(Naming.journal(start:)).joined(separator: ", ")))"
    }

    private mutating func add(_ name: String, _ problem: String, dropped: String, losesVersionFloor: Bool = false) {
        found.append(StateDamage(path: folder.path(of: name), problem: problem, dropped: dropped, losesVersionFloor: losesVersionFloor))
    }

    private func read(_ name: String, limit: Int, what: String) throws(StorageError) -> [UInt8] {
        let fd = try folder.openExisting(name, writable: false, what: what)
        defer { close(fd) }
        return try Folder.readAll(fd, limit: limit, what: what)
    }
}
