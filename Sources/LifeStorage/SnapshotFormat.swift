import LifeGrid

/// The `snapshot` file: the world at one version, all integers little-endian.
///
/// ```text
/// offset  size  field
///      0     8  magic "LIFESNAP"
///      8     4  format (1)
///     12     4  flags: the number of dying planes D (0 to 8; 0 for a two-state world)
///     16     8  version (signed, >= 0)
///     24     8  header length H (at most maxHeaderBytes)
///     32     H  header: the caller's bytes (its state without the grid, as JSON)
///   32+H     4  rows
///   36+H     4  cols
///   40+H   8*W  live plane: W = rows * ceil(cols / 64) words (Grid's layout)
///     …    8*W  previous plane
///     …  D*8*W  dying planes (Generations: ``Grid/dying``), in order
///     …      4  CRC-32C of every byte before it
/// ```
///
/// So a 4096 x 4096 world takes 2 x 2 MiB plus its header and 44 bytes (and 2 MiB per dying
/// plane). A build from before dying states refuses a snapshot with D > 0 for its flags, rather
/// than lose its dying cells. The file must be exactly
/// as long as its fields say; anything else, or a checksum that does not match, is corrupt.
enum SnapshotFormat {
    static let magic: [UInt8] = Array("LIFESNAP".utf8)
    static let format: UInt32 = 1
    /// The largest header written or read.
    static let maxHeaderBytes = 1 << 28
    /// The largest snapshot file read (far above a 4096 x 4096 world's 4 MiB).
    static let maxFileBytes = 1 << 30
    /// The bytes of every field but the header and the planes (the smallest snapshot: no header, a 0x0 grid).
    static let fixedBytes = 32 + 8 + 4

    /// The bytes from the magic to the grid's dimensions (everything before the planes).
    static func prefix(version: Int, header: [UInt8], grid: Grid) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(40 + header.count)
        bytes += magic
        bytes.appendLittleEndian(format)
        bytes.appendLittleEndian(UInt32(grid.dying.count))
        bytes.appendLittleEndian(Int64(version))
        bytes.appendLittleEndian(UInt64(header.count))
        bytes += header
        bytes.appendLittleEndian(UInt32(grid.rows))
        bytes.appendLittleEndian(UInt32(grid.cols))
        return bytes
    }

    /// The plane's words as little-endian bytes, handed to `body` without copying on
    /// little-endian machines.
    static func withLittleEndianBytes<R>(of plane: [UInt64], _ body: (UnsafeRawBufferPointer) -> R) -> R {
        #if _endian(little)
            return plane.withUnsafeBytes(body)
        #else
            return plane.map(\.littleEndian).withUnsafeBytes(body)
        #endif
    }

    /// The whole file (for tests and small worlds; the writer streams the same bytes).
    static func encode(version: Int, header: [UInt8], grid: Grid) -> [UInt8] {
        var bytes = prefix(version: version, header: header, grid: grid)
        withLittleEndianBytes(of: grid.livePlane) { bytes.append(contentsOf: $0) }
        withLittleEndianBytes(of: grid.previousPlane) { bytes.append(contentsOf: $0) }
        for plane in grid.dying { withLittleEndianBytes(of: plane.words) { bytes.append(contentsOf: $0) } }
        bytes.appendLittleEndian(CRC32C.checksum(bytes))
        return bytes
    }

    /// The file's size for a world.
    static func size(headerBytes: Int, grid: Grid) -> Int {
        fixedBytes + headerBytes + 8 * (2 + grid.dying.count) * grid.livePlane.count
    }

    /// What a snapshot file holds.
    enum Decoded: Equatable {
        case snapshot(Snapshot)
        /// Not a snapshot this build can read, and why.
        case corrupt(String)
        /// A snapshot in a format this build does not know (from a newer lifed).
        case unknownFormat(UInt32)
    }

    /// Reads a snapshot file's bytes, trusting nothing in them.
    static func decode(_ bytes: [UInt8]) -> Decoded {
        bytes.withUnsafeBytes { raw in
            guard raw.count >= fixedBytes else { return .corrupt("it is \(raw.count) bytes, too short for a snapshot") }
            guard Array(raw[0..<8]) == magic else { return .corrupt("it does not start with a snapshot's magic number") }
            let fileFormat = raw.littleEndianUInt32(at: 8)
            guard fileFormat == format else { return .unknownFormat(fileFormat) }
            let body = UnsafeRawBufferPointer(rebasing: raw[0..<(raw.count - 4)])
            var crc = CRC32C()
            crc.add(body)
            guard crc.value == raw.littleEndianUInt32(at: raw.count - 4) else { return .corrupt("its checksum does not match its contents") }
            let dyingPlanes = Int(raw.littleEndianUInt32(at: 12))
            guard dyingPlanes <= Grid.dyingPlaneCount(states: Grid.maxStates) else {
                return .corrupt("it has flags this build does not know")
            }
            let version = raw.littleEndianInt64(at: 16)
            guard version >= 0 else { return .corrupt("its version \(version) is negative") }
            let headerLength = raw.littleEndianUInt64(at: 24)
            guard headerLength <= UInt64(min(maxHeaderBytes, raw.count - fixedBytes)) else {
                return .corrupt("its header length \(headerLength) does not fit in the file")
            }
            let headerEnd = 32 + Int(headerLength)
            let rows = Int(raw.littleEndianUInt32(at: headerEnd))
            let cols = Int(raw.littleEndianUInt32(at: headerEnd + 4))
            // Both at most 2^32 - 1: the product cannot overflow Int64, but may exceed the file.
            let (words, overflow) = rows.multipliedReportingOverflow(by: (cols + 63) >> 6)
            let planesStart = headerEnd + 8
            let planes = 2 + dyingPlanes
            guard !overflow, words <= (raw.count - planesStart - 4) / (8 * planes), planesStart + 8 * planes * words + 4 == raw.count else {
                return .corrupt("its grid of \(rows)x\(cols) does not match its length of \(raw.count) bytes")
            }
            let live = plane(raw, at: planesStart, words: words)
            let previous = plane(raw, at: planesStart + 8 * words, words: words)
            let dying = (0..<dyingPlanes).map { plane(raw, at: planesStart + 8 * (2 + $0) * words, words: words) }
            guard let grid = Grid(rows: rows, cols: cols, livePlane: live, previousPlane: previous, dyingPlanes: dying) else {
                return .corrupt("its grid of \(rows)x\(cols) is not a grid")
            }
            return .snapshot(Snapshot(version: Int(version), header: Array(raw[32..<headerEnd]), grid: grid))
        }
    }

    /// `words` little-endian words from `offset`.
    private static func plane(_ raw: UnsafeRawBufferPointer, at offset: Int, words: Int) -> [UInt64] {
        [UInt64](unsafeUninitializedCapacity: words) { buffer, count in
            if words > 0, let base = buffer.baseAddress, let source = raw.baseAddress {
                UnsafeMutableRawPointer(base).copyMemory(from: source + offset, byteCount: 8 * words)
                #if _endian(big)
                    for index in 0..<words { buffer[index] = UInt64(littleEndian: buffer[index]) }
                #endif
            }
            count = words
        }
    }
}
