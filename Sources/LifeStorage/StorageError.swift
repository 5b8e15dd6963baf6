import Glibc
import LifeSystem

/// A storage operation that failed: what it was doing, the `errno` it met, and why in words.
///
/// `description` reads "cannot write the journal: No space left on device". Misuse by the caller
/// (a version that does not increase, an append before the first snapshot) carries `EINVAL`
/// and a `reason` that says what was wrong.
public struct StorageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was being done, as a verb phrase: "write the journal", "open the snapshot".
    public var operation: String
    /// The error number (`ENOSPC`, `EMFILE`, `EIO`, `ELOOP`, `EINVAL`, …).
    public var errno: Int32
    /// Why, in words, when the error number's own words (``Errno``'s description) do not say it well.
    public var reason: String?

    public init(_ operation: String, errno: Int32 = Errno.current.rawValue, reason: String? = nil) {
        self.operation = operation
        self.errno = errno
        self.reason = reason
    }

    /// The storage's failure to `operation` for a failed system call.
    init(_ operation: String, _ error: SystemError, reason: String? = nil) {
        self.init(operation, errno: error.errno, reason: reason)
    }

    /// A misuse of the API (`EINVAL`), with what was wrong.
    static func invalid(_ operation: String, _ reason: String) -> StorageError {
        StorageError(operation, errno: EINVAL, reason: reason)
    }

    public var description: String {
        "cannot \(operation): \(reason ?? Errno(errno).description)"
    }
}
