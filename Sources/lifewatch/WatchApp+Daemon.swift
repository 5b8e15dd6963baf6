import LifeClient
import LifeJSON
import LifeSystem
import LifeTerminal
import Protocol

/// The watcher's connection to the daemon: reading its messages, sending requests, and
/// getting the connection back when it goes away (``Reconnection`` decides when).
extension WatchApp {
    /// Reads `connection`'s messages as they come.
    func watch(_ connection: Connection) throws(SystemError) {
        try loop.watch(connection.fd, for: .readable) { [unowned self] _ in self.connectionReady() }
    }

    /// The socket has bytes (or was closed): reads them, then handles the whole messages.
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
    func handleBufferedMessages() {
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

    /// A message from the daemon: the subscription's snapshots and diffs, replies, a goodbye.
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

    /// Sends `request` on the connection, if there is one; a failed send loses the connection.
    func send(_ request: ClientRequest) {
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

    /// One attempt to get a connection and subscribe on it; a failure goes back to ``Reconnection``.
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
}
