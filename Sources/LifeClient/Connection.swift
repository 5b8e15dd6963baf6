import Glibc
import LifeJSON
import LifeSystem
import Protocol

/// A client's blocking connection to `lifed`: frames out, messages in.
public final class Connection {
    /// Why talking to the daemon failed.
    public enum Failure: Error, CustomStringConvertible {
        /// No daemon answers at the path.
        case unreachable(path: String, reason: String)
        /// The daemon closed the connection.
        case closed
        /// The daemon sent something that is not a valid message.
        case protocolViolation(String)
        /// A read or write failed.
        case system(SystemError)
        /// The daemon sent an error that ends the connection, and closed it: instead of a hello
        /// (`forbidden`, `busy`), or for a frame it would not read (`frame-too-large`, `bad-frame`).
        case refused(code: String, message: String)
        /// The socket is served by a user this client does not trust (see ``ServerTrust``); the
        /// client read nothing from it.
        case untrustedServer(path: String, uid: uid_t, reason: String)

        public var description: String {
            switch self {
            case .unreachable(let path, let reason): return "no daemon answers at \(path): \(reason)"
            case .closed: return "the daemon closed the connection"
            case .protocolViolation(let what): return "the daemon sent something unexpected: \(what)"
            case .system(let error): return error.description
            case .refused(let code, let message): return "\(code): \(message)"
            case .untrustedServer(let path, let uid, let reason):
                return "refusing to talk to the daemon at \(path): it runs as uid \(uid); \(reason)"
            }
        }
    }

    /// The socket.
    public let fd: Int32
    /// The socket's path.
    public let path: String
    /// The daemon's greeting.
    public private(set) var hello: (server: String, version: Int) = ("", 0)
    private var decoder: FrameDecoder
    private var nextID = 1
    /// Where ``fill()`` receives, made once: a watcher fills a hundred times a second, and a new
    /// 64 KiB buffer each time was allocated and zeroed for a diff of a few hundred bytes.
    private var receiveBuffer = [UInt8](repeating: 0, count: 65536)

    /// Connects to the daemon at `path`, checks that it is one to trust (``ServerTrust``), and
    /// reads its hello.
    /// Server frames may be large (snapshots of big grids), hence the generous `maxFrameSize`.
    public init(path: String, maxFrameSize: Int = 256 << 20) throws(Failure) {
        do {
            fd = try UnixSocket.connect(to: path)
        } catch {
            throw .unreachable(path: path, reason: Self.reason(error))
        }
        self.path = path
        decoder = FrameDecoder(maxFrameSize: maxFrameSize)
        // (From here on every property is set, so a throw runs deinit, which closes fd.)
        // Who made the listening socket, before a byte is read from it.
        let trust = ServerTrust.check(fd: fd, path: path)
        if let reason = trust.refusal {
            throw .untrustedServer(path: path, uid: trust.uid, reason: reason)
        }
        let first = try receive()
        if case .error(_, let code, let message, _) = first {
            throw .refused(code: code, message: message)
        }
        guard case .hello(_, let server, let version, _) = first else {
            throw .protocolViolation("the first message was not a hello")
        }
        hello = (server, version)
    }

    deinit { try? FileDescriptor(rawValue: fd).close() }

    private static func reason(_ error: UnixSocket.SetupError) -> String {
        if case .system(let system) = error { return system.reason }
        return error.description
    }

    /// Makes a receive that waits longer than `seconds` fail instead of hanging (0: wait forever).
    public func setReceiveTimeout(seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// A fresh request id.
    public func makeID() -> JSON {
        defer { nextID += 1 }
        return .int(nextID)
    }

    /// The name this client gives in its dispatches (`"client"`), which the daemon's history
    /// records with each change it makes: the program's name ("lifectl", "lifewatch") unless set.
    public var clientName: String? = Connection.programName

    /// The running program's name (its path's last component), as a dispatch may give it.
    public static let programName: String? = {
        guard let path = CommandLine.arguments.first, let name = path.split(separator: "/").last else { return nil }
        let clean = String(name.unicodeScalars.filter { $0.properties.generalCategory != .control }.prefix(ClientRequest.maxClientName))
        return clean.isEmpty || clean.utf8.count > ClientRequest.maxClientName ? nil : clean
    }()

    /// Sends one request; a dispatch that names no client gives ``clientName``.
    public func send(_ request: ClientRequest) throws(Failure) {
        var request = request
        if case .dispatch = request.kind, request.client == nil { request.client = clientName }
        try sendFrame(Frame.encode(request.json))
    }

    /// Sends raw bytes (already framed).
    ///
    /// When the daemon closes the connection during the send, what it said before closing is
    /// read: an error that ends the connection (a frame over its `--max-frame`) is thrown as
    /// ``Failure/refused(code:message:)``, with the daemon's reason, rather than ``Failure/closed``.
    public func sendFrame(_ bytes: [UInt8]) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            do throws(SystemError) {
                let written = try systemCall("send") {
                    bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                }
                offset += written
            } catch {
                if error.errno == EPIPE || error.errno == ECONNRESET { throw lastWords() }
                throw .system(error)
            }
        }
    }

    /// Why the daemon closed the connection, from what it sent before: the error that ended it
    /// (``Failure/refused(code:message:)``), else ``Failure/closed``. Reads until the end of the stream.
    private func lastWords() -> Failure {
        while true {
            do {
                if let ending = Self.ending(try receive()) { return ending }
            } catch {
                return error
            }
        }
    }

    /// The next message, waiting for it as long as it takes.
    public func receive() throws(Failure) -> ServerMessage {
        let payload = try receiveFrame()
        let json: JSON
        do {
            json = try JSON(parsing: payload)
        } catch {
            throw .protocolViolation(error.description)
        }
        do {
            return try ServerMessage(json: json)
        } catch {
            throw .protocolViolation(error.description)
        }
    }

    /// The failure `message` stands for when it is an error that ends the connection: one
    /// without an id whose code closes it (``ErrorCode/closesConnection``: `frame-too-large`,
    /// `bad-frame`, `forbidden`, `busy`), after which nothing more comes.
    public static func ending(_ message: ServerMessage) -> Failure? {
        guard case .error(nil, let code, let text, _) = message, ErrorCode(rawValue: code)?.closesConnection == true else { return nil }
        return .refused(code: code, message: text)
    }

    /// The next frame's payload, waiting for it as long as it takes.
    public func receiveFrame() throws(Failure) -> [UInt8] {
        while true {
            if let frame = try nextBufferedFrame() { return frame }
            try fill()
        }
    }

    /// A frame already read from the socket, if a whole one is buffered.
    public func nextBufferedFrame() throws(Failure) -> [UInt8]? {
        do {
            return try decoder.next()
        } catch {
            throw .protocolViolation("bad frame: \(error)")
        }
    }

    /// Reads what the socket has (waiting for at least one byte).
    public func fill() throws(Failure) {
        let count: Int
        do throws(SystemError) {
            count = try systemCall("recv") { receiveBuffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) } }
        } catch {
            if error.errno == ECONNRESET { throw .closed }
            if error.isWouldBlock { throw .system(error.naming("recv timed out")) }
            throw .system(error)
        }
        if count == 0 { throw .closed }
        decoder.append(receiveBuffer[0..<count])
    }

    /// Sends `kind` with a fresh id and returns the reply to it. Messages that are not
    /// the reply (diffs of other subscriptions) are passed to `other`. An error that ends the
    /// connection (``ending(_:)``) is thrown as ``Failure/refused(code:message:)``.
    public func request(
        _ kind: ClientRequest.Kind, other: (ServerMessage) -> Void = { _ in }
    ) throws(Failure) -> ServerMessage {
        let id = makeID()
        try send(ClientRequest(id: id, kind: kind))
        while true {
            let message = try receive()
            if case .bye = message { throw .closed }
            // The daemon's reason for closing (a frame over its limit), rather than just the close.
            if let ending = Self.ending(message) { throw ending }
            if message.id == id, !Self.isDiff(message) { return message }
            other(message)
        }
    }

    private static func isDiff(_ message: ServerMessage) -> Bool {
        if case .diff = message { return true }
        return false
    }
}
