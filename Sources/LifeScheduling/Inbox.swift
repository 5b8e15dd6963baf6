import Synchronization

/// Work handed to a scheduler's executor from other threads (a finished download, say).
///
/// `post` may be called from any thread; the work runs later on the executor that owns
/// the store, in the order it was posted. The event loop wakes when work arrives.
public final class Inbox: Sendable {
    private let queue = Mutex<[@Sendable () -> Void]>([])
    private let wake: @Sendable () -> Void

    /// An inbox that calls `wake` (from the posting thread) after each post.
    public init(wake: @escaping @Sendable () -> Void = {}) { self.wake = wake }

    /// Queues `work` to run on the executor.
    public func post(_ work: @escaping @Sendable () -> Void) {
        queue.withLock { $0.append(work) }
        wake()
    }

    /// Takes everything queued so far, for the executor to run.
    public func takeAll() -> [@Sendable () -> Void] {
        queue.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }

    /// Whether anything is waiting.
    public var isEmpty: Bool { queue.withLock { $0.isEmpty } }
}

/// A value that may only be used on the executor that made it, carried through `@Sendable`
/// closures that hop back to that executor through an ``Inbox``.
public struct ExecutorBound<Value>: @unchecked Sendable {
    /// Only read this on the executor that made the box.
    public let value: Value
    public init(_ value: Value) { self.value = value }
}
