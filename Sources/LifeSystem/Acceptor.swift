import CLinux
import Glibc
import LifeScheduling

/// Accepts connections on a listening socket for an event loop, a bounded number per turn, and
/// without spinning when the process runs out of descriptors.
///
/// - **A bound per turn.** At most ``perTurn`` connections are accepted each time the listener
///   is ready; the rest wait for the next turn, after the loop has served the other descriptors
///   that were ready. A storm of connections cannot keep the loop away from the clients it
///   already has.
/// - **A spare descriptor.** When `accept` fails with EMFILE or ENFILE, the connection waiting
///   stays in the queue and the listener stays readable: accepting again at once would fail
///   again, for ever, at full speed. The acceptor keeps one descriptor open for this case (on
///   /dev/null); it closes it, accepts the waiting connection, writes it ``refusalFrame``
///   (best effort, one non-blocking write), closes it and opens the spare again. So each
///   connection that finds no room is answered at once rather than left hanging.
/// - **A pause.** When that cannot help (no spare could be opened, or another process took the
///   descriptor it freed), or `accept` fails in another way (ENOMEM, ENOBUFS), the listener is
///   taken out of the loop for a while, 50 ms doubling up to 1 s, and put back afterwards.
///
/// This is how libuv (its "reserve" descriptor) and nginx (its pause of accepting) handle it.
public final class Acceptor {
    /// What the acceptor tells its owner besides new connections, for its log.
    public enum Event: Equatable, Sendable {
        /// A connection came while the process was out of descriptors (`error` says which
        /// limit): it was answered with the refusal frame through the spare descriptor.
        case refused(SystemError)
        /// `accept` failed and nothing else could be done: accepting stops for `pause`.
        case paused(SystemError, pause: Duration)
        /// Accepting resumed after a pause.
        case resumed
    }

    /// The most connections accepted per turn of the loop unless told otherwise.
    public static let defaultPerTurn = 64
    /// The first pause after a failure, and the longest.
    public static let pauses: ClosedRange<Duration> = .milliseconds(50)...(.seconds(1))

    /// The listening socket (non-blocking).
    public let listener: Int32
    /// The most connections accepted each time the listener is ready.
    public let perTurn: Int
    /// What a connection that finds no descriptor free is sent before it is closed.
    public let refusalFrame: [UInt8]
    private let loop: EventLoop
    private let scheduler: Scheduler
    private let onConnection: (Int32) -> Void
    private let onEvent: (Event) -> Void
    private var spare: Int32 = -1
    private var nextPause = Acceptor.pauses.lowerBound
    private var resumption: Cancellable?
    private var isWatching = false

    /// Accepts on `listener` for `loop`; each new connection (a non-blocking, close-on-exec
    /// descriptor) goes to `onConnection`, which owns it. Pauses are timed by `scheduler`
    /// (the loop unless a test gives another).
    public init(
        listener: Int32, loop: EventLoop, scheduler: Scheduler? = nil, perTurn: Int = Acceptor.defaultPerTurn,
        refusalFrame: [UInt8], onConnection: @escaping (Int32) -> Void, onEvent: @escaping (Event) -> Void
    ) {
        precondition(perTurn >= 1)
        self.listener = listener
        self.loop = loop
        self.scheduler = scheduler ?? loop
        self.perTurn = perTurn
        self.refusalFrame = refusalFrame
        self.onConnection = onConnection
        self.onEvent = onEvent
    }

    deinit { stop() }

    /// Whether accepting is paused after a failure.
    public var isPaused: Bool { resumption != nil }

    /// Whether the spare descriptor is open.
    public var hasSpare: Bool { spare >= 0 }

    /// Opens the spare descriptor and starts watching the listener.
    public func start() throws(SystemError) {
        openSpare()
        try loop.watch(listener, for: .readable) { [unowned self] _ in acceptWaiting() }
        isWatching = true
    }

    /// Stops watching the listener (which it leaves open) and closes the spare descriptor.
    public func stop() {
        resumption?.cancel()
        resumption = nil
        if isWatching { loop.unwatch(listener) }
        isWatching = false
        if spare >= 0 { try? FileDescriptor(rawValue: spare).close() }
        spare = -1
    }

    /// Accepts the connections waiting, at most ``perTurn``.
    public func acceptWaiting() {
        var handled = 0
        while handled < perTurn {
            let fd = clinux_accept(listener)
            if fd >= 0 {
                handled += 1
                nextPause = Acceptor.pauses.lowerBound
                onConnection(fd)
                continue
            }
            let error = SystemError("accept")
            switch error.errno {
            case EAGAIN, EWOULDBLOCK:
                return
            case EINTR, ECONNABORTED, EPROTO:
                // That connection is gone (or the call was interrupted); the next may be fine.
                handled += 1
            case EMFILE, ENFILE:
                switch refuseOneWithSpare() {
                case .refused:
                    handled += 1
                    onEvent(.refused(error))
                case .noneWaiting:
                    return
                case .failed(let failure):
                    return pause(failure)
                }
            default:
                return pause(error)
            }
        }
    }

    private enum SpareOutcome {
        case refused
        case noneWaiting
        case failed(SystemError)
    }

    /// Frees the spare descriptor to accept one waiting connection, refuses it, and opens the
    /// spare again.
    private func refuseOneWithSpare() -> SpareOutcome {
        guard spare >= 0 else { return .failed(SystemError("accept", errno: EMFILE)) }
        try? FileDescriptor(rawValue: spare).close()
        spare = -1
        let fd = clinux_accept(listener)
        let acceptError = SystemError("accept")
        if fd >= 0 {
            UnixSocket.sendOnce(refusalFrame, to: fd)
            try? FileDescriptor(rawValue: fd).close()
        }
        openSpare()
        if fd >= 0 { return .refused }
        if acceptError.isWouldBlock { return .noneWaiting }
        return .failed(acceptError)
    }

    private func openSpare() {
        guard spare < 0 else { return }
        spare = (try? FileDescriptor.open("/dev/null", O_RDONLY | O_CLOEXEC))?.rawValue ?? -1
    }

    /// Takes the listener out of the loop for the next pause, then puts it back.
    private func pause(_ error: SystemError) {
        let length = nextPause
        nextPause = min(nextPause * 2, Acceptor.pauses.upperBound)
        if isWatching { loop.unwatch(listener) }
        isWatching = false
        onEvent(.paused(error, pause: length))
        resumption = scheduler.schedule(after: length) { [weak self] in self?.resume() }
    }

    private func resume() {
        resumption = nil
        openSpare()
        do {
            try loop.watch(listener, for: .readable) { [unowned self] _ in acceptWaiting() }
            isWatching = true
            onEvent(.resumed)
        } catch {
            pause(error)
        }
    }
}
