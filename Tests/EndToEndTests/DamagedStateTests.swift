import DaemonTestSupport
import Foundation
import Glibc
import LifeJSON
import LifeTestSupport
import Protocol
import XCTest

/// A state folder damaged in a way no crash leaves (a file corrupt, cut short or deleted) stops
/// lifed before it listens, with exit status 1 and the file named, and nothing in the folder
/// changed. `--recover` then starts from what is intact, sets the damage aside, says in the log
/// and in `status` what was dropped (until `lifectl acknowledge`), and continues above every
/// version shown before.
final class DamagedStateTests: XCTestCase {
    /// A state folder after 40 acknowledged changes (the title set to "change 0" … "change 39").
    private struct Saved {
        let root: String
        let stateDir: String
        let socket: String
        /// The highest version any client saw.
        let highestShown: Int

        func path(_ name: String) -> String { "\(stateDir)/\(name)" }

        /// The one journal file.
        func journal() throws -> String {
            let names = try FileManager.default.contentsOfDirectory(atPath: stateDir).filter { $0.hasPrefix("journal-") && !$0.contains(".") }
            guard names.count == 1, let name = names.first else { throw XCTSkip("expected one journal, found \(names)") }
            return path(name)
        }
    }

    private func makeState(killed: Bool) throws -> Saved {
        let root = try makeTemporaryFolder(self)
        let saved = Saved(root: root, stateDir: "\(root)/state", socket: "\(root)/lifed.sock", highestShown: 0)
        let daemon = try Daemon(self, arguments: ["--state-dir", saved.stateDir, "--seed", "7"], socketPath: saved.socket)
        let driver = try daemon.connect()
        var shown = 0
        for index in 0..<40 {
            guard case .ack(_, let version) = try driver.dispatch("settings.update", ["display": ["title": .string("change \(index)")]]) else {
                throw XCTSkip("change \(index) was not acknowledged")
            }
            shown = version
        }
        if killed { daemon.kill9() } else { XCTAssertEqual(daemon.terminate(), 0) }
        return Saved(root: root, stateDir: saved.stateDir, socket: saved.socket, highestShown: shown)
    }

    /// Every file's bytes but the lock's.
    private func contents(of folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name != "lifed.lock" {
            files[name] = FileManager.default.contents(atPath: "\(folder)/\(name)")
        }
        return files
    }

    /// lifed refuses to start on the folder: exit status 1, `file` and `--recover` named on
    /// standard error, nothing changed, nothing listening.
    private func assertRefused(_ saved: Saved, naming file: String, file testFile: StaticString = #filePath, line: UInt = #line) throws {
        let before = try contents(of: saved.stateDir)
        // A killed daemon leaves its socket behind: gone, so that a new one would show.
        unlink(saved.socket)
        let environment = ProcessInfo.processInfo.environment.merging(["XDG_CONFIG_HOME": "\(saved.root)/config"]) { $1 }
        let lifed = try startTool(self, "lifed", ["--socket", saved.socket, "--state-dir", saved.stateDir, "--seed", "7"], environment: environment)
        let exited = waitForExit(lifed.process, within: 120)
        XCTAssertTrue(exited, "lifed started on a damaged state folder", file: testFile, line: line)
        if !exited {
            kill(lifed.process.processIdentifier, SIGKILL)
            lifed.process.waitUntilExit()
        }
        let result = lifed.finish()
        XCTAssertEqual(result.status, 1, result.stderr, file: testFile, line: line)
        XCTAssertTrue(result.stderr.contains(file), "the damaged file is not named: \(result.stderr)", file: testFile, line: line)
        XCTAssertTrue(result.stderr.contains("--recover"), "the way forward is not named: \(result.stderr)", file: testFile, line: line)
        XCTAssertEqual(try contents(of: saved.stateDir), before, "a refused start changed the folder", file: testFile, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: saved.socket), "it listened", file: testFile, line: line)
    }

    /// `--recover` starts above every version shown, reports what it dropped and set aside (a
    /// file named `setAside…`, which exists, if given), and leaves a folder the next start
    /// takes without `--recover`. Returns the title of the world it started from.
    @discardableResult
    private func assertRecovers(
        _ saved: Saved, settingAside setAside: String?, dropping dropped: String, file testFile: StaticString = #filePath, line: UInt = #line
    ) throws -> String? {
        let daemon = try Daemon(self, arguments: ["--state-dir", saved.stateDir, "--recover"], socketPath: saved.socket)
        let connection = try daemon.connect()
        let state = try connection.get("")
        XCTAssertGreaterThan(state.version, saved.highestShown, "a version shown before is handed out again", file: testFile, line: line)
        let storage = try statusInfo(connection)["storage"]
        XCTAssertEqual(storage?["saving"], "recovered", file: testFile, line: line)
        let recovered = storage?["recovered"]
        let at = recovered?["at"]?.intValue ?? -1
        XCTAssertGreaterThan(at, saved.highestShown, file: testFile, line: line)
        XCTAssertLessThanOrEqual(at, state.version, file: testFile, line: line)
        let droppedText = recovered?["dropped"]?.stringValue ?? ""
        XCTAssertTrue(droppedText.contains(dropped), "dropped: \(droppedText)", file: testFile, line: line)
        let paths = recovered?["setAside"]?.arrayValue?.compactMap(\.stringValue) ?? []
        if let setAside {
            XCTAssertTrue(paths.contains { $0.hasPrefix(saved.path(setAside)) }, "set aside: \(paths)", file: testFile, line: line)
        } else {
            XCTAssertEqual(paths, [], file: testFile, line: line)
        }
        for path in paths { XCTAssertTrue(FileManager.default.fileExists(atPath: path), "\(path) is not kept", file: testFile, line: line) }
        XCTAssertTrue(daemon.stderrText().contains("recovered from damage in the state"), daemon.stderrText(), file: testFile, line: line)
        let title = state.value["settings"]?["display"]?["title"]?.stringValue
        // lifectl status says so, until lifectl acknowledge.
        let status = try runTool("lifectl", ["--socket", saved.socket, "status"])
        XCTAssertTrue(status.stdout.contains("storage: lifed --recover started from what was intact and dropped"), status.stdout, file: testFile, line: line)
        let acknowledged = try runTool("lifectl", ["--socket", saved.socket, "acknowledge"])
        XCTAssertEqual(acknowledged.status, 0, acknowledged.stderr, file: testFile, line: line)
        XCTAssertEqual(try statusInfo(connection)["storage"]?["saving"], "ok", file: testFile, line: line)
        XCTAssertEqual(try connection.get("").version, state.version, "acknowledging changes no state", file: testFile, line: line)
        // Saving works: a change is acknowledged, and a clean stop leaves a folder without damage.
        guard case .ack(_, let changed) = try connection.dispatch("settings.update", ["display": ["title": "after recovery"]]) else {
            XCTFail("a change after recovery was not acknowledged", file: testFile, line: line)
            return title
        }
        XCTAssertEqual(daemon.terminate(), 0, file: testFile, line: line)
        let again = try Daemon(self, arguments: ["--state-dir", saved.stateDir], socketPath: saved.socket)
        let next = try again.connect()
        XCTAssertEqual(try statusInfo(next)["storage"]?["saving"], "ok", file: testFile, line: line)
        XCTAssertEqual(try next.get("").version, changed, file: testFile, line: line)
        XCTAssertEqual(again.terminate(), 0, file: testFile, line: line)
        return title
    }

    // MARK: The snapshot

    func testASnapshotWithAFlippedByteStopsLifedUntilRecover() throws {
        let saved = try makeState(killed: false)
        var bytes = try XCTUnwrap(FileManager.default.contents(atPath: saved.path("snapshot")))
        bytes[bytes.count / 2] ^= 0x10
        try bytes.write(to: URL(fileURLWithPath: saved.path("snapshot")))
        try assertRefused(saved, naming: saved.path("snapshot"))
        let title = try assertRecovers(saved, settingAside: "snapshot.corrupt.", dropping: "the saved world")
        XCTAssertEqual(title, "Welcome", "a new world")
    }

    func testATruncatedSnapshotStopsLifedUntilRecover() throws {
        let saved = try makeState(killed: false)
        XCTAssertEqual(truncate(saved.path("snapshot"), 100), 0)
        try assertRefused(saved, naming: saved.path("snapshot"))
        try assertRecovers(saved, settingAside: "snapshot.corrupt.", dropping: "the saved world")
    }

    func testADeletedSnapshotStopsLifedUntilRecover() throws {
        let saved = try makeState(killed: false)
        XCTAssertEqual(unlink(saved.path("snapshot")), 0)
        try assertRefused(saved, naming: saved.path("snapshot"))
        try assertRecovers(saved, settingAside: nil, dropping: "the saved world")
    }

    // MARK: The version floor

    func testATruncatedVersionFloorStopsLifedUntilRecover() throws {
        let saved = try makeState(killed: true)
        XCTAssertEqual(truncate(saved.path("version-floor"), 0), 0)
        try assertRefused(saved, naming: saved.path("version-floor"))
        let title = try assertRecovers(saved, settingAside: "version-floor.corrupt.", dropping: "the record of the highest version shown")
        XCTAssertEqual(title, "change 39", "the world is whole")
    }

    func testAZeroedVersionFloorStopsLifedUntilRecover() throws {
        let saved = try makeState(killed: true)
        try Data(count: 4096).write(to: URL(fileURLWithPath: saved.path("version-floor")))
        try assertRefused(saved, naming: saved.path("version-floor"))
        let title = try assertRecovers(saved, settingAside: "version-floor.corrupt.", dropping: "the record of the highest version shown")
        XCTAssertEqual(title, "change 39")
    }

    func testADeletedVersionFloorStopsLifedUntilRecover() throws {
        let saved = try makeState(killed: true)
        XCTAssertEqual(unlink(saved.path("version-floor")), 0)
        try assertRefused(saved, naming: saved.path("version-floor"))
        let title = try assertRecovers(saved, settingAside: nil, dropping: "the record of the highest version shown")
        XCTAssertEqual(title, "change 39")
    }

    // MARK: The journal

    func testADeletedJournalStopsLifedUntilRecover() throws {
        let saved = try makeState(killed: true)
        let journal = try saved.journal()
        XCTAssertEqual(unlink(journal), 0)
        try assertRefused(saved, naming: journal)
        let title = try assertRecovers(saved, settingAside: nil, dropping: "every change after version")
        XCTAssertEqual(title, "Welcome", "the snapshot, from before the 40 changes")
    }

    func testDamageInTheMiddleOfTheJournalStopsLifedUntilRecover() throws {
        let saved = try makeState(killed: true)
        let journal = try saved.journal()
        var bytes = try XCTUnwrap(FileManager.default.contents(atPath: journal))
        // The records after the 32-byte header: length u32 | checksum u32 | version i64 | payload.
        let offset = recordOffset(in: bytes, skipping: 20)
        // A byte of the 21st record's payload ("change 20"): the 20 records before it are whole.
        bytes[offset + 20] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: journal))
        try assertRefused(saved, naming: journal)
        let title = try assertRecovers(saved, settingAside: journal.split(separator: "/").last.map { "\($0).corrupt." }, dropping: "every change after version")
        XCTAssertEqual(title, "change 19", "the records before the damage")
    }

    /// A whole record (its checksum matches) whose action the world refuses: the journal does
    /// not belong to the snapshot's world, and the records from it on cannot be used.
    func testARecordThatDoesNotReplayStopsLifedUntilRecover() throws {
        let saved = try makeState(killed: true)
        let journal = try saved.journal()
        var bytes = try XCTUnwrap(FileManager.default.contents(atPath: journal))
        let end = recordOffset(in: bytes, skipping: .max)
        let record = journalRecord(version: saved.highestShown + 1, payload: Array(#"{"action":{"type":"simulation.stopTimer"}}"#.utf8))
        bytes.replaceSubrange(end..<min(bytes.count, end + record.count), with: record)
        try bytes.write(to: URL(fileURLWithPath: journal))
        try assertRefused(saved, naming: "\(journal): the journal's record for version \(saved.highestShown + 1) does not replay")
        let name = journal.split(separator: "/").last.map(String.init) ?? ""
        let title = try assertRecovers(saved, settingAside: "\(name).unreplayable.", dropping: "every change from version \(saved.highestShown + 1) on")
        XCTAssertEqual(title, "change 39", "every record before it")
    }

    /// `--recover` is for one start: the options file, read at every start, may not give it.
    func testTheOptionsFileMayNotAskToRecover() throws {
        let root = try makeTemporaryFolder(self)
        let config = "\(root)/lifed.conf"
        XCTAssertTrue(FileManager.default.createFile(atPath: config, contents: Data("recover\n".utf8)))
        let refused = try runTool("lifed", ["--config", config, "--socket", "\(root)/lifed.sock", "--state-dir", "\(root)/state"])
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("\(config), line 1: unknown option recover"), refused.stderr)
    }

    /// The offset of the record after the first `count` records of a journal's bytes (or of the
    /// end of its records): a 32-byte header, then length u32 | checksum u32 | version i64 | payload.
    private func recordOffset(in bytes: Data, skipping count: Int) -> Int {
        var offset = 32
        var skipped = 0
        while skipped < count, offset + 4 <= bytes.count {
            let length = (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
            if length == 0 { break }
            offset += 8 + length
            skipped += 1
        }
        return offset
    }

    /// A journal record's bytes, its checksum the CRC-32C of its length and what follows the checksum.
    private func journalRecord(version: Int, payload: [UInt8]) -> [UInt8] {
        func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
        let length = littleEndian(UInt32(8 + payload.count))
        let counted = littleEndian(Int64(version)) + payload
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in length + counted {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
        }
        return length + littleEndian(~crc) + counted
    }
}
