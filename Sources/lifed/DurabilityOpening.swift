import LifeDaemon
import LifeGrid
import LifeSystem
import LifeScheduling
import LifeStorage
import LifeStore
import LifeSystem
import Protocol

/// Opening the state folder at start-up: the world it saved, read back (the journal replayed
/// onto its snapshot), or a `state.json` from before migrated.
extension Durability {
    /// Opens the storage in `folder` and reads what it holds: the world it saved (the journal
    /// replayed onto its snapshot), nil if it holds none, or a legacy `state.json` migrated.
    /// Throws when the folder cannot be used, or holds a world this build cannot read (which it
    /// then leaves untouched).
    static func open(
        folder: String, log: Logger, random: RandomSource, defaults: Settings, inbox: Inbox, environment: [String: String]
    ) throws(StartupError) -> (durability: Durability, restored: AppState?, version: Int) {
        let storage: WorldStorage
        let loaded: Loaded
        do {
            storage = try WorldStorage(folder: folder, log: log)
            loaded = try storage.load()
        } catch {
            throw StartupError("cannot use the state folder \(folder): \(error)")
        }
        for warning in loaded.warnings { log.warning(warning) }
        var restored: AppState?
        var version = loaded.highestVersion
        switch loaded.contents {
        case .empty:
            log.info("no saved state in \(folder); starting a new world")
        case .legacy(let path):
            (restored, version) = try migrate(path, into: storage, log: log, floor: version)
        case .world(let snapshot, let records):
            let replay = JournalReplay(defaults: defaults)
            var state: AppState
            do {
                state = try SnapshotHeader.decode(snapshot.header, grid: snapshot.grid)
            } catch {
                throw StartupError("the snapshot in \(folder) does not read (\(error.message)); it is left as it is: move the folder aside to start a new world")
            }
            var replayed = 0
            for record in records {
                do {
                    try replay.apply(try JournaledAction(payload: record.payload), to: &state)
                    replayed += 1
                } catch {
                    log.warning("the journal's record for version \(record.version) does not replay (\(error.message)); the world continues from the record before it")
                    break
                }
            }
            restored = state
            log.info("restored the world from the snapshot at version \(snapshot.version) and \(replayed) journal records; continuing at version \(version)")
        }
        let compactionBytes = environment["LIFED_COMPACTION_BYTES"].flatMap { Int($0) }.map { max(1, $0) } ?? defaultCompactionBytes
        let durability = Durability(storage: storage, log: log, random: random, defaults: defaults, inbox: inbox, compactionBytes: compactionBytes)
        return (durability, restored, version)
    }

    /// Reads a `state.json` from before the journal and makes its world the first snapshot.
    private static func migrate(
        _ path: String, into storage: WorldStorage, log: Logger, floor: Int
    ) throws(StartupError) -> (AppState?, Int) {
        let file = StateFile(path: path, log: log)
        file.removeStaleTemporaries()
        switch file.load() {
        case .none:
            return (nil, floor)
        case .setAside(let reason, let movedTo):
            log.warning("the state file was unusable (\(reason)); moved it to \(movedTo) and started from defaults")
            return (nil, floor)
        case .restored(let state, let version):
            let version = max(version, floor)
            do {
                let renamed = try storage.migrate(version: version, header: SnapshotHeader.encode(state), grid: state.simulation.gridState.grid)
                log.info("migrated \(path) (version \(version)) to a snapshot and journal; the old file is now \(renamed ?? path)")
            } catch {
                throw StartupError("cannot migrate \(path) to the new format: \(error)")
            }
            return (state, version)
        }
    }
}

/// Why lifed cannot start with its state folder: a sentence for the log.
struct StartupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
