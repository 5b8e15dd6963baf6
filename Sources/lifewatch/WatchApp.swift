import Glibc
import LifeClient
import LifeSystem
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
///
/// This file holds the state, the start and the ways out, and what keys and replies do to the
/// UI; the rest is in files of their own: the terminal (WatchApp+Terminal.swift), the daemon
/// (WatchApp+Daemon.swift) and drawing (WatchApp+Frames.swift).
final class WatchApp {
    /// How long a lone ESC waits for the rest of an escape sequence.
    static let escapeTimeout = Duration.milliseconds(40)

    let options: WatchOptions
    /// Keys, the daemon's messages, signals and timers, one at a time.
    let loop: EventLoop
    let terminal: Terminal
    /// The frames' bytes on their way to the terminal.
    let output: TerminalOutput
    let colorMode: ColorMode
    let glyphs: DotGlyphs
    /// The connection to the daemon; nil while it is lost.
    var connection: Connection?
    var subscription: WatchSubscription
    var ui = WatchUI()
    var requests = RequestsInFlight()
    var reconnection = Reconnection(status: .connected)
    var pacer = FramePacer()
    /// Writes only what changed since the last frame.
    var renderer: ScreenRenderer
    var keys = KeyDecoder()
    /// The terminal's size, as last read.
    var size: (rows: Int, cols: Int)
    /// The last frame drawn: where keys and the mouse find the grid.
    var lastFrame: WatchFrame?
    /// Counts lone ESCs: a wait for the rest of an escape sequence is for the last one only.
    var escapeToken = 0
    /// Reads of the terminal in a row that brought nothing (it hung up).
    var quietReads = 0
    private var exitStatus: Int32 = 0
    private var exitMessage: String?
    private var isFinishing = false
    /// The rate of the jump in flight, from the progress the mirror has seen.
    var jumpMeter = JumpProgressMeter()
    /// Whether the terminal reports the mouse (the world's view asks for it; a text view does not).
    var reportsMouse = false
    /// Asking the terminal for pixel mouse reports.
    var pixelMouse = PixelMouse()

    /// Runs the watcher on `connection` until the user quits, a signal ends it, or the daemon
    /// does not come back; returns the exit status. The terminal is restored on every way out.
    static func run(options: WatchOptions, connection: Connection) -> Int32 {
        // The world is watched through a window the size of the screen until the first frame says what shows.
        let size = Terminal().size
        let window = options.path.isRoot
            ? ViewportFollower.window(
                screenRows: size.rows, cols: size.cols, halfBlocks: ColorMode.detect(environment: Environment.variables).hasColor)
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
        colorMode = ColorMode.detect(environment: Environment.variables)
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
            if reportsMouse {
                // The decoder needs a cell's size for pixel reports; the terminal may tell it another later.
                keys.cellPixels = cellPixels()
                terminal.writeAll(pixelMouse.start(cellPixels: keys.cellPixels))
            }
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

    /// Ends the loop; the watcher then restores the terminal and exits with `status`, saying `message`.
    func finish(status: Int32, message: String? = nil) {
        // The first way out wins.
        guard !isFinishing else { return }
        isFinishing = true
        exitStatus = status
        exitMessage = message
        loop.stop()
    }

    // MARK: Keys and replies

    func changeUI(_ change: (inout WatchUI, WatchUI.Context) -> [WatchCommand]) {
        let context = context()
        let flash = ui.flash
        let commands = change(&ui, context)
        flashMayHaveChanged(from: flash)
        for command in commands { carryOut(command) }
        requestFrame()
    }

    /// A flash shown since `before` gets its expiry.
    func flashMayHaveChanged(from before: Flash?) {
        if let flash = ui.flash, flash != before { pace(.flashShown(flash, now: loop.now)) }
    }

    /// Does what the UI asked for.
    func carryOut(_ command: WatchCommand) {
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
    func context() -> WatchUI.Context {
        let content = subscription.content()
        if let world = content?.world { ui.fitSelection(toCount: world.configurationTitles.count) }
        return ui.context(
            content: content, watchesWorld: subscription.watchesWorld, lastFrame: lastFrame, isConnected: reconnection.status.isConnected,
            now: loop.now)
    }
}
