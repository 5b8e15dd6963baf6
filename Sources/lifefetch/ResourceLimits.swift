import CLinux
import Glibc
import LifeSystem

/// Caps this process's address space at `bytes` (`RLIMIT_AS`, soft and hard, never above a
/// hard limit already in force), with at most two malloc arenas: glibc reserves 64 MiB of
/// address space for each arena, up to eight per core, and URLSession's threads would
/// otherwise spend much of the limit on reservations they never use.
///
/// Set by lifefetch itself, first thing, rather than by lifed after spawning it: no moment
/// exists where it runs without a limit, and it holds when lifefetch is run by hand too.
/// (glibc's setrlimit is the prlimit64 system call, which systemd's `@system-service` filter
/// allows even with `~@resources`, as lifed.service has it.)
func limitAddressSpace(to bytes: Int) throws(SystemError) {
    _ = clinux_set_malloc_arena_max(2)
    var current = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &current) == 0 else { throw SystemError("getrlimit RLIMIT_AS") }
    let wanted = rlim_t(max(bytes, 0))
    let limit = min(wanted, current.rlim_max)  // RLIM_INFINITY is the largest rlim_t
    var new = rlimit(rlim_cur: limit, rlim_max: limit)
    guard setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &new) == 0 else { throw SystemError("setrlimit RLIMIT_AS") }
}
