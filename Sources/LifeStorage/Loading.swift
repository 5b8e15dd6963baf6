import Glibc
import LifeSystem

/// What `load()` found worth saying, gathered as it goes.
private struct LoadReport {
    var warnings: [String] = []
    var setAside: [SetAsideFile] = []
}

extension WorldStorage {
    /// Reads what the folder holds, repairs what a crash left, and makes the storage ready for
    /// appends. Call it once, before anything else.
    ///
    /// - Temporary files left by a crash are removed.
    /// - No snapshot: `.empty`, or `.legacy(path:)` if there is a `state.json` of the old format
    ///   (read it with the old reader, then call `migrate`). Journal files without a snapshot
    ///   hold nothing (a first save that crashed) and are removed, or they hold records and are
    ///   set aside as `orphaned`.
    /// - A snapshot: `.world` with every journal record after it, in order. Journal files the
    ///   snapshot covers (a compaction that crashed before removing them) are removed.
    /// - A torn last record in the last journal file (a crash during an append, or a power cut
    ///   before a sync) is cut off, with a warning.
    /// - Anything else that does not read is corruption, and nothing is deleted: a corrupt
    ///   snapshot is renamed `snapshot.corrupt.<UTC time>` (its journals `…orphaned…`); a journal
    ///   with a bad record before its end is copied to `journal-N.corrupt.<UTC time>` and cut back
    ///   to the record before, and the journal files after it are renamed `…after-corrupt…`. The
    ///   version floor is first raised above every version found in what is set aside.
    /// - A symbolic link or a non-regular file under one of the storage's names is refused with
    ///   an error, as is a file that cannot be read: `load()` stops there (repairs made before
    ///   stay made, and are safe on their own) and the storage stays unloaded; it may be called
    ///   again once the cause is gone.
    public func load() throws(StorageError) -> Loaded {
        guard phase == .unloaded else { throw .invalid("load the state folder", "it is loaded already") }
        var report = LoadReport()
        if let floorWarning { report.warnings.append(floorWarning) }
        if let floorSetAside { report.setAside.append(floorSetAside) }
        let names = try folder.entries()
        for name in names where Naming.isTemporary(name) {
            do throws(SystemError) {
                try folder.unlink(name)
                log.info("removed \(name), left by a write that did not finish")
            } catch {
                report.warnings.append("cannot remove \(name), left by a write that did not finish: \(error.reason)")
            }
        }
        var starts = names.compactMap(Naming.journalStart).sorted()
        let hasLegacy = names.contains(Naming.legacyState)

        var snapshot: Snapshot?
        if names.contains(Naming.snapshot) {
            snapshot = try readSnapshot(&report)
            if snapshot == nil, !starts.isEmpty {
                try setAside(journals: starts, as: "orphaned", reason: "the snapshot they follow is unusable", &report)
                starts = []
            }
        }
        guard let snapshot else {
            try clearJournalsWithoutSnapshot(starts, &report)
            if hasLegacy {
                guard folder.type(of: Naming.legacyState) == S_IFREG else {
                    throw StorageError(
                        "read the legacy state file \(folder.path(of: Naming.legacyState))", errno: EINVAL,
                        reason: "it is not a regular file (a symbolic link is not followed)")
                }
            }
            phase = .loaded
            legacyPending = hasLegacy
            let contents: Loaded.Contents = hasLegacy ? .legacy(path: folder.path(of: Naming.legacyState)) : .empty
            return Loaded(contents: contents, versionFloor: floorFile.value, warnings: report.warnings, setAside: report.setAside, highestVersion: floorFile.value)
        }

        if hasLegacy {
            do throws(StorageError) {
                let renamed = try renameLegacyState()
                report.warnings.append("\(Naming.legacyState) was migrated into the snapshot before, but not renamed; renamed it to \(renamed)")
            } catch {
                report.warnings.append("\(Naming.legacyState) was migrated into the snapshot before, but \(error)")
            }
        }
        // A folder from before the snapshot mark: marked now, so that losing the snapshot later shows.
        try floorFile.markSnapshot(version: snapshot.version)
        let (records, reserved) = try loadJournals(starts, after: snapshot.version, &report)
        let last = max(snapshot.version, records.last?.version ?? 0, reserved)
        snapshotVersion = snapshot.version
        lastVersion = last
        phase = .loaded
        return Loaded(
            contents: .world(snapshot, records: records), versionFloor: floorFile.value, warnings: report.warnings,
            setAside: report.setAside, highestVersion: max(last, floorFile.value))
    }

    /// Copies every journal file after the snapshot aside whole (`journal-N.<kind>.<UTC time>`),
    /// for a caller that cannot use their records (one did not replay): the next snapshot
    /// removes the journals, and the copies keep them. Returns the copies.
    public func copyJournalsAside(as kind: String) throws(StorageError) -> [SetAsideFile] {
        guard phase == .loaded else { throw .invalid("copy the journals aside", "the folder is not loaded yet") }
        var copies: [SetAsideFile] = []
        for name in olderJournals.map(\.name) + (journal.map { [$0.name] } ?? []) {
            let fd = try folder.openExisting(name, writable: false, what: "the journal \(name)")
            defer { close(fd) }
            let bytes = try Folder.readAll(fd, limit: Self.maxJournalFileBytes, what: "the journal \(name)")
            let copy = folder.unusedName(setting: name, asideAs: kind)
            try folder.writeNewFile(copy, bytes: bytes, what: "a copy of the journal \(name)")
            hooks.checkpoint(.copiedAside(copy))
            copies.append(SetAsideFile(name: name, movedTo: folder.path(of: copy), reason: "its records are not used (\(kind))"))
        }
        try folder.sync()
        return copies
    }

    /// The snapshot, or nil after setting an unreadable one aside.
    private func readSnapshot(_ report: inout LoadReport) throws(StorageError) -> Snapshot? {
        let fd = try folder.openExisting(Naming.snapshot, writable: false, what: "the snapshot")
        defer { close(fd) }
        let decoded: SnapshotFormat.Decoded
        do {
            decoded = SnapshotFormat.decode(try Folder.readAll(fd, limit: SnapshotFormat.maxFileBytes, what: "the snapshot"))
        } catch where error.errno == EFBIG {
            decoded = .corrupt(error.reason ?? "it is too large")
        }
        let kind: String
        let reason: String
        switch decoded {
        case .snapshot(let snapshot):
            return snapshot
        case .corrupt(let why):
            kind = "corrupt"
            reason = why
        case .unknownFormat(let format):
            kind = "unknown-format-\(format)"
            reason = "it is in snapshot format \(format), which this build does not read (it reads \(SnapshotFormat.format))"
        }
        let movedTo = try folder.setAside(Naming.snapshot, as: kind, what: "the unusable snapshot")
        try folder.sync()
        hooks.checkpoint(.setAside(Naming.snapshot))
        record(Naming.snapshot, movedTo: movedTo, reason: reason, &report)
        return nil
    }

    /// Journal files with no snapshot before them: removed if they hold no record (a first
    /// save that crashed after making its journal), set aside if they do.
    private func clearJournalsWithoutSnapshot(_ starts: [Int], _ report: inout LoadReport) throws(StorageError) {
        var holdingRecords: [Int] = []
        var empty: [Int] = []
        for start in starts {
            let bytes = try readJournal(start, writable: false).bytes
            let holdsNothing =
                JournalFormat.headerProblem(bytes, start: start) == nil
                && JournalFormat.scan(bytes, start: start, after: -1, before: nil) == JournalFormat.Scan(records: [], end: JournalFormat.headerSize, damage: nil)
            if holdsNothing { empty.append(start) } else { holdingRecords.append(start) }
        }
        for start in empty {
            try folder.remove(Naming.journal(start: start))
            log.info("removed the empty journal \(Naming.journal(start: start)), left by a first save that did not finish")
        }
        if !empty.isEmpty { try folder.sync() }
        if !holdingRecords.isEmpty {
            try setAside(journals: holdingRecords, as: "orphaned", reason: "there is no snapshot for its records to follow", &report)
        }
    }

    /// Reads the journal files after a snapshot at `snapshotVersion`, repairs them, and opens
    /// the last for appends. Returns the records above the snapshot's version and the highest
    /// version the open journal's name reserves (its start less one).
    private func loadJournals(_ allStarts: [Int], after snapshotVersion: Int, _ report: inout LoadReport) throws(StorageError) -> ([JournalRecord], Int) {
        var starts = allStarts
        // Files whose successor starts at or below snapshot + 1 hold only versions the snapshot
        // has: a compaction that crashed before removing them.
        // A file that cannot be removed stays, as one of the older journals (its records are skipped).
        var removed = false
        while starts.count >= 2, starts[1] <= snapshotVersion + 1 {
            let name = Naming.journal(start: starts[0])
            do throws(SystemError) {
                try folder.unlink(name)
            } catch {
                report.warnings.append("cannot remove \(name), which the snapshot covers: \(error.reason)")
                break
            }
            log.info("removed \(name), which the snapshot covers")
            starts.removeFirst()
            removed = true
        }
        if removed { try folder.sync() }
        // Every snapshot is preceded by a journal starting just above it: a first file starting
        // higher means one is missing, and its successors' records cannot be applied.
        if let first = starts.first, first > snapshotVersion + 1 {
            try setAside(
                journals: starts, as: "unreachable",
                reason: "the journal starting at version \(snapshotVersion + 1), after the snapshot, is missing", &report)
            starts = []
        }

        var records: [JournalRecord] = []
        var previous = -1
        var kept: [(name: String, bytes: Int)] = []
        var current: JournalFile?
        for (index, start) in starts.enumerated() {
            let name = Naming.journal(start: start)
            let isLast = index == starts.count - 1
            let (fd, bytes) = try readJournal(start, writable: true)
            if let problem = JournalFormat.headerProblem(bytes, start: start) {
                close(fd)
                try setAside(journals: [start], as: "corrupt", reason: problem, &report)
                if !isLast {
                    try setAside(journals: Array(starts[(index + 1)...]), as: "after-corrupt", reason: "it follows the corrupt journal \(name)", &report)
                }
                break
            }
            let scan = JournalFormat.scan(bytes, start: start, after: previous, before: isLast ? nil : starts[index + 1])
            records += scan.records.filter { $0.version > snapshotVersion }
            previous = scan.records.last?.version ?? previous
            var size = bytes.count
            var stop = false
            if let damage = scan.damage {
                do throws(StorageError) {
                    if isLast && damage.isTorn {
                        try cutBack(fd, name, to: damage.offset)
                        report.warnings.append(
                            "the journal \(name) ended in a torn record at byte \(damage.offset) (\(damage.reason)); cut it back to the last whole record, dropping \(bytes.count - damage.offset) bytes"
                        )
                    } else {
                        try setAsideCorruption(in: fd, name: name, bytes: bytes, damage: damage, later: Array(starts[(index + 1)...]), &report)
                        stop = true
                    }
                } catch {
                    close(fd)
                    throw error
                }
                size = damage.offset
            }
            if isLast || stop {
                current = JournalFile(name: name, start: start, fd: fd, end: scan.end, allocated: size, preallocation: hooks.preallocation)
                break
            }
            close(fd)
            kept.append((name, scan.end))
        }
        let journal: JournalFile
        if let current {
            journal = current
        } else {
            journal = try JournalFile.create(
                in: folder, start: max(snapshotVersion, previous) + 1, preallocation: hooks.preallocation, checkpoint: hooks.checkpoint)
        }
        self.journal = journal
        olderJournals = kept
        return (records, journal.start - 1)
    }

    /// A bad record before a journal's end: the version floor raised above every version found
    /// after it, the file copied aside whole, the files after it renamed aside, the file cut back
    /// to its last good record.
    private func setAsideCorruption(
        in fd: Int32, name: String, bytes: [UInt8], damage: JournalFormat.Damage, later: [Int], _ report: inout LoadReport
    ) throws(StorageError) {
        var highest = damage.highestVersionAfter
        for start in later {
            if let version = JournalFormat.highestVersion(in: try readJournal(start, writable: false).bytes) { highest = max(highest ?? version, version) }
        }
        if let highest { try floorFile.raise(to: highest) }
        let copy = folder.unusedName(setting: name, asideAs: "corrupt")
        try folder.writeNewFile(copy, bytes: bytes, what: "a copy of the corrupt journal \(name)")
        hooks.checkpoint(.copiedAside(copy))
        record(name, movedTo: copy, reason: "\(damage.reason) at byte \(damage.offset), with whole records after it; copied it whole, and cut the journal back to the record before", &report)
        for start in later {
            let laterName = Naming.journal(start: start)
            let movedTo = try folder.setAside(laterName, as: "after-corrupt", what: "the journal \(laterName)")
            hooks.checkpoint(.setAside(laterName))
            record(laterName, movedTo: movedTo, reason: "it follows the corrupt journal \(name)", &report)
        }
        try folder.sync()
        try cutBack(fd, name, to: damage.offset)
    }

    /// Renames journal files aside (after raising the floor above every version in them).
    private func setAside(journals starts: [Int], as kind: String, reason: String, _ report: inout LoadReport) throws(StorageError) {
        var highest: Int?
        for start in starts {
            if let version = JournalFormat.highestVersion(in: try readJournal(start, writable: false).bytes) { highest = max(highest ?? version, version) }
        }
        if let highest { try floorFile.raise(to: highest) }
        for start in starts {
            let name = Naming.journal(start: start)
            let movedTo = try folder.setAside(name, as: kind, what: "the journal \(name)")
            hooks.checkpoint(.setAside(name))
            record(name, movedTo: movedTo, reason: reason, &report)
        }
        try folder.sync()
    }

    /// A journal file's descriptor (kept open if `writable`, else closed) and bytes.
    private func readJournal(_ start: Int, writable: Bool) throws(StorageError) -> (fd: Int32, bytes: [UInt8]) {
        let name = Naming.journal(start: start)
        let fd = try folder.openExisting(name, writable: writable, what: "the journal \(name)")
        do {
            let bytes = try Folder.readAll(fd, limit: Self.maxJournalFileBytes, what: "the journal \(name)")
            if !writable { close(fd) }
            return (writable ? fd : -1, bytes)
        } catch {
            close(fd)
            throw error
        }
    }

    /// Cuts a journal back to `offset` durably.
    private func cutBack(_ fd: Int32, _ name: String, to offset: Int) throws(StorageError) {
        guard ftruncate(fd, off_t(offset)) == 0 else { throw StorageError("cut the journal \(name) back to its last whole record") }
        guard fdatasync(fd) == 0 else { throw StorageError("sync the journal \(name)") }
        hooks.checkpoint(.truncated(name))
    }

    private func record(_ name: String, movedTo: String, reason: String, _ report: inout LoadReport) {
        let path = folder.path(of: movedTo)
        report.setAside.append(SetAsideFile(name: name, movedTo: path, reason: reason))
        report.warnings.append("\(name) is unusable (\(reason)); moved it to \(path)")
    }
}
