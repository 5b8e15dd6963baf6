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
    /// then leaves untouched), or is damaged (``WorldStorage/examine(folder:)``, or a journal
    /// record that does not replay) and `recover` is false: nothing is changed then. With
    /// `recover`, the damage is set aside, lifed starts from what is intact and continues
    /// ``StateRecovery/versionAllowance`` above the highest version found.
    static func open(
        folder: String, recover: Bool, log: Logger, random: RandomSource, defaults: Settings, inbox: Inbox, environment: [String: String],
        history: HistoryContext
    ) throws(StartupError) -> (durability: Durability, restored: AppState?, version: Int) {
        let storage: WorldStorage
        let loaded: Loaded
        var damage: [StateDamage]
        do {
            damage = try WorldStorage.examine(folder: folder)
            if !damage.isEmpty, !recover { throw StartupError(StateRecovery.refusal(folder: folder, damage: damage)) }
            storage = try WorldStorage(folder: folder, log: log)
            loaded = try storage.load()
        } catch let error as StartupError {
            throw error
        } catch {
            throw StartupError("cannot use the state folder \(folder): \(error)")
        }
        for warning in loaded.warnings { log.warning(warning) }
        var restored: AppState?
        var version = loaded.highestVersion
        var dropped = damage.map(\.dropped)
        var setAside = loaded.setAside.map(\.movedTo)
        switch loaded.contents {
        case .empty:
            log.info(damage.isEmpty ? "no saved state in \(folder); starting a new world" : "nothing intact to start from in \(folder); starting a new world")
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
                    try replay.apply(try JournaledAction(payload: record.payload), to: &state, version: record.version)
                    replayed += 1
                } catch {
                    let files = storage.journalPaths.joined(separator: ", ")
                    let problem = "the journal's record for version \(record.version) does not replay (\(error.message))"
                    guard recover else {
                        throw StartupError(
                            "the state in \(folder) is damaged: \(files): \(problem); starting would drop every change from version \(record.version) on. Nothing was changed. To start from the record before it, start lifed once with --recover: it copies the journal aside (keeping it) and continues above every version that may have been shown"
                        )
                    }
                    log.warning("\(problem); the world continues from the record before it")
                    let lost = "every change from version \(record.version) on (\(records.count - replayed) journal records)"
                    damage.append(StateDamage(path: files, problem: problem, dropped: lost))
                    dropped.append(lost)
                    do {
                        setAside += try storage.copyJournalsAside(as: "unreplayable").map(\.movedTo)
                    } catch {
                        throw StartupError("cannot keep a copy of the journal in \(folder): \(error)")
                    }
                    break
                }
            }
            restored = state
            log.info("restored the world from the snapshot at version \(snapshot.version) and \(replayed) journal records; continuing at version \(version)")
        }
        let compactionBytes = environment["LIFED_COMPACTION_BYTES"].flatMap { Int($0) }.map { max(1, $0) } ?? defaultCompactionBytes
        let durability = Durability(
            storage: storage, log: log, random: random, defaults: defaults, inbox: inbox, compactionBytes: compactionBytes, history: history)
        if !dropped.isEmpty {
            version += StateRecovery.versionAllowance
            setAside = Array(Set(setAside)).sorted()
            let recovery = StateRecovery(at: version, damage: damage, dropped: dropped, setAside: setAside)
            log.warning(recovery.logLine)
            durability.recovery = recovery
        }
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
