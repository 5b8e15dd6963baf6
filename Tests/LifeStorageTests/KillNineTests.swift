import Dispatch
import Foundation
import Glibc
import LifeSystem
import LifeTestSupport
import StorageCrashWriter
import XCTest

@testable import LifeStorage

/// A real process writing to a folder in a loop (StorageCrashWriter: appends, syncs, background
/// compactions, synchronous snapshots, floor raises), killed with SIGKILL at random moments and
/// started again on the same folder. After every kill the folder loads, nothing is set aside,
/// it holds every record the writer reported synced, every snapshot and floor it reported, and
/// what it holds is exactly the writer's model: a snapshot matching its version and the model's
/// next versions after it, with their payloads.
final class KillNineTests: XCTestCase {
    /// The folder holding the test bundle holds the writer too (`swift test` builds both).
    private var writerPath: String {
        if let override = ProcessInfo.processInfo.environment["LIFE_BIN_DIR"] { return "\(override)/StorageCrashWriter" }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<3 where !FileManager.default.fileExists(atPath: folder.appendingPathComponent("StorageCrashWriter").path) {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("StorageCrashWriter").path
    }

    /// What the writer said before it died.
    private struct Reports {
        var synced = 0
        var floor = 0
        var snapshot = 0
        var lines = 0

        mutating func read(_ line: Substring) {
            let parts = line.split(separator: " ")
            guard parts.count == 2, let value = Int(parts[1]) else { return }
            lines += 1
            switch parts[0] {
            case "synced": synced = max(synced, value)
            case "floor": floor = max(floor, value)
            case "snapshot": snapshot = max(snapshot, value)
            default: break
            }
        }
    }

    func testKillingAWriterAtRandomMomentsLosesNothingSynced() throws {
        let writer = writerPath
        guard FileManager.default.isExecutableFile(atPath: writer) else { return XCTFail("no StorageCrashWriter at \(writer)") }
        let folder = try makeFolder(self)
        // Printed; LIFE_TEST_SEED replays it.
        var random = TestSeed.generator(self)
        var rounds = 0
        var everSynced = 0
        var snapshotsSeen = Set<Int>()
        // Every round runs, however slow the machine: a time budget made the count of rounds
        // (and the assertion on it) depend on the load.
        while rounds < 30 {
            rounds += 1
            let process = Process()
            process.executableURL = URL(fileURLWithPath: writer)
            process.arguments = [folder]
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            // Ended and reaped when the test ends, if a failure leaves it running.
            try launch(process)
            // A writer that hangs (it never should) is killed after 30 s, and the round fails.
            let pid = process.processIdentifier
            let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
            DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
            let reader = output.fileHandleForReading
            var reports = Reports()
            var pending = ""
            // Kill after a random number of reports: early ones land in start-up, later ones
            // in appends, syncs, compactions and snapshots.
            let killAfter = Int.random(in: 0...400, using: &random)
            var killed = false
            func consume(_ data: Data) {
                pending += String(decoding: data, as: UTF8.self)
                while let newline = pending.firstIndex(of: "\n") {
                    reports.read(pending[..<newline])
                    pending = String(pending[pending.index(after: newline)...])
                }
            }
            while !killed {
                // Blocks until the writer reports something (or dies).
                let data = reader.availableData
                if data.isEmpty { break }
                consume(data)
                if reports.lines >= killAfter {
                    kill(process.processIdentifier, SIGKILL)
                    killed = true
                }
            }
            process.waitUntilExit()
            watchdog.cancel()
            // What it printed before dying.
            while true {
                let data = reader.availableData
                if data.isEmpty { break }
                consume(data)
            }
            let stderrText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertTrue(killed, "round \(rounds): the writer stopped by itself: \(stderrText)")
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "round \(rounds): \(stderrText)")
            everSynced = max(everSynced, reports.synced)

            let storage = try WorldStorage(folder: folder, log: quietLog)
            let loaded = try storage.load()
            let label = "round \(rounds) (killed after \(reports.lines) reports)"
            XCTAssertEqual(loaded.setAside, [], label)
            guard let (snapshot, records) = loaded.world else { return XCTFail("\(label): \(loaded.contents)") }
            guard let header = CrashModel.parseHeader(snapshot.header) else { return XCTFail("\(label): a header that is not the model's") }
            XCTAssertEqual(header.version, snapshot.version, label)
            XCTAssertEqual(header.hash, CrashModel.hash(at: snapshot.version), label)
            XCTAssertEqual(snapshot.grid, CrashModel.grid(header.hash), label)
            var version = snapshot.version
            for record in records {
                XCTAssertEqual(record.version, CrashModel.next(version), label)
                XCTAssertEqual(record.payload, CrashModel.payload(record.version), label)
                version = record.version
            }
            XCTAssertGreaterThanOrEqual(version, everSynced, "\(label): a synced record was lost")
            XCTAssertGreaterThanOrEqual(snapshot.version, reports.snapshot, "\(label): a reported snapshot was lost")
            XCTAssertGreaterThanOrEqual(loaded.versionFloor, reports.floor, "\(label): a raised floor was lost")
            snapshotsSeen.insert(snapshot.version)
        }
        XCTAssertGreaterThanOrEqual(rounds, 10)
        XCTAssertGreaterThan(snapshotsSeen.count, 3, "the kills came after compactions, not only before the first")
    }
}
