/// A journal file, `journal-<start>`: a header, then records, all integers little-endian.
///
/// ```text
/// header (32 bytes):  magic "LIFEJRNL" | format u32 (1) | 0 u32 | start i64 | CRC-32C of the 24 bytes before u32 | 0 u32
/// record:             length u32 | checksum u32 | version i64 | the caller's bytes
///                     length = 8 + the caller's byte count; checksum = CRC-32C of the length's
///                     4 bytes followed by the `length` bytes after the checksum
/// ```
///
/// Versions strictly increase within a file and from one file to the next, with gaps allowed;
/// every version in `journal-<start>` is at least `start` and below the next file's start.
/// A file may be preallocated: zeroed space after the last record ends it (a length and a
/// checksum of 0 is no record, since a length is at least 8). A file is created whole (written
/// as a temporary file, synced, renamed), so its header is never torn.
enum JournalFormat {
    static let magic: [UInt8] = Array("LIFEJRNL".utf8)
    static let format: UInt32 = 1
    static let headerSize = 32
    /// Length and checksum.
    static let recordHeaderSize = 8
    /// The version at the start of every record's counted bytes.
    static let versionSize = 8
    /// The most payload a record's 32-bit length leaves room for.
    static let maxPayloadBytes = Int(UInt32.max) - versionSize
    /// The most checksum work (bytes) spent looking for whole records after damage before
    /// giving up and calling the damage corruption: the search is byte by byte.
    static let searchBudget = 1 << 28

    static func header(start: Int) -> [UInt8] {
        var bytes = magic
        bytes.appendLittleEndian(format)
        bytes.appendLittleEndian(UInt32(0))
        bytes.appendLittleEndian(Int64(start))
        bytes.appendLittleEndian(CRC32C.checksum(bytes))
        bytes.appendLittleEndian(UInt32(0))
        return bytes
    }

    /// What is wrong with a file's header for a file named for `start`, nil if nothing.
    static func headerProblem(_ bytes: [UInt8], start: Int) -> String? {
        guard bytes.count >= headerSize else { return "it is \(bytes.count) bytes, too short for a journal's header" }
        guard Array(bytes[0..<8]) == magic else { return "it does not start with a journal's magic number" }
        return bytes.withUnsafeBytes { raw -> String? in
            let fileFormat = raw.littleEndianUInt32(at: 8)
            guard fileFormat == format else { return "it is in journal format \(fileFormat), which this build does not read (it reads \(format))" }
            guard CRC32C.checksum(bytes[0..<24]) == raw.littleEndianUInt32(at: 24) else { return "its header's checksum does not match" }
            let named = raw.littleEndianInt64(at: 16)
            guard named == Int64(start) else { return "its header says it starts at version \(named), its name at \(start)" }
            return nil
        }
    }

    /// One record's bytes.
    static func record(version: Int, payload: [UInt8]) -> [UInt8] {
        let length = versionSize + payload.count
        var bytes: [UInt8] = []
        bytes.reserveCapacity(recordHeaderSize + length)
        bytes.appendLittleEndian(UInt32(length))
        bytes.appendLittleEndian(UInt32(0))
        bytes.appendLittleEndian(Int64(version))
        bytes += payload
        var crc = CRC32C()
        crc.add(bytes[0..<4])
        crc.add(bytes[8...])
        let checksum = crc.value
        withUnsafeBytes(of: checksum.littleEndian) { value in
            for index in 0..<4 { bytes[4 + index] = value[index] }
        }
        return bytes
    }

    /// What a journal file's bytes hold.
    struct Scan: Equatable {
        /// The whole records, in order.
        var records: [JournalRecord]
        /// The offset just after the last whole record (the header's end if there is none).
        var end: Int
        /// What stopped the scan before the end of the file or its zeroed space, if anything.
        var damage: Damage?
    }

    /// Bytes after the last whole record that are neither the end of the file nor zeroed space.
    struct Damage: Equatable {
        /// Where the bad record starts (= the scan's `end`).
        var offset: Int
        /// What is wrong with it.
        var reason: String
        /// Whether this can be a record whose writing was cut short: nothing after it is a whole
        /// record (one whose checksum matches). A torn tail in the last journal file is what a
        /// crash during an append leaves; anything else is corruption.
        var isTorn: Bool
        /// The highest version in any whole record after `offset` (including a misplaced one at
        /// `offset`): a version that may have been shown to someone.
        var highestVersionAfter: Int?
    }

    /// Reads the records of a file named for `start`, whose header is valid. Versions must be
    /// above `previous` (the last version of the files before) and below `limit` (the next
    /// file's start), if given.
    static func scan(_ bytes: [UInt8], start: Int, after previous: Int, before limit: Int?) -> Scan {
        bytes.withUnsafeBytes { raw in
            var records: [JournalRecord] = []
            var position = headerSize
            var last = previous
            func damaged(_ reason: String, misplaced: Int? = nil) -> Scan {
                let search = searchWholeRecords(raw, from: position + 1)
                let highest = [misplaced, search.highestVersion].compactMap { $0 }.max()
                let torn = misplaced == nil && !search.found && !search.exhausted
                return Scan(records: records, end: position, damage: Damage(offset: position, reason: reason, isTorn: torn, highestVersionAfter: highest))
            }
            while true {
                let remaining = raw.count - position
                if remaining == 0 { return Scan(records: records, end: position, damage: nil) }
                if remaining < recordHeaderSize {
                    if isZero(raw, from: position) { return Scan(records: records, end: position, damage: nil) }
                    return damaged("a record's first \(remaining) bytes, cut short")
                }
                let length = Int(raw.littleEndianUInt32(at: position))
                let checksum = raw.littleEndianUInt32(at: position + 4)
                if length == 0 && checksum == 0 {
                    if isZero(raw, from: position) { return Scan(records: records, end: position, damage: nil) }
                    return damaged("bytes after zeroed space")
                }
                if length < versionSize { return damaged("a record length of \(length), too short") }
                if length > remaining - recordHeaderSize {
                    return damaged("a record of \(length) bytes that runs past the end of the file")
                }
                guard recordChecksum(raw, at: position, length: length) == checksum else {
                    return damaged("a record whose checksum does not match")
                }
                let version = Int(raw.littleEndianInt64(at: position + recordHeaderSize))
                if version <= last { return damaged("version \(version) after version \(last)", misplaced: version) }
                if version < start { return damaged("version \(version) in a file that starts at \(start)", misplaced: version) }
                if let limit, version >= limit {
                    return damaged("version \(version) in a file followed by one starting at \(limit)", misplaced: version)
                }
                let payloadStart = position + recordHeaderSize + versionSize
                records.append(JournalRecord(version: version, payload: Array(raw[payloadStart..<(position + recordHeaderSize + length)])))
                last = version
                position += recordHeaderSize + length
            }
        }
    }

    /// The highest version of any whole record in a file (or nil), finding records wherever
    /// they are: for files set aside, whose versions may have been shown.
    static func highestVersion(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { searchWholeRecords($0, from: min(headerSize, $0.count)).highestVersion }
    }

    /// The checksum of the record at `position` with `length` counted bytes.
    private static func recordChecksum(_ raw: UnsafeRawBufferPointer, at position: Int, length: Int) -> UInt32 {
        var crc = CRC32C()
        crc.add(UnsafeRawBufferPointer(rebasing: raw[position..<(position + 4)]))
        crc.add(UnsafeRawBufferPointer(rebasing: raw[(position + recordHeaderSize)..<(position + recordHeaderSize + length)]))
        return crc.value
    }

    /// Whether every byte from `position` on is zero.
    private static func isZero(_ raw: UnsafeRawBufferPointer, from position: Int) -> Bool {
        var index = position
        while index + 8 <= raw.count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) != 0 { return false }
            index += 8
        }
        while index < raw.count {
            if raw[index] != 0 { return false }
            index += 1
        }
        return true
    }

    /// Looks for whole records (a plausible length and a matching checksum) from `position` on,
    /// at every byte offset, and from one found to the next. `exhausted`: the search gave up
    /// after `searchBudget` bytes of checksums, so whether there are any is unknown.
    private static func searchWholeRecords(_ raw: UnsafeRawBufferPointer, from position: Int) -> (found: Bool, highestVersion: Int?, exhausted: Bool) {
        var offset = position
        var highest: Int?
        var budget = searchBudget
        while raw.count - offset >= recordHeaderSize + versionSize {
            let length = Int(raw.littleEndianUInt32(at: offset))
            if length >= versionSize && length <= raw.count - offset - recordHeaderSize {
                budget -= length
                if budget < 0 { return (highest != nil, highest, true) }
                if recordChecksum(raw, at: offset, length: length) == raw.littleEndianUInt32(at: offset + 4) {
                    let version = Int(raw.littleEndianInt64(at: offset + recordHeaderSize))
                    highest = max(highest ?? version, version)
                    offset += recordHeaderSize + length
                    continue
                }
            }
            offset += 1
        }
        return (highest != nil, highest, false)
    }
}
