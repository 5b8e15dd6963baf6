import Glibc

/// The terminal settings from before raw mode, for the crash handler (written once, before
/// the handlers are installed, and only read afterwards).
nonisolated(unsafe) private var settingsBeforeRawMode = termios()

/// Puts the terminal back even when the process dies of a fatal signal (a trap in the
/// Swift runtime): turn mouse reports off (``MouseReporting/disable``), leave the alternate
/// screen, show the cursor, restore the saved settings, then die of the same signal. Everything the handler calls is async-signal-safe.
enum CrashRestore {
    static func install(input: Int32 = 0) {
        guard tcgetattr(input, &settingsBeforeRawMode) == 0 else { return }
        for signal in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
            _ = Glibc.signal(signal) { received in
                let text: StaticString = "\u{1B}[?1016l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
                _ = Glibc.write(1, text.utf8Start, text.utf8CodeUnitCount)
                _ = tcsetattr(0, TCSAFLUSH, &settingsBeforeRawMode)
                _ = Glibc.signal(received, SIG_DFL)
                _ = raise(received)
            }
        }
    }
}
