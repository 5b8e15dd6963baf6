import Glibc

/// Whole-file reads and atomic writes, without Foundation.
public enum FileIO {
    /// The bytes of the file at `path`, refusing files over `limit` bytes. With
    /// `followingSymlinks` false, a symbolic link at `path` itself is refused (`ELOOP`), as
    /// lifed refuses one in its state folder.
    public static func read(_ path: String, limit: Int = 64 << 20, followingSymlinks: Bool = true) throws(SystemError) -> [UInt8] {
        let fd = try FileDescriptor.open(path, O_RDONLY | O_CLOEXEC | (followingSymlinks ? 0 : O_NOFOLLOW))
        defer { try? fd.close() }
        return try readAll(fd, name: path, limit: limit)
    }

    /// Everything on standard input until its end, refusing more than `limit` bytes (errors name
    /// it "standard input").
    public static func readStandardInput(limit: Int = 64 << 20) throws(SystemError) -> [UInt8] {
        try readAll(.standardInput, name: "standard input", limit: limit)
    }

    private static func readAll(_ fd: FileDescriptor, name: String, limit: Int) throws(SystemError) -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = try buffer.withUnsafeMutableBytes { raw in Result { () throws(SystemError) in try fd.read(into: raw) } }
                .mapError { $0.naming("read \(name)") }.get()
            if count == 0 { return result }
            guard result.count + count <= limit else { throw SystemError("read \(name): larger than \(limit) bytes", errno: EFBIG) }
            result.append(contentsOf: buffer[0..<count])
        }
    }

    /// Writes `bytes` to `path` so that readers see the old file or the new one, never a mix:
    /// a temporary file beside it, fsync, rename over, then fsync the folder.
    ///
    /// The temporary file is `PATH.tmp-` and 16 random hexadecimal digits, created with
    /// `O_EXCL | O_NOFOLLOW`: a name nobody can guess in advance, and a file that must be new,
    /// so that nothing planted in the folder (a symbolic link where the temporary file will be)
    /// is ever written through. A link at `path` itself is replaced by the rename, not followed.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(SystemError) {
        var pending: [UInt8]? = bytes
        try writeAtomically(to: path, mode: mode) {
            defer { pending = nil }
            return pending
        }
    }

    /// Like ``writeAtomically(_:to:mode:)``, with the contents in chunks: `next` is called until it
    /// returns nil, and each chunk is written before the next is asked for. So a large file (the
    /// state of a 4096 x 4096 world) never has to be in memory all at once. With `exactMode`, the
    /// file gets `mode` whatever the umask (a file replaced keeps its permission bits).
    public static func writeAtomically(
        to path: String, mode: mode_t = 0o644, exactMode: Bool = false, _ next: () -> [UInt8]?
    ) throws(SystemError) {
        var temporary = ""
        var opened: Result<FileDescriptor, SystemError> = .failure(SystemError("create", .fileExists))
        // A clash with an existing name is unlikely to happen even once; a few tries, then the error.
        for _ in 0..<8 {
            temporary = "\(path).tmp-\(randomSuffix())"
            let name = temporary
            opened = Result { () throws(SystemError) in try FileDescriptor.open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions: mode) }
            if case .failure(let error) = opened, error.code == .fileExists { continue }
            break
        }
        let fd = try opened.mapError { [temporary] in $0.naming("create \(temporary)") }.get()
        do throws(SystemError) {
            if exactMode, fchmod(fd.rawValue, mode) != 0 { throw SystemError("chmod \(temporary)") }
            while let bytes = next() {
                do throws(SystemError) { try fd.writeAll(bytes) } catch { throw error.naming("write \(temporary)") }
            }
            do throws(SystemError) { try fd.sync() } catch { throw error.naming("fsync \(temporary)") }
        } catch {
            try? fd.close()
            unlink(temporary)
            throw error
        }
        try? fd.close()
        guard rename(temporary, path) == 0 else {
            let error = SystemError("rename \(temporary) to \(path)")
            unlink(temporary)
            throw error
        }
        if let folder = try? FileDescriptor.open(UnixSocket.parentFolder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC) {
            try? folder.sync()
            try? folder.close()
        }
    }

    /// 16 hexadecimal digits from the system's random source (the standard library's generator).
    static func randomSuffix() -> String {
        let digits = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
