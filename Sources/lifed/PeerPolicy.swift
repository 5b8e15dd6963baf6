import CLinux
import Glibc
import LifeSystem

/// Who may connect: the daemon's own user, root, and processes in the group `--allow-group`.
///
/// Membership is what the connecting process has, as the kernel says: its gid (SO_PEERCRED)
/// and its supplementary groups (SO_PEERGROUPS), both as they were when it connected. Not
/// what the user database says of its user: a process that has dropped a group (as `setpriv
/// --clear-groups` or a sandbox does) is not a member, one given a group is, and a database
/// that is slow, unreachable or changed since the user logged in decides nothing.
enum PeerPolicy {
    static func allows(uid: uid_t, gid: gid_t, groups: [gid_t], ownUID: uid_t, allowedGroup: gid_t?) -> Bool {
        if uid == ownUID || uid == 0 { return true }
        guard let allowedGroup else { return false }
        return gid == allowedGroup || groups.contains(allowedGroup)
    }

    /// The supplementary groups of the process at the other end of the Unix socket `fd`
    /// (SO_PEERGROUPS); none when the kernel cannot tell (before Linux 4.13), so that only
    /// the process's own gid counts then.
    static func peerGroups(of fd: Int32) -> [gid_t] {
        var capacity = 64
        while true {
            var groups = [UInt32](repeating: 0, count: capacity)
            var needed: Int32 = 0
            let count = groups.withUnsafeMutableBufferPointer { clinux_peer_groups(fd, $0.baseAddress, Int32(capacity), &needed) }
            if count >= 0 { return Array(groups.prefix(Int(count))) }
            // NGROUPS_MAX is 65536: one retry with the size the kernel asked for.
            guard Errno.current == Errno(ERANGE), Int(needed) > capacity, Int(needed) <= 65536 else { return [] }
            capacity = Int(needed)
        }
    }

    /// The id of the group called `name`, or nil when there is none.
    static func groupID(named name: String) -> gid_t? {
        var record = group()
        var result: UnsafeMutablePointer<group>?
        var buffer = [CChar](repeating: 0, count: 16384)
        guard getgrnam_r(name, &record, &buffer, buffer.count, &result) == 0, result != nil else { return nil }
        return record.gr_gid
    }
}
