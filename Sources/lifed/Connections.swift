import Glibc
import LifeDaemon
import LifeSystem
import Protocol

/// The server's clients, as Redis's networking.c: admitting connections, reading and framing
/// their requests, and each one's bounded output. What a frame asks and what each change sends
/// is the rest of the server's business (``ConnectionsDelegate``).
///
/// Sockets are non-blocking and each client's output is buffered with a bound, so no client can
/// block another. Nothing is written while a turn of the loop runs: output is queued, and the
/// clients with output are written once at the turn's end (``writePending()``), after the
/// turn's changes are saved; until then acknowledgements are held (``holdAcknowledgement(id:version:for:)``,
/// ``releaseHeld(failure:)``).
///
/// This file holds the clients and their admission; reading and framing, output, and shutdown
/// are in `Connections+Reading.swift`, `Connections+Output.swift` and `Connections+Shutdown.swift`.
final class Connections {
    let loop: EventLoop
    let options: DaemonOptions
    let log: Logger
    /// Lines that a flood of connections would repeat without end: a few of a kind, then a count.
    let floodLog: RateLimitedLog
    let listener: Int32
    /// Which new connections are served, and what the others are told.
    let admission: Admission
    /// Accepts connections, a bounded number per turn, and answers them `busy` when lifed is out of descriptors.
    private(set) var acceptor: Acceptor?
    private(set) var clients = ClientTable()
    /// Output waiting for the end of the turn: the clients to write, and those holding an acknowledgement.
    var pending = PendingOutput()
    /// What all clients' unfinished frames may hold in all (`--frame-budget`).
    var frameBudget: FrameBudget
    /// The clients waiting for room in the frame budget, in the order they began to wait.
    var budgetWaiters: [Client] = []
    /// The ticket of the next frame to begin (see ``Client/frameTicket``).
    var nextFrameTicket = 0
    /// What unread streamed replies may owe their readers in all.
    let replyBudget = ReplyBudget(limit: Connections.streamedReplyBudget)
    /// The rest of the server: what frames ask, and what subscriptions need (set by ``start(delegate:)``).
    private(set) var delegate: (any ConnectionsDelegate)!

    /// The most bytes all unread streamed replies may owe: 15 whole 4096 x 4096 grids.
    static let streamedReplyBudget = 256 << 20

    init(loop: EventLoop, listener: Int32, options: DaemonOptions, log: Logger, admission: Admission) {
        self.loop = loop
        self.listener = listener
        self.options = options
        self.log = log
        self.admission = admission
        frameBudget = FrameBudget(limit: options.frameBudget, maxFrame: options.maxFrame)
        floodLog = RateLimitedLog(log, scheduler: loop)
    }

    /// Starts accepting connections, and closing those that stall or idle.
    func start(delegate: any ConnectionsDelegate) throws(SystemError) {
        self.delegate = delegate
        let acceptor = Acceptor(
            listener: listener, loop: loop, refusalFrame: Frame.encode(ServerMessage.error(id: nil, Admission.outOfDescriptors).json),
            onConnection: { [unowned self] fd in admit(fd) }, onEvent: { [unowned self] event in Admission.log(event, to: floodLog, log) })
        try acceptor.start()
        self.acceptor = acceptor
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
        let client = clients.makeClient(fd: fd, maxFrameSize: options.maxFrame, now: loop.now)
        do {
            try loop.watch(fd, for: .readable) { [unowned self] events in handle(events, for: fd) }
        } catch {
            floodLog.log(.warning, "connections that could not be watched", "cannot watch a new client: \(error)")
            try? FileDescriptor(rawValue: fd).close()
            return
        }
        clients.add(client)
        log.debug("client \(client.number) connected (\(clients.count) in all)")
        delegate.connected(client)
    }

    private func handle(_ events: EventLoop.Events, for fd: Int32) {
        guard let client = clients[fd] else { return }
        // Not watched for reading while it waits for room, a client that hangs up is gone.
        if client.budgetWaitSince != nil, events.contains(.hangup), !events.contains(.readable) {
            return disconnect(client, reason: "hung up while its frame waited for room")
        }
        if events.contains(.writable) || events.contains(.error) {
            guard client.flush() else { return disconnect(client, reason: "write failed") }
            afterFlush(client)
            guard isConnected(client) else { return }
        }
        if events.contains(.readable) || events.contains(.hangup), !client.isClosing, !client.isReadPaused {
            readAvailable(client)
        }
    }

    /// Whether `client` is still connected (its descriptor number may since belong to another).
    func isConnected(_ client: Client) -> Bool { clients.contains(client) }

    func disconnect(_ client: Client, reason: String) {
        guard isConnected(client) else { return }
        clients.remove(client)
        client.frameTimer?.cancel()
        client.frameTimer = nil
        budgetInput(of: client)
        delegate.disconnected(client)
        loop.unwatch(client.fd)
        try? FileDescriptor(rawValue: client.fd).close()
        log.debug("client \(client.number) left: \(reason) (\(clients.count) remain)")
    }

    /// Closes connections that sat idle without a subscription, once a second, with a `bye`
    /// that says so. (A frame that takes too long to arrive has a timer of its own:
    /// ``armFrameTimer(_:)``.)
    func sweepIdleClients() {
        _ = loop.schedule(after: .seconds(1)) { [weak self] in
            guard let self else { return }
            let now = loop.now
            for client in Array(clients.all) where !client.isClosing && client.input.partialFrameSince == nil {
                let quiet = now - client.input.lastActivity
                if !delegate.isSubscribed(client), client.pendingBytes == 0, quiet > options.idleTimeout {
                    log.info("client \(client.number) idle for \(options.idleTimeout) without a subscription; closing it")
                    send(.bye(reason: "idle"), to: client)
                    closeAfterFlush(client)
                }
            }
            sweepIdleClients()
        }
    }
}

/// What the connections ask of the rest of the server (``Server``).
protocol ConnectionsDelegate: AnyObject {
    /// A new client is served: it is sent its hello.
    func connected(_ client: Client)
    /// A whole frame arrived from `client`: a request to answer.
    func received(_ frame: [UInt8], from client: Client)
    /// Whether a subscription of `client` waits for a resync (its requests then wait too).
    func awaitsResync(_ client: Client) -> Bool
    /// `client` has written all its output: the resyncs it waits for.
    func drained(_ client: Client)
    /// Whether `client` has a subscription (an idle one is kept then).
    func isSubscribed(_ client: Client) -> Bool
    /// `client` has left: its subscriptions go.
    func disconnected(_ client: Client)
}
