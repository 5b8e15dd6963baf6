import Glibc

/// Unix-domain stream sockets: listening safely at a path, and connecting to one.
public enum UnixSocket {
    /// Why a socket could not be set up.
    public enum SetupError: Error, CustomStringConvertible {
        case pathTooLong(String)
        case alreadyRunning(String)
        case notASocket(String)
        case unsafeFolder(String, reason: String)
        case system(SystemError)

        public var description: String {
            switch self {
            case .pathTooLong(let path): return "socket path is too long (at most 107 bytes): \(path)"
            case .alreadyRunning(let path): return "already running: a daemon answers on \(path)"
            case .notASocket(let path): return "\(path) exists and is not a socket; refusing to replace it"
            case .unsafeFolder(let path, let reason): return "unsafe folder \(path): \(reason)"
            case .system(let error): return error.description
            }
        }
    }

    /// Fills a `sockaddr_un` for `path` and calls `body` with it.
    static func withAddress<R>(
        _ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R
    ) throws(SetupError) -> R {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity else { throw .pathTooLong(path) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }

    /// The path a Unix socket is bound to (`getsockname`): nil for an unbound or unnamed socket,
    /// and an abstract name (a leading NUL) is written with a leading `@`, as systemd writes it.
    public static func boundPath(of fd: Int32) -> String? {
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let result = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let offset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? 2
        guard result == 0, address.sun_family == sa_family_t(AF_UNIX), Int(length) > offset else { return nil }
        let count = min(Int(length) - offset, MemoryLayout.size(ofValue: address.sun_path))
        var bytes = withUnsafeBytes(of: &address.sun_path) { Array($0.prefix(count)) }
        if bytes.first == 0 {
            bytes[0] = UInt8(ascii: "@")
            return String(decoding: bytes, as: UTF8.self)
        }
        if let end = bytes.firstIndex(of: 0) { bytes.removeSubrange(end...) }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// A new blocking connection to the socket at `path`.
    public static func connect(to path: String) throws(SetupError) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system(SystemError("socket")) }
        let result = try withAddress(path) { Glibc.connect(fd, $0, $1) }
        guard result == 0 else {
            let error = SystemError("connect \(path)")
            try? FileDescriptor(rawValue: fd).close()
            throw .system(error)
        }
        return fd
    }

    /// Whether something accepts connections at `path` now.
    public static func isAnswering(_ path: String) -> Bool {
        guard let fd = try? connect(to: path) else { return false }
        try? FileDescriptor(rawValue: fd).close()
        return true
    }

    /// Creates `folder` (and missing parents) with mode 0700, or checks that an existing one
    /// is safe for lifed's socket or state: a real folder (a symbolic link is not followed),
    /// owned by this process's effective uid, that neither its group nor others may write to.
    ///
    /// Whoever may write to the folder may replace or plant files in it: a socket that
    /// impersonates the daemon, or a symbolic link where lifed will create a file (which once
    /// made lifed overwrite a file of its choosing). The sticky bit does not help: it stops
    /// others from removing our files, not from planting theirs. A folder made here is checked
    /// too, since someone may have made it between the look and `mkdir`.
    public static func prepareFolder(_ folder: String) throws(SetupError) {
        var info = stat()
        if lstat(folder, &info) != 0 {
            let missing = SystemError("stat \(folder)")
            guard missing.code == .noSuchFileOrDirectory else { throw .system(missing) }
            let parent = parentFolder(of: folder)
            if parent != folder, !parent.isEmpty, access(parent, F_OK) != 0 {
                try prepareFolder(parent)
            }
            if mkdir(folder, 0o700) != 0 {
                let error = SystemError("mkdir \(folder)")
                guard error.code == .fileExists else { throw .system(error) }
            }
            guard lstat(folder, &info) == 0 else { throw .system(SystemError("stat \(folder)")) }
        }
        if let reason = unsafety(of: info) { throw .unsafeFolder(folder, reason: reason) }
    }

    /// Why a folder with the status `info` is not safe for lifed, or nil when it is.
    static func unsafety(of info: stat) -> String? {
        guard info.st_mode & S_IFMT == S_IFDIR else {
            return "it is not a folder (a symbolic link is not followed)"
        }
        let uid = geteuid()
        guard info.st_uid == uid else {
            return "it belongs to uid \(info.st_uid), not to this process's uid \(uid), and its owner could replace or plant files in it"
        }
        guard info.st_mode & 0o022 == 0 else {
            let mode = String(info.st_mode & 0o7777, radix: 8)
            return "its group or others may write to it (mode \(mode)), and could replace or plant files in it; "
                + "use a folder only its owner may write to"
        }
        return nil
    }

    /// The folder part of `path` ("/" for "/x", "." for "x").
    public static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }

    /// A non-blocking listening socket at `path`, mode 0600, in a 0700 folder.
    ///
    /// A stale socket that nobody answers is replaced; a live one is ``SetupError/alreadyRunning(_:)``;
    /// anything else at the path (a file, a symlink) is left alone and refused.
    public static func listen(at path: String, backlog: Int32 = 128) throws(SetupError) -> Int32 {
        try prepareFolder(parentFolder(of: path))
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFSOCK else { throw .notASocket(path) }
            if isAnswering(path) { throw .alreadyRunning(path) }
            guard unlink(path) == 0 else { throw .system(SystemError("unlink stale socket \(path)")) }
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw .system(SystemError("socket")) }
        // The socket is created 0600: no moment exists where others could connect.
        let oldMask = umask(0o177)
        let bound = try withAddress(path) { address, length in
            Result { () throws(SystemError) in try systemCall("bind \(path)", retryOnInterrupt: false) { bind(fd, address, length) } }
        }
        umask(oldMask)
        if case .failure(let error) = bound {
            try? FileDescriptor(rawValue: fd).close()
            throw .system(error)
        }
        guard Glibc.listen(fd, backlog) == 0 else {
            let error = SystemError("listen \(path)")
            try? FileDescriptor(rawValue: fd).close()
            throw .system(error)
        }
        return fd
    }

    /// Writes `bytes` to the socket `fd` with one non-blocking `send` (no SIGPIPE), best effort:
    /// for a short message such as a refusal, to a connection about to be closed. Returns what
    /// `send` returned.
    @discardableResult
    public static func sendOnce(_ bytes: [UInt8], to fd: Int32) -> Int {
        bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
    }

    /// Sets `O_NONBLOCK` on `fd`.
    public static func setNonBlocking(_ fd: Int32) {
        try? FileDescriptor(rawValue: fd).setNonBlocking()
    }
}
