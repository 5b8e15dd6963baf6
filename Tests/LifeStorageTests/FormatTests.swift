import LifeGrid
import XCTest

@testable import LifeStorage

/// The checksum and the two binary formats, as bytes.
final class FormatTests: XCTestCase {
    // MARK: CRC-32C

    /// The check value of the CRC catalogue and the iSCSI vectors of RFC 3720, appendix B.4.
    func testCRC32CMatchesPublishedVectors() {
        XCTAssertEqual(CRC32C.checksum(Array("123456789".utf8)), 0xE306_9283)
        XCTAssertEqual(CRC32C.checksum([UInt8](repeating: 0, count: 32)), 0x8A91_36AA)
        XCTAssertEqual(CRC32C.checksum([UInt8](repeating: 0xFF, count: 32)), 0x62A8_AB43)
        XCTAssertEqual(CRC32C.checksum((0..<32).map { UInt8($0) }), 0x46DD_794E)
        XCTAssertEqual(CRC32C.checksum((0..<32).reversed().map { UInt8($0) }), 0x113F_DB5C)
        XCTAssertEqual(CRC32C.checksum([]), 0)
    }

    /// The eight-bytes-a-step path and the byte path agree, whatever the split into pieces.
    func testCRC32CIsTheSameInPieces() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 3) }
        let whole = CRC32C.checksum(bytes)
        for split in [0, 1, 3, 7, 8, 9, 500, 999, 1000] {
            var crc = CRC32C()
            crc.add(bytes[0..<split])
            crc.add(bytes[split...])
            XCTAssertEqual(crc.value, whole, "split at \(split)")
        }
        var bytewise = CRC32C()
        for byte in bytes { bytewise.add([byte]) }
        XCTAssertEqual(bytewise.value, whole)
    }

    // MARK: Snapshot

    func testASnapshotReadsBackAsWritten() {
        let snapshot = Model.snapshot(42)
        let bytes = SnapshotFormat.encode(version: 42, header: snapshot.header, grid: snapshot.grid)
        XCTAssertEqual(bytes.count, SnapshotFormat.size(headerBytes: snapshot.header.count, grid: snapshot.grid))
        XCTAssertEqual(SnapshotFormat.decode(bytes), .snapshot(snapshot))
        XCTAssertEqual(Array(bytes[0..<8]), Array("LIFESNAP".utf8))
    }

    func testAnEmptyGridAndHeaderMakeTheSmallestSnapshot() {
        let bytes = SnapshotFormat.encode(version: 0, header: [], grid: Grid(rows: 0, cols: 0))
        XCTAssertEqual(bytes.count, SnapshotFormat.fixedBytes)
        XCTAssertEqual(SnapshotFormat.decode(bytes), .snapshot(Snapshot(version: 0, header: [], grid: Grid(rows: 0, cols: 0))))
    }

    /// The largest world (4096 x 4096) takes two planes of 2 MiB and a little more: at most 4.5 MB.
    func testTheLargestWorldsSnapshotIsAtMostFourAndAHalfMegabytes() {
        var grid = Grid(rows: Grid.maxSide, cols: Grid.maxSide)
        grid[0, 0] = .alive
        grid[Grid.maxSide - 1, Grid.maxSide - 1] = .died
        let header = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
        let bytes = SnapshotFormat.encode(version: 7, header: header, grid: grid)
        XCTAssertEqual(bytes.count, 2 * 2 * 1024 * 1024 + header.count + 44)
        XCTAssertLessThanOrEqual(bytes.count, 4_500_000)
        XCTAssertEqual(SnapshotFormat.decode(bytes), .snapshot(Snapshot(version: 7, header: header, grid: grid)))
    }

    /// Every truncation and every single-bit change of a snapshot is caught.
    func testEveryTruncationAndBitFlipOfASnapshotIsCorrupt() {
        let bytes = SnapshotFormat.encode(version: 3, header: Array("{}".utf8), grid: Grid(rows: 3, cols: 5))
        for length in 0..<bytes.count {
            guard case .corrupt = SnapshotFormat.decode(Array(bytes[0..<length])) else { return XCTFail("truncated to \(length) bytes: not corrupt") }
        }
        for index in bytes.indices where !(8..<12).contains(index) {
            for bit in 0..<8 {
                var flipped = bytes
                flipped[index] ^= UInt8(1 << bit)
                guard case .corrupt = SnapshotFormat.decode(flipped) else { return XCTFail("bit \(bit) of byte \(index): not corrupt") }
            }
        }
    }

    func testAnotherFormatNumberIsReportedAsSuch() {
        var bytes = SnapshotFormat.encode(version: 3, header: [], grid: Grid(rows: 1, cols: 1))
        bytes[8] = 2
        XCTAssertEqual(SnapshotFormat.decode(bytes), .unknownFormat(2))
    }

    /// A header length or grid size that would run past the file (with a valid checksum, as a
    /// hostile file would have) is refused, not allocated.
    func testSizesThatDoNotFitTheFileAreRefused() {
        func sealed(_ bytes: [UInt8]) -> [UInt8] {
            var body = Array(bytes.dropLast(4))
            body.appendLittleEndian(CRC32C.checksum(body))
            return body
        }
        var hugeHeader = SnapshotFormat.encode(version: 1, header: [], grid: Grid(rows: 1, cols: 1))
        hugeHeader.replaceSubrange(24..<32, with: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F])
        guard case .corrupt = SnapshotFormat.decode(sealed(hugeHeader)) else { return XCTFail("a header longer than the file") }
        var hugeGrid = SnapshotFormat.encode(version: 1, header: [], grid: Grid(rows: 1, cols: 1))
        hugeGrid.replaceSubrange(32..<40, with: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        guard case .corrupt = SnapshotFormat.decode(sealed(hugeGrid)) else { return XCTFail("a grid larger than the file") }
        var negative = SnapshotFormat.encode(version: 1, header: [], grid: Grid(rows: 1, cols: 1))
        negative.replaceSubrange(16..<24, with: [0, 0, 0, 0, 0, 0, 0, 0x80])
        guard case .corrupt = SnapshotFormat.decode(sealed(negative)) else { return XCTFail("a negative version") }
    }

    // MARK: Journal

    func testJournalNamesSortAsTheirVersions() {
        XCTAssertEqual(Naming.journal(start: 42), "journal-00000000000000000042")
        XCTAssertEqual(Naming.journalStart("journal-00000000000000000042"), 42)
        XCTAssertEqual(Naming.journalStart(Naming.journal(start: Int.max)), Int.max)
        let starts = [0, 9, 10, 99, 100, 12345, Int.max]
        XCTAssertEqual(starts.map(Naming.journal(start:)).sorted(), starts.map(Naming.journal(start:)))
        for other in ["journal-42", "journal-0000000000000000004x", "journal-000000000000000000042", "snapshot", "journal-00000000000000000042.tmp-0123456789abcdef"] {
            XCTAssertNil(Naming.journalStart(other), other)
        }
    }

    func testTemporaryNamesAreRecognizedAndNothingElse() {
        for name in ["snapshot", "version-floor", "journal-00000000000000000001"] {
            let temporary = Naming.temporary(for: name)
            XCTAssertTrue(Naming.isTemporary(temporary), temporary)
            XCTAssertNotEqual(temporary, Naming.temporary(for: name), "random")
        }
        for other in ["snapshot", "state.json.tmp-0123456789abcdef", "snapshot.tmp-0123", "snapshot.corrupt.20240101T000000Z", "other.tmp-0123456789abcdef"] {
            XCTAssertFalse(Naming.isTemporary(other), other)
        }
    }

    func testARecordIsItsLengthChecksumVersionAndPayload() {
        let record = JournalFormat.record(version: 0x0102, payload: [0xAA, 0xBB])
        XCTAssertEqual(record.count, 8 + 8 + 2)
        XCTAssertEqual(Array(record[0..<4]), [10, 0, 0, 0])
        XCTAssertEqual(Array(record[8..<16]), [0x02, 0x01, 0, 0, 0, 0, 0, 0])
        XCTAssertEqual(Array(record[16...]), [0xAA, 0xBB])
        var crc = CRC32C()
        crc.add(record[0..<4])
        crc.add(record[8...])
        XCTAssertEqual(Array(record[4..<8]), withUnsafeBytes(of: crc.value.littleEndian) { Array($0) })
    }

    func testAJournalScansBackItsRecordsAndStopsAtZeroedSpace() {
        var bytes = JournalFormat.header(start: 5)
        for version in [5, 6, 9] { bytes += JournalFormat.record(version: version, payload: Model.payload(version)) }
        let end = bytes.count
        XCTAssertNil(JournalFormat.headerProblem(bytes, start: 5))
        XCTAssertNotNil(JournalFormat.headerProblem(bytes, start: 6), "the name and the header disagree")
        let expected = JournalFormat.Scan(records: [5, 6, 9].map(Model.record), end: end, damage: nil)
        XCTAssertEqual(JournalFormat.scan(bytes, start: 5, after: 4, before: nil), expected)
        bytes += [UInt8](repeating: 0, count: 4096)
        XCTAssertEqual(JournalFormat.scan(bytes, start: 5, after: 4, before: nil), expected, "preallocated space")
        bytes += [UInt8](repeating: 0, count: 5)
        XCTAssertEqual(JournalFormat.scan(bytes, start: 5, after: 4, before: nil), expected, "not a multiple of 8")
    }

    /// A whole record whose version does not belong where it is, is corruption even at the end.
    func testAMisplacedVersionIsCorruptionNotATornTail() {
        var bytes = JournalFormat.header(start: 1)
        for version in [1, 3, 2] { bytes += JournalFormat.record(version: version, payload: []) }
        let scan = JournalFormat.scan(bytes, start: 1, after: 0, before: nil)
        XCTAssertEqual(scan.records.map(\.version), [1, 3])
        XCTAssertEqual(scan.damage?.isTorn, false)
        XCTAssertEqual(scan.damage?.highestVersionAfter, 2)
        let beyond = JournalFormat.scan(Array(bytes.prefix(bytes.count - 16)), start: 1, after: 0, before: 3)
        XCTAssertEqual(beyond.records.map(\.version), [1])
        XCTAssertEqual(beyond.damage?.isTorn, false, "version 3 belongs in the next file")
        XCTAssertEqual(JournalFormat.scan(Array(bytes.prefix(bytes.count - 32)), start: 1, after: 1, before: nil).records, [], "after the previous file's last")
    }
}

extension FormatTests {
    /// A Generations world's dying planes follow the previous plane; the flags say how many.
    func testASnapshotKeepsDyingStates() {
        var grid = Grid(rows: 5, cols: 70)
        grid[0, 0] = .alive
        grid.setState(2, row: 1, col: 1)
        grid.setState(13, row: 4, col: 69)
        let bytes = SnapshotFormat.encode(version: 7, header: Array("{}".utf8), grid: grid)
        XCTAssertEqual(bytes.count, SnapshotFormat.size(headerBytes: 2, grid: grid))
        XCTAssertEqual(bytes[12], 4)
        XCTAssertEqual(SnapshotFormat.decode(bytes), .snapshot(Snapshot(version: 7, header: Array("{}".utf8), grid: grid)))
        guard case .snapshot(let read) = SnapshotFormat.decode(bytes) else { return XCTFail("not read") }
        XCTAssertEqual(read.grid.state(row: 4, col: 69), 13)
        // Cut short by a plane: refused.
        var short = Array(bytes[0..<(bytes.count - 4 - 8 * 10)])
        short.appendLittleEndian(CRC32C.checksum(short))
        guard case .corrupt = SnapshotFormat.decode(short) else { return XCTFail("a missing plane read") }
    }
}
