import Foundation
import Glibc
import LifeGrid
import LifeSystem
import Synchronization
import XCTest

@testable import LifeStorage

/// The storage's log lines are not part of what the tests check.
var quietLog: Logger { Logger(program: "LifeStorageTests", level: .error, journal: false) }

/// A new empty folder (mode 0700) under /tmp, removed when the test ends.
func makeFolder(_ test: XCTestCase) throws -> String {
    let path = "/tmp/life-storage-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    test.addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
    return path
}

/// A new folder with snapshot 0 and records 1...5 in journal-1, all synced.
func makeFolderWithFiveRecords(_ test: XCTestCase) throws -> String {
    let folder = try makeFolder(test)
    let storage = try WorldStorage.open(folder)
    _ = try storage.load()
    try storage.snapshotNow(0)
    try storage.append(1...5)
    try storage.sync()
    return folder
}

/// A small world for each version, so that a loaded snapshot can be checked against its version.
enum Model {
    static func payload(_ version: Int) -> [UInt8] { Array("{\"type\":\"test\",\"version\":\(version)}".utf8) }
    static func header(_ version: Int) -> [UInt8] { Array("{\"state\":\(version)}".utf8) }

    /// A 20 x 70 grid (two words a row, the second partly used) with cells that depend on `version`.
    static func grid(_ version: Int) -> Grid {
        var grid = Grid(rows: 20, cols: 70)
        for index in 0..<40 {
            let cell = ((version &* 31 &+ index &* 17) % 1400 + 1400) % 1400
            grid[cell / 70, cell % 70] = [Cell.alive, .born, .died][index % 3]
        }
        return grid
    }

    static func snapshot(_ version: Int) -> Snapshot { Snapshot(version: version, header: header(version), grid: grid(version)) }
    static func record(_ version: Int) -> JournalRecord { JournalRecord(version: version, payload: payload(version)) }
}

extension WorldStorage {
    /// A storage on `folder` with test hooks.
    static func open(_ folder: String, hooks: StorageHooks = StorageHooks()) throws -> WorldStorage {
        try WorldStorage(folder: folder, log: quietLog, hooks: hooks)
    }

    func snapshotNow(_ version: Int) throws {
        try writeSnapshotNow(version: version, header: Model.header(version), grid: Model.grid(version))
    }

    func append(_ versions: some Sequence<Int>) throws {
        for version in versions { try append(version: version, payload: Model.payload(version)) }
    }
}

extension Loaded {
    /// The snapshot and records of a `.world`, nil otherwise.
    var world: (snapshot: Snapshot, records: [JournalRecord])? {
        if case .world(let snapshot, let records) = contents { return (snapshot, records) }
        return nil
    }

    /// The versions of the records of a `.world`.
    var recordVersions: [Int] { world?.records.map(\.version) ?? [] }
}

/// The names in `folder`, sorted.
func names(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}

/// The journal files' names in `folder`, sorted.
func journalNames(in folder: String) -> [String] {
    names(in: folder).filter { Naming.journalStart($0) != nil }
}

func readBytes(_ path: String) throws -> [UInt8] { try FileIO.read(path, limit: 1 << 30) }

func writeBytes(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// Copies every regular file of `source` into the new folder `destination`.
func copyFolder(_ source: String, to destination: String) throws {
    try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    for name in names(in: source) {
        var info = stat()
        guard lstat("\(source)/\(name)", &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
        try writeBytes(try readBytes("\(source)/\(name)"), to: "\(destination)/\(name)")
    }
}

/// The bytes of the journal holding the records, without the zeroed space preallocated after them.
func journalData(_ path: String) throws -> [UInt8] {
    let bytes = try readBytes(path)
    let scan = JournalFormat.scan(bytes, start: Naming.journalStart(String(path.split(separator: "/").last ?? "")) ?? 0, after: -1, before: nil)
    return Array(bytes[0..<scan.end])
}

/// Background work that runs only when the test says so, on the test's thread.
final class ManualBackground: Sendable {
    private let pending = Mutex<[@Sendable () -> Void]>([])

    func schedule(_ work: @escaping @Sendable () -> Void) { pending.withLock { $0.append(work) } }

    var count: Int { pending.withLock { $0.count } }

    func runAll() {
        for work in pending.withLock({ queue in defer { queue.removeAll() }; return queue }) { work() }
    }
}

/// Copies the folder at every checkpoint the storage passes, numbered in order, with what
/// the test says was durable at that moment.
final class FolderRecorder: Sendable {
    struct Capture: Sendable {
        var label: String
        var path: String
        /// Versions whose sync had returned.
        var durable: [Int]
        /// Versions appended (durable or not).
        var appended: [Int]
    }

    let source: String
    let root: String
    private let state = Mutex<(captures: [Capture], durable: [Int], appended: [Int])>(([], [], []))

    init(source: String, root: String) {
        self.source = source
        self.root = root
    }

    var captures: [Capture] { state.withLock { $0.captures } }

    func appended(_ versions: some Sequence<Int>) { state.withLock { $0.appended += versions } }
    func synced() { state.withLock { $0.durable = $0.appended } }

    func capture(_ label: String) {
        state.withLock { state in
            let path = "\(root)/\(state.captures.count)"
            try? copyFolder(source, to: path)
            state.captures.append(Capture(label: label, path: path, durable: state.durable, appended: state.appended))
        }
    }

    /// Hooks that capture at every checkpoint and run background work on `background`.
    func hooks(background: ManualBackground) -> StorageHooks {
        var hooks = StorageHooks()
        hooks.checkpoint = { [self] checkpoint in capture("\(checkpoint)") }
        hooks.runInBackground = { background.schedule($0) }
        return hooks
    }
}
