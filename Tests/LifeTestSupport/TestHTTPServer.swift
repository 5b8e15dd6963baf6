import Foundation
import Glibc
import Synchronization

/// A tiny HTTP/1.1 server for the fetch tests: listens on 127.0.0.1 (a free port), answers
/// canned routes, one thread per connection, and records what it saw.
///
/// Every loop is bounded: accepting stops at ``stop()`` or after ``lifetime``; a connection
/// waits at most a few seconds for its request; a held reply waits at most ``holdLimit``
/// for the client to give up. Tests call ``stop()`` in a teardown block.
public final class TestHTTPServer: Sendable {
    /// What a route answers.
    public struct Reply: Sendable {
        public var status: Int = 200
        public var body: [UInt8] = []
        /// Whether to send `Content-Length` (else the body ends when the connection closes).
        public var announcesLength = true
        /// Whether to hold the reply until the client closes the connection (or ``holdLimit`` passes).
        public var holds = false
        /// More header lines, such as `Content-Encoding: gzip`.
        public var headers: [String] = []

        public init(status: Int = 200, body: [UInt8] = [], announcesLength: Bool = true, holds: Bool = false, headers: [String] = []) {
            self.status = status
            self.body = body
            self.announcesLength = announcesLength
            self.holds = holds
            self.headers = headers
        }

        /// A 200 reply with `text` as its body.
        public static func ok(_ text: String) -> Reply { Reply(body: Array(text.utf8)) }
    }

    /// What the server has seen.
    public struct Log: Sendable {
        /// The paths requested, in order.
        public var requests: [String] = []
        /// The paths whose client closed the connection while the reply was held.
        public var closedByClient: [String] = []
        /// The paths whose reply was sent.
        public var answered: [String] = []
    }

    public let port: UInt16
    /// How long the server runs at most, whatever the test does.
    public let lifetime: Duration = .seconds(60)
    /// The longest a held reply waits for the client to close.
    public let holdLimit: Duration = .seconds(10)

    private let listener: Int32
    private let routes: [String: Reply]
    private let stopped = Atomic<Bool>(false)
    private let log = Mutex(Log())
    private let finished = DispatchSemaphore(value: 0)

    /// Starts serving `routes` (by path); any other path answers 404.
    public init(routes: [String: Reply]) throws {
        self.routes = routes
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ServerError("socket", errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            let error = ServerError("bind/listen", errno)
            close(fd)
            throw error
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            let error = ServerError("getsockname", errno)
            close(fd)
            throw error
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "TestHTTPServer"
        thread.start()
    }

    /// The URL of `path` on this server.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// What the server has seen so far.
    public var seen: Log { log.withLock { $0 } }

    /// Stops accepting and waits (briefly) for the accepting thread to end. Held replies end
    /// by themselves when their client closes or after ``holdLimit``.
    public func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        _ = finished.wait(timeout: .now() + 2)
    }

    private func acceptLoop() {
        defer {
            close(listener)
            finished.signal()
        }
        let deadline = ContinuousClock.now + lifetime
        while !stopped.load(ordering: .acquiring), ContinuousClock.now < deadline {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            let connection = Thread { [self] in serve(client) }
            connection.name = "TestHTTPServer connection"
            connection.start()
        }
    }

    private func serve(_ fd: Int32) {
        defer { close(fd) }
        guard let path = readRequestPath(fd) else { return }
        log.withLock { $0.requests.append(path) }
        let reply = routes[path] ?? Reply(status: 404, body: Array("no such route\n".utf8))
        if reply.holds {
            if waitForClientToClose(fd) {
                log.withLock { $0.closedByClient.append(path) }
                return
            }
        }
        var head = "HTTP/1.1 \(reply.status) \(reason(reply.status))\r\nContent-Type: application/json\r\nConnection: close\r\n"
        if reply.announcesLength { head += "Content-Length: \(reply.body.count)\r\n" }
        for line in reply.headers { head += "\(line)\r\n" }
        head += "\r\n"
        if writeAll(fd, Array(head.utf8) + reply.body) {
            log.withLock { $0.answered.append(path) }
        }
        shutdown(fd, Int32(SHUT_WR))
        // Let the client read to the end before the socket closes: wait (briefly) for its close.
        _ = waitForClientToClose(fd, limit: .seconds(2))
    }

    /// Reads the request head (at most 64 KiB, within 5 seconds) and returns its path.
    private func readRequestPath(_ fd: Int32) -> String? {
        var bytes: [UInt8] = []
        let deadline = ContinuousClock.now + .seconds(5)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 65_536, ContinuousClock.now < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            bytes += chunk[0..<count]
            let endOfHead: [UInt8] = [13, 10, 13, 10]
            guard bytes.count >= 4, (0...(bytes.count - 4)).contains(where: { Array(bytes[$0..<($0 + 4)]) == endOfHead })
            else { continue }
            let firstLine = String(decoding: bytes.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self)
            let requestLine = firstLine.split(separator: " ")
            guard requestLine.count == 3, requestLine[0] == "GET" else { return nil }
            return String(requestLine[1])
        }
        return nil
    }

    /// Whether the client closed its end (or reset the connection) within `limit`.
    private func waitForClientToClose(_ fd: Int32, limit: Duration? = nil) -> Bool {
        let deadline = ContinuousClock.now + (limit ?? holdLimit)
        var scratch = [UInt8](repeating: 0, count: 1024)
        while ContinuousClock.now < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let count = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return true }
        }
        return false
    }

    private func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }

    private func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 404: return "Not Found"
        case 500: return "Internal Server Error"
        default: return "Status"
        }
    }
}

/// A socket call that failed while setting the server up.
struct ServerError: Error, CustomStringConvertible {
    var description: String
    init(_ call: String, _ code: Int32) { description = "\(call): \(String(cString: strerror(code)))" }
}

extension TestHTTPServer {
    /// A port on 127.0.0.1 that nothing listens on (it was free a moment ago), for refused connections.
    public static func unusedPort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ServerError("socket", errno) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard named else { throw ServerError("bind", errno) }
        return UInt16(bigEndian: address.sin_port)
    }
}
