import Glibc
import LifeIO
import LifeJSON
import LifeScheduling
import LifeTerminal
import Protocol

/// The full-screen watcher's wiring: the event loop, the connection and the terminal. What to
/// do is decided by LifeTerminal's values, which it feeds with events and whose commands it
/// carries out:
///
/// - ``WatchUI``: keys and replies in, actions and the rest out. One source of truth: keys
///   send actions, and the screen changes when the daemon's diff comes back.
/// - ``WatchSubscription``: the mirror of the watched value, kept from every diff as it
///   arrives, and the window of the grid asked for (``ViewportFollower`` decides when a pan or
///   a resize needs another).
/// - ``RequestsInFlight``: what each reply is for.
/// - ``Reconnection``: getting the connection back when the daemon goes away.
/// - ``FramePacer``: when to draw (at most every 16 ms, never while the last frame's bytes are
///   still going out, so a fast daemon or a slow terminal makes frames coarser, never late).
final class WatchApp {
    /// How long a lone ESC waits for the rest of an escape sequence.
    static let escapeTimeout = Duration.milliseconds(40)

    private let options: WatchOptions
    private let loop: EventLoop
    private let terminal: Terminal
    private let output: TerminalOutput
    private let colorMode: ColorMode
    private let glyphs: DotGlyphs
    private var connection: Connection?
    private var subscription: WatchSubscription
    private var ui = WatchUI()
    private var requests = RequestsInFlight()
    private var reconnection = Reconnection(status: .connected)
    private var pacer = FramePacer()
    private var renderer: ScreenRenderer
    private var keys = KeyDecoder()
    private var size: (rows: Int, cols: Int)
    /// The last frame drawn: where keys and the mouse find the grid.
    private var lastFrame: WatchFrame?
    private var escapeToken = 0
    private var quietReads = 0
    private var exitStatus: Int32 = 0
    private var exitMessage: String?
    private var isFinishing = false
    /// The rate of the jump in flight, from the progress the mirror has seen.
    private var jumpMeter = JumpProgressMeter()
    /// Whether the terminal reports the mouse (the world's view asks for it; a text view does not).
    private var reportsMouse = false

    /// Runs the watcher on `connection` until the user quits, a signal ends it, or the daemon
    /// does not come back; returns the exit status. The terminal is restored on every way out.
    static func run(options: WatchOptions, connection: Connection) -> Int32 {
        // The world is watched through a window the size of the screen until the first frame says what shows.
        let size = Terminal().size
        let window = options.path.isRoot
            ? ViewportFollower.window(
                screenRows: size.rows, cols: size.cols, halfBlocks: ColorMode(environment: Environment.variables).hasColor)
            : nil
        let app: WatchApp
        do {
            let subscription = try FirstSnapshot.subscribe(connection, to: options.path, window: window)
            app = try WatchApp(options: options, connection: connection, subscription: subscription)
        } catch let failure as FirstSnapshot.Failure {
            printError("lifewatch", failure.message)
            return failure.status
        } catch {
            printError("lifewatch", "\(error)")
            return ExitCode.failure.rawValue
        }
        return app.run()
    }

    private init(options: WatchOptions, connection: Connection, subscription: WatchSubscription) throws(SystemError) {
        self.options = options
        self.connection = connection
        self.subscription = subscription
        loop = try EventLoop()
        terminal = Terminal()
        output = TerminalOutput()
        colorMode = ColorMode(environment: Environment.variables)
        glyphs = DotGlyphs(environment: Environment.variables)
        renderer = ScreenRenderer(colorMode: colorMode)
        size = terminal.size
    }

    private func run() -> Int32 {
        _ = signal(SIGPIPE, SIG_IGN)
        CrashRestore.install()
        do {
            try loop.handle(signals: [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT]) { [unowned self] signal in
                self.received(signal)
            }
            try terminal.enterFullScreen()
            reportsMouse = subscription.watchesWorld
            setMouseReporting(on: reportsMouse)
            try loop.watch(terminal.input, for: .readable) { [unowned self] events in self.inputReady(events) }
            if let connection { try watch(connection) }
            handleBufferedMessages()
        } catch {
            finish(status: ExitCode.failure.rawValue, message: "cannot set up the terminal: \(error)")
            return cleanUp()
        }
        requestFrame()
        loop.run()
        return cleanUp()
    }

    private func cleanUp() -> Int32 {
        output.drain()
        setMouseReporting(on: false)
        terminal.restore()
        output.close()
        if let exitMessage { printError("lifewatch", exitMessage) }
        return exitStatus
    }

    private func finish(status: Int32, message: String? = nil) {
        // The first way out wins.
        guard !isFinishing else { return }
        isFinishing = true
        exitStatus = status
        exitMessage = message
        loop.stop()
    }

    // MARK: The terminal

    private func received(_ signal: Int32) {
        switch signal {
        case SIGWINCH:
            size = terminal.size
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
    private func suspend() {
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
    /// and 1006) or off. A terminal without them ignores both, and keys work as before.
    /// Every way out turns them off: quit, signals, a suspend (on again when continued), the
    /// daemon's leaving, a crash (``CrashRestore``).
    private func setMouseReporting(on: Bool) {
        guard reportsMouse else { return }
        terminal.writeAll(on ? MouseReporting.enable : MouseReporting.disable)
    }

    private func inputReady(_ events: EventLoop.Events) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(terminal.input, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return }
            finish(status: ExitCode.failure.rawValue, message: "reading the terminal failed: \(SystemError("read"))")
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

    private func handle(_ key: Key) {
        changeUI { ui, context in ui.handle(key, context: context) }
    }

    /// Changes the UI with `change`, given the context now, and carries out the commands it
    /// returns; a flash it shows gets its expiry, and a frame shows the change.
    private func changeUI(_ change: (inout WatchUI, WatchUI.Context) -> [WatchCommand]) {
        let context = context()
        let flash = ui.flash
        let commands = change(&ui, context)
        flashMayHaveChanged(from: flash)
        for command in commands { carryOut(command) }
        requestFrame()
    }

    private func flashMayHaveChanged(from before: Flash?) {
        if let flash = ui.flash, flash != before { pace(.flashShown(flash, now: loop.now)) }
    }

    private func carryOut(_ command: WatchCommand) {
        switch command {
        case .quit: finish(status: ExitCode.success.rawValue)
        case .suspend: suspend()
        case .redraw: renderer.invalidate()
        case .dispatch, .findLiveCells, .pasteConfiguration:
            // A request, whose reply is owed from now on (unless there is no connection to send it on).
            if connection != nil, let purpose = RequestsInFlight.Purpose(command) { send(requests.request(for: purpose)) }
        }
    }

    /// What a key press or a reply needs to know (see ``WatchUI/context(content:watchesWorld:lastFrame:isConnected:now:)``).
    private func context() -> WatchUI.Context {
        let content = subscription.content()
        if let world = content?.world { ui.fitSelection(toCount: world.configurationTitles.count) }
        return ui.context(
            content: content, watchesWorld: subscription.watchesWorld, lastFrame: lastFrame, isConnected: reconnection.status.isConnected,
            now: loop.now)
    }

    // MARK: The daemon

    private func watch(_ connection: Connection) throws(SystemError) {
        try loop.watch(connection.fd, for: .readable) { [unowned self] _ in self.connectionReady() }
    }

    private func connectionReady() {
        guard let connection else { return }
        do {
            try connection.fill()
        } catch {
            connectionLost()
            return
        }
        handleBufferedMessages()
    }

    /// Handles every whole message already read from the socket (a read may bring several,
    /// and the initial snapshot's read may have brought diffs after it).
    private func handleBufferedMessages() {
        guard let connection else { return }
        do {
            while let payload = try connection.nextBufferedFrame() {
                let json: JSON
                do {
                    json = try JSON(parsing: payload)
                } catch {
                    throw Connection.Failure.protocolViolation("\(error)")
                }
                // A message this client does not know (a newer daemon's) is skipped.
                guard let message = try? ServerMessage(json: json) else { continue }
                handle(message)
                // A bye (or a failed send) drops the connection.
                guard self.connection === connection else { return }
            }
        } catch {
            connectionLost()
        }
    }

    private func handle(_ message: ServerMessage) {
        if let update = subscription.receive(message) {
            switch update {
            case .snapshot:
                reconnect(.snapshotCame)
            case .changed:
                requestFrame()
            case .unchanged:
                break
            case .resubscribe:
                if connection != nil { send(subscription.subscribeRequest()) }
            }
            return
        }
        switch message {
        case .error(nil, let code, let text, _) where Connection.ending(message) != nil:
            // The daemon refused a frame lifewatch sent, and closes: sending it again would be refused again.
            finish(status: ExitCode.failure.rawValue, message: "the daemon closed the connection: \(code): \(text)")
        case .error(let id, let code, let text, _) where id == WatchSubscription.id:
            // Without its subscription the view cannot follow the state any more.
            finish(status: ExitCode.failure.rawValue, message: "the daemon refused the subscription: \(code): \(text)")
        case .ack(let id, _):
            _ = requests.take(id)
        case .error(let id, _, _, _), .status(let id, _), .configuration(let id, _, _, _):
            let purpose = requests.take(id)
            changeUI { ui, context in ui.handle(reply: message, to: purpose, context: context) }
        case .bye:
            connectionLost()
        default:
            break
        }
    }

    private func send(_ request: ClientRequest) {
        guard let connection else { return }
        do {
            try connection.send(request)
        } catch {
            connectionLost()
        }
    }

    /// The daemon went away: keep the last state (dimmed) and try to reconnect.
    private func connectionLost() {
        if let connection {
            loop.unwatch(connection.fd)
            self.connection = nil
        }
        subscription.connectionLost()
        // Their replies will never come; a stroke in progress sends nothing more.
        requests.connectionLost()
        ui.connectionLost()
        reconnect(.lost(now: loop.now))
    }

    /// Tells ``Reconnection`` about `event` and carries out what it says.
    private func reconnect(_ event: Reconnection.Event) {
        for command in reconnection.handle(event) {
            switch command {
            case .wake(let delay):
                _ = loop.schedule(after: delay) { [weak self] in self?.reconnect(.wake) }
            case .connect:
                connectAgain()
            case .giveUp(let message):
                finish(status: ExitCode.unreachable.rawValue, message: message)
            case .refuse(let message):
                finish(status: ExitCode.failure.rawValue, message: message)
            }
        }
        // The status shows in the header.
        requestFrame()
    }

    private func connectAgain() {
        do {
            // A watcher does not resurrect a daemon that was stopped on purpose: no auto-start here.
            let fresh = try DaemonLauncher.connect(path: options.socketPath, autoStart: false)
            try fresh.send(subscription.subscribeRequest(newConnection: true))
            try watch(fresh)
            connection = fresh
        } catch {
            var untrusted = false
            if case .untrustedServer = error as? Connection.Failure { untrusted = true }
            reconnect(.connectFailed(reason: "\(error)", untrusted: untrusted, now: loop.now))
        }
    }

    // MARK: Frames

    private func requestFrame() {
        pace(.changed(now: loop.now))
    }

    /// Tells ``FramePacer`` about `event` and carries out what it says.
    private func pace(_ event: FramePacer.Event) {
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
        if connection != nil, let request = subscription.follow(visible: frame.visibleGrid) { send(request) }
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
    private func watchOutput() {
        guard !pacer.isWriting else { return }
        do {
            try loop.watch(output.fd, for: .writable) { [unowned self] _ in self.outputReady() }
            pace(.outputBlocked)
        } catch {
            finish(status: ExitCode.failure.rawValue, message: "cannot watch the terminal: \(error)")
        }
    }

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
