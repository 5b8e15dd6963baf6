import Glibc
import LifeClient
import LifeJSON
import LifeScheduling
import LifeSystem
import LifeTerminal
import Protocol
import Synchronization

/// Set by SIGINT while lifectl waits for a jump (a signal handler may only touch such a flag).
let interruptRequested = Atomic<Bool>(false)

/// Dispatches a `grid.step` and, when it starts a jump, follows the jump to its end.
struct JumpWaiter {
    let session: Session
    let connection: Connection
    let generations: Int
    /// The subscription to `/simulation/jump`, and to `/statistics/steps`: a jump that ends in
    /// the same version as a change of the steps finished; one that ends alone was cancelled.
    var jumpID: JSON = .null
    var stepsID: JSON = .null
    var jump: Jump?
    /// The version of the latest change of the jump, and of the steps.
    var jumpVersion = -1
    var stepsVersion = -1
    var steps: JSON = .null
    var meter = JumpProgressMeter()
    /// The latest progress seen of the jump followed.
    var lastSeen: Jump?
    /// Whether stderr shows a progress bar, and whether one is drawn.
    let showsBar = isatty(2) == 1
    var barIsDrawn = false

    static func step(_ session: Session, generations: Int) throws(Connection.Failure) -> ExitCode {
        var waiter = JumpWaiter(session: session, connection: try session.connection(), generations: generations)
        return try waiter.run()
    }

    private mutating func run() throws(Connection.Failure) -> ExitCode {
        let action = AppAction.simulation(.grid(.step(generations: generations))).json
        // Ctrl-C from here on cancels the jump rather than leave it running unseen.
        _ = interruptRequested.load(ordering: .relaxed)
        signal(SIGINT) { _ in interruptRequested.store(true, ordering: .relaxed) }
        defer { signal(SIGINT, SIG_DFL) }
        jumpID = try subscribe("/simulation/jump")
        stepsID = try subscribe("/statistics/steps")
        // Ctrl-C before anything was asked for: nothing to undo.
        if interruptRequested.load(ordering: .relaxed) {
            printError("lifectl", "interrupted; no step was sent")
            return .interrupted
        }
        let reply = try connection.request(.dispatch(action: action)) { message in self.take(message) }
        guard case .ack(_, let version) = reply else { return session.report(reply, said: said) { nil } }
        // The jump appeared with the step's own version: this step started it.
        guard let started = jump, jumpVersion == version else {
            return session.report(reply, said: said) { "stepped \(counted(generations, "generation")) (version \(version))" }
        }
        return try follow(started)
    }

    /// Waits for the jump to end, drawing its progress; on Ctrl-C cancels it.
    private mutating func follow(_ started: Jump) throws(Connection.Failure) -> ExitCode {
        let begin = MonotonicClock.now
        var cancel: JSON?
        var cancelReply: ServerMessage?
        observe()
        do {
            while jump != nil {
                if interruptRequested.load(ordering: .relaxed), cancel == nil {
                    signal(SIGINT, SIG_DFL)  // a second Ctrl-C ends lifectl at once
                    let id = connection.makeID()
                    try connection.send(ClientRequest(id: id, kind: .dispatch(action: AppAction.simulation(.grid(.cancelJump)).json)))
                    cancel = id
                }
                guard let message = try nextMessage(waitingAtMost: 250) else {
                    drawBar()
                    continue
                }
                if let cancel, message.id == cancel, !Self.isPushed(message) {
                    cancelReply = message
                    if case .error(_, let code, let text, let details) = message {
                        clearBar()
                        let reason = ErrorWords.line(code: code, message: text, details: details, said: Said("cancel"))
                        printError("lifectl", "could not cancel the jump: \(reason); it goes on")
                        return .failure
                    }
                }
                take(message)
                observe()
            }
            // Every diff of the version that ended it arrives before this pong.
            let barrier = connection.makeID()
            try connection.send(ClientRequest(id: barrier, kind: .ping))
            while true {
                guard let message = try nextMessage(waitingAtMost: -1) else { continue }
                if message.isPong(answering: barrier) { break }
                if let cancel, message.id == cancel, !Self.isPushed(message) { cancelReply = message }
                take(message)
            }
        } catch {
            clearBar()
            printError("lifectl", "the jump of \(started.target) generations did not finish: \(error)")
            throw error
        }
        clearBar()
        let elapsed = DurationText.milliseconds(of: MonotonicClock.now - begin)
        let finished = stepsVersion == jumpVersion
        if session.jsonOutput {
            let outcome: JSON = [
                "type": "jump", "outcome": finished ? "finished" : "cancelled", "version": .int(jumpVersion),
                "target": .int(started.target), "started": .int(started.started), "elapsedMs": .int(elapsed),
            ]
            print(outcome.text)
        }
        if finished {
            if !session.jsonOutput {
                print("stepped \(counted(started.target, "generation")) in \(JumpProgressMeter.duration(Double(elapsed) / 1000)) (version \(jumpVersion))")
            }
            return .success
        }
        let done = lastSeen?.done ?? 0
        if cancelReply != nil {
            printError("lifectl", "cancelled: the jump stopped after \(done) of \(started.target) generations; the grid is as it was before it (version \(jumpVersion))")
            return .interrupted
        }
        printError("lifectl", "another client cancelled the jump (lifectl cancel, or x in lifewatch) after \(done) of \(started.target) generations; the grid is as it was before it")
        return .failure
    }

    /// What the person asked for, for the daemon's errors: `step N`.
    private var said: Said { Said("step").with(action: "generations", "N", String(generations)) }

    private mutating func subscribe(_ path: String) throws(Connection.Failure) -> JSON {
        let reply = try connection.request(.subscribe(path: (try? JSONPointer(parsing: path)) ?? .root)) { message in self.take(message) }
        guard case .snapshot(let id, let version, _, let value, _) = reply else {
            throw .protocolViolation("expected a snapshot of \(path), got \(reply.json.preview)")
        }
        if path == "/simulation/jump" {
            jump = try? Self.jump(from: value)
            jumpVersion = version
        } else {
            steps = value
            stepsVersion = version
        }
        return id ?? .null
    }

    /// Applies a diff (or a resync snapshot) of one of the two subscriptions.
    private mutating func take(_ message: ServerMessage) {
        if case .snapshot(let id, let version, _, let value, true) = message {
            // lifectl fell behind and diffs were dropped: the values now, at `version`.
            if id == stepsID, value != steps {
                steps = value
                stepsVersion = version
            } else if id == jumpID {
                jump = try? Self.jump(from: value)
                jumpVersion = version
            }
            return
        }
        guard case .diff(let id, _, let version, let patch) = message else { return }
        if id == stepsID {
            try? steps.apply(patch)
            stepsVersion = version
        } else if id == jumpID {
            var value = jump?.json ?? .null
            do {
                try value.apply(patch)
            } catch {
                return
            }
            jump = try? Self.jump(from: value)
            jumpVersion = version
        }
    }

    private static func jump(from value: JSON) throws(ProtocolError) -> Jump? {
        value == .null ? nil : try Jump(json: value, at: "/simulation/jump")
    }

    private static func isPushed(_ message: ServerMessage) -> Bool {
        switch message {
        case .diff, .bye: return true
        case .snapshot(_, _, _, _, let resync): return resync
        default: return false
        }
    }

    /// The next message, waiting at most `milliseconds` (-1: as long as it takes); nil when none came.
    private func nextMessage(waitingAtMost milliseconds: Int32) throws(Connection.Failure) -> ServerMessage? {
        if let frame = try connection.nextBufferedFrame() { return try Self.message(frame) }
        var descriptor = pollfd(fd: connection.fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        guard ready > 0 else { return nil }  // a timeout, or a signal (EINTR)
        try connection.fill()
        guard let frame = try connection.nextBufferedFrame() else { return nil }
        return try Self.message(frame)
    }

    private static func message(_ frame: [UInt8]) throws(Connection.Failure) -> ServerMessage {
        do {
            let message = try ServerMessage(json: try JSON(parsing: frame))
            if case .bye = message { throw Connection.Failure.closed }
            return message
        } catch let failure as Connection.Failure {
            throw failure
        } catch {
            throw .protocolViolation("\(error)")
        }
    }

    // MARK: The progress bar

    private mutating func observe() {
        if let jump { lastSeen = jump }
        meter.observe(jump, seconds: Double(DurationText.milliseconds(of: MonotonicClock.now)) / 1000, wallClockMs: WallClock.milliseconds)
        drawBar()
    }

    private mutating func drawBar() {
        guard showsBar, meter.jump != nil else { return }
        let summary = meter.summary
        let width = Self.terminalColumns()
        let barWidth = min(32, width - summary.count - 2)
        var line = barWidth >= 8 ? meter.bar(width: barWidth) + " " + summary : summary
        if line.count >= width { line = String(line.prefix(max(1, width - 1))) }
        writeToStandardError("\r" + line + "\u{1B}[K")
        barIsDrawn = true
    }

    private mutating func clearBar() {
        guard barIsDrawn else { return }
        writeToStandardError("\r\u{1B}[K")
        barIsDrawn = false
    }

    private static func terminalColumns() -> Int {
        var window = winsize()
        guard ioctl(2, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else { return 80 }
        return Int(window.ws_col)
    }
}
