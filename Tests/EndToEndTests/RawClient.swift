import DaemonTestSupport
import Foundation
import Glibc
import LifeSystem
import LifeJSON
import LifeTestSupport
import Protocol
import XCTest

// MARK: - A raw client

/// A client socket that sends arbitrary bytes and reads frames, seeing closes as nil.
final class RawClient {
    enum Failure: Error { case closed, timedOut, system(String), badFrame(String) }

    let fd: Int32
    private var decoder = FrameDecoder(maxFrameSize: 256 << 20)
    private var closed = false

    /// Connects; reads the hello unless `expectHello` is false.
    init(_ path: String, expectHello: Bool = true) throws {
        fd = try UnixSocket.connect(to: path)
        // A safety net on a loaded machine: every read waits for a reply or a close.
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if expectHello {
            guard case .hello? = try receive() else { throw Failure.system("no hello") }
        }
    }

    deinit { close() }

    func close() {
        if !closed { Glibc.close(fd) }
        closed = true
    }

    func send(_ request: ClientRequest) throws { try sendRaw(Frame.encode(request.json)) }

    func sendRaw(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE || errno == ECONNRESET { throw Failure.closed }
                throw Failure.system("send: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    func shutdownWrite() { _ = shutdown(fd, Int32(SHUT_WR)) }

    /// The info of a `status` reply.
    func status() throws -> [String: JSON] {
        try send(ClientRequest(id: "status", kind: .status))
        guard case .status(_, let info)? = try receive() else { throw Failure.system("no status") }
        return info
    }

    /// Whether something (a frame or the end) is ready to read within `waitingMs`.
    func hasInput(waitingMs: Int32) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, waitingMs) > 0
    }

    /// The next message, or nil when the daemon closed the connection.
    func receive() throws -> ServerMessage? {
        while true {
            do {
                if let payload = try decoder.next() {
                    return try ServerMessage(json: try JSON(parsing: payload))
                }
            } catch {
                throw Failure.badFrame("\(error)")
            }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                decoder.append(buffer[0..<count])
            } else if count == 0 {
                return nil
            } else if errno == EINTR {
                continue
            } else if errno == ECONNRESET {
                return nil
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                throw Failure.timedOut
            } else {
                throw Failure.system("recv: \(String(cString: strerror(errno)))")
            }
        }
    }
}
