import XCTest

@testable import LifeStorage

/// A crash during an append (or a power cut before its sync) leaves the last record torn: cut at
/// any byte, followed by the file's end, by preallocated zeros, or by whatever was on disk. At
/// every such cut the folder loads with every record before it, the torn one is cut off with a
/// warning, and appends continue cleanly after it.
final class TornTailTests: XCTestCase {
    private enum After: CaseIterable {
        /// The file ends at the cut.
        case end
        /// Zeroed, preallocated space follows the cut.
        case zeros
        /// Bytes that are no record follow the cut.
        case garbage
    }

    func testEveryCutOfTheLastRecordLoadsEveryRecordBeforeIt() throws {
        let root = try makeFolder(self)
        let original = "\(root)/original"
        mkdir(original, 0o700)
        do {
            let storage = try WorldStorage.open(original)
            _ = try storage.load()
            try storage.snapshotNow(0)
            try storage.append(1...4)
            try storage.sync()
            try storage.append([5])
            try storage.sync()
        }
        let name = "journal-00000000000000000001"
        let data = try journalData("\(original)/\(name)")
        let lastRecord = JournalFormat.record(version: 5, payload: Model.payload(5))
        let lastStart = data.count - lastRecord.count
        XCTAssertEqual(Array(data[lastStart...]), lastRecord)

        for after in After.allCases {
            for cut in 0...lastRecord.count {
                let label = "\(after), cut at byte \(cut) of \(lastRecord.count)"
                let folder = "\(root)/\(after)-\(cut)"
                try copyFolder(original, to: folder)
                var bytes = Array(data[0..<(lastStart + cut)])
                switch after {
                case .end: break
                case .zeros: bytes += [UInt8](repeating: 0, count: (1 << 20) - bytes.count)
                case .garbage: bytes += (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }
                }
                try writeBytes(bytes, to: "\(folder)/\(name)")

                let whole = cut == lastRecord.count
                let storage = try WorldStorage.open(folder)
                let loaded = try storage.load()
                XCTAssertEqual(loaded.world?.snapshot, Model.snapshot(0), label)
                XCTAssertEqual(loaded.recordVersions, whole ? [1, 2, 3, 4, 5] : [1, 2, 3, 4], label)
                XCTAssertEqual(loaded.setAside, [], label)
                let torn = after == .garbage || (cut > 0 && !whole)
                XCTAssertEqual(loaded.warnings.count, torn ? 1 : 0, "\(label): \(loaded.warnings)")
                if torn {
                    let at = lastStart + (whole ? lastRecord.count : 0)
                    XCTAssertTrue(loaded.warnings[0].hasPrefix("the journal \(name) ended in a torn record at byte \(at) ("), "\(label): \(loaded.warnings)")
                }
                // Cut back to the last whole record, and appends go on from there.
                XCTAssertEqual(try journalData("\(folder)/\(name)"), Array(data[0..<(whole ? data.count : lastStart)]), label)
                try storage.append([6])
                try storage.sync()
                let reloaded = try WorldStorage.open(folder).load()
                XCTAssertEqual(reloaded.recordVersions, (whole ? [1, 2, 3, 4, 5] : [1, 2, 3, 4]) + [6], label)
                XCTAssertEqual(reloaded.warnings, [], label)
            }
        }
    }

    /// A cut anywhere in the only record of a journal leaves a journal with none, which loads.
    func testACutInTheOnlyRecordLeavesAnEmptyJournal() throws {
        let folder = try makeFolder(self)
        do {
            let storage = try WorldStorage.open(folder)
            _ = try storage.load()
            try storage.snapshotNow(0)
            try storage.append([1])
            try storage.sync()
        }
        let path = "\(folder)/journal-00000000000000000001"
        let data = try journalData(path)
        try writeBytes(Array(data[0..<(JournalFormat.headerSize + 3)]), to: path)
        let storage = try WorldStorage.open(folder)
        let loaded = try storage.load()
        XCTAssertEqual(loaded.recordVersions, [])
        XCTAssertEqual(loaded.warnings.count, 1)
        XCTAssertEqual(try readBytes(path), JournalFormat.header(start: 1))
        try storage.append([1])
        try storage.sync()
        XCTAssertEqual(try WorldStorage.open(folder).load().recordVersions, [1])
    }
}
