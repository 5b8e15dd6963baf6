import LifeScheduling
import LifeSystem
import LifeTerminal
import Protocol

/// Drawing: when (``FramePacer`` decides), what (a ``WatchScreen`` of the mirror and the UI),
/// and writing it to a terminal that may be slower than the frames.
extension WatchApp {
    /// Something the screen shows changed: a frame, soon (see ``FramePacer``).
    func requestFrame() {
        pace(.changed(now: loop.now))
    }

    /// Tells ``FramePacer`` about `event` and carries out what it says.
    func pace(_ event: FramePacer.Event) {
        for command in pacer.handle(event) {
            switch command {
            case .setTimer(let timer, let delay):
                _ = loop.schedule(after: delay) { [weak self] in
                    guard let self else { return }
                    self.pace(.timerFired(timer, now: self.loop.now))
                }
            case .draw:
                drawFrame()
            case .expireFlash:
                ui.expireFlash(at: loop.now)
            }
        }
    }

    /// Draws a frame of the mirror and the UI now, sending what it implies: the cells a mouse
    /// stroke passed, and a request for another window of the grid when the view left the one held.
    private func drawFrame() {
        let now = loop.now
        let shown = subscription.content()
        let flash = ui.flash
        ui.observe(world: shown?.world, connected: reconnection.status.isConnected)
        flashMayHaveChanged(from: flash)
        // What a mouse stroke passed since the last frame goes as one action (or a few).
        for command in ui.takeStroke() { carryOut(command) }
        if let world = shown?.world {
            jumpMeter.observe(world.jump, seconds: Double(DurationText.milliseconds(of: now)) / 1000, wallClockMs: WallClock.milliseconds)
            jumpMeter.timer.observe(steps: world.statistics.steps, isRunning: world.isRunning, seconds: Double(DurationText.milliseconds(of: now)) / 1000)
        }
        let screen = WatchScreen(
            rows: size.rows, cols: size.cols, colorMode: colorMode, content: shown, version: subscription.mirror.lastVersion,
            path: options.path.description, connection: reconnection.status, ui: ui, now: now, jump: jumpMeter, glyphs: glyphs)
        let frame = screen.compose()
        lastFrame = frame
        var settled = false
        if let layout = frame.gridLayout {
            // The view inside the grid, the cursor placed (the first frame puts it in the middle).
            let navigation = ui.navigation
            ui.navigation.settle(in: layout)
            settled = ui.navigation != navigation
        }
        // Another frame shows what settling moved.
        defer { if settled { requestFrame() } }
        // A window of the grid that does not serve what shows: ask for another.
        if connection != nil, let request = subscription.follow(visible: frame.visibleGrid, scale: frame.gridScale) { send(request) }
        let bytes = renderer.render(frame.buffer)
        guard !bytes.isEmpty else { return }
        switch output.write(bytes) {
        case .done:
            break
        case .pending:
            watchOutput()
        case .failed(let error):
            finish(status: ExitCode.failure.rawValue, message: "\(error)")
        }
    }

    /// The terminal did not take the whole frame: the rest goes as it is ready, and no frame is drawn until then.
    func watchOutput() {
        guard !pacer.isWriting else { return }
        do {
            try loop.watch(output.fd, for: .writable) { [unowned self] _ in self.outputReady() }
            pace(.outputBlocked)
        } catch {
            finish(status: ExitCode.failure.rawValue, message: "cannot watch the terminal: \(error)")
        }
    }

    /// The terminal takes more bytes: the rest of the frame goes.
    private func outputReady() {
        switch output.flush() {
        case .pending:
            return
        case .done:
            loop.unwatch(output.fd)
            pace(.outputDrained(now: loop.now))
        case .failed(let error):
            finish(status: ExitCode.failure.rawValue, message: "\(error)")
        }
    }
}
