import Glibc
import LifeClient
import LifeJSON
import LifeScheduling
import LifeSystem
import Protocol

/// The watchers of `lifebench fanout`: one connection each, with its subscriptions (ids 0, 1, ...
/// on each), all read in one poll loop without decoding (``FrameSkimmer``).
final class FanoutWatchers {
    /// Subscriptions on each connection.
    let windowsPerWatcher: Int
    /// The version of each subscription's snapshot, by ``key(watcher:id:)``.
    let snapshotVersions: [Int]
    /// Windows that differ from every other (after clamping they may still coincide on a small world).
    let distinctWindows: Int
    private let sockets: [Int32]
    private var skimmers: [FrameSkimmer]
    private var pollSet: [pollfd]
    private var buffer = [UInt8](repeating: 0, count: 1 << 20)
    /// Bytes the watchers have received since they subscribed.
    private(set) var bytesReceived = 0

    /// Connects the watchers to the daemon at `socketPath` and subscribes each as `options`
    /// say, one request at a time. A refusal is a ``BenchError`` that quotes the daemon.
    init(socketPath: String, options: FanoutOptions) throws {
        let layout = FanoutWindow.layout(options)
        var sockets: [Int32] = []
        var versions: [Int] = []
        for watcher in 0..<options.watchers {
            let connection = try Connection(path: socketPath)
            for id in 0..<options.windows {
                let window = layout?[watcher][id]
                let request = window?.subscribeRequest(id: id, path: options.path)
                    ?? ["type": "subscribe", "id": .int(id), "path": .string(options.path.description)]
                try connection.sendFrame(Frame.encode(request))
                switch try connection.receive() {
                case .snapshot(_, let version, _, _, _):
                    versions.append(version)
                case .error(_, let code, let message, _):
                    throw BenchError(Self.refusal(watcher: watcher, id: id, request: request, code: code, message: message, window: window))
                case let other:
                    throw BenchError("watcher \(watcher)'s subscription \(id) was answered with \(other.json.text)")
                }
            }
            // The connection's own descriptor closes with it; the copy is read without blocking.
            let fd = dup(connection.fd)
            UnixSocket.setNonBlocking(fd)
            sockets.append(fd)
        }
        windowsPerWatcher = options.windows
        snapshotVersions = versions
        distinctWindows = layout.map { Set($0.joined()).count } ?? 1
        self.sockets = sockets
        skimmers = Array(repeating: FrameSkimmer(), count: sockets.count)
        pollSet = sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    }

    deinit { for fd in sockets { close(fd) } }

    /// Subscriptions over all watchers.
    var subscriptions: Int { sockets.count * windowsPerWatcher }

    /// The index of subscription `id` of watcher `watcher` among all of them.
    func key(watcher: Int, id: Int) -> Int { watcher * windowsPerWatcher + id }

    /// Why lifebench stops: the daemon refused a subscription. A scale above 1 is the likely
    /// reason with a lifed from before viewports took `scale`, and the message says so.
    private static func refusal(watcher: Int, id: Int, request: JSON, code: String, message: String, window: FanoutWindow?) -> String {
        var text = "lifed refused watcher \(watcher)'s subscription \(id) (\(request.text)): \(code): \(message)"
        if let window, window.scale > 1, message.contains("scale") {
            text += "\n--scale above 1 needs a lifed whose viewports take \"scale\" (PROTOCOL.md 8.1); this one does not"
        }
        return text
    }

    /// Reads whatever the watchers have, waiting at most `timeoutMs` for the first bytes, and
    /// calls `frame` with each frame completed: its watcher, what it is, and when its end came.
    func pump(timeoutMs: Int32, _ frame: (_ watcher: Int, _ what: SkimmedFrame, _ arrival: Duration) -> Void) {
        guard poll(&pollSet, nfds_t(pollSet.count), timeoutMs) > 0 else { return }
        for index in pollSet.indices where pollSet[index].revents != 0 {
            pollSet[index].revents = 0
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(sockets[index], $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                if count <= 0 { break }
                bytesReceived += count
                let arrival = MonotonicClock.now
                buffer.withUnsafeBytes { bytes in
                    skimmers[index].feed(UnsafeRawBufferPointer(rebasing: bytes[0..<count])) { start, end in
                        frame(index, SkimmedFrame(start: start, end: end), arrival)
                    }
                }
            }
        }
    }

    /// Sends every watcher a ping and reads (passing each frame to `frame`) until each has its
    /// pong: everything the daemon queued for them before is then read. False when `deadline`
    /// came first.
    func barrier(deadline: Duration, _ frame: (_ watcher: Int, _ what: SkimmedFrame, _ arrival: Duration) -> Void) throws -> Bool {
        for fd in sockets { try Self.sendAll(SkimmedFrame.barrierPing, to: fd) }
        var pongs = 0
        while pongs < sockets.count {
            guard MonotonicClock.now < deadline else { return false }
            pump(timeoutMs: 10) { watcher, what, arrival in
                if what == .pong { pongs += 1 }
                frame(watcher, what, arrival)
            }
        }
        return true
    }

    /// Writes all of `bytes` to the non-blocking socket `fd`, waiting while it is full.
    private static func sendAll(_ bytes: [UInt8], to fd: Int32) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written > 0 {
                offset += written
            } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                var writable = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&writable, 1, 100)
            } else {
                throw BenchError("a watcher's ping: \(String(cString: strerror(errno)))")
            }
        }
    }
}
