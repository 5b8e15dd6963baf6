import Glibc

/// The wall clock in milliseconds since the Unix epoch (`CLOCK_REALTIME`): the clock a jump's
/// `started` is on, the daemon's (through `AppEnvironment.systemWallClock()`) and that of the
/// clients that measure a jump's rate.
public enum WallClock {
    public static var milliseconds: Int {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return max(0, Int(time.tv_sec) * 1000 + Int(time.tv_nsec) / 1_000_000)
    }
}
