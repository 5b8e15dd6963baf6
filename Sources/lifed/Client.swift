import Glibc
import LifeIO
import Protocol

/// One connected client: its input decoder, its bounded output buffer and its subscriptions.
final class Client {
    /// A subscription: the path it watches and the version of the last snapshot or diff it was sent.
    struct Subscription {
        var id: JSON?
        /// What it watches: a path, and a window onto the grid when it has one.
        var group: SubscriptionGroup
        var lastVersion: Int
        /// Diffs were dropped while the client could not keep up; it gets a fresh snapshot once it drains.
        var needsResync = false
    }

    let fd: Int32
    let number: Int
    var decoder: FrameDecoder
    /// Bytes waiting to be written.
    private var output = OutputQueue()
    /// Subscriptions by the id they were made with (`.null` for none).
    var subscriptions: [JSON: Subscription] = [:]
    /// No more reading: the connection closes once its output is written.
    var isClosing = false
    /// Reading paused because replies are piling up unread.
    var isReadPaused = false
    /// How many times this client's subscriptions were resynchronised.
    var resyncs = 0
    /// Bytes written to the socket so far.
    private(set) var bytesWritten = 0

    /// When the client last sent anything (the loop's clock).
    var lastActivity: Duration
    /// When the frame the client is in the middle of sending began (nil between frames), so that
    /// a frame trickled in a byte at a time still has to arrive within the frame timeout.
    var partialFrameSince: Duration?
    /// Frames received so far.
    var framesReceived = 0

    init(fd: Int32, number: Int, maxFrameSize: Int, now: Duration) {
        self.fd = fd
        self.number = number
        lastActivity = now
        decoder = FrameDecoder(maxFrameSize: maxFrameSize)
    }

    /// Whether a subscription's diffs were dropped and its fresh snapshot is still to be sent.
    var hasPendingResync: Bool { subscriptions.values.contains { $0.needsResync } }

    /// Bytes queued and not yet written.
    var pendingBytes: Int { output.count }

    /// Queues `bytes` behind what is already waiting (a large array is referenced, not copied:
    /// one encoded diff shared by every watcher stays one copy).
    func enqueue(_ bytes: [UInt8]) {
        output.append(bytes)
    }

    /// Writes as much as the socket takes without blocking.
    /// Returns false when the connection is broken.
    func flush() -> Bool {
        let waiting = output.count
        let result = output.write(to: fd)
        bytesWritten += waiting - output.count
        if case .failed = result { return false }
        return true
    }
}

/// Subscriptions that watch the same thing (path and viewport) share one rendering and one encoded diff.
struct SubscriptionGroup: Hashable {
    var path: JSONPointer
    var viewport: Viewport?
}
