// StorageCrashWriter FOLDER: writes to a LifeStorage folder in a loop until it is killed, for
// the kill -9 test (Tests/LifeStorageTests/KillNineTests.swift). It continues from what the
// folder holds, appends the versions of `CrashModel` with their payloads, syncs every few
// appends, compacts in the background now and then, writes a snapshot synchronously and raises
// the version floor now and then. Each line on stdout is printed only after what it reports is
// durable: "synced V" (every record up to V), "floor V", "snapshot V".
import Glibc
import LifeSystem
import LifeScheduling
import LifeStorage

/// Writes `text` to `fd` whole, with one write (a line at a time on a pipe, so lines never mix).
func put(_ text: String, to fd: Int32) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
}

func fail(_ message: String) -> Never {
    put("StorageCrashWriter: \(message)\n", to: 2)
    exit(1)
}

/// Reports on stdout (unbuffered) something that is durable already.
func say(_ line: String) { put(line + "\n", to: 1) }

guard CommandLine.arguments.count == 2 else { fail("usage: StorageCrashWriter FOLDER") }
let storage: WorldStorage
var version = 0
var hash: UInt64 = 0
do {
    storage = try WorldStorage(folder: CommandLine.arguments[1], log: Logger(program: "StorageCrashWriter", level: .error))
    let loaded = try storage.load()
    switch loaded.contents {
    case .empty:
        try storage.writeSnapshotNow(version: 0, header: CrashModel.header(version: 0, hash: 0), grid: CrashModel.grid(0))
    case .legacy:
        fail("a legacy state.json in the folder")
    case .world(let snapshot, let records):
        guard let header = CrashModel.parseHeader(snapshot.header) else { fail("a snapshot header that is not the model's") }
        (version, hash) = header
        for record in records {
            guard record.version == CrashModel.next(version) else { fail("record \(record.version) after \(version)") }
            version = record.version
            hash = CrashModel.apply(version, to: hash)
        }
    }
} catch {
    fail("\(error)")
}

let inbox = Inbox()
var generator = SystemRandomNumberGenerator()
var untilSync = 1
while true {
    for work in inbox.takeAll() { work() }
    version = CrashModel.next(version)
    hash = CrashModel.apply(version, to: hash)
    do {
        try storage.append(version: version, payload: CrashModel.payload(version))
        untilSync -= 1
        if untilSync == 0 {
            try storage.sync()
            say("synced \(version)")
            untilSync = Int.random(in: 1...4, using: &generator)
        }
        switch Int.random(in: 0..<200, using: &generator) {
        case 0..<5 where !storage.isCompacting:
            let snapshotVersion = version
            try storage.beginCompaction(
                version: version, header: CrashModel.header(version: version, hash: hash), grid: CrashModel.grid(hash), inbox: inbox
            ) { result in
                switch result {
                case .success: say("snapshot \(snapshotVersion)")
                case .failure(let error): fail("compaction: \(error)")
                }
            }
        case 5:
            try storage.writeSnapshotNow(version: version, header: CrashModel.header(version: version, hash: hash), grid: CrashModel.grid(hash))
            say("snapshot \(version)")
        case 6..<10:
            try storage.raiseVersionFloor(to: version + 1000)
            say("floor \(version + 1000)")
        default:
            break
        }
    } catch {
        fail("\(error)")
    }
}
