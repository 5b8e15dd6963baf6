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
    /// Renders what get and subscriptions ask for, each part once per version.
    private let renderer = StateRenderer()
    /// The value last published to each group of subscriptions with the same path and viewport:
    /// the base of the group's next diff, which is encoded once and shared by the whole group.
    private var groupValues: [SubscriptionGroup: JSON] = [:]
    private var totalResyncs = 0
    /// Bytes written to clients that have left (those still connected count their own).
    private var bytesSentToDeparted = 0
    /// Saves the state; nil with `--ephemeral`.
    let durability: Durability?
    /// Who may connect besides the daemon's own user and root.
    let allowedGroup: gid_t?
    /// Output queued while a client's batch of requests is handled waits here, and goes out in
    /// one write per client at the end of the batch (a thousand pipelined acks are one
    /// `sendmsg`, not a thousand), after the batch's changes are on disk (group commit).
    private var heldClients: [Client] = []
    private var isHoldingOutput = false
    /// Whether an acknowledged change of the batch is not yet on disk.
    private var needsSave = false

    init(
        loop: EventLoop, store: Store<AppState, AppAction>, listener: Int32, options: DaemonOptions, log: Logger,
        durability: Durability?, allowedGroup: gid_t?
    ) {
        self.loop = loop
        self.store = store
        self.listener = listener
        self.options = options
        self.log = log
        self.durability = durability
        self.allowedGroup = allowedGroup
    }

    func start() throws(SystemError) {
        try loop.watch(listener, for: .readable) { [unowned self] _ in acceptAll() }
        store.didChange = { [unowned self] old, _, version in publish(old: old, version: version) }
        sweepIdleClients()
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
            if let refusal = admissionRefusal(fd) {
                // Best effort: one non-blocking write of the error, then close.
                let frame = Frame.encode(ServerMessage.error(id: nil, refusal).json)
                _ = frame.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                close(fd)
                log.info("refused a connection: \(refusal.message)")
                continue
            }
            let client = Client(fd: fd, number: nextClientNumber, maxFrameSize: options.maxFrame, now: loop.now)
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

    /// Why a new connection may not be served, or nil when it may.
    private func admissionRefusal(_ fd: Int32) -> ProtocolError? {
        var pid: UInt32 = 0
        var uid: UInt32 = 0
        var gid: UInt32 = 0
        guard clinux_peer_credentials(fd, &pid, &uid, &gid) == 0 else {
            return ProtocolError(.forbidden, "the peer's credentials cannot be read")
        }
        // The supplementary groups matter only for --allow-group: no system call otherwise.
        let groups = allowedGroup == nil || uid == getuid() || uid == 0 ? [] : PeerPolicy.peerGroups(of: fd)
        guard PeerPolicy.allows(uid: uid, gid: gid, groups: groups, ownUID: getuid(), allowedGroup: allowedGroup) else {
            return ProtocolError(.forbidden, "uid \(uid) (pid \(pid)) may not connect to this lifed")
        }
        guard clients.count < options.maxClients else {
            return ProtocolError(.busy, "lifed is serving its limit of \(options.maxClients) clients; try again later")
        }
        return nil
    }

    private func handle(_ events: EventLoop.Events, for fd: Int32) {
        defer { commit() }
        guard let client = clients[fd] else { return }
        isHoldingOutput = true
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
            client.lastActivity = loop.now
            let framesBefore = client.framesReceived
            processFrames(client)
            // A frame begun in this read starts the clock; one that goes on keeps its start.
            if !client.decoder.hasPartialFrame {
                client.partialFrameSince = nil
            } else if client.partialFrameSince == nil || client.framesReceived != framesBefore {
                client.partialFrameSince = loop.now
            }
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
            client.framesReceived += 1
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
        bytesSentToDeparted += client.bytesWritten
        loop.unwatch(client.fd)
        close(client.fd)
        log.debug("client \(client.number) left: \(reason) (\(clients.count) remain)")
    }

    // MARK: Output

    private func send(_ message: ServerMessage, to client: Client) {
        enqueue(Frame.encode(message.json), to: client)
    }

    private func enqueue(_ parts: [UInt8]..., to client: Client) {
        guard isConnected(client) else { return }
        let wasEmpty = client.pendingBytes == 0
        for bytes in parts { client.enqueue(bytes) }
        guard wasEmpty else { return }
        if isHoldingOutput {
            // Written by commit(), at the end of the batch, once its changes are durable.
            heldClients.append(client)
            return
        }
        startWriting(client)
    }

    /// Writes what the socket takes now and watches for writability for the rest.
    private func startWriting(_ client: Client) {
        guard client.flush() else { return disconnect(client, reason: "write failed") }
        if client.pendingBytes > 0 {
            loop.change(client.fd, to: client.isClosing || client.isReadPaused ? .writable : [.readable, .writable])
        }
    }

    // MARK: Durability

    /// Saves the state if an acknowledged change is not yet on disk, then lets the held replies go.
    private func commit() {
        guard isHoldingOutput else { return }
        if needsSave {
            durability?.saveNow(store.state, version: store.version)
            needsSave = false
        }
        isHoldingOutput = false
        let held = heldClients
        heldClients.removeAll(keepingCapacity: true)
        for client in held where isConnected(client) && client.pendingBytes > 0 { startWriting(client) }
    }

    /// Saves the state before any reply that follows is sent (group commit at the end of the batch).
    private func requireDurability(for action: AppAction) {
        guard durability != nil, action != .simulation(.tick) else { return }
        isHoldingOutput = true
        needsSave = true
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
            let outcome = store.send(action)
            logAction(action, outcome, from: "client \(client.number)")
            switch outcome {
            case .changed(let version):
                requireDurability(for: action)
                send(.ack(id: id, version: version), to: client)
            case .unchanged(let version):
                send(.ack(id: id, version: version), to: client)
            case .refused(let error):
                send(.error(id: id, error), to: client)
            }

        case .get(let path):
            guard let value = render(SubscriptionGroup(path: path, viewport: nil)) else {
                return send(.error(id: id, noSuchPath(path)), to: client)
            }
            send(.state(id: id, version: store.version, path: path.description, value: value), to: client)

        case .subscribe(let path, let viewport):
            let group = SubscriptionGroup(path: path, viewport: viewport)
            guard let value = render(group) else {
                return send(.error(id: id, noSuchPath(path)), to: client)
            }
            groupValues[group] = value
            client.subscriptions[id ?? .null] = Client.Subscription(id: id, group: group, lastVersion: store.version)
            send(.snapshot(id: id, version: store.version, path: path.description, value: value, resync: false), to: client)

        case .viewport(let viewport):
            guard var subscription = client.subscriptions[id ?? .null] else {
                return send(.error(id: id, ProtocolError(.invalidArgument, "no subscription has id \((id ?? .null).preview)")), to: client)
            }
            guard Viewport.gridPath.hasPrefix(subscription.group.path) else {
                return send(.error(id: id, ProtocolError(.invalidArgument, "subscription \((id ?? .null).preview) does not include the grid")), to: client)
            }
            subscription.group.viewport = viewport
            let value = render(subscription.group) ?? .null
            groupValues[subscription.group] = value
            subscription.lastVersion = store.version
            subscription.needsResync = false
            client.subscriptions[id ?? .null] = subscription
            send(.snapshot(id: id, version: store.version, path: subscription.group.path.description, value: value, resync: false), to: client)

        case .unsubscribe:
            guard client.subscriptions.removeValue(forKey: id ?? .null) != nil else {
                return send(.error(id: id, ProtocolError(.invalidArgument, "no subscription has id \((id ?? .null).preview)")), to: client)
            }
            send(.ack(id: id, version: store.version), to: client)

        case .ping:
            send(.pong(id: id), to: client)

        case .status:
            send(.status(id: id, info: statusInfo()), to: client)

        case .shutdown:
            log.info("client \(client.number) asked for shutdown")
            send(.ack(id: id, version: store.version), to: client)
            // After this callback, so the ack is queued before the goodbyes.
            _ = loop.schedule(after: .zero) { [loop] in loop.stop() }
        }
    }

    /// With `--log-actions`, a line for every action: its source, outcome and the version after it.
    func logAction(_ action: AppAction, _ outcome: Store<AppState, AppAction>.Outcome, from source: String) {
        guard options.logActions else { return }
        switch outcome {
        case .changed(let version): log.info("action \(action.typeName) from \(source): version \(version)")
        case .unchanged(let version): log.info("action \(action.typeName) from \(source): no change (version \(version))")
        case .refused(let error): log.info("action \(action.typeName) from \(source): refused (\(error.code.rawValue): \(error.message))")
        }
    }

    /// An action an effect delivered (a tick, a fetch's answer): logged, and saved unless it is a tick.
    func effectDelivered(_ action: AppAction, _ outcome: Store<AppState, AppAction>.Outcome) {
        logAction(action, outcome, from: "an effect")
        if case .refused(let error) = outcome { log.warning("\(action.typeName) from an effect refused: \(error.message)") }
        if case .changed = outcome, action != .simulation(.tick) {
            durability?.saveNow(store.state, version: store.version)
        }
    }

    /// Closes connections that stalled mid-frame or sat idle without a subscription, once a second.
    private func sweepIdleClients() {
        _ = loop.schedule(after: .seconds(1)) { [weak self] in
            guard let self else { return }
            let now = loop.now
            for client in Array(clients.values) where !client.isClosing {
                let quiet = now - client.lastActivity
                // A frame must arrive whole within the frame timeout of its first byte (while
                // lifed is reading: a client whose reading is paused may be stuck behind us).
                if !client.isReadPaused, let since = client.partialFrameSince, now - since > options.frameTimeout {
                    log.info("client \(client.number) did not finish a frame within \(options.frameTimeout); closing it")
                    send(.error(id: nil, ProtocolError(.badFrame, "a frame took over \(options.frameTimeout) to arrive; closing")), to: client)
                    closeAfterFlush(client)
                } else if client.subscriptions.isEmpty, client.pendingBytes == 0, quiet > options.idleTimeout {
                    log.debug("client \(client.number) idle without a subscription; closing it")
                    disconnect(client, reason: "idle")
                }
            }
            sweepIdleClients()
        }
    }

    private func noSuchPath(_ path: JSONPointer) -> ProtocolError {
        ProtocolError(.noSuchPath, "nothing in the state at \(JSON.string(path.description).preview)")
    }

    /// The group's value now: the state at its path, the grid windowed by its viewport.
    private func render(_ group: SubscriptionGroup) -> JSON? {
        renderer.value(of: store.state, version: store.version, at: group.path, window: group.viewport)
    }

    func statusInfo() -> [String: JSON] {
        let state = store.state
        let uptime = MonotonicClock.now - startedAt
        return [
            "pid": .int(Int(getpid())),
            "server": .string("lifed \(LifeVersion.current)"),
            "version": .int(store.version),
            "uptimeMs": .int(DurationText.milliseconds(of: uptime)),
            "clients": .int(clients.count),
            "subscriptions": .int(clients.values.reduce(0) { $0 + $1.subscriptions.count }),
            "resyncs": .int(totalResyncs),
            "bytesSent": .int(clients.values.reduce(bytesSentToDeparted) { $0 + $1.bytesWritten }),
            "socket": .string(options.socketPath),
            "summary": [
                "ticks": .int(state.simulation.gridState.ticks),
                "isRunningTimer": .bool(state.simulation.isRunningTimer),
                "rows": .int(state.simulation.gridState.grid.rows),
                "cols": .int(state.simulation.gridState.grid.cols),
                "population": .int(state.simulation.gridState.grid.population),
                "intervalMs": .int(state.settings.intervalMs),
                "steps": .int(state.statistics.steps),
                "rule": .string(state.settings.rule.notation),
                "topology": .string(state.settings.topology.rawValue),
                "status": .string(state.simulation.settling.status.name),
                "period": state.simulation.json["period"] ?? .null,
            ],
        ]
    }

    // MARK: Publishing

    /// Sends the change to every subscription whose value changed: one diff per group of
    /// subscriptions with the same path and viewport, built and encoded once, its bytes shared.
    /// With no subscriptions, nothing is rendered at all.
    private func publish(old: AppState, version: Int) {
        var members: [SubscriptionGroup: [(client: Client, key: JSON)]] = [:]
        for client in clients.values {
            for (key, subscription) in client.subscriptions { members[subscription.group, default: []].append((client, key)) }
        }
        for group in groupValues.keys where members[group] == nil { groupValues[group] = nil }
        for (group, subscribers) in members {
            let before = groupValues[group] ?? .null
            let after = render(group) ?? .null
            groupValues[group] = after
            let patch = JSONDiff.patch(from: before, to: after)
            guard !patch.isEmpty else { continue }
            let diff = SharedDiff(encodedPatch: patch.encodedJSON(), version: version)
            for (client, key) in subscribers where isConnected(client) {
                guard let subscription = client.subscriptions[key], !subscription.needsResync else { continue }
                if client.pendingBytes > options.clientBuffer {
                    // The watcher cannot keep up: drop its diffs, and resynchronise it once it drains.
                    // Its requests wait too, so that a pong still follows everything before it.
                    client.subscriptions[key]?.needsResync = true
                    if !client.isReadPaused && !client.isClosing { pauseReading(client) }
                    continue
                }
                let head = diff.head(id: subscription.id, base: subscription.lastVersion)
                client.subscriptions[key]?.lastVersion = version
                enqueue(head, diff.sharedTail, to: client)
            }
        }
    }

    private func resyncIfNeeded(_ client: Client) {
        for (key, subscription) in client.subscriptions where subscription.needsResync {
            let value = render(subscription.group) ?? .null
            client.subscriptions[key]?.needsResync = false
            client.subscriptions[key]?.lastVersion = store.version
            client.resyncs += 1
            totalResyncs += 1
            log.info("client \(client.number) fell behind; resynchronised \(subscription.group.path.description.isEmpty ? "the whole state" : subscription.group.path.description)")
            send(.snapshot(id: subscription.id, version: store.version, path: subscription.group.path.description, value: value, resync: true), to: client)
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
