import Glibc

/// Runs work on a new detached POSIX thread (a compaction, a jump).
///
/// Not Dispatch: the first use of a global queue makes libdispatch open descriptors of its own,
/// and it traps when it cannot, so work started while the daemon has no descriptor free would
/// crash it. A thread needs no descriptor.
public enum BackgroundThread {
    private final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Runs `body` on a new thread; if no thread can be made, on the caller's thread instead:
    /// slower, never lost.
    public static func run(_ body: @escaping @Sendable () -> Void) {
        if !start(body) { body() }
    }

    /// Starts `body` on a new thread; false (and `body` not run) when no thread can be made.
    public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Work(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }, context)
        if started != 0 {
            Unmanaged<Work>.fromOpaque(context).release()
            return false
        }
        return true
    }
}
