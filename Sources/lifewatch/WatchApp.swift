import Glibc
import LifeIO
import LifeJSON
import LifeScheduling
import LifeTerminal
import Protocol

/// The full-screen watcher: it owns the event loop, the connection, the mirror and the UI
/// state, and turns keys into requests and diffs into frames.
///
/// One source of truth: keys send actions, and the screen changes when the daemon's diff
/// comes back. Every diff is applied to the mirror as it arrives; frames are drawn at most
/// every ``frameInterval``, and never while the previous frame's bytes are still going out,
/// so a fast daemon or a slow terminal makes frames coarser, never late.
///
/// The whole world (no `--path`) is watched through a viewport subscription: the daemon
/// sends only a window of the grid around what the screen shows, and a pan or a resize that
/// leaves it asks for another (``ViewportFollower`` decides; this class only sends).
final class WatchApp {
    /// The shortest time between frames (about 60 per second).
    static let frameInterval = Duration.milliseconds(16)
    /// How long a lone ESC waits for the rest of an escape sequence.
    static let escapeTimeout = Duration.milliseconds(40)
    /// The subscription's id; requests use integers, so they never collide with it.
    static let subscriptionID: JSON = "lifewatch"

    private let options: WatchOptions
    private let loop: EventLoop
    private let terminal: Terminal
    private let output: TerminalOutput
    private let colorMode: ColorMode
    private let glyphs: DotGlyphs
    private var connection: Connection?
    private var mirror = SubscriptionMirror()
    private var ui = WatchUI()
    private var follower = ViewportFollower()
    private var renderer: ScreenRenderer
    private var keys = KeyDecoder()
    private var status = ConnectionStatus.connecting
    private var backoff = Backoff()
    private var lostAt: Duration?
    private var isReconnectScheduled = false
    private var size: (rows: Int, cols: Int)
    private var lastFrame: WatchFrame?
    private var content: WatchedContent?
    private var contentGeneration = -1
    private var needsFrame = false
    private var frameTimerArmed = false
    private var isWatchingOutput = false
    private var lastFrameAt = Duration.zero
    private var escapeToken = 0
    private var quietReads = 0
    private var nextRequestID = 1
    private var exitStatus: Int32 = 0
    private var exitMessage: String?
    private var isFinishing = false
    /// The rate of the jump in flight, from the progress the mirror has seen.
    private var jumpMeter = JumpProgressMeter()
    /// Requests sent on the current connection whose reply is still to come, by id, with what
    /// the reply is for (every request gets one reply; the connection's loss forgets them).
    private var pending: [Int: PendingRequest] = [:]
    /// Whether the terminal reports the mouse (the world's view asks for it; a text view does not).
    private var reportsMouse = false

    /// What a request's reply is for.
    private enum PendingRequest {
        /// An action a key or the mouse sent: a refusal is flashed in lifewatch's words.
        case dispatch(AppAction)
        /// `status`, for where the live cells are.
        case liveCells(LiveCellsIntent)
        /// `configurations.read`, for a paste at a cell.
        case paste(title: String, at: Pattern.Coordinate)
    }

    /// Runs the watcher on `connection` until the user quits, a signal ends it, or the daemon
    /// does not come back; returns the exit status. The terminal is restored on every way out.
    static func run(options: WatchOptions, connection: Connection) -> Int32 {
        // Subscribe before taking over the screen, so a bad path is a plain error message.
        // The world is watched through a window the size of the screen until the first frame
        // says what shows.
        let size = Terminal().size
        let window = options.path.isRoot
            ? ViewportFollower.window(
                screenRows: size.rows, cols: size.cols, halfBlocks: ColorMode(environment: Environment.variables).hasColor)
            : nil
        let snapshot: (version: Int, value: JSON)
        do {
            snapshot = try subscribe(connection, to: options.path, viewport: window)
        } catch let failure as Failure {
            printError("lifewatch", failure.message)
            return failure.status
        } catch {
            printError("lifewatch", "\(error)")
            return ExitCode.failure.rawValue
        }
        let app: WatchApp
        do {
            app = try WatchApp(options: options, connection: connection)
        } catch {
            printError("lifewatch", "\(error)")
            return ExitCode.failure.rawValue
        }
        app.mirror.replace(with: snapshot.value, version: snapshot.version)
        app.follower = ViewportFollower(requested: window)
        app.status = .connected
        return app.run()
    }

    /// Why lifewatch could not start watching.
    struct Failure: Error {
        var message: String
        var status: Int32
    }

    /// Subscribes to `path` (the grid windowed by `viewport` when there is one) and waits for the snapshot.
    private static func subscribe(
        _ connection: Connection, to path: JSONPointer, viewport: Viewport?
    ) throws -> (version: Int, value: JSON) {
        do {
            try connection.send(ClientRequest(id: subscriptionID, kind: .subscribe(path: path, viewport: viewport)))
            while true {
                let message = try connection.receive()
                // An error that ends the connection (a request over the daemon's --max-frame): its reason, not just the close.
                if let ending = Connection.ending(message) {
                    throw Failure(message: "\(ending)", status: ExitCode.failure.rawValue)
                }
                switch message {
                case .snapshot(let id, let version, _, let value, _) where id == subscriptionID:
                    return (version, value)
                case .error(let id, let code, let message, _) where id == subscriptionID:
                    throw Failure(message: "\(code): \(message)", status: ExitCode.failure.rawValue)
                case .bye(let reason):
                    throw Failure(message: "the daemon said goodbye (\(reason))", status: ExitCode.unreachable.rawValue)
                default:
                    continue
                }
            }
        } catch let error as Connection.Failure {
            throw Failure(message: "\(error)", status: ExitCode.unreachable.rawValue)
        }
    }

    private init(options: WatchOptions, connection: Connection) throws(SystemError) {
        self.options = options
        self.connection = connection
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
            reportsMouse = options.path.isRoot
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

    // MARK: Signals

    private func received(_ signal: Int32) {
        switch signal {
        case SIGWINCH:
            size = terminal.size
            renderer.invalidate()
            requestFrame()
        case SIGTSTP:
            suspend()
        case SIGCONT:
            renderer.invalidate()
            requestFrame()
        default:
            finish(status: 128 + signal)
        }
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
        renderer.invalidate()
        requestFrame()
    }

    /// Turns the terminal's mouse reports on (buttons and drags, SGR coordinates: modes 1002
    /// and 1006) or off. A terminal without them ignores both, and keys work as before.
    /// Every way out turns them off: quit, signals, a suspend (on again when continued), the
    /// daemon's leaving, a crash (``CrashRestore``).
    private func setMouseReporting(on: Bool) {
        guard reportsMouse else { return }
        terminal.writeAll(on ? MouseReporting.enable : MouseReporting.disable)
    }

    // MARK: Keys

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
        let before = ui
        for command in ui.handle(key, context: context()) {
            switch command {
            case .quit: finish(status: ExitCode.success.rawValue)
            case .suspend: suspend()
            case .redraw: renderer.invalidate()
            case .dispatch(let action): dispatch(action)
            case .findLiveCells(let intent): send(.status, for: .liveCells(intent))
            case .pasteConfiguration(let index, let title, let cell):
                send(.readConfiguration(.index(index)), for: .paste(title: title, at: cell))
            }
        }
        if ui.flash != before.flash { scheduleFlashExpiry() }
        requestFrame()
    }

    /// What a key press or a reply needs to know: the mirrored world, the connection, and the
    /// grid's layout as the last frame drew it, at the zoom asked for since (several keys may
    /// come in one read, before the next frame).
    private func context() -> WatchUI.Context {
        var isSubtree = !options.path.isRoot
        if case .subtree = refreshedContent() { isSubtree = true }
        var layout = lastFrame?.gridLayout
        if let drawn = layout {
            let zoom =
                ui.navigation.zoom
                ?? GridLayout.automaticZoom(gridRows: drawn.gridRows, gridCols: drawn.gridCols, areaRows: drawn.areaRows, areaCols: drawn.areaCols)
            layout = drawn.with(zoom: zoom)
        }
        return WatchUI.Context(
            world: currentWorldView, isSubtree: isSubtree, isConnected: status.isConnected, gridLayout: layout,
            gridRect: lastFrame?.gridRect, textLines: lastFrame?.textLines ?? 0, textPage: lastFrame?.textPage ?? 0, now: loop.now)
    }

    private var currentWorldView: WorldView? {
        if case .world(let world) = refreshedContent() { return world }
        return nil
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
        switch message {
        case .snapshot(let id, let version, _, let value, let resync) where id == Self.subscriptionID:
            follower.snapshotCame(resync: resync)
            mirror.replace(with: value, version: version)
            if status != .connected {
                status = .connected
                backoff.reset()
                lostAt = nil
            }
            requestFrame()
        case .diff(let id, let base, let version, let patch) where id == Self.subscriptionID:
            switch mirror.apply(base: base, version: version, patch: patch) {
            case .applied: requestFrame()
            case .ignored: break
            case .resubscribe: resubscribe()
            }
        case .error(nil, let code, let text, _) where Connection.ending(message) != nil:
            // The daemon refused a frame lifewatch sent, and closes: sending it again would be refused again.
            finish(status: ExitCode.failure.rawValue, message: "the daemon closed the connection: \(code): \(text)")
        case .error(let id, let code, let text, _) where id == Self.subscriptionID:
            // Without its subscription the view cannot follow the state any more.
            finish(status: ExitCode.failure.rawValue, message: "the daemon refused the subscription: \(code): \(text)")
        case .error(let id, let code, let text, let details):
            let request = take(id)
            var words = text.isEmpty ? "the daemon refused" : text
            if case .dispatch(let action)? = request {
                words = RefusalWords.text(action: action, code: code, message: text, details: details, world: currentWorldView)
            }
            let now = context()
            ui.showError(words, now: loop.now, facts: StateFacts(world: now.world, connected: now.isConnected))
            scheduleFlashExpiry()
            requestFrame()
        case .ack(let id, _):
            _ = take(id)
        case .status(let id, let info):
            guard case .liveCells(let intent)? = take(id) else { break }
            let before = ui
            ui.liveCellsFound(LiveCells(status: info), for: intent, context: context())
            if ui.flash != before.flash { scheduleFlashExpiry() }
            requestFrame()
        case .configuration(let id, _, _, let configuration):
            guard case .paste(let title, let cell)? = take(id) else { break }
            switch WatchUI.pasteAction(configuration: configuration, expectedTitle: title, at: cell) {
            case .success(let action):
                dispatch(action)
            case .failure(let error):
                ui.showError(error.message, now: loop.now)
                scheduleFlashExpiry()
                requestFrame()
            }
        case .bye:
            connectionLost()
        default:
            break
        }
    }

    private func resubscribe() {
        guard let connection else { return }
        do {
            try connection.send(subscription())
        } catch {
            connectionLost()
        }
    }

    /// The subscribe request for the watched path: with the window last asked for, for the world.
    private func subscription() -> ClientRequest {
        let window = options.path.isRoot ? follower.requested : nil
        if let window { follower.sent(window) }
        return ClientRequest(id: Self.subscriptionID, kind: .subscribe(path: options.path, viewport: window))
    }

    /// After a frame: asks for another window of the grid when the one held does not serve what shows.
    private func followView(_ frame: WatchFrame) {
        guard options.path.isRoot, let connection, !mirror.isStale, let visible = frame.visibleGrid,
            case .world(let world)? = content, let grid = world.grid,
            let window = follower.update(visible: visible, held: grid.window, gridRows: grid.rows, gridCols: grid.cols)
        else { return }
        do {
            try connection.send(ClientRequest(id: Self.subscriptionID, kind: .viewport(window)))
        } catch {
            connectionLost()
        }
    }

    private func dispatch(_ action: AppAction) {
        send(.dispatch(action: action.json), for: .dispatch(action))
    }

    /// Sends a request with a fresh id, remembering what its reply is for.
    private func send(_ kind: ClientRequest.Kind, for purpose: PendingRequest) {
        guard let connection else { return }
        let id = nextRequestID
        nextRequestID += 1
        pending[id] = purpose
        do {
            try connection.send(ClientRequest(id: .int(id), kind: kind))
        } catch {
            connectionLost()
        }
    }

    /// What the reply with `id` is for (forgotten from then on).
    private func take(_ id: JSON?) -> PendingRequest? {
        guard let number = id?.intValue else { return nil }
        return pending.removeValue(forKey: number)
    }

    /// The daemon went away: keep the last state (dimmed) and try to reconnect. The time
    /// of the first loss counts for giving up, even when a reconnection is lost again
    /// before its snapshot came.
    private func connectionLost() {
        if let connection {
            loop.unwatch(connection.fd)
            self.connection = nil
        }
        follower.connectionLost()
        mirror.markStale()
        // Their replies will never come; a stroke in progress sends nothing more.
        pending.removeAll()
        ui.stroke = nil
        ui.strokesToSend.removeAll()
        if lostAt == nil {
            lostAt = loop.now
            status = .reconnecting(attempt: 0)
            backoff.reset()
        }
        scheduleReconnect()
        requestFrame()
    }

    private func scheduleReconnect() {
        guard !isReconnectScheduled else { return }
        isReconnectScheduled = true
        _ = loop.schedule(after: backoff.next()) { [weak self] in
            self?.isReconnectScheduled = false
            self?.reconnect()
        }
    }

    private func reconnect() {
        guard connection == nil, let lostAt else { return }
        do {
            // A watcher does not resurrect a daemon that was stopped on purpose: no auto-start here.
            let fresh = try DaemonLauncher.connect(path: options.socketPath, autoStart: false)
            // Nothing is in flight on a new connection (an attempt that failed to send counts for nothing).
            follower.connectionLost()
            try fresh.send(subscription())
            try watch(fresh)
            connection = fresh
            // Still `reconnecting` until the snapshot comes.
        } catch {
            // An impostor in the daemon's place is not worth waiting out.
            if case .untrustedServer = error as? Connection.Failure {
                finish(status: ExitCode.failure.rawValue, message: "\(error)")
                return
            }
            if loop.now - lostAt >= WatchOptions.giveUpAfter {
                finish(
                    status: ExitCode.unreachable.rawValue,
                    message: "lifed went away and did not come back within \(WatchOptions.giveUpAfter.components.seconds)s (\(error))")
                return
            }
            if case .reconnecting(let attempt) = status { status = .reconnecting(attempt: attempt + 1) }
            scheduleReconnect()
            requestFrame()
        }
    }

    // MARK: Frames

    private func refreshedContent() -> WatchedContent? {
        if mirror.generation != contentGeneration {
            contentGeneration = mirror.generation
            content = mirror.value.map { WatchedContent(path: options.path.description, value: $0) }
            if case .world(let world) = content { ui.fitSelection(toCount: world.configurationTitles.count) }
        }
        return content
    }

    private func scheduleFlashExpiry() {
        guard let flash = ui.flash else { return }
        _ = loop.schedule(after: flash.until - loop.now + .milliseconds(1)) { [weak self] in
            guard let self else { return }
            if let current = self.ui.flash, !current.isVisible(at: self.loop.now) { self.ui.flash = nil }
            self.requestFrame()
        }
    }

    /// Asks for a frame: soon, but not sooner than a frame interval after the last one,
    /// and not before the last one's bytes are out.
    private func requestFrame() {
        needsFrame = true
        guard !frameTimerArmed, !output.hasPending else { return }
        frameTimerArmed = true
        let wait = max(.zero, lastFrameAt + Self.frameInterval - loop.now)
        _ = loop.schedule(after: wait) { [weak self] in
            guard let self else { return }
            self.frameTimerArmed = false
            self.drawFrame()
        }
    }

    private func drawFrame() {
        guard needsFrame, !output.hasPending else { return }
        needsFrame = false
        lastFrameAt = loop.now
        let shown = refreshedContent()
        let flashBefore = ui.flash
        ui.observe(world: currentWorldView, connected: status.isConnected)
        if ui.flash != flashBefore { scheduleFlashExpiry() }
        // What a mouse stroke passed since the last frame goes as one action (or a few).
        for command in ui.takeStroke() {
            if case .dispatch(let action) = command { dispatch(action) }
        }
        if case .world(let world) = shown {
            jumpMeter.observe(world.jump, seconds: Double(DurationText.milliseconds(of: loop.now)) / 1000, wallClockMs: WallClock.milliseconds)
        }
        let screen = WatchScreen(
            rows: size.rows, cols: size.cols, colorMode: colorMode, content: shown, version: mirror.lastVersion,
            path: options.path.description, connection: status, ui: ui, now: loop.now, jump: jumpMeter, glyphs: glyphs)
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
        followView(frame)
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

    private func watchOutput() {
        guard !isWatchingOutput else { return }
        do {
            try loop.watch(output.fd, for: .writable) { [unowned self] _ in self.outputReady() }
            isWatchingOutput = true
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
            isWatchingOutput = false
            if needsFrame { requestFrame() }
        case .failed(let error):
            finish(status: ExitCode.failure.rawValue, message: "\(error)")
        }
    }
}
