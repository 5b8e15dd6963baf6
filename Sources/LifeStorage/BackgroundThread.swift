import Glibc

/// Runs work on a new detached POSIX thread.
///
/// Not Dispatch: the first use of a global queue makes libdispatch open descriptors of its own,
/// and it traps when it cannot, so a compaction started while the daemon has no descriptor free
/// would crash it. A thread needs no descriptor. If no thread can be made, the work runs on the
/// caller's thread instead: slower, never lost.
enum BackgroundThread {
    private final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    static func run(_ body: @escaping @Sendable () -> Void) {
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
            Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
        }
    }
}
