import Glibc

/// How a journal file is grown ahead of its records.
///
/// An append that makes the file longer needs the file's size (metadata) synced along with the
/// record; one into space already allocated needs only the data. lifed's journal preallocates
/// with `fallocate` in chunks (measured on ext4: see the report of the storage branch); the
/// others are here for measurement.
enum Preallocation: Sendable, Equatable {
    /// The file grows with each record.
    case none
    /// `posix_fallocate` a chunk at a time (reads of the space return zeros).
    case fallocate(chunk: Int)
    /// Zeros written a chunk at a time.
    case zeroFill(chunk: Int)

    static let standard = Preallocation.fallocate(chunk: 1 << 20)
}

/// The journal file being appended to: one descriptor, the end of its last whole record, and
/// how far it is allocated. Used on the storage's executor only.
final class JournalFile {
    let name: String
    let start: Int
    let fd: Int32
    /// The offset after the last whole record: where the next one goes.
    private(set) var end: Int
    /// The file's size: space from `end` to here is zeroed and allocated.
    private(set) var allocated: Int
    /// Whether records were written since the last sync.
    private(set) var unsynced = false
    /// The offset after the last record made durable by a sync (or found in the file at load).
    private(set) var syncedEnd: Int
    /// A sync that failed: after it the kernel may have dropped the pages it could not write and
    /// a later fsync would not say so, so nothing more is appended to this file.
    private(set) var failedSync: StorageError?
    /// Where a failed append's partial record must be cut off before anything else is written
    /// (the truncation that should have done it failed too).
    private var pendingTruncation: Int?
    private var preallocation: Preallocation

    init(name: String, start: Int, fd: Int32, end: Int, allocated: Int, preallocation: Preallocation) {
        self.name = name
        self.start = start
        self.fd = fd
        self.end = end
        self.syncedEnd = end
        self.allocated = max(end, allocated)
        self.preallocation = preallocation
    }

    deinit { close(fd) }

    /// Creates `journal-<start>` durably: a temporary file with the header (and the first chunk
    /// of preallocated space), synced, renamed into place, the folder synced.
    static func create(in folder: Folder, start: Int, preallocation: Preallocation, checkpoint: (Checkpoint) -> Void) throws(StorageError) -> JournalFile {
        let name = Naming.journal(start: start)
        let what = "the new journal \(name)"
        let (fd, temporary) = try folder.createTemporary(for: name, what: what)
        let file = JournalFile(name: name, start: start, fd: fd, end: 0, allocated: 0, preallocation: preallocation)
        do throws(StorageError) {
            try Folder.write(fd, JournalFormat.header(start: start), at: 0, what: what)
            file.end = JournalFormat.headerSize
            file.syncedEnd = file.end
            file.allocated = file.end
            file.preallocate(through: file.end + 1)
            guard fsync(fd) == 0 else { throw StorageError("sync \(what)") }
            checkpoint(.journalTemporaryWritten(temporary))
            try folder.rename(temporary, to: name, what: what)
        } catch {
            _ = unlinkat(folder.fd, temporary, 0)
            throw error
        }
        try folder.sync()
        checkpoint(.journalCreated(name))
        return file
    }

    /// Appends one record's bytes with one `pwrite` (and, once a chunk, a preallocation).
    /// Nothing is synced. If the write fails, the file is cut back to where it was before
    /// throwing, so a failed append leaves the journal as it was.
    func append(_ record: [UInt8]) throws(StorageError) {
        if let failedSync {
            throw StorageError("append to the journal \(name)", errno: failedSync.errno, reason: "an earlier sync of it failed (\(failedSync)); write a snapshot to start a new journal")
        }
        if let cut = pendingTruncation {
            guard ftruncate(fd, off_t(cut)) == 0 else { throw StorageError("cut a failed record off the journal \(name)") }
            pendingTruncation = nil
        }
        let newEnd = end + record.count
        if newEnd > allocated { preallocate(through: newEnd) }
        let error = record.withUnsafeBytes { Folder.write(fd, $0, at: end) }
        guard error == 0 else {
            // Undo whatever part was written: the space past `end` goes, preallocated or not.
            if ftruncate(fd, off_t(end)) == 0 {
                allocated = end
            } else {
                pendingTruncation = end
            }
            throw StorageError("write the journal", errno: error)
        }
        end = newEnd
        allocated = max(allocated, end)
        unsynced = true
    }

    /// Makes every record appended so far durable with one `fdatasync`.
    func sync() throws(StorageError) {
        if let failedSync { throw failedSync }
        guard unsynced else { return }
        guard fdatasync(fd) == 0 else {
            let error = StorageError("sync the journal \(name)")
            failedSync = error
            throw error
        }
        unsynced = false
        syncedEnd = end
    }

    /// Cuts off every record appended since the last successful sync, so that none of them can
    /// come back at the next load: after a save failed, the daemon refuses those changes and
    /// goes back to the last synced state. If the cut itself fails, it is retried before the
    /// next append, and the error is thrown.
    func discardUnsynced() throws(StorageError) {
        guard end > syncedEnd else { return }
        end = syncedEnd
        unsynced = false
        guard ftruncate(fd, off_t(syncedEnd)) == 0 else {
            pendingTruncation = syncedEnd
            throw StorageError("cut unsynced records off the journal \(name)")
        }
        allocated = syncedEnd
        pendingTruncation = nil
    }

    /// Grows the allocated space to cover `offset` (in whole chunks), if the policy says to.
    /// A failure (a full disk, a file system without fallocate) is not an error: the record is
    /// then written past the allocated space, growing the file.
    private func preallocate(through offset: Int) {
        switch preallocation {
        case .none:
            return
        case .fallocate(let chunk):
            let target = (offset + chunk - 1) / chunk * chunk
            let result = posix_fallocate(fd, off_t(allocated), off_t(target - allocated))
            if result == 0 {
                allocated = target
            } else if result == EOPNOTSUPP || result == ENOSYS || result == EINVAL {
                preallocation = .none
            }
        case .zeroFill(let chunk):
            let target = (offset + chunk - 1) / chunk * chunk
            let zeros = [UInt8](repeating: 0, count: target - allocated)
            let error = zeros.withUnsafeBytes { Folder.write(fd, $0, at: allocated) }
            if error == 0 {
                allocated = target
            } else {
                // Zeros past the end are no record, but the file goes back to its size.
                _ = ftruncate(fd, off_t(allocated))
            }
        }
    }
}
