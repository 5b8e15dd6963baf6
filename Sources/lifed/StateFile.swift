import Glibc
import LifeJSON
import LifeSystem
import Protocol

/// The daemon's state on disk before the journal: one JSON document, `state.json`, that earlier
/// versions replaced after every change. lifed reads it once, to migrate it to a snapshot (see
/// `Durability.open`), and the state folder's location is decided here.
///
/// `{"format": 1, "version": V, "state": {...}}`, the state in its stored form
/// (`AppState.storageJSON`, whose configurations are `{"title", "contents"}` in the files
/// earlier versions wrote; `{"title", "rle"}` reads too). A file that does not read, or that comes
/// from an unknown format, is moved aside under a name that says so, never overwritten.
struct StateFile {
    /// The format this build writes and reads.
    static let format = 1

    let path: String
    let log: Logger

    /// The state folder: `--state-dir`, else `$STATE_DIRECTORY` (systemd), else
    /// `$XDG_STATE_HOME/lifed`, else `~/.local/state/lifed`.
    static func folder(explicit: String?, environment: [String: String]) -> String? {
        if let explicit, !explicit.isEmpty { return explicit }
        if let systemd = environment["STATE_DIRECTORY"]?.split(separator: ":").first, !systemd.isEmpty { return String(systemd) }
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return "\(xdg)/lifed" }
        if let home = environment["HOME"], home.hasPrefix("/") { return "\(home)/.local/state/lifed" }
        return nil
    }

    /// What was on disk at start-up.
    enum Loaded {
        case none
        case restored(AppState, version: Int)
        /// The file was unreadable and has been moved aside to `movedTo`.
        case setAside(reason: String, movedTo: String)
    }

    /// Removes temporary files a daemon killed in the middle of a save left beside the state
    /// (`state.json.tmp-` and a random suffix, see `FileIO.writeAtomically`); the folder's lock
    /// says no other daemon is saving now.
    func removeStaleTemporaries() {
        let folder = UnixSocket.parentFolder(of: path)
        let prefix = (path.split(separator: "/").last.map(String.init) ?? "state.json") + ".tmp-"
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix(prefix) {
                unlink("\(folder)/\(name)")
                log.info("removed \(name), left by a save that did not finish")
            }
        }
    }

    /// Reads the saved state, moving a bad file aside.
    func load() -> Loaded {
        let bytes: [UInt8]
        do {
            // A symbolic link is not followed: it is unreadable, and moved aside.
            bytes = try FileIO.read(path, limit: 1 << 30, followingSymlinks: false)
        } catch {
            if error.errno == ENOENT { return .none }
            return setAside(kind: "unreadable", reason: error.description)
        }
        let document: JSON
        do {
            document = try JSON(parsing: bytes)
        } catch {
            return setAside(kind: "corrupt", reason: error.description)
        }
        guard let format = document["format"]?.intValue else {
            return setAside(kind: "corrupt", reason: "no format number")
        }
        guard format == Self.format else {
            return setAside(kind: "unknown-format-\(format)", reason: "format \(format) is not one this lifed reads (it reads \(Self.format))")
        }
        guard let version = document["version"]?.intValue, version >= 0, let stateJSON = document["state"] else {
            return setAside(kind: "corrupt", reason: "no version or state")
        }
        do {
            return .restored(try AppState(storageJSON: stateJSON), version: version)
        } catch {
            return setAside(kind: "corrupt", reason: error.message)
        }
    }

    private func setAside(kind: String, reason: String) -> Loaded {
        var stamp = time(nil)
        var parts = tm()
        gmtime_r(&stamp, &parts)
        let date = zeroPadded(Int(parts.tm_year) + 1900, 4) + zeroPadded(Int(parts.tm_mon) + 1, 2) + zeroPadded(Int(parts.tm_mday), 2)
            + "T" + zeroPadded(Int(parts.tm_hour), 2) + zeroPadded(Int(parts.tm_min), 2) + zeroPadded(Int(parts.tm_sec), 2) + "Z"
        var target = "\(path).\(kind).\(date)"
        var attempt = 1
        while access(target, F_OK) == 0 {
            attempt += 1
            target = "\(path).\(kind).\(date).\(attempt)"
        }
        if rename(path, target) != 0 {
            log.error("cannot move the bad state file \(path) aside: \(SystemError("rename"))")
            return .setAside(reason: reason, movedTo: path)
        }
        return .setAside(reason: reason, movedTo: target)
    }
}

/// `value` in decimal with leading zeros to `width` digits.
func zeroPadded(_ value: Int, _ width: Int) -> String {
    let digits = "\(value)"
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
