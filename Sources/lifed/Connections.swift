import Glibc
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
        delegate.disconnected(client)
        loop.unwatch(client.fd)
        try? FileDescriptor(rawValue: client.fd).close()
        log.debug("client \(client.number) left: \(reason) (\(clients.count) remain)")
    }

    /// Closes connections that stalled mid-frame or sat idle without a subscription, once a second.
    func sweepIdleClients() {
        _ = loop.schedule(after: .seconds(1)) { [weak self] in
            guard let self else { return }
            let now = loop.now
            for client in Array(clients.all) where !client.isClosing {
                let quiet = now - client.input.lastActivity
                // A frame must arrive whole within the frame timeout of its first byte (while
                // lifed is reading: a client whose reading is paused may be stuck behind us).
                if !client.isReadPaused, client.input.hasStalled(at: now, timeout: options.frameTimeout) {
                    log.info("client \(client.number) did not finish a frame within \(options.frameTimeout); closing it")
                    send(.error(id: nil, ProtocolError(.badFrame, "a frame took over \(options.frameTimeout) to arrive; closing")), to: client)
                    closeAfterFlush(client)
                } else if !delegate.isSubscribed(client), client.pendingBytes == 0, quiet > options.idleTimeout {
                    log.debug("client \(client.number) idle without a subscription; closing it")
                    disconnect(client, reason: "idle")
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
