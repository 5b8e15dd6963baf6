import DaemonTestSupport
import Foundation
import Glibc
import LifeClient
import LifeJSON
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// The faults a service's disk meets: full, out of file descriptors. An acknowledgement is a
/// promise that the change is on disk, so a change that cannot be saved is refused with
/// `storage-failed`, the daemon goes back to what it saved, and it takes changes again once it can save.
final class StorageFaultTests: XCTestCase {
    // MARK: A full disk

    func testAFullDiskRefusesTheChangeRollsBackAndRecovers() throws {
        let mount = try TinyFilesystem(self, kilobytes: 512)
        let stateDir = "\(mount.path)/state"
        let arguments = ["--state-dir", stateDir, "--seed", "1", "--size", "16x16"]
        var daemon = try Daemon(self, arguments: arguments)
        let socketPath = daemon.socketPath
        var driver = try daemon.connect()
        let watcher = try daemon.connect()
        guard case .snapshot(_, let subscribedAt, _, _, _) = try watcher.request(.subscribe(path: try JSONPointer(parsing: "/settings/display/title"), viewport: nil)) else {
            return XCTFail("no snapshot")
        }
        guard case .ack = try driver.dispatch("settings.update", ["display": ["title": "kept"]]) else { return XCTFail("the first change is saved") }

        // The journal has space set aside (preallocated): changes are acknowledged until it is
        // used up, and the first one that does not fit is refused.
        mount.fill()
        var seen: [(version: Int, value: JSON)] = []
        func watch() throws -> JSON {
            while true {
                guard case .diff(_, _, let version, let patch) = try watcher.receive() else { continue }
                var value: JSON = seen.last?.value ?? "Welcome"
                try value.apply(patch)
                seen.append((version, value))
                return value
            }
        }
        XCTAssertEqual(try watch(), "kept")
        var kept = "kept"
        var refusal: (code: String, message: String, title: String)?
        for number in 0..<6_000 where refusal == nil {
            let title = "change \(number) " + String(repeating: "x", count: 150)
            switch try driver.dispatch("settings.update", ["display": ["title": .string(title)]]) {
            case .ack: kept = title
            case .error(_, let code, let message, _): refusal = (code, message, title)
            case let other: return XCTFail("\(other)")
            }
            // The watcher sees every change as it is made (and keeps up, so it never needs a resync).
            XCTAssertEqual(try watch(), .string(title))
        }
        guard let refusal else { return XCTFail("a change that cannot be saved is not acknowledged") }
        XCTAssertEqual(refusal.code, "storage-failed")
        XCTAssertTrue(refusal.message.contains("No space left on device"), refusal.message)
        XCTAssertGreaterThan(seen.count, 3, "the journal's space set aside took a few changes first")

        // The watcher saw the refused change, then the way back to the last saved one, as new versions.
        XCTAssertEqual(try watch(), .string(kept))
        XCTAssertEqual(seen[seen.count - 2].value, .string(refusal.title))
        let versions = seen.map(\.version)
        XCTAssertEqual(versions, Array(versions[0]..<(versions[0] + versions.count)), "one version each")
        XCTAssertGreaterThan(versions[0], subscribedAt)
        let highestShown = versions[versions.count - 1]
        let after = try driver.get("/settings/display/title")
        XCTAssertEqual(after.value, .string(kept))
        XCTAssertEqual(after.version, highestShown)

        // Changes are refused while saving fails; reads and status keep working and say why.
        guard case .error(_, let again, _, _) = try driver.dispatch("simulation.tick") else { return XCTFail("a tick is a change like any other") }
        XCTAssertEqual(again, "storage-failed")
        guard case .status(_, let info) = try driver.request(.status) else { return XCTFail("status") }
        XCTAssertEqual(info["storage"]?["saving"], "failed")
        XCTAssertTrue(info["storage"]?["error"]?.stringValue?.contains("No space left") == true, "\(info)")
        let status = try runTool("lifectl", ["--socket", socketPath, "--no-start", "status"])
        XCTAssertTrue(status.stdout.contains("cannot save"), status.stdout)

        // kill -9 while the disk is full: the restart has the last acknowledged change, not the
        // refused one, and no version seen before is used again. It serves reads, and refuses
        // changes until it can save.
        daemon.kill9()
        daemon = try Daemon(self, arguments: arguments, socketPath: socketPath)
        driver = try daemon.connect()
        let restarted = try driver.get("/settings/display/title")
        XCTAssertEqual(restarted.value, .string(kept))
        guard case .error(_, let stillRefused, _, _) = try driver.dispatch("settings.update", ["display": ["title": "no"]]) else {
            return XCTFail("a restart on a full disk refuses changes")
        }
        XCTAssertEqual(stillRefused, "storage-failed")
        XCTAssertGreaterThan(restarted.version, highestShown, "versions up to \(highestShown) were shown before the kill")

        // Space again: the daemon finds out by itself (its retry) and takes changes again.
        mount.free()
        var accepted: ServerMessage?
        // Until the daemon's own retry succeeds (it is a real process, on real time): each reply
        // is the event; between two, 10 ms for lifed to exit, which ends the wait; 120 s is a
        // safety net (it was 400 tries, 4 s, which a loaded machine can use up).
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline, !waitForExit(daemon.process, within: 0.01) {
            let reply = try driver.dispatch("settings.update", ["display": ["title": "back"]])
            if case .ack = reply {
                accepted = reply
                break
            }
        }
        guard case .ack(_, let version)? = accepted else { return XCTFail("changes are accepted once the disk has space") }
        XCTAssertGreaterThan(version, restarted.version)
        daemon.kill9()
        daemon = try Daemon(self, arguments: arguments, socketPath: socketPath)
        XCTAssertEqual(try daemon.connect().get("/settings/display/title").value, "back")
        XCTAssertEqual(daemon.terminate(), 0)
    }

    func testAClientsTickIsOnDiskBeforeItsAck() throws {
        let folder = try makeTemporaryFolder(self)
        let arguments = ["--state-dir", "\(folder)/state", "--seed", "2"]
        var daemon = try Daemon(self, arguments: arguments)
        let socketPath = daemon.socketPath
        guard case .ack(_, let version) = try daemon.connect().dispatch("simulation.tick") else { return XCTFail("tick") }
        daemon.kill9()
        daemon = try Daemon(self, arguments: arguments, socketPath: socketPath)
        let restored = try daemon.connect().get("/simulation/gridState/ticks")
        XCTAssertEqual(restored.value, 1, "an acknowledged tick survives kill -9")
        XCTAssertGreaterThanOrEqual(restored.version, version)
        XCTAssertEqual(daemon.terminate(), 0)
    }

    // MARK: No free file descriptors

    /// The journal is open all along, so a change needs no new descriptor to be saved: with none
    /// free, changes are still saved before their acks. What does need descriptors (a
    /// compaction's new files) fails, is said in the log, and is tried again later, while the
    /// journal keeps every change.
    func testWithNoFreeDescriptorsChangesAreStillSavedAndCompactionWaits() throws {
        let folder = try makeTemporaryFolder(self)
        let arguments = ["--state-dir", "\(folder)/state", "--seed", "3", "--log-level", "debug"]
        var daemon = try Daemon(self, arguments: arguments, environment: ["LIFED_COMPACTION_BYTES": "2048"])
        let socketPath = daemon.socketPath
        let driver = try daemon.connect()
        guard case .ack = try driver.dispatch("settings.update", ["display": ["title": "before"]]) else { return XCTFail("saving works at first") }
        // A few descriptors above what the daemon has open now (it may have inherited some from
        // this test process), set on the running daemon.
        let pid = daemon.process.processIdentifier
        let limit = (descriptorNumbers(of: pid).max() ?? 0) + 1 + 8
        let prlimit = try runProgram("/usr/bin/prlimit", ["--pid", "\(daemon.process.processIdentifier)", "--nofile=\(limit):\(limit)"])
        XCTAssertEqual(prlimit.status, 0, prlimit.stderr)
        // Take every free descriptor of the daemon with idle connections.
        var idle: [Connection] = []
        func used() -> Int { descriptorNumbers(of: pid).filter { $0 < limit }.count }
        while used() < limit, idle.count < limit {
            guard let connection = try? daemon.connect() else { break }
            idle.append(connection)
        }
        XCTAssertEqual(used(), limit, "the daemon has no descriptor left")

        // Enough changes to pass the compaction size many times over.
        var last = ""
        for number in 0..<60 {
            last = "during \(number) " + String(repeating: "y", count: 150)
            let reply: ServerMessage
            do {
                reply = try driver.dispatch("settings.update", ["display": ["title": .string(last)]])
            } catch {
                return XCTFail("change \(number): \(error); lifed running: \(daemon.process.isRunning); log:\n\(daemon.stderrText())")
            }
            guard case .ack = reply else {
                return XCTFail("change \(number): \(reply); descriptors now \(used()); log:\n\(daemon.stderrText())")
            }
        }
        XCTAssertEqual(used(), limit, "still no descriptor free")
        let log = daemon.stderrText()
        XCTAssertTrue(log.contains("cannot start a compaction") && log.contains("Too many open files"), log)
        XCTAssertFalse(log.contains("lifed: compacted"), "no compaction could run without descriptors")

        // Descriptors free again: the next compaction runs.
        idle.removeAll()
        var compacted = false
        for number in 0..<1000 where !compacted {
            last = "after \(number) " + String(repeating: "z", count: 150)
            guard case .ack = try driver.dispatch("settings.update", ["display": ["title": .string(last)]]) else { return XCTFail("change after") }
            compacted = daemon.stderrText().contains("lifed: compacted")
            if !compacted { usleep(1000) }
        }
        XCTAssertTrue(compacted, "a compaction runs once descriptors are free")

        // Everything acknowledged is on disk.
        daemon.kill9()
        daemon = try Daemon(self, arguments: arguments, socketPath: socketPath)
        XCTAssertEqual(try daemon.connect().get("/settings/display/title").value, .string(last))
        XCTAssertEqual(daemon.terminate(), 0)
    }

    /// The numbers of the descriptors `pid` has open (RLIMIT_NOFILE bounds the numbers, not the count).
    private func descriptorNumbers(of pid: Int32) -> [Int] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).compactMap { Int($0) }
    }
}

/// A tmpfs of a few hundred kilobytes, mounted for one test (the tests run as root in CI; where
/// mounting is not permitted, the test is skipped with a message saying so).
final class TinyFilesystem {
    let path: String
    private var fillers = 0

    init(_ test: XCTestCase, kilobytes: Int) throws {
        let folder = try makeTemporaryFolder(test)
        path = "\(folder)/tmpfs"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let mount = try runProgram("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0700", "tmpfs", path])
        guard mount.status == 0 else {
            throw XCTSkip("mounting a tmpfs is not permitted here (\(mount.stderr.trimmingCharacters(in: .whitespacesAndNewlines))); run as root to test a full disk")
        }
        test.addTeardownBlock { [path] in _ = try? runProgram("/bin/umount", ["-l", path]) }
    }

    /// Writes files until the filesystem has no space left.
    func fill() {
        let fd = open("\(path)/filler-\(fillers)", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        fillers += 1
        guard fd >= 0 else { return }
        defer { close(fd) }
        let chunk = [UInt8](repeating: 0x2A, count: 4096)
        while chunk.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        var byte: UInt8 = 0x2A
        while write(fd, &byte, 1) > 0 {}
    }

    /// Removes what ``fill()`` wrote.
    func free() {
        for index in 0..<fillers { unlink("\(path)/filler-\(index)") }
    }
}
