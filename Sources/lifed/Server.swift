import CLinux
import Glibc
import LifeDaemon
import LifeIO
import LifeJSON
import LifeStorage
import LifeStore
import Protocol

/// Serves the store to clients: accepts connections, answers requests in order, and
/// publishes every state change as a diff to each subscription.
///
/// Everything here runs on the one event loop, so a diff for version V is queued to every
/// subscriber before any later request is answered, and no client can block another:
/// sockets are non-blocking and each client's output is buffered with a bound.
///
/// This file holds the connections and their output; the server's other parts are in files of
/// their own: the requests (ServerRequests.swift), publishing changes as the store's middleware
/// (ServerPublishing.swift), the end of each turn of the loop, where the turn's changes are saved
/// and then the clients' output written (ServerEndOfTurn.swift), `status` (ServerStatus.swift)
/// and shutdown (ServerShutdown.swift).
final class Server {
    let loop: EventLoop
    let store: Store<AppState, AppAction>
    let listener: Int32
    let options: DaemonOptions
    let log: Logger
    private(set) var clients: [Int32: Client] = [:]
    /// The same clients by number, the key of their subscriptions.
    private(set) var clientsByNumber: [Int: Client] = [:]
    private var nextClientNumber = 1
    let startedAt = MonotonicClock.now
    /// Renders what get and subscriptions ask for, building only what a path needs.
    let renderer = StateRenderer()
    /// Every connection's subscriptions, within limits, and what each change sends them.
    var fanout: Fanout
    /// What unread streamed replies may owe their readers in all.
    let replyBudget = ReplyBudget(limit: Server.streamedReplyBudget)
    /// A reply whose value holds more of the grid's cells than this is streamed.
    static let streamingThreshold = 256 * 1024
    /// The most bytes all unread streamed replies may owe: 15 whole 4096 x 4096 grids.
    static let streamedReplyBudget = 256 << 20
    /// Bytes written to clients that have left (those still connected count their own).
    private(set) var bytesSentToDeparted = 0
    /// Saves the state; nil with `--ephemeral`.
    let durability: Durability?
    /// Which new connections are served, and what the others are told.
    let admission: Admission
    /// Clients with output queued during this turn of the loop. Nothing is written while the turn
    /// runs: at its end (``endOfTurn()``) the turn's changes are saved, then each of these clients
    /// gets one write (a thousand pipelined acks are one `sendmsg`, not a thousand).
    var clientsToWrite: [Client] = []
    /// Clients holding an acknowledgement until the turn's save.
    var clientsHolding: [Client] = []
    /// Whether a retry of a failed save is scheduled.
    var isRetryScheduled = false
    /// A jump's end that came while saving failed (and was refused): sent again once saving works.
    var refusedJumpEnd: AppAction?
    /// Accepts connections, a bounded number per turn, and answers them `busy` when lifed is out of descriptors.
    private(set) var acceptor: Acceptor?
    /// Lines that a flood of connections would repeat without end: a few of a kind, then a count.
    let floodLog: RateLimitedLog

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
        fanout = Fanout(renderer: renderer, clientBuffer: options.clientBuffer, streamingThreshold: Server.streamingThreshold)
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
            let count = retryingInterrupted { buffer.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) } }
            if count == 0 {
                // The client is done sending; it may still be reading, so write what it is owed first.
                client.isClosing = true
                processFrames(client, atEndOfInput: true)
                return closeAfterFlush(client)
            }
            if count < 0 {
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
            if client.pendingBytes > options.clientBuffer || fanout.hasPendingResync(connection: client.number) {
                // Replies pile up unread: stop reading until the client catches up.
                pauseReading(client)
                return
            }
        }
    }

    func pauseReading(_ client: Client) {
        // Tests wait for this line (at debug level) rather than for a while.
        if !client.isReadPaused { log.debug("client \(client.number): \(client.pendingBytes) bytes of replies unread; reading paused") }
        client.isReadPaused = true
        loop.change(client.fd, to: .writable)
    }

    func closeAfterFlush(_ client: Client) {
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
    func isConnected(_ client: Client) -> Bool { clients[client.fd] === client }

    func disconnect(_ client: Client, reason: String) {
        guard isConnected(client) else { return }
        clients[client.fd] = nil
        clientsByNumber[client.number] = nil
        fanout.subscriptions.removeConnection(client.number)
        bytesSentToDeparted += client.bytesWritten
        loop.unwatch(client.fd)
        close(client.fd)
        log.debug("client \(client.number) left: \(reason) (\(clients.count) remain)")
    }

    // MARK: Output

    func send(_ message: ServerMessage, to client: Client) {
        enqueue(Frame.encode(message.json), to: client)
    }

    func enqueue(_ parts: [UInt8]..., to client: Client) {
        guard isConnected(client) else { return }
        client.enqueue(parts)
        markForWriting(client)
    }

    /// Queues a reply whose value is a part of the state: whole, or streamed as the socket drains.
    func enqueue(_ frame: StateRenderer.ReplyFrame, to client: Client) {
        guard isConnected(client) else { return }
        switch frame {
        case .whole(let bytes): client.enqueue([bytes])
        case .stream(let stream): client.enqueue(StreamedReply(stream, budget: replyBudget))
        }
        markForWriting(client)
    }

    /// Holds the acknowledgement of a change until the turn's save says whether it is on disk.
    func holdAcknowledgement(id: JSON?, version: Int, for client: Client) {
        if client.held.isEmpty { clientsHolding.append(client) }
        client.holdAcknowledgement(id: id, version: version)
        markForWriting(client)
    }

    func markForWriting(_ client: Client) {
        guard !client.isMarkedForWriting else { return }
        client.isMarkedForWriting = true
        clientsToWrite.append(client)
    }

    /// Writes what the socket takes now and watches for writability for the rest.
    func startWriting(_ client: Client) {
        guard client.flush() else { return disconnect(client, reason: "write failed") }
        if client.pendingBytes > 0 {
            loop.change(client.fd, to: client.isClosing || client.isReadPaused ? .writable : [.readable, .writable])
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
                } else if fanout.subscriptions.keys(of: client.number).isEmpty, client.pendingBytes == 0, quiet > options.idleTimeout {
                    log.debug("client \(client.number) idle without a subscription; closing it")
                    disconnect(client, reason: "idle")
                }
            }
            sweepIdleClients()
        }
    }
}
