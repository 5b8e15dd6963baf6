import Glibc

/// `version-floor`: the highest version the daemon may have shown anyone, so that a restart never
/// hands out a version twice (after a save failed and the state was rolled back, say).
///
/// The file is 4096 bytes, created whole (every byte written, so its one block is allocated),
/// and afterwards only overwritten in place with `pwrite` and `fdatasync`: no block is ever
/// allocated again, so it can be raised on a full disk. It holds two 32-byte slots, at offsets
/// 0 and 2048, written in turn; a write torn by a power cut spoils at most the slot being
/// written, and the other still holds the value before. The floor is the highest version in a
/// valid slot.
///
/// At offset 1024 the file also says that a snapshot was put in place in this folder (the
/// *snapshot mark*), written once, after the first snapshot: from then on a folder without a
/// snapshot has lost it (snapshots are only ever replaced, never removed), where one that was
/// never marked is a first start or a first save that did not finish. Earlier builds leave the
/// mark zero and never read it.
///
/// ```text
/// slot: magic "LIFEFLOR" | format u32 (1) | sequence u32 | version i64 | CRC-32C of the 24 bytes before u32 | 0 u32
/// mark: magic "LIFEMARK" | format u32 (1) | 0 u32 | the first snapshot's version i64 | CRC-32C of the 24 bytes before u32 | 0 u32
/// ```
final class VersionFloorFile {
    static let size = 4096
    static let slotOffsets = [0, 2048]
    static let slotSize = 32
    static let magic: [UInt8] = Array("LIFEFLOR".utf8)
    static let format: UInt32 = 1
    static let markOffset = 1024
    static let markMagic: [UInt8] = Array("LIFEMARK".utf8)

    let fd: Int32
    /// The floor.
    private(set) var value: Int
    private var sequence: UInt32
    /// The slot the next raise writes: the one not holding `value`.
    private var nextSlot: Int
    /// Whether the file says a snapshot was put in place in this folder (the snapshot mark).
    private(set) var snapshotMarked: Bool

    private init(fd: Int32, value: Int, sequence: UInt32, nextSlot: Int, snapshotMarked: Bool) {
        self.fd = fd
        self.value = value
        self.sequence = sequence
        self.nextSlot = nextSlot
        self.snapshotMarked = snapshotMarked
    }

    deinit { close(fd) }

    /// What a floor file's bytes hold.
    enum Reading: Equatable {
        /// The floor, the slot holding it, and whether the snapshot mark is there.
        case floor(version: Int, sequence: UInt32, slot: Int, snapshotMarked: Bool)
        /// No slot reads, and why in words.
        case unreadable(String)
    }

    /// Reads a floor file's bytes, trusting nothing in them.
    static func read(_ bytes: [UInt8]) -> Reading {
        guard bytes.count == size else { return .unreadable("it is \(bytes.count) bytes, not \(size)") }
        let slots = slotOffsets.enumerated().compactMap { index, offset in decodeSlot(bytes, at: offset).map { (index: index, slot: $0) } }
        guard let (best, slot) = slots.max(by: { $0.slot.version < $1.slot.version }) else {
            return .unreadable(bytes.allSatisfy { $0 == 0 } ? "it is all zeros" : "neither of its slots reads")
        }
        // A mark spoiled by a write torn in the middle still says it was being written, after a
        // snapshot was in place: anything but zeros there counts.
        let marked = bytes[markOffset..<(markOffset + slotSize)].contains { $0 != 0 }
        return .floor(version: slot.version, sequence: slot.sequence, slot: best, snapshotMarked: marked)
    }

    /// Opens the folder's floor file, creating it (at 0) if there is none. An unreadable one is
    /// set aside and replaced, with a warning that says so and the file set aside.
    static func open(in folder: Folder) throws(StorageError) -> (VersionFloorFile, warning: String?, setAside: SetAsideFile?) {
        let fd: Int32
        do {
            fd = try folder.openExisting(Naming.versionFloor, writable: true, what: "the version floor")
        } catch where error.errno == ENOENT {
            return (try create(in: folder), nil, nil)
        }
        let bytes: [UInt8]
        do {
            bytes = try Folder.readAll(fd, limit: size, what: "the version floor")
        } catch where error.errno == EFBIG {
            bytes = []
        } catch {
            close(fd)
            throw error
        }
        switch read(bytes) {
        case .floor(let version, let sequence, let slot, let marked):
            return (VersionFloorFile(fd: fd, value: version, sequence: sequence, nextSlot: 1 - slot, snapshotMarked: marked), nil, nil)
        case .unreadable(let why):
            close(fd)
            let movedTo = try folder.setAside(Naming.versionFloor, as: "corrupt", what: "the unreadable version floor")
            let file = try create(in: folder)
            let path = folder.path(of: movedTo)
            return (
                file, "the version floor was unreadable (\(why)); moved it to \(path) and started a new one at 0",
                SetAsideFile(name: Naming.versionFloor, movedTo: path, reason: why)
            )
        }
    }

    /// Writes the snapshot mark (nothing if it is there): one `pwrite` in place and `fdatasync`.
    /// Call it once a snapshot is in place and the folder synced.
    func markSnapshot(version: Int) throws(StorageError) {
        guard !snapshotMarked else { return }
        var bytes = Self.markMagic
        bytes.appendLittleEndian(Self.format)
        bytes.appendLittleEndian(UInt32(0))
        bytes.appendLittleEndian(Int64(version))
        bytes.appendLittleEndian(CRC32C.checksum(bytes))
        bytes.appendLittleEndian(UInt32(0))
        try Folder.write(fd, bytes, at: Self.markOffset, what: "the version floor's snapshot mark")
        guard fdatasync(fd) == 0 else { throw StorageError("sync the version floor") }
        snapshotMarked = true
    }

    /// A new floor file at 0, written whole by way of a temporary file.
    private static func create(in folder: Folder) throws(StorageError) -> VersionFloorFile {
        var bytes = [UInt8](repeating: 0, count: size)
        let slot = encodeSlot(sequence: 1, version: 0)
        bytes.replaceSubrange(0..<slotSize, with: slot)
        let (fd, temporary) = try folder.createTemporary(for: Naming.versionFloor, what: "the version floor")
        do throws(StorageError) {
            try Folder.write(fd, bytes, at: 0, what: "the version floor")
            guard fsync(fd) == 0 else { throw StorageError("sync the version floor") }
            try folder.rename(temporary, to: Naming.versionFloor, what: "the version floor")
            try folder.sync()
        } catch {
            close(fd)
            _ = unlinkat(folder.fd, temporary, 0)
            throw error
        }
        // The temporary file's descriptor is the floor file's now: it was opened for writing.
        return VersionFloorFile(fd: fd, value: 0, sequence: 1, nextSlot: 1, snapshotMarked: false)
    }

    /// Raises the floor to `version` (nothing if it is there already): one `pwrite` into the
    /// slot not holding the current value, then `fdatasync`.
    func raise(to version: Int) throws(StorageError) {
        guard version > value else { return }
        let slot = Self.encodeSlot(sequence: sequence &+ 1, version: version)
        try Folder.write(fd, slot, at: Self.slotOffsets[nextSlot], what: "the version floor")
        guard fdatasync(fd) == 0 else { throw StorageError("sync the version floor") }
        value = version
        sequence &+= 1
        nextSlot = 1 - nextSlot
    }

    /// Sets the floor to `version`, even below the current value: both slots are written (each
    /// synced), so that no slot holding a higher version is left to win at the next open.
    func set(to version: Int) throws(StorageError) {
        guard version != value else { return }
        for _ in Self.slotOffsets {
            let slot = Self.encodeSlot(sequence: sequence &+ 1, version: version)
            try Folder.write(fd, slot, at: Self.slotOffsets[nextSlot], what: "the version floor")
            guard fdatasync(fd) == 0 else { throw StorageError("sync the version floor") }
            sequence &+= 1
            nextSlot = 1 - nextSlot
        }
        value = version
    }

    static func encodeSlot(sequence: UInt32, version: Int) -> [UInt8] {
        var bytes = magic
        bytes.appendLittleEndian(format)
        bytes.appendLittleEndian(sequence)
        bytes.appendLittleEndian(Int64(version))
        bytes.appendLittleEndian(CRC32C.checksum(bytes))
        bytes.appendLittleEndian(UInt32(0))
        return bytes
    }

    static func decodeSlot(_ bytes: [UInt8], at offset: Int) -> (sequence: UInt32, version: Int)? {
        guard offset + slotSize <= bytes.count, Array(bytes[offset..<(offset + 8)]) == magic else { return nil }
        return bytes.withUnsafeBytes { raw in
            guard raw.littleEndianUInt32(at: offset + 8) == format,
                CRC32C.checksum(bytes[offset..<(offset + 24)]) == raw.littleEndianUInt32(at: offset + 24)
            else { return nil }
            let version = raw.littleEndianInt64(at: offset + 16)
            guard version >= 0 else { return nil }
            return (raw.littleEndianUInt32(at: offset + 12), Int(version))
        }
    }
}
