import CLinux
import Glibc
import LifeSystem

/// Whether a client may talk to the daemon at the other end of a Unix socket, decided before it
/// reads a byte: the socket's path alone proves nothing (whoever may write to its folder may
/// bind a socket there, and an impostor could greet a root client and feed it anything).
///
/// The kernel tells the client who made the listening socket (`SO_PEERCRED`: the uid of the
/// process that called `listen`; under socket activation that is systemd, root or the user's
/// manager). The client trusts that uid when:
///
/// 1. it is the client's own effective uid, or root: they could be the client anyway; or
/// 2. it owns the socket's folder, that folder is closed to its group's and others' writes,
///    and the folder's parent belongs to root and is closed likewise. Only root can create an
///    entry in such a parent, so root made the folder and gave it to that uid: the uid is the
///    one root chose to serve sockets there. This is the system-wide install's layout
///    (`/run` is root's; a `/run/lifed` made by systemd for the user `lifed`).
///
/// Anything else is refused: a folder in `/tmp` (anyone may make one there), one under another
/// user's folder, a user's daemon reached by root or by another user. Symbolic links in the
/// path are resolved before the folders are looked at.
public enum ServerTrust {
    /// What the trust decision looks at in a folder.
    public struct FolderFacts: Equatable, Sendable {
        public var isFolder: Bool
        public var owner: uid_t
        public var mode: mode_t

        public init(isFolder: Bool, owner: uid_t, mode: mode_t) {
            self.isFolder = isFolder
            self.owner = owner
            self.mode = mode
        }

        /// The facts of the folder at `path`, not following a final symbolic link; nil when it cannot be seen.
        static func of(_ path: String) -> FolderFacts? {
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            return FolderFacts(isFolder: info.st_mode & S_IFMT == S_IFDIR, owner: info.st_uid, mode: info.st_mode & 0o7777)
        }

        /// A folder only its owner may write to.
        var isClosed: Bool { isFolder && mode & 0o022 == 0 }
    }

    /// Why the server uid `server` is not to be trusted by a client of effective uid `client`,
    /// given the socket's folder and that folder's parent; nil when it is.
    public static func refusal(server: uid_t, client: uid_t, folder: FolderFacts?, parent: FolderFacts?) -> String? {
        if server == client || server == 0 { return nil }
        guard let folder else { return "its folder cannot be examined" }
        guard folder.owner == server else {
            return "it is neither this user (uid \(client)) nor root, and does not own the socket's folder"
        }
        guard folder.isClosed else {
            return "it is neither this user (uid \(client)) nor root, and the socket's folder is open to others' writes"
        }
        guard let parent, parent.owner == 0, parent.isClosed else {
            return "it is neither this user (uid \(client)) nor root, and the socket's folder was not made by root "
                + "(its parent must belong to root and be closed to others' writes)"
        }
        return nil
    }

    /// The server's uid on the connected socket `fd`, and why it is not to be trusted (nil when
    /// it is), for the socket at `path`.
    public static func check(fd: Int32, path: String) -> (uid: uid_t, refusal: String?) {
        var pid: UInt32 = 0
        var uid: UInt32 = 0
        var gid: UInt32 = 0
        guard clinux_peer_credentials(fd, &pid, &uid, &gid) == 0 else {
            return (uid_t.max, "the daemon's credentials cannot be read: \(Errno.current)")
        }
        let client = geteuid()
        if uid == client || uid == 0 { return (uid, nil) }
        let folder = resolved(UnixSocket.parentFolder(of: path))
        let parent = folder.map { UnixSocket.parentFolder(of: $0) }
        return (
            uid,
            refusal(
                server: uid, client: client, folder: folder.flatMap(FolderFacts.of),
                parent: parent.flatMap { $0 == folder ? nil : FolderFacts.of($0) })
        )
    }

    /// `path` with every symbolic link resolved (realpath), or nil.
    static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
