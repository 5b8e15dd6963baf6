import Glibc

/// Makes a system call, and makes it again for as long as it fails with `EINTR` (a signal
/// arrived before the call did anything); returns the first other result, with `errno` as that
/// call left it. The project's one place for retrying interrupted calls.
///
/// Only for calls that report failure as a negative result and are safe to repeat after `EINTR`
/// (`read`, `write`, `pread`, `pwrite`, `send`, `recv`, `sendmsg`, `waitpid`, `epoll_wait`...).
/// Never for `close`: on Linux the descriptor is released even when `close` reports `EINTR`,
/// so a retry could close a descriptor that another thread has just been given.
public func retryingInterrupted<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result >= 0 || Errno.current != .interrupted { return result }
    }
}
