import CLinux
import Glibc

/// An open file descriptor, as a value: the calls made on it, each throwing a ``SystemError`` that
/// names the call ("read", "open /etc/lifed.conf"; ``SystemError/naming(_:)`` says more).
///
/// A call that a signal interrupts (`EINTR`) is made again unless `retryOnInterrupt` is false,
/// except ``close()``, which is never made twice: on Linux the descriptor is released even when
/// `close` reports `EINTR`, so a retry could close one that another thread has just been given.
///
/// The value does not own the descriptor: copies name the same one, and nothing closes it but
/// ``close()``. Calls on a non-blocking descriptor that would have to wait throw `EAGAIN` (see
/// ``SystemError/isWouldBlock``); the `IfReady` forms return nil instead.
public struct FileDescriptor: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let standardInput = FileDescriptor(rawValue: 0)
    public static let standardOutput = FileDescriptor(rawValue: 1)
    public static let standardError = FileDescriptor(rawValue: 2)

    public var description: String { "fd \(rawValue)" }

    // MARK: Opening and closing

    /// Opens `path` with `flags` (`O_RDONLY | O_CLOEXEC`, ...) and, when it creates the file,
    /// `permissions`. Errors name "open PATH".
    public static func open(
        _ path: String, _ flags: Int32, permissions: mode_t = 0, retryOnInterrupt: Bool = true
    ) throws(SystemError) -> FileDescriptor {
        FileDescriptor(rawValue: try systemCall("open \(path)", retryOnInterrupt: retryOnInterrupt) { Glibc.open(path, flags, permissions) })
    }

    /// Opens `name` relative to this descriptor, a folder (`openat`). Errors name "open NAME".
    public func open(
        _ name: String, _ flags: Int32, permissions: mode_t = 0, retryOnInterrupt: Bool = true
    ) throws(SystemError) -> FileDescriptor {
        FileDescriptor(rawValue: try systemCall("open \(name)", retryOnInterrupt: retryOnInterrupt) { openat(rawValue, name, flags, permissions) })
    }

    /// A pipe whose ends are both close-on-exec (`pipe2`). Errors name "pipe2".
    public static func pipe() throws(SystemError) -> (readEnd: FileDescriptor, writeEnd: FileDescriptor) {
        var ends: [Int32] = [-1, -1]
        try systemCall("pipe2") { clinux_pipe_cloexec(&ends) }
        return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
    }

    /// Closes the descriptor, never retrying (see the type's notes). Errors name "close".
    public func close() throws(SystemError) {
        try Self.close(rawValue, using: Glibc.close)
    }

    /// ``close()`` through `call` (tests give a `close` that fails).
    static func close(_ fd: Int32, using call: (Int32) -> Int32) throws(SystemError) {
        try systemCall("close", retryOnInterrupt: false) { call(fd) }
    }

    // MARK: Reading and writing

    /// Reads at most `buffer.count` bytes into `buffer`: the count read, 0 at the end. Errors name "read".
    public func read(into buffer: UnsafeMutableRawBufferPointer, retryOnInterrupt: Bool = true) throws(SystemError) -> Int {
        try systemCall("read", retryOnInterrupt: retryOnInterrupt) { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// ``read(into:retryOnInterrupt:)`` on a non-blocking descriptor: nil when nothing is there yet.
    public func readIfReady(into buffer: UnsafeMutableRawBufferPointer, retryOnInterrupt: Bool = true) throws(SystemError) -> Int? {
        try nonBlockingCall("read", retryOnInterrupt: retryOnInterrupt) { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Reads into `buffer` from `offset` in the file, without moving the file's position (`pread`).
    /// Errors name "pread".
    public func read(
        fromAbsoluteOffset offset: Int, into buffer: UnsafeMutableRawBufferPointer, retryOnInterrupt: Bool = true
    ) throws(SystemError) -> Int {
        try systemCall("pread", retryOnInterrupt: retryOnInterrupt) { pread(rawValue, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    /// Writes what it can of `bytes`: the count written. Errors name "write".
    public func write(_ bytes: UnsafeRawBufferPointer, retryOnInterrupt: Bool = true) throws(SystemError) -> Int {
        try systemCall("write", retryOnInterrupt: retryOnInterrupt) { Glibc.write(rawValue, bytes.baseAddress, bytes.count) }
    }

    /// ``write(_:retryOnInterrupt:)`` on a non-blocking descriptor: nil when it takes nothing now.
    public func writeIfReady(_ bytes: UnsafeRawBufferPointer, retryOnInterrupt: Bool = true) throws(SystemError) -> Int? {
        try nonBlockingCall("write", retryOnInterrupt: retryOnInterrupt) { Glibc.write(rawValue, bytes.baseAddress, bytes.count) }
    }

    /// Writes `bytes` at `offset` in the file, without moving the file's position (`pwrite`).
    /// Errors name "pwrite".
    public func write(
        toAbsoluteOffset offset: Int, _ bytes: UnsafeRawBufferPointer, retryOnInterrupt: Bool = true
    ) throws(SystemError) -> Int {
        try systemCall("pwrite", retryOnInterrupt: retryOnInterrupt) { pwrite(rawValue, bytes.baseAddress, bytes.count, off_t(offset)) }
    }

    /// Writes all of `bytes`, however many writes it takes (a blocking descriptor). Errors name "write".
    public func writeAll(_ bytes: [UInt8]) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = try systemCall("write") { bytes[offset...].withUnsafeBytes { Glibc.write(rawValue, $0.baseAddress, $0.count) } }
            offset += written
        }
    }

    // MARK: The file

    /// Makes what was written durable (`fsync`). Errors name "fsync".
    public func sync() throws(SystemError) {
        try systemCall("fsync") { fsync(rawValue) }
    }

    /// The file's status (`fstat`). Errors name "fstat".
    public func status() throws(SystemError) -> stat {
        var info = stat()
        try systemCall("fstat") { fstat(rawValue, &info) }
        return info
    }

    /// The file status flags (`F_GETFL`: `O_NONBLOCK`, `O_APPEND`, ...). Errors name "fcntl".
    public func statusFlags() throws(SystemError) -> Int32 {
        try systemCall("fcntl") { fcntl(rawValue, F_GETFL) }
    }

    /// Sets the file status flags (`F_SETFL`). Errors name "fcntl".
    public func setStatusFlags(_ flags: Int32) throws(SystemError) {
        try systemCall("fcntl") { fcntl(rawValue, F_SETFL, flags) }
    }

    /// Turns `O_NONBLOCK` on or off, keeping the other status flags. Errors name "fcntl".
    public func setNonBlocking(_ nonBlocking: Bool = true) throws(SystemError) {
        let flags = try statusFlags()
        try setStatusFlags(nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
    }

    /// Sets `FD_CLOEXEC`: the descriptor is closed in programs this process executes. Errors name "fcntl".
    public func setCloseOnExec() throws(SystemError) {
        try systemCall("fcntl") { fcntl(rawValue, F_SETFD, FD_CLOEXEC) }
    }
}
