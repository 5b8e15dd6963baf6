import Glibc

/// The exit statuses every life command uses.
public enum ExitCode: Int32 {
    /// Success.
    case success = 0
    /// The daemon refused (an error reply), or the command failed.
    case failure = 1
    /// The command was called wrongly.
    case usage = 2
    /// No daemon could be reached.
    case unreachable = 3
    /// Ctrl-C (SIGINT) ended the command, as a shell reports a process it killed (128 + 2).
    case interrupted = 130
}

/// Writes `message` to stderr as `program: message`.
public func printError(_ program: String, _ message: String) {
    writeToStandardError("\(program): \(message)\n")
}

/// Writes `text` to stderr as it is, unbuffered (a progress bar, or a line beside output that
/// stdout carries).
public func writeToStandardError(_ text: String) {
    _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
}

/// Exits with `code`, flushing stdout first.
public func exit(_ code: ExitCode) -> Never {
    fflush(nil)
    Glibc.exit(code.rawValue)
}
