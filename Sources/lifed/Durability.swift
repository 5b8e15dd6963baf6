import LifeIO
import Protocol

/// Keeps the state on disk: after every acknowledged change, every few seconds while the
/// timer runs, and on shutdown.
final class Durability {
    let file: StateFile
    let log: Logger
    private(set) var savedVersion: Int

    init(file: StateFile, log: Logger, savedVersion: Int) {
        self.file = file
        self.log = log
        self.savedVersion = savedVersion
    }

    /// Saves unless this version is already on disk. A failure is logged; the daemon keeps serving.
    func saveNow(_ state: AppState, version: Int) {
        guard version != savedVersion else { return }
        do {
            try file.save(state, version: version)
            savedVersion = version
        } catch {
            log.error("cannot save the state to \(file.path): \(error)")
        }
    }
}
