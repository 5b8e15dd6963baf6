import Glibc

/// Who may connect: the daemon's own user, root, and members of `--allow-group`.
enum PeerPolicy {
    static func allows(uid: uid_t, gid: gid_t, ownUID: uid_t, allowedGroup: gid_t?) -> Bool {
        if uid == ownUID || uid == 0 { return true }
        guard let allowedGroup else { return false }
        if gid == allowedGroup { return true }
        return supplementaryGroups(of: uid).contains(allowedGroup)
    }

    /// The groups the user database gives `uid` (its supplementary groups).
    static func supplementaryGroups(of uid: uid_t) -> [gid_t] {
        var record = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16384)
        guard getpwuid_r(uid, &record, &buffer, buffer.count, &result) == 0, result != nil, let name = record.pw_name else { return [] }
        var count: Int32 = 256
        var groups = [gid_t](repeating: 0, count: Int(count))
        if getgrouplist(name, record.pw_gid, &groups, &count) < 0 {
            groups = [gid_t](repeating: 0, count: Int(count))
            guard getgrouplist(name, record.pw_gid, &groups, &count) >= 0 else { return [] }
        }
        return Array(groups.prefix(Int(count)))
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
