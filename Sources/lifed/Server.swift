import CLinux
import Glibc
import LifeDaemon
import LifeIO
import LifeStorage
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
    /// The same clients by number, the key of their subscriptions.
    private var clientsByNumber: [Int: Client] = [:]
    private var nextClientNumber = 1
    private let startedAt = MonotonicClock.now
    /// Renders what get and subscriptions ask for, building only what a path needs.
    private let renderer = StateRenderer()
    /// Computes each change's diffs, once per group of subscriptions that watch the same thing.
    private let publisher: Publisher
    /// Every connection's subscriptions, within limits.
    private var subscriptions = SubscriptionTable()
    /// What unread streamed replies may owe their readers in all.
    private let replyBudget = ReplyBudget(limit: Server.streamedReplyBudget)
    /// A reply whose value holds more of the grid's cells than this is streamed.
    static let streamingThreshold = 256 * 1024
    /// The most bytes all unread streamed replies may owe: 15 whole 4096 x 4096 grids.
    static let streamedReplyBudget = 256 << 20
    private var totalResyncs = 0
    /// Bytes written to clients that have left (those still connected count their own).
    private var bytesSentToDeparted = 0
    /// Saves the state; nil with `--ephemeral`.
    let durability: Durability?
    /// Which new connections are served, and what the others are told.
    let admission: Admission
    /// Clients with output queued during this turn of the loop. Nothing is written while the turn
    /// runs: at its end (``endOfTurn()``) the turn's changes are saved, then each of these clients
    /// gets one write (a thousand pipelined acks are one `sendmsg`, not a thousand).
    private var clientsToWrite: [Client] = []
    /// Clients holding an acknowledgement until the turn's save.
    private var clientsHolding: [Client] = []
    /// Whether a retry of a failed save is scheduled.
    private var isRetryScheduled = false
    /// A jump's end that came while saving failed (and was refused): sent again once saving works.
    private var refusedJumpEnd: AppAction?
    /// Accepts connections, a bounded number per turn, and answers them `busy` when lifed is out of descriptors.
    private var acceptor: Acceptor?
    /// Lines that a flood of connections would repeat without end: a few of a kind, then a count.
    private let floodLog: RateLimitedLog

    init(
        loop: EventLoop, store: Store<AppState, AppAction>, listener: Int32, options: DaemonOptions, log: Logger,
        durability: Durability?, admission: Admission
    ) {
        self.loop = loop
        self.store = store
        self.listener = listener
        self.options = options
        self.log = log
        self.durability = durability
        self.admission = admission
        publisher = Publisher(renderer: renderer)
        floodLog = RateLimitedLog(log, scheduler: loop)
    }

    func start() throws(SystemError) {
        let acceptor = Acceptor(
            listener: listener, loop: loop, refusalFrame: Frame.encode(ServerMessage.error(id: nil, Admission.outOfDescriptors).json),
            onConnection: { [unowned self] fd in admit(fd) }, onEvent: { [unowned self] event in Admission.log(event, to: floodLog, log) })
        try acceptor.start()
        self.acceptor = acceptor
        loop.addBeforeSleep { [unowned self] in endOfTurn() }
        sweepIdleClients()
    }

    /// Connects the server to the store: every change is recorded for saving and published; while
    /// saving fails, changes are refused; actions from effects are logged.
    func observe(_ store: Store<AppState, AppAction>) {
        store.approve = { [unowned self] _, _, _, _ throws(ProtocolError) in
            if let refusal = durability?.refusal { throw refusal }
        }
        store.willReduce = { [unowned self] _, _ in durability?.willReduce() }
        store.didChange = { [unowned self] old, action, origin, version in
            durability?.record(action, origin: origin, old: old, new: store.state, version: version)
            publish(old: old, version: version)
        }
        store.didRestore = { [unowned self] old, version in
            do throws(StorageError) {
                try durability?.lease(version)
            } catch {
                log.error("cannot raise the version floor to cover version \(version): \(error)")
            }
            publish(old: old, version: version)
        }
        store.didRunEffectAction = { [unowned self] action, outcome in effectDelivered(action, outcome) }
    }

    var clientCount: Int { clients.count }

    // MARK: Connections

    /// Serves a new connection, or answers it with an error and closes it.
    private func admit(_ fd: Int32) {
        if let refusal = admission.refusal(of: fd, clientCount: clients.count) {
            Admission.refuse(fd, with: refusal)
            floodLog.log(.info, "refused connections", "refused a connection: \(refusal.message)")
            return
        }
        let client = Client(fd: fd, number: nextClientNumber, maxFrameSize: options.maxFrame, now: loop.now)
        nextClientNumber += 1
        do {
            try loop.watch(fd, for: .readable) { [unowned self] events in handle(events, for: fd) }
        } catch {
            floodLog.log(.warning, "connections that could not be watched", "cannot watch a new client: \(error)")
            close(fd)
            return
        }
        clients[fd] = client
        clientsByNumber[client.number] = client
        log.debug("client \(client.number) connected (\(clients.count) in all)")
        send(.hello(protocolVersion: ServerMessage.protocolVersion, server: "lifed \(LifeVersion.current)", version: store.version), to: client)
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
                    reply = ProtocolError(.frameTooLarge, "a frame of \(length) bytes is over the limit of \(limit) (lifed --max-frame)")
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
            if client.pendingBytes > options.clientBuffer || hasPendingResync(client) {
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
        clientsByNumber[client.number] = nil
        subscriptions.removeConnection(client.number)
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
        client.enqueue(parts)
        markForWriting(client)
    }

    /// Holds the acknowledgement of a change until the turn's save says whether it is on disk.
    private func holdAcknowledgement(id: JSON?, version: Int, for client: Client) {
        if client.held.isEmpty { clientsHolding.append(client) }
        client.holdAcknowledgement(id: id, version: version)
        markForWriting(client)
    }

    private func markForWriting(_ client: Client) {
        guard !client.isMarkedForWriting else { return }
        client.isMarkedForWriting = true
        clientsToWrite.append(client)
    }

    /// Writes what the socket takes now and watches for writability for the rest.
    private func startWriting(_ client: Client) {
        guard client.flush() else { return disconnect(client, reason: "write failed") }
        if client.pendingBytes > 0 {
            loop.change(client.fd, to: client.isClosing || client.isReadPaused ? .writable : [.readable, .writable])
        }
    }

    // MARK: The end of a turn

    /// Once per turn of the event loop, before it waits again: saves the turn's changes, then
    /// releases the acknowledgements that waited for the save (or, when it failed, answers them
    /// `storage-failed` and goes back to the last saved state), then writes to every client with
    /// output. So no acknowledgement leaves before its change is on disk.
    private func endOfTurn() {
        let failure = durability?.commit(store.state, version: store.version)
        releaseHeldOutput(failure: failure.map { _ in durability?.refusal ?? ProtocolError(.storageFailed, "the change could not be saved") })
        if failure != nil { rollBack() }
        let writing = clientsToWrite
        clientsToWrite.removeAll(keepingCapacity: true)
        for client in writing {
            client.isMarkedForWriting = false
            if isConnected(client), client.writableBytes > 0 { startWriting(client) }
        }
    }

    private func releaseHeldOutput(failure: ProtocolError?) {
        let holding = clientsHolding
        clientsHolding.removeAll(keepingCapacity: true)
        for client in holding where isConnected(client) { client.releaseHeld(failure: failure) }
    }

    /// After a failed save: the state goes back to what is on disk (as a new version, so watchers
    /// get the diff back), and a retry is scheduled.
    private func rollBack() {
        guard let durability else { return }
        if let saved = durability.lastSaved, store.state != saved.state {
            log.warning("going back to the last saved state (version \(saved.version)) as version \(store.version + 1)")
            store.restore(saved.state)
        }
        scheduleRetry()
    }

    /// Tries to save again after the retry delay, and again until it works.
    func scheduleRetry() {
        guard let durability, !isRetryScheduled else { return }
        isRetryScheduled = true
        _ = loop.schedule(after: durability.retryDelay) { [weak self] in
            guard let self else { return }
            isRetryScheduled = false
            if !durability.retry(store.state, version: store.version) { return scheduleRetry() }
            if let jumpEnd = refusedJumpEnd {
                refusedJumpEnd = nil
                effectDelivered(jumpEnd, store.send(jumpEnd))
            }
        }
    }

    /// Saves the timer's ticks of the last few seconds (the housekeeping timer calls this).
    func saveTicks() {
        guard durability?.saveTicks(store.state, version: store.version) != nil else { return }
        rollBack()
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
                // The action's errors point into the action; the reply points into the request.
                return send(.error(id: id, error.nested(in: "action")), to: client)
            }
            let outcome = store.send(action)
            logAction(action, outcome, from: "client \(client.number)")
            switch outcome {
            case .changed(let version), .unchanged(let version):
                // An ack promises that the state at its version is on disk.
                if durability?.holdsReplies == true {
                    holdAcknowledgement(id: id, version: version, for: client)
                } else {
                    send(.ack(id: id, version: version), to: client)
                }
            case .refused(let error):
                send(.error(id: id, error.nested(in: "action")), to: client)
            }

        case .get(let path):
            guard renderer.exists(in: store.state, at: path) else {
                return send(.error(id: id, noSuchPath(path)), to: client)
            }
            let version = store.version
            if let refusal = sendValue(of: SubscriptionGroup(path: path), to: client, { .state(id: id, version: version, path: path.description, value: $0) }) {
                send(.error(id: id, refusal), to: client)
            }

        case .subscribe(let path, let viewport):
            let group = SubscriptionGroup(path: path, viewport: viewport)
            let version = store.version
            guard renderer.exists(in: store.state, at: path, window: viewport),
                let frame = replyFrame(of: group, { .snapshot(id: id, version: version, path: path.description, value: $0, resync: false) })
            else {
                return send(.error(id: id, noSuchPath(path)), to: client)
            }
            guard frame.fits(replyBudget) else { return send(.error(id: id, tooLarge(group)), to: client) }
            do {
                try subscriptions.subscribe(connection: client.number, id: id, group: group, version: version)
            } catch {
                return send(.error(id: id, error), to: client)
            }
            enqueue(frame, to: client)

        case .viewport(let viewport):
            let key = SubscriptionTable.Key(connection: client.number, id: id ?? .null)
            guard let subscription = subscriptions[key] else {
                return send(.error(id: id, noSuchSubscription(id)), to: client)
            }
            guard Viewport.gridPath.hasPrefix(subscription.group.path) else {
                return send(.error(id: id, ProtocolError(.invalidArgument, "subscription \((id ?? .null).preview) does not include the grid", member: "id")), to: client)
            }
            let group = SubscriptionGroup(path: subscription.group.path, viewport: viewport)
            let version = store.version
            guard let frame = replyFrame(of: group, { .snapshot(id: id, version: version, path: group.path.description, value: $0, resync: false) }),
                frame.fits(replyBudget)
            else {
                return send(.error(id: id, tooLarge(group)), to: client)
            }
            do {
                try subscriptions.move(key, to: group, version: store.version)
            } catch {
                return send(.error(id: id, error), to: client)
            }
            enqueue(frame, to: client)

        case .unsubscribe:
            guard subscriptions.unsubscribe(SubscriptionTable.Key(connection: client.number, id: id ?? .null)) else {
                return send(.error(id: id, noSuchSubscription(id)), to: client)
            }
            send(.ack(id: id, version: store.version), to: client)

        case .readConfiguration(let selector):
            do {
                let (index, configuration) = try store.state.configurations.find(selector)
                send(.configuration(id: id, version: store.version, index: index, configuration: configuration.jsonWithPattern), to: client)
            } catch {
                send(.error(id: id, error), to: client)
            }

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

    /// An action an effect delivered (a tick, a fetch's answer): logged (it is saved with the turn's changes).
    private func effectDelivered(_ action: AppAction, _ outcome: Store<AppState, AppAction>.Outcome) {
        logAction(action, outcome, from: "an effect")
        // While saving fails every tick is refused; the failure itself is logged once.
        if case .refused(let error) = outcome, error.code != .storageFailed {
            log.warning("\(action.typeName) from an effect refused: \(error.message)")
        }
        // A jump's result is not computed again: it is kept until saving works.
        if case .refused(let error) = outcome, error.code == .storageFailed, case .simulation(.grid(.jumpFinished)) = action {
            refusedJumpEnd = action
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
                } else if subscriptions.keys(of: client.number).isEmpty, client.pendingBytes == 0, quiet > options.idleTimeout {
                    log.debug("client \(client.number) idle without a subscription; closing it")
                    disconnect(client, reason: "idle")
                }
            }
            sweepIdleClients()
        }
    }

    /// Sends `message` with the value `group` watches, streamed when it holds a large part of the
    /// grid; returns the refusal when that would pass the budget of unread streamed replies.
    private func sendValue(of group: SubscriptionGroup, to client: Client, ignoringBudget: Bool = false, _ message: (JSON) -> ServerMessage) -> ProtocolError? {
        guard let frame = replyFrame(of: group, message) else { return noSuchPath(group.path) }
        guard ignoringBudget || frame.fits(replyBudget) else { return tooLarge(group) }
        enqueue(frame, to: client)
        return nil
    }

    private func replyFrame(of group: SubscriptionGroup, _ message: (JSON) -> ServerMessage) -> StateRenderer.ReplyFrame? {
        renderer.replyFrame(of: store.state, at: group.path, window: group.viewport, streamingAbove: Server.streamingThreshold, message: message)
    }

    private func enqueue(_ frame: StateRenderer.ReplyFrame, to client: Client) {
        guard isConnected(client) else { return }
        switch frame {
        case .whole(let bytes): client.enqueue([bytes])
        case .stream(let stream): client.enqueue(StreamedReply(stream, budget: replyBudget))
        }
        markForWriting(client)
    }

    private func tooLarge(_ group: SubscriptionGroup) -> ProtocolError {
        ProtocolError(
            .limitExceeded,
            "large replies that wait to be read already owe \(replyBudget.owed >> 20) MiB, near the \(replyBudget.limit >> 20) MiB lifed keeps for them; read them first, or ask for a part: a window of the grid (a subscription with a viewport) or a path inside it such as /simulation/gridState/grid/cells/0")
    }

    private func noSuchPath(_ path: JSONPointer) -> ProtocolError {
        ProtocolError(.noSuchPath, "nothing in the state at \(JSON.string(path.description).preview)", member: "path")
    }

    private func noSuchSubscription(_ id: JSON?) -> ProtocolError {
        ProtocolError(.invalidArgument, "no subscription has id \((id ?? .null).preview)", member: "id")
    }

    /// The group's value now: the state at its path, the grid windowed by its viewport.
    func statusInfo() -> [String: JSON] {
        let state = store.state
        let uptime = MonotonicClock.now - startedAt
        return [
            "pid": .int(Int(getpid())),
            "server": .string("lifed \(LifeVersion.current)"),
            "version": .int(store.version),
            "uptimeMs": .int(DurationText.milliseconds(of: uptime)),
            "clients": .int(clients.count),
            "subscriptions": .int(subscriptions.count),
            "resyncs": .int(totalResyncs),
            "bytesSent": .int(clients.values.reduce(bytesSentToDeparted) { $0 + $1.bytesWritten }),
            "socket": .string(options.socketPath),
            "storage": storageInfo,
            "publisher": [
                "patches": .int(publisher.work.patches), "gridComparisons": .int(publisher.work.gridComparisons),
                "cellsRendered": .int(publisher.work.cellsRendered), "streamedReplyBytesOwed": .int(replyBudget.owed),
            ],
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

    /// Whether changes are being saved (see ``Durability/statusJSON``), or `{"saving": "off"}` with `--ephemeral`.
    private var storageInfo: JSON {
        durability?.statusJSON ?? ["saving": "off"]
    }

    // MARK: Publishing

    /// Sends the change to every subscription whose value changed: one diff per group of
    /// subscriptions that watch the same path and viewport, built and encoded once, its bytes
    /// shared. Groups whose every member waits for a resync are skipped, and with no
    /// subscriptions nothing is computed at all.
    private func publish(old: AppState, version: Int) {
        let live = subscriptions.groups.filter { group in
            subscriptions.members(of: group).contains { subscriptions[$0]?.needsResync == false }
        }
        guard !live.isEmpty else { return }
        // A diff larger than a client may buffer is replaced by a fresh snapshot, which is streamed.
        let patches = publisher.patches(from: old, to: store.state, for: live, limit: options.clientBuffer)
        for group in patches.oversized {
            for key in subscriptions.members(of: group) {
                guard var subscription = subscriptions[key], !subscription.needsResync else { continue }
                subscription.needsResync = true
                subscriptions[key] = subscription
                if let client = clientsByNumber[key.connection], client.pendingBytes == 0 { resyncIfNeeded(client, because: .largeChange) }
            }
        }
        for (group, patch) in patches.encoded {
            let diff = SharedDiff(encodedPatch: patch, version: version)
            for key in subscriptions.members(of: group) {
                guard var subscription = subscriptions[key], !subscription.needsResync,
                    let client = clientsByNumber[key.connection], isConnected(client)
                else { continue }
                if client.pendingBytes > options.clientBuffer {
                    // The watcher cannot keep up: drop its diffs, and resynchronise it once it drains.
                    // Its requests wait too, so that a pong still follows everything before it.
                    subscription.needsResync = true
                    subscriptions[key] = subscription
                    if !client.isReadPaused && !client.isClosing { pauseReading(client) }
                    continue
                }
                let head = diff.head(id: subscription.id, base: subscription.lastVersion)
                subscription.lastVersion = version
                subscriptions[key] = subscription
                enqueue(head, diff.sharedTail, to: client)
            }
        }
    }

    /// Whether one of the client's subscriptions waits for a fresh snapshot.
    private func hasPendingResync(_ client: Client) -> Bool {
        subscriptions.keys(of: client.number).contains { subscriptions[$0]?.needsResync == true }
    }

    /// Why a subscription gets a fresh snapshot instead of a diff.
    private enum ResyncReason {
        /// Its client fell behind and diffs were dropped.
        case fellBehind
        /// The change was larger than the client may buffer (a dense world's whole grid).
        case largeChange
    }

    private func resyncIfNeeded(_ client: Client, because reason: ResyncReason = .fellBehind) {
        for key in subscriptions.keys(of: client.number) {
            guard var subscription = subscriptions[key], subscription.needsResync else { continue }
            subscription.needsResync = false
            subscription.lastVersion = store.version
            subscriptions[key] = subscription
            client.resyncs += 1
            totalResyncs += 1
            let what = subscription.group.path.description.isEmpty ? "the whole state" : subscription.group.path.description
            switch reason {
            case .fellBehind: log.info("client \(client.number) fell behind; resynchronised \(what)")
            case .largeChange: log.debug("client \(client.number): a change of \(what) too large for a diff; sent a snapshot")
            }
            // At most one per subscription, once the client has drained its queue: not refused.
            let version = store.version
            _ = sendValue(of: subscription.group, to: client, ignoringBudget: true) {
                .snapshot(id: subscription.id, version: version, path: subscription.group.path.description, value: $0, resync: true)
            }
        }
    }

    // MARK: Shutdown

    /// Says goodbye to every client and writes what it can for up to `grace`, without blocking on any one.
    func shutdown(grace: Duration = .milliseconds(500)) {
        let bye = Frame.encode(ServerMessage.bye(reason: "shutdown").json)
        for client in clients.values { client.enqueue([bye]) }
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
        acceptor?.stop()
        close(listener)
        floodLog.flush()
    }
}

extension StateRenderer.ReplyFrame {
    /// Whether the frame may be queued: a whole one always, a streamed one within the budget.
    func fits(_ budget: ReplyBudget) -> Bool {
        switch self {
        case .whole: return true
        case .stream(let stream): return budget.allows(stream.count)
        }
    }
}
