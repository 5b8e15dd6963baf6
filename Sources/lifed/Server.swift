import CLinux
import Glibc
import LifeIO
import LifeStore
import Protocol

/// Serves the store to clients: accepts connections, answers requests in order, and
/// publishes every state change as a diff to each subscription.
///
/// Everything here runs on the one event loop, so a diff for version V is queued to every
/// subscriber before any later request is answered, and no client can block another:
/// sockets are non-blocking and each client's output is buffered with a bound.
final class Server {
    let loop: EventLoop
    let store: Store<AppState, AppAction>
    let listener: Int32
    let options: DaemonOptions
    let log: Logger
    private var clients: [Int32: Client] = [:]
    private var nextClientNumber = 1
    private let startedAt = MonotonicClock.now
    /// The JSON of the state at one version, so get/subscribe/diffs encode it once.
    private var cachedJSON: (version: Int, value: JSON)?
    private var totalResyncs = 0

    init(loop: EventLoop, store: Store<AppState, AppAction>, listener: Int32, options: DaemonOptions, log: Logger) {
        self.loop = loop
        self.store = store
        self.listener = listener
        self.options = options
        self.log = log
    }

    func start() throws(SystemError) {
        try loop.watch(listener, for: .readable) { [unowned self] _ in acceptAll() }
        store.didChange = { [unowned self] old, _, version in publish(old: old, version: version) }
    }

    var clientCount: Int { clients.count }

    // MARK: Connections

    private func acceptAll() {
        while true {
            let fd = clinux_accept(listener)
            if fd < 0 {
                if errno == EINTR { continue }
                if errno != EAGAIN && errno != EWOULDBLOCK { log.warning("accept: \(SystemError("accept"))") }
                return
            }
            let client = Client(fd: fd, number: nextClientNumber, maxFrameSize: options.maxFrame)
            nextClientNumber += 1
            do {
                try loop.watch(fd, for: .readable) { [unowned self] events in handle(events, for: fd) }
            } catch {
                log.warning("cannot watch a new client: \(error)")
                close(fd)
                continue
            }
            clients[fd] = client
            log.debug("client \(client.number) connected (\(clients.count) in all)")
            send(.hello(protocolVersion: ServerMessage.protocolVersion, server: "lifed \(LifeVersion.current)", version: store.version), to: client)
        }
    }

    private func handle(_ events: EventLoop.Events, for fd: Int32) {
        guard let client = clients[fd] else { return }
        if events.contains(.writable) || events.contains(.error) {
            guard client.flush() else { return disconnect(client, reason: "write failed") }
            afterFlush(client)
            guard isConnected(client) else { return }
        }
        if events.contains(.readable) || events.contains(.hangup), !client.isClosing, !client.isReadPaused {
            readAvailable(client)
        }
    }

    private func readAvailable(_ client: Client) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        // Bounded per wake-up so one busy client cannot starve the others.
        for _ in 0..<16 {
            let count = buffer.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count == 0 {
                // The client is done sending; it may still be reading, so write what it is owed first.
                client.isClosing = true
                processFrames(client, atEndOfInput: true)
                return closeAfterFlush(client)
            }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { return }
                return disconnect(client, reason: "read failed: \(SystemError("recv"))")
            }
            client.decoder.append(buffer[0..<count])
            processFrames(client)
            if client.isClosing || client.isReadPaused || !isConnected(client) { return }
        }
    }

    private func processFrames(_ client: Client, atEndOfInput: Bool = false) {
        while !client.isClosing || atEndOfInput {
            let frame: [UInt8]?
            do {
                frame = try client.decoder.next()
            } catch {
                let reply: ProtocolError
                switch error {
                case .empty: reply = ProtocolError(.badFrame, "a frame's length must be at least 1")
                case .tooLarge(let length, let limit):
                    reply = ProtocolError(.frameTooLarge, "a frame of \(length) bytes is over the limit of \(limit)")
                }
                log.info("client \(client.number): \(reply); closing it")
                send(.error(id: nil, reply), to: client)
                closeAfterFlush(client)
                return
            }
            guard let frame else { return }
            handleRequest(frame, from: client)
            if atEndOfInput { continue }
            if client.pendingBytes > options.clientBuffer || client.hasPendingResync {
                // Replies pile up unread: stop reading until the client catches up.
                pauseReading(client)
                return
            }
        }
    }

    private func pauseReading(_ client: Client) {
        client.isReadPaused = true
        loop.change(client.fd, to: .writable)
    }

    private func closeAfterFlush(_ client: Client) {
        guard isConnected(client) else { return }
        client.isClosing = true
        if client.pendingBytes == 0 {
            disconnect(client, reason: "closed after an error")
        } else {
            loop.change(client.fd, to: .writable)
        }
    }

    private func afterFlush(_ client: Client) {
        guard client.pendingBytes == 0 else { return }
        if client.isClosing { return disconnect(client, reason: "closed after an error") }
        resyncIfNeeded(client)
        if client.pendingBytes > 0 { return }
        if client.isReadPaused {
            client.isReadPaused = false
            loop.change(client.fd, to: .readable)
            processFrames(client)
        } else {
            loop.change(client.fd, to: .readable)
        }
    }

    /// Whether `client` is still connected (its descriptor number may since belong to another).
    private func isConnected(_ client: Client) -> Bool { clients[client.fd] === client }

    private func disconnect(_ client: Client, reason: String) {
        guard isConnected(client) else { return }
        clients[client.fd] = nil
        loop.unwatch(client.fd)
        close(client.fd)
        log.debug("client \(client.number) left: \(reason) (\(clients.count) remain)")
    }

    // MARK: Output

    private func send(_ message: ServerMessage, to client: Client) {
        enqueue(Frame.encode(message.json), to: client)
    }

    private func enqueue(_ bytes: [UInt8], to client: Client) {
        guard isConnected(client) else { return }
        let wasEmpty = client.pendingBytes == 0
        client.enqueue(bytes)
        guard wasEmpty else { return }
        guard client.flush() else { return disconnect(client, reason: "write failed") }
        if client.pendingBytes > 0 {
            loop.change(client.fd, to: client.isClosing || client.isReadPaused ? .writable : [.readable, .writable])
        }
    }

    // MARK: Requests

    private func handleRequest(_ payload: [UInt8], from client: Client) {
        let request: ClientRequest
        switch ClientRequest.parse(payload) {
        case .success(let parsed): request = parsed
        case .failure(let failure):
            log.debug("client \(client.number): \(failure.error)")
            return send(.error(id: failure.id, failure.error), to: client)
        }
        let id = request.id
        switch request.kind {
        case .dispatch(let actionJSON):
            let action: AppAction
            do {
                action = try AppAction(json: actionJSON)
            } catch {
                return send(.error(id: id, error), to: client)
            }
            switch store.send(action) {
            case .changed(let version), .unchanged(let version):
                send(.ack(id: id, version: version), to: client)
            case .refused(let error):
                log.debug("client \(client.number): \(action.typeName) refused: \(error.message)")
                send(.error(id: id, error), to: client)
            }

        case .get(let path):
            guard let value = currentJSON().value(at: path) else {
                return send(.error(id: id, noSuchPath(path)), to: client)
            }
            send(.state(id: id, version: store.version, path: path.description, value: value), to: client)

        case .subscribe(let path):
            guard let value = currentJSON().value(at: path) else {
                return send(.error(id: id, noSuchPath(path)), to: client)
            }
            client.subscriptions[id ?? .null] = Client.Subscription(id: id, path: path, lastVersion: store.version)
            send(.snapshot(id: id, version: store.version, path: path.description, value: value, resync: false), to: client)

        case .unsubscribe:
            guard client.subscriptions.removeValue(forKey: id ?? .null) != nil else {
                return send(.error(id: id, ProtocolError(.invalidArgument, "no subscription has id \((id ?? .null).preview)")), to: client)
            }
            send(.ack(id: id, version: store.version), to: client)

        case .ping:
            send(.pong(id: id), to: client)

        case .status:
            send(.status(id: id, info: statusInfo()), to: client)
        }
    }

    private func noSuchPath(_ path: JSONPointer) -> ProtocolError {
        ProtocolError(.noSuchPath, "nothing in the state at \(JSON.string(path.description).preview)")
    }

    private func currentJSON() -> JSON {
        if let cachedJSON, cachedJSON.version == store.version { return cachedJSON.value }
        let value = store.state.json
        cachedJSON = (store.version, value)
        return value
    }

    func statusInfo() -> [String: JSON] {
        let state = store.state
        let uptime = MonotonicClock.now - startedAt
        return [
            "pid": .int(Int(getpid())),
            "server": .string("lifed \(LifeVersion.current)"),
            "version": .int(store.version),
            "uptimeMs": .int(Int(uptime.components.seconds) * 1000 + Int(uptime.components.attoseconds / 1_000_000_000_000_000)),
            "clients": .int(clients.count),
            "subscriptions": .int(clients.values.reduce(0) { $0 + $1.subscriptions.count }),
            "resyncs": .int(totalResyncs),
            "socket": .string(options.socketPath),
            "summary": [
                "ticks": .int(state.simulation.gridState.ticks),
                "isRunningTimer": .bool(state.simulation.isRunningTimer),
                "rows": .int(state.simulation.gridState.grid.rows),
                "cols": .int(state.simulation.gridState.grid.cols),
                "population": .int(state.simulation.gridState.grid.population),
                "intervalMs": .int(state.settings.intervalMs),
                "steps": .int(state.statistics.steps),
            ],
        ]
    }

    // MARK: Publishing

    /// Sends the change from `old` to the current state to every subscription whose value changed.
    private func publish(old: AppState, version: Int) {
        let subscribed = clients.values.filter { !$0.subscriptions.isEmpty }
        guard !subscribed.isEmpty else { return }
        let oldJSON = cachedJSON?.version == version - 1 ? cachedJSON?.value ?? old.json : old.json
        let newJSON = store.state.json
        cachedJSON = (version, newJSON)

        // One patch, encoded once, per distinct path.
        var encodedPatches: [JSONPointer: [UInt8]?] = [:]
        for client in subscribed {
            for (key, subscription) in client.subscriptions {
                if encodedPatches[subscription.path] == nil {
                    encodedPatches[subscription.path] = encodePatch(from: oldJSON, to: newJSON, at: subscription.path)
                }
                guard case .some(.some(let patch)) = encodedPatches[subscription.path] else { continue }
                if subscription.needsResync { continue }
                if client.pendingBytes > options.clientBuffer {
                    // The watcher cannot keep up: drop its diffs, and resynchronise it once it drains.
                    // Its requests wait too, so that a pong still follows everything before it.
                    client.subscriptions[key]?.needsResync = true
                    if !client.isReadPaused && !client.isClosing { pauseReading(client) }
                    continue
                }
                let frame = ServerMessage.diffFrame(id: subscription.id, base: subscription.lastVersion, version: version, encodedPatch: patch)
                client.subscriptions[key]?.lastVersion = version
                enqueue(frame, to: client)
                if !isConnected(client) { break }
            }
        }
    }

    /// The encoded patch between the values at `path`, or nil when that value did not change.
    private func encodePatch(from old: JSON, to new: JSON, at path: JSONPointer) -> [UInt8]? {
        let before = old.value(at: path) ?? .null
        let after = new.value(at: path) ?? .null
        let patch = JSONDiff.patch(from: before, to: after)
        guard !patch.isEmpty else { return nil }
        return JSON.array(patch.map(\.json)).encoded()
    }

    private func resyncIfNeeded(_ client: Client) {
        for (key, subscription) in client.subscriptions where subscription.needsResync {
            let value = currentJSON().value(at: subscription.path) ?? .null
            client.subscriptions[key]?.needsResync = false
            client.subscriptions[key]?.lastVersion = store.version
            client.resyncs += 1
            totalResyncs += 1
            log.info("client \(client.number) fell behind; resynchronised \(subscription.path.description.isEmpty ? "the whole state" : subscription.path.description)")
            send(.snapshot(id: subscription.id, version: store.version, path: subscription.path.description, value: value, resync: true), to: client)
        }
    }

    // MARK: Shutdown

    /// Says goodbye to every client and writes what it can for up to `grace`, without blocking on any one.
    func shutdown(grace: Duration = .milliseconds(500)) {
        let bye = Frame.encode(ServerMessage.bye(reason: "shutdown").json)
        for client in clients.values { client.enqueue(bye) }
        let deadline = MonotonicClock.now + grace
        while MonotonicClock.now < deadline {
            var waiting: [pollfd] = []
            for client in clients.values {
                if !client.flush() || client.pendingBytes == 0 {
                    disconnect(client, reason: "shutdown")
                } else {
                    waiting.append(pollfd(fd: client.fd, events: Int16(POLLOUT), revents: 0))
                }
            }
            if waiting.isEmpty { break }
            _ = poll(&waiting, nfds_t(waiting.count), 20)
        }
        for client in Array(clients.values) { disconnect(client, reason: "shutdown") }
        loop.unwatch(listener)
        close(listener)
    }
}
