import Glibc
import LifeGrid

/// Writes the `snapshot` file durably: to a temporary file, streamed from the grid's planes,
/// fsynced, renamed over the old snapshot, and the folder fsynced. Safe to run on any thread:
/// it touches nothing but the folder's descriptor and the values it is given.
enum SnapshotWriter {
    /// Writes the snapshot and returns its size in bytes.
    static func write(version: Int, header: [UInt8], grid: Grid, in folder: Folder, checkpoint: (Checkpoint) -> Void) throws(StorageError) -> Int {
        let (fd, temporary) = try folder.createTemporary(for: Naming.snapshot, what: "the snapshot")
        var crc = CRC32C()
        var offset = 0
        var error: Int32 = 0
        func put(_ bytes: UnsafeRawBufferPointer) {
            guard error == 0 else { return }
            crc.add(bytes)
            error = Folder.write(fd, bytes, at: offset)
            offset += bytes.count
        }
        SnapshotFormat.prefix(version: version, header: header, grid: grid).withUnsafeBytes { put($0) }
        SnapshotFormat.withLittleEndianBytes(of: grid.livePlane) { put($0) }
        checkpoint(.snapshotPartlyWritten)
        SnapshotFormat.withLittleEndianBytes(of: grid.previousPlane) { put($0) }
        for plane in grid.dying { SnapshotFormat.withLittleEndianBytes(of: plane.words) { put($0) } }
        let checksum = crc.value.littleEndian
        withUnsafeBytes(of: checksum) { put($0) }
        var failure: StorageError?
        if error != 0 {
            failure = StorageError("write the snapshot", errno: error)
        } else if fsync(fd) != 0 {
            failure = StorageError("sync the snapshot")
        }
        close(fd)
        if failure == nil {
            checkpoint(.snapshotTemporaryWritten)
            do throws(StorageError) { try folder.rename(temporary, to: Naming.snapshot, what: "the new snapshot into place") } catch { failure = error }
        }
        if let failure {
            _ = unlinkat(folder.fd, temporary, 0)
            throw failure
        }
        try folder.sync()
        checkpoint(.snapshotReplaced)
        return offset
    }
}
