import LifeDaemon
import LifeScheduling
import LifeSystem
import LifeStore
import Protocol

/// Serves the store to clients: the composition of the connections, the routing of their
/// requests, publishing the changes, and the turn's commit, and the event loop's hooks that
/// drive them.
///
/// Everything here runs on the one event loop, so a diff for version V is queued to every
/// subscriber before any later request is answered. Each turn of the loop, before it sleeps
/// (Redis's `beforeSleep`), the turn's commit saves the turn's changes and releases the replies
/// that waited for it, and only then are the clients' replies written (``endOfTurn()``).
///
/// - ``Connections``: admission, reading and framing, each client's bounded output.
/// - ``RequestRouter``: each request, to the store or answered from the state.
/// - ``Publishing``: every change to the subscriptions, as the store's last middleware.
/// - ``TurnCommit``: the turn's commit, rollback and retries, the store's first middleware, and
///   the only one that reaches the journal (``Durability``); nil with `--ephemeral`.
final class Server {
    let connections: Connections
    let router: RequestRouter
    let publishing: Publishing
    let commit: TurnCommit?
    let store: Store<AppState, AppAction>
    let loop: EventLoop
    /// How the timer keeps up: `status`'s `timer`.
    let timerMeter: TimerMeter
    /// What the hello announces.
    let limits: ServerLimits

    init(
        loop: EventLoop, store: Store<AppState, AppAction>, listener: Int32, options: DaemonOptions, log: Logger,
        commit: TurnCommit?, admission: Admission, timerMeter: TimerMeter
    ) {
        self.timerMeter = timerMeter
        let renderer = StateRenderer()
        let connections = Connections(loop: loop, listener: listener, options: options, log: log, admission: admission)
        let publishing = Publishing(renderer: renderer, connections: connections, store: store, log: log)
        let status = StatusReport(
            store: store, connections: connections, publishing: publishing, commit: commit, options: options, startedAt: MonotonicClock.now,
            timerMeter: timerMeter)
        router = RequestRouter(
            store: store, connections: connections, publishing: publishing, renderer: renderer, commit: commit, status: status, loop: loop, log: log)
        self.connections = connections
        self.publishing = publishing
        let subscriptionLimits = publishing.fanout.subscriptions.limits
        limits = ServerLimits(
            maxFrame: options.maxFrame, subscriptionsPerConnection: subscriptionLimits.perConnection, renderGroups: subscriptionLimits.groups,
            idleTimeoutMs: DurationText.milliseconds(of: options.idleTimeout), frameTimeoutMs: DurationText.milliseconds(of: options.frameTimeout))
        self.commit = commit
        self.store = store
        self.loop = loop
    }

    func start() throws(SystemError) {
        try connections.start(delegate: self)
        loop.addBeforeSleep { [unowned self] in endOfTurn() }
        connections.sweepIdleClients()
    }

    var clientCount: Int { connections.clientCount }

    /// Once per turn of the event loop, before it waits again: the turn's commit saves the turn's
    /// changes and releases the acknowledgements that waited for it (see ``TurnCommit``), then
    /// every client with output is written. So no acknowledgement leaves before its change is on disk.
    func endOfTurn() {
        commit?.endOfTurn(releasingHeld: { connections.releaseHeld(failure: $0) })
        connections.writePending()
    }

    /// Says goodbye to every client, and stops listening.
    func shutdown() {
        connections.shutdown()
    }
}

extension Server: ConnectionsDelegate {
    func connected(_ client: Client) {
        connections.send(
            .hello(protocolVersion: ServerMessage.protocolVersion, server: "lifed \(LifeVersion.current)", version: store.version, limits: limits),
            to: client)
    }

    func received(_ frame: [UInt8], from client: Client) {
        router.handleRequest(frame, from: client)
    }

    func awaitsResync(_ client: Client) -> Bool {
        publishing.fanout.hasPendingResync(connection: client.number)
    }

    func drained(_ client: Client) {
        publishing.resyncIfNeeded(client)
    }

    func isSubscribed(_ client: Client) -> Bool {
        !publishing.fanout.subscriptions.keys(of: client.number).isEmpty
    }

    func disconnected(_ client: Client) {
        publishing.fanout.subscriptions.removeConnection(client.number)
    }
}
