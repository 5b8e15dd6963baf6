import Glibc

/// The limit of open files (`RLIMIT_NOFILE`): its soft value, which `open`, `socket` and
/// `accept` meet as EMFILE, and its hard value, up to which a process may raise the soft one.
///
/// Many systems start processes at a soft limit of 1024 with a much higher hard limit (systemd
/// does, so that old programs using `select` keep working); a server for a thousand clients
/// raises its own soft limit, as far as it needs and the hard limit allows.
public struct DescriptorLimit: Equatable, Sendable {
    /// The limit in force. `Int.max` stands for no limit (`RLIM_INFINITY`, the largest `rlim_t`).
    public var soft: Int
    /// How far the soft limit may be raised.
    public var hard: Int

    public init(soft: Int, hard: Int) {
        self.soft = soft
        self.hard = hard
    }

    /// The soft limit to ask for so that `needed` descriptors fit: `needed`, or the hard limit
    /// when that is lower; nil when the soft limit already fits them or cannot go higher.
    /// (Never lowered: another part of the process may count on what it has.)
    public func raisedSoftLimit(toFit needed: Int) -> Int? {
        guard soft < needed, soft < hard else { return nil }
        return min(needed, hard)
    }

    /// This process's limit, or nil when `getrlimit` fails.
    public static func current() -> DescriptorLimit? {
        var value = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &value) == 0 else { return nil }
        return DescriptorLimit(soft: Self.count(value.rlim_cur), hard: Self.count(value.rlim_max))
    }

    /// Sets this process's soft limit to `soft`, keeping the hard one.
    public static func setSoftLimit(_ soft: Int) throws(SystemError) {
        var value = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &value) == 0 else { throw SystemError("getrlimit RLIMIT_NOFILE") }
        value.rlim_cur = soft == Int.max ? rlim_t.max : rlim_t(max(soft, 0))
        guard setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &value) == 0 else { throw SystemError("setrlimit RLIMIT_NOFILE") }
    }

    private static func count(_ value: rlim_t) -> Int {
        value > rlim_t(Int.max) ? Int.max : Int(value)
    }
}
