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
/// ```text
/// slot: magic "LIFEFLOR" | format u32 (1) | sequence u32 | version i64 | CRC-32C of the 24 bytes before u32 | 0 u32
/// ```
final class VersionFloorFile {
    static let size = 4096
    static let slotOffsets = [0, 2048]
    static let slotSize = 32
    static let magic: [UInt8] = Array("LIFEFLOR".utf8)
    static let format: UInt32 = 1

    let fd: Int32
    /// The floor.
    private(set) var value: Int
    private var sequence: UInt32
    /// The slot the next raise writes: the one not holding `value`.
    private var nextSlot: Int

    private init(fd: Int32, value: Int, sequence: UInt32, nextSlot: Int) {
        self.fd = fd
        self.value = value
        self.sequence = sequence
        self.nextSlot = nextSlot
    }

    deinit { close(fd) }

    /// Opens the folder's floor file, creating it (at 0) if there is none. An unreadable one is
    /// set aside and replaced, with a warning that says so.
    static func open(in folder: Folder) throws(StorageError) -> (VersionFloorFile, warning: String?) {
        let fd: Int32
        do {
            fd = try folder.openExisting(Naming.versionFloor, writable: true, what: "the version floor")
        } catch where error.errno == ENOENT {
            return (try create(in: folder), nil)
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
        let slots = slotOffsets.enumerated().compactMap { index, offset in
            bytes.count == size ? decodeSlot(bytes, at: offset).map { (index: index, slot: $0) } : nil
        }
        guard let (best, slot) = slots.max(by: { $0.slot.version < $1.slot.version }) else {
            close(fd)
            let movedTo = try folder.setAside(Naming.versionFloor, as: "corrupt", what: "the unreadable version floor")
            let file = try create(in: folder)
            return (file, "the version floor was unreadable; moved it to \(folder.path(of: movedTo)) and started a new one at 0")
        }
        return (VersionFloorFile(fd: fd, value: slot.version, sequence: slot.sequence, nextSlot: 1 - best), nil)
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
        return VersionFloorFile(fd: fd, value: 0, sequence: 1, nextSlot: 1)
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
