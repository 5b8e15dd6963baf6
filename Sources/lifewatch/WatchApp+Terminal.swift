import Glibc
import LifeSystem
import LifeTerminal

/// The watcher's terminal: signals (a resize, a suspend, the ways out), the mouse's reports,
/// and reading keys.
extension WatchApp {
    /// A signal: a resize redraws at the new size, Ctrl-Z suspends, the others end the watcher.
    func received(_ signal: Int32) {
        switch signal {
        case SIGWINCH:
            size = terminal.size
            pixelMouse.resized(cellPixels: cellPixels())
            if let cell = pixelMouse.cellPixels { keys.cellPixels = cell }
            redraw()
        case SIGTSTP:
            suspend()
        case SIGCONT:
            redraw()
        default:
            finish(status: 128 + signal)
        }
    }

    /// Draws the whole screen again (what the terminal shows is not known any more).
    private func redraw() {
        renderer.invalidate()
        requestFrame()
    }

    /// Gives the terminal back, stops until continued (`fg`), then takes it again.
    func suspend() {
        output.drain()
        setMouseReporting(on: false)
        terminal.restore()
        _ = kill(getpid(), SIGSTOP)
        do {
            try terminal.enterFullScreen()
            setMouseReporting(on: reportsMouse)
        } catch {
            finish(status: ExitCode.failure.rawValue, message: "cannot take the terminal back: \(error)")
            return
        }
        size = terminal.size
        redraw()
    }

    /// Turns the terminal's mouse reports on (buttons and drags, SGR coordinates: modes 1002
    /// and 1006, and pixels, 1016, where ``PixelMouse`` found them) or off. A terminal without
    /// them ignores them, and keys work as before. Every way out turns them off, pixel reports
    /// too: quit, signals, a suspend (on again when continued), the daemon's leaving, a crash
    /// (``CrashRestore``).
    func setMouseReporting(on: Bool) {
        guard reportsMouse else { return }
        if !on { keys.stopPixelReports() }
        terminal.writeAll(on ? MouseReporting.enable + pixelMouse.resumption : MouseReporting.disable)
    }

    /// A cell's size in pixels, from the window's as the terminal gives them (nil: it does not).
    func cellPixels() -> CellPixels? {
        terminal.pixelSize.flatMap { CellPixels(windowPixels: $0, rows: size.rows, cols: size.cols) }
    }

    /// One of the terminal's answers: to ``PixelMouse``, writing what it asks next after
    /// whatever frame is on its way (the decoder has taken the answer in already).
    private func answered(_ report: TerminalReport) {
        guard reportsMouse, let next = pixelMouse.handle(report) else { return }
        switch output.write(Array(next.utf8)) {
        case .done: break
        case .pending: watchOutput()
        case .failed(let error): finish(status: ExitCode.failure.rawValue, message: "\(error)")
        }
    }

    /// The terminal has input: its keys, decoded (a lone ESC waits a moment for the rest of a sequence).
    func inputReady(_ events: EventLoop.Events) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let input = FileDescriptor(rawValue: terminal.input)
        let result = buffer.withUnsafeMutableBytes { raw in Result { () throws(SystemError) in try input.readIfReady(into: raw, retryOnInterrupt: false) } }
        let count: Int
        switch result {
        case .success(let read?): count = read
        case .success(nil): return
        case .failure(let error) where error.code == .interrupted: return
        case .failure(let error):
            finish(status: ExitCode.failure.rawValue, message: "reading the terminal failed: \(error)")
            return
        }
        if count == 0 {
            // Readable with nothing to read, again and again: the terminal hung up.
            quietReads += 1
            if events.contains(.hangup) || quietReads > 100 { finish(status: 128 + SIGHUP) }
            return
        }
        quietReads = 0
        for key in keys.decode(buffer[0..<count]) { handle(key) }
        if keys.hasPending {
            escapeToken += 1
            let token = escapeToken
            _ = loop.schedule(after: Self.escapeTimeout) { [weak self] in
                guard let self, self.escapeToken == token else { return }
                for key in self.keys.flush() { self.handle(key) }
            }
        }
    }

    /// A key (or a mouse report): what ``WatchUI`` makes of it; an answer from the terminal
    /// goes to ``answered(_:)``.
    private func handle(_ key: Key) {
        if case .report(let report) = key {
            answered(report)
            return
        }
        changeUI { ui, context in ui.handle(key, context: context) }
    }

    /// Changes the UI with `change`, given the context now, and carries out the commands it
    /// returns; a flash it shows gets its expiry, and a frame shows the change.
}
