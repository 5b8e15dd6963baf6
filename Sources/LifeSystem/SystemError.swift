import Glibc

/// An error number (`errno`): what a failed system call said went wrong.
///
/// ``current`` is the one place the package's Swift code reads (or clears) `errno`, and
/// ``description`` the one place it calls `strerror`.
public struct Errno: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }
    public init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's `errno`, as the last failed call left it. Set it to zero (``none``)
    /// before a call that reports failure only through `errno` (`readdir`).
    public static var current: Errno {
        get { Errno(Glibc.errno) }
        set { Glibc.errno = newValue.rawValue }
    }

    /// What the number means, in the C library's words: "No such file or directory".
    public var description: String { String(cString: strerror(rawValue)) }

    /// Whether a non-blocking call found nothing to do without waiting (EAGAIN, EWOULDBLOCK).
    public var isWouldBlock: Bool { rawValue == EAGAIN || rawValue == EWOULDBLOCK }

    /// No error (0).
    public static let none = Errno(0)
    /// A signal arrived before the call did anything (EINTR).
    public static let interrupted = Errno(EINTR)
    /// Nothing to do without waiting (EAGAIN, which is EWOULDBLOCK on Linux).
    public static let wouldBlock = Errno(EAGAIN)
    /// Not an open descriptor (EBADF).
    public static let badFileDescriptor = Errno(EBADF)
    /// No such file or directory (ENOENT).
    public static let noSuchFileOrDirectory = Errno(ENOENT)
    /// The name is taken (EEXIST).
    public static let fileExists = Errno(EEXIST)
}

/// A failed system call: what was attempted and the `errno` it left. `description` reads
/// "connect /run/lifed/lifed.sock: No such file or directory".
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was attempted: the call, and what it was called on ("open /etc/lifed.conf").
    public var operation: String
    /// The error number.
    public var errno: Int32

    /// The failure of `operation` with `errno`, by default the one the last failed call left.
    public init(_ operation: String, errno: Int32 = Errno.current.rawValue) {
        self.operation = operation
        self.errno = errno
    }

    /// The failure of `operation` with `code`.
    public init(_ operation: String, _ code: Errno) {
        self.init(operation, errno: code.rawValue)
    }

    /// The error number as an ``Errno``.
    public var code: Errno { Errno(errno) }

    /// Why, in the C library's words ("No such file or directory").
    public var reason: String { code.description }

    /// Whether a non-blocking call found nothing to do without waiting (EAGAIN, EWOULDBLOCK).
    public var isWouldBlock: Bool { code.isWouldBlock }

    /// The same failure, said of `operation` (a descriptor's `read` becomes "read standard input").
    public func naming(_ operation: String) -> SystemError {
        SystemError(operation, errno: errno)
    }

    public var description: String { "\(operation): \(reason)" }
}

/// Makes `call`, a system call that reports failure as -1 (or any negative result) and `errno`,
/// and returns its result, or throws a ``SystemError`` naming `operation`. `EINTR` makes the call
/// again (through ``retryingInterrupted(_:)``) unless `retryOnInterrupt` is false; never pass true
/// for `close` (see ``FileDescriptor/close()``).
@discardableResult
public func systemCall<Result: BinaryInteger>(
    _ operation: @autoclosure () -> String, retryOnInterrupt: Bool = true, _ call: () -> Result
) throws(SystemError) -> Result {
    let result = retryOnInterrupt ? retryingInterrupted(call) : call()
    guard result >= 0 else { throw SystemError(operation()) }
    return result
}

/// ``systemCall(_:retryOnInterrupt:_:)`` for a call on a non-blocking descriptor: nil when it
/// could do nothing without waiting (EAGAIN, EWOULDBLOCK), which is no failure.
public func nonBlockingCall<Result: BinaryInteger>(
    _ operation: @autoclosure () -> String, retryOnInterrupt: Bool = true, _ call: () -> Result
) throws(SystemError) -> Result? {
    do throws(SystemError) {
        return try systemCall(operation(), retryOnInterrupt: retryOnInterrupt, call)
    } catch where error.isWouldBlock {
        return nil
    }
}
