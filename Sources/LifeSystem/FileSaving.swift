import Glibc

extension FileIO {
    /// Writes `bytes` where a person asked for them, as `cp` treats its destination:
    /// - `-` is standard output;
    /// - a regular file is replaced atomically (a temporary file beside it, fsync, rename), keeping
    ///   its permission bits, so a reader sees the old file or the new one, never half of it;
    /// - a symbolic link is followed, and what it points to is written (created, if it dangles),
    ///   so the link stays a link;
    /// - anything else that exists (a device, a FIFO, `/dev/stdout` on a terminal or a pipe) is
    ///   opened and written in place, never replaced;
    /// - a name that does not exist yet is created, atomically as above.
    ///
    /// Errors name `path`, the user's word, never the temporary file
    /// (`write out.rle: No space left on device`).
    public static func save(_ bytes: [UInt8], to path: String) throws(SystemError) {
        do throws(SystemError) {
            if path == "-" {
                try FileDescriptor.standardOutput.writeAll(bytes)
                return
            }
            var info = stat()
            if stat(path, &info) == 0 {
                switch info.st_mode & S_IFMT {
                case S_IFREG:
                    // realpath resolves every link on the way; if it cannot (a magic link in
                    // /proc to a deleted file), the file is written in place.
                    if let target = realPath(path) {
                        try writeAtomically(to: target, mode: info.st_mode & 0o7777, exactMode: true, once(bytes))
                    } else {
                        try writeInPlace(bytes, to: path, truncating: true)
                    }
                case S_IFDIR:
                    throw SystemError("write", errno: EISDIR)
                default:
                    try writeInPlace(bytes, to: path, truncating: false)
                }
            } else if errno == ENOENT {
                try writeAtomically(to: try danglingLinkTarget(path), mode: 0o666, once(bytes))
            } else {
                throw SystemError("stat")
            }
        } catch {
            throw SystemError("write \(path)", errno: error.errno)
        }
    }

    /// A chunk source for ``writeAtomically(to:mode:exactMode:_:)`` that gives `bytes` once.
    private static func once(_ bytes: [UInt8]) -> () -> [UInt8]? {
        var pending: [UInt8]? = bytes
        return {
            defer { pending = nil }
            return pending
        }
    }

    private static func writeInPlace(_ bytes: [UInt8], to path: String, truncating: Bool) throws(SystemError) {
        let fd = try FileDescriptor.open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | (truncating ? O_TRUNC : 0))
        do throws(SystemError) {
            try fd.writeAll(bytes)
        } catch {
            try? fd.close()
            throw error
        }
        try fd.close()
    }

    /// The canonical path of an existing file, every link on the way resolved.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The name a path that does not exist would be created under: the path itself, or, when it
    /// is a symbolic link that points nowhere, the name at the end of its chain of links (40 at
    /// most, as the kernel allows).
    private static func danglingLinkTarget(_ path: String) throws(SystemError) -> String {
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            if count < 0 {
                guard errno == EINVAL || errno == ENOENT else { throw SystemError("readlink") }
                return current
            }
            let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : UnixSocket.parentFolder(of: current) + "/" + link
        }
        throw SystemError("readlink", errno: ELOOP)
    }
}
