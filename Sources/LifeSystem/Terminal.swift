import Glibc

/// The controlling terminal: raw mode, the alternate screen, and putting everything back.
///
/// ``enterFullScreen()`` saves the terminal's settings; ``restore()`` puts them back and is
/// safe to call more than once, from every way out (quit, signal, error, the daemon leaving).
public final class Terminal {
    private var saved: termios?
    private var isFullScreen = false
    public let input: Int32
    public let output: Int32

    public init(input: Int32 = 0, output: Int32 = 1) {
        self.input = input
        self.output = output
    }

    /// Whether both ends are terminals.
    public var isInteractive: Bool { isatty(input) == 1 && isatty(output) == 1 }

    /// The window's size in rows and columns (24x80 when it cannot be read).
    public var size: (rows: Int, cols: Int) {
        var window = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else { return (24, 80) }
        return (Int(window.ws_row), Int(window.ws_col))
    }

    /// The window's size in pixels, when the terminal says (TIOCGWINSZ's `ws_xpixel` and
    /// `ws_ypixel`; nil where they are 0, as in tmux).
    public var pixelSize: (width: Int, height: Int)? {
        var window = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_xpixel > 0, window.ws_ypixel > 0 else { return nil }
        return (Int(window.ws_xpixel), Int(window.ws_ypixel))
    }

    /// Raw input (no echo, no line buffering, no signals from keys), the alternate screen, a hidden cursor.
    public func enterFullScreen() throws(SystemError) {
        var settings = termios()
        guard tcgetattr(input, &settings) == 0 else { throw SystemError("tcgetattr") }
        saved = settings
        var raw = settings
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else { throw SystemError("tcsetattr") }
        isFullScreen = true
        // Alternate screen, hidden cursor, clear.
        writeAll("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J\u{1B}[H")
    }

    /// Leaves the alternate screen, shows the cursor and restores the saved settings.
    public func restore() {
        guard isFullScreen else { return }
        isFullScreen = false
        writeAll("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        if var settings = saved { _ = tcsetattr(input, TCSAFLUSH, &settings) }
    }

    /// Writes all of `text`, waiting as needed (used for setup and teardown only).
    public func writeAll(_ text: String) {
        var bytes = Array(text.utf8)[...]
        let output = FileDescriptor(rawValue: output)
        while !bytes.isEmpty {
            let result = bytes.withUnsafeBytes { raw in Result { () throws(SystemError) in try output.writeIfReady(raw) } }
            guard case .success(let ready) = result else { return }
            guard let written = ready else {
                var pfd = pollfd(fd: output.rawValue, events: Int16(POLLOUT), revents: 0)
                _ = poll(&pfd, 1, 100)
                continue
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
