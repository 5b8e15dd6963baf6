import Glibc
import LifeSystem

/// The state folder, open as an `O_DIRECTORY` descriptor. Every file in it is opened relative to
/// that descriptor with `openat` and `O_NOFOLLOW`: a symbolic link planted under one of the
/// storage's names is refused, never followed, and so is anything that is not a regular file.
/// New files are made as temporary files (`O_EXCL`, a random suffix, mode 0600) and renamed into
/// place.
struct Folder: Sendable {
    /// The folder's descriptor.
    let fd: Int32
    /// The folder's path, for messages.
    let path: String

    /// Opens the folder at `path`, which must be a folder and not a symbolic link.
    static func open(_ path: String) throws(StorageError) -> Folder {
        do throws(SystemError) {
            let fd = try FileDescriptor.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            return Folder(fd: fd.rawValue, path: path)
        } catch {
            let notAFolder = error.errno == ELOOP || error.errno == ENOTDIR
            throw StorageError("open the state folder \(path)", error, reason: notAFolder ? "it is not a folder (a symbolic link is not followed)" : nil)
        }
    }

    func close() { try? FileDescriptor(rawValue: fd).close() }

    /// The full path of `name`, for messages and for callers that need one.
    func path(of name: String) -> String { "\(path)/\(name)" }

    // MARK: Opening files

    /// Opens the existing regular file `name` (`what` names it in errors: "the snapshot").
    /// A symbolic link is refused with `ELOOP`, anything but a regular file with `EFTYPE`-like
    /// `EINVAL`; a missing file throws `ENOENT`.
    func openExisting(_ name: String, writable: Bool, what: String) throws(StorageError) -> Int32 {
        // O_NONBLOCK: opening a FIFO planted under the name must not wait for a writer.
        let file: FileDescriptor
        do throws(SystemError) {
            file = try FileDescriptor(rawValue: self.fd).open(name, (writable ? O_RDWR : O_RDONLY) | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        } catch {
            throw StorageError("open \(what)", error, reason: error.errno == ELOOP ? "it is a symbolic link, which is never followed" : nil)
        }
        let info: stat
        do throws(SystemError) {
            info = try file.status()
        } catch {
            try? file.close()
            throw StorageError("examine \(what)", error)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            try? file.close()
            throw StorageError("open \(what)", errno: EINVAL, reason: "it is not a regular file")
        }
        // Back to blocking I/O (it changes nothing for regular files, but says what is meant).
        try? file.setNonBlocking(false)
        return file.rawValue
    }

    /// Creates a new temporary file for `name` (`name.tmp-<16 hex digits>`), write-only, mode 0600.
    func createTemporary(for name: String, what: String) throws(StorageError) -> (fd: Int32, name: String) {
        for _ in 0..<8 {
            let temporary = Naming.temporary(for: name)
            do throws(SystemError) {
                let file = try FileDescriptor(rawValue: self.fd).open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions: 0o600)
                return (file.rawValue, temporary)
            } catch {
                // A name already taken (by chance, or planted): draw another.
                guard error.code == .fileExists else { throw StorageError("create a temporary file for \(what)", error) }
            }
        }
        throw StorageError("create a temporary file for \(what)", errno: EEXIST)
    }

    /// The bytes of the open file `fd`, which must hold at most `limit` bytes.
    static func readAll(_ fd: Int32, limit: Int, what: String) throws(StorageError) -> [UInt8] {
        let file = FileDescriptor(rawValue: fd)
        let info: stat
        do throws(SystemError) { info = try file.status() } catch { throw StorageError("examine \(what)", error) }
        let size = Int(info.st_size)
        guard size <= limit else { throw StorageError("read \(what)", errno: EFBIG, reason: "it is \(size) bytes, more than the \(limit) allowed") }
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        while offset < size {
            let result = bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in
                    try file.read(fromAbsoluteOffset: offset, into: UnsafeMutableRawBufferPointer(rebasing: buffer[offset...]))
                }
            }
            let count: Int
            do throws(SystemError) { count = try result.get() } catch { throw StorageError("read \(what)", error) }
            // Shorter than fstat said (it cannot shrink while the folder is locked): keep what is there.
            if count == 0 { return Array(bytes[0..<offset]) }
            offset += count
        }
        return bytes
    }

    /// Writes all of `bytes` at `offset`; 0, or the errno of the write that failed (after which
    /// some of the bytes may have been written).
    static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int) -> Int32 {
        guard let base = bytes.baseAddress else { return 0 }
        let file = FileDescriptor(rawValue: fd)
        var done = 0
        while done < bytes.count {
            let count: Int
            do throws(SystemError) {
                count = try file.write(toAbsoluteOffset: offset + done, UnsafeRawBufferPointer(start: base + done, count: bytes.count - done))
            } catch {
                return error.errno
            }
            if count == 0 { return EIO }
            done += count
        }
        return 0
    }

    /// Writes all of `bytes` at `offset`, or throws.
    static func write(_ fd: Int32, _ bytes: [UInt8], at offset: Int, what: String) throws(StorageError) {
        let error = bytes.withUnsafeBytes { write(fd, $0, at: offset) }
        if error != 0 { throw StorageError("write \(what)", errno: error) }
    }

    // MARK: Names

    /// Renames `from` to `to` within the folder, replacing `to`.
    func rename(_ from: String, to: String, what: String) throws(StorageError) {
        guard renameat(fd, from, fd, to) == 0 else { throw StorageError("rename \(what)") }
    }

    /// Removes the file `name` (a symbolic link itself, never its target).
    func remove(_ name: String) throws(StorageError) {
        do throws(SystemError) { try unlink(name) } catch { throw StorageError("remove \(path(of: name))", error) }
    }

    /// Removes the file `name` (a symbolic link itself, never its target), failing as the system call does.
    func unlink(_ name: String) throws(SystemError) {
        try systemCall("unlinkat") { unlinkat(fd, name, 0) }
    }

    /// Makes the folder's entries durable (after a rename, a creation or a removal).
    func sync() throws(StorageError) {
        guard fsync(fd) == 0 else { throw StorageError("sync the state folder \(path)") }
    }

    /// Whether something (of any type) is called `name`.
    func exists(_ name: String) -> Bool {
        var info = stat()
        return fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0
    }

    /// The type bits (`S_IFREG`, `S_IFLNK`, …) of `name`, nil if there is nothing by that name.
    func type(of name: String) -> mode_t? {
        var info = stat()
        guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// The names in the folder (not `.` and `..`).
    func entries() throws(StorageError) -> [String] {
        // A descriptor of its own: readdir's position is not shared with `fd`.
        let listing = openat(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard listing >= 0 else { throw StorageError("list the state folder \(path)") }
        guard let directory = fdopendir(listing) else {
            let error = StorageError("list the state folder \(path)")
            try? FileDescriptor(rawValue: listing).close()
            throw error
        }
        defer { closedir(directory) }
        var names: [String] = []
        while true {
            Errno.current = .none
            guard let entry = readdir(directory) else {
                if Errno.current != .none { throw StorageError("list the state folder \(path)") }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
    }

    /// A name for setting `name` aside that nothing has yet: `name.kind.<UTC time>`, with `.2`,
    /// `.3`, … added if that is taken.
    func unusedName(setting name: String, asideAs kind: String) -> String {
        let base = "\(name).\(kind).\(UTCTimestamp.now())"
        var candidate = base
        var attempt = 1
        while exists(candidate) {
            attempt += 1
            candidate = "\(base).\(attempt)"
        }
        return candidate
    }

    /// Moves `name` aside (renames it to `name.kind.<UTC time>`) and returns the new name.
    func setAside(_ name: String, as kind: String, what: String) throws(StorageError) -> String {
        let target = unusedName(setting: name, asideAs: kind)
        try rename(name, to: target, what: "\(what) aside to \(target)")
        return target
    }

    /// Writes `bytes` to a new file `name` (which must not exist) by way of a temporary file:
    /// written, fsynced, renamed. The caller syncs the folder.
    func writeNewFile(_ name: String, bytes: [UInt8], what: String) throws(StorageError) {
        let (file, temporary) = try createTemporary(for: name, what: what)
        var failure: StorageError?
        do throws(StorageError) {
            try Self.write(file, bytes, at: 0, what: what)
            guard fsync(file) == 0 else { throw StorageError("sync \(what)") }
        } catch {
            failure = error
        }
        try? FileDescriptor(rawValue: file).close()
        if failure == nil {
            do throws(StorageError) { try rename(temporary, to: name, what: what) } catch { failure = error }
        }
        if let failure {
            _ = unlinkat(fd, temporary, 0)
            throw failure
        }
    }
}

/// The UTC time as `YYYYMMDDTHHMMSSZ`, for the names of files set aside.
enum UTCTimestamp {
    static func now() -> String {
        var stamp = time(nil)
        var parts = tm()
        gmtime_r(&stamp, &parts)
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = "\(value)"
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(parts.tm_year + 1900, 4) + padded(parts.tm_mon + 1, 2) + padded(parts.tm_mday, 2) + "T"
            + padded(parts.tm_hour, 2) + padded(parts.tm_min, 2) + padded(parts.tm_sec, 2) + "Z"
    }
}
