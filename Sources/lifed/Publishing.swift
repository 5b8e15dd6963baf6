import LifeDaemon
import LifeSystem
import LifeStore
import Protocol

/// Publishing changes, as the store's last middleware: every change, and every state put back
/// after a failed save, is sent to the subscriptions (the ``Fanout`` decides what each is sent;
/// this queues it on the connections, stops reading clients that fell behind, and logs resyncs);
/// and actions from effects that were refused are logged.
final class Publishing {
    /// Every connection's subscriptions, within limits, and what each change sends them.
    var fanout: Fanout
    let connections: Connections
    let store: Store<AppState, AppAction>
    let log: Logger

    init(renderer: StateRenderer, connections: Connections, store: Store<AppState, AppAction>, log: Logger) {
        fanout = Fanout(renderer: renderer, clientBuffer: connections.options.clientBuffer, streamingThreshold: RequestRouter.streamingThreshold)
        self.connections = connections
        self.store = store
        self.log = log
    }

    /// Sends the change to every subscription whose value changed (see ``Fanout``).
    private func publish(from old: AppState, to new: AppState, version: Int) {
        deliver(fanout.publish(from: old, to: new, version: version) { [clients = connections.clients] in clients[number: $0]?.reader })
    }

    /// Once `client` has drained its output: a fresh snapshot of each subscription whose diffs were dropped.
    func resyncIfNeeded(_ client: Client) {
        deliver(fanout.resyncIfNeeded(connection: client.number, state: store.state, version: store.version))
    }

    private func deliver(_ deliveries: [Fanout.Delivery]) {
        for delivery in deliveries {
            guard let client = connections.clients[number: delivery.connection] else { continue }
            switch delivery {
            case .diff(_, let head, let sharedTail):
                connections.enqueue(head, sharedTail, to: client)
            case .snapshot(_, let path, let reason, let frame):
                client.resyncs += 1
                let what = path.description.isEmpty ? "the whole state" : path.description
                switch reason {
                case .fellBehind: log.info("client \(client.number) fell behind; resynchronised \(what)")
                case .largeChange: log.debug("client \(client.number): a change of \(what) too large for a diff; sent a snapshot")
                }
                // At most one per subscription, once the client has drained its queue: not refused.
                if let frame { connections.enqueue(frame, to: client) }
            case .pauseReading:
                // Its requests wait too, so that a pong still follows everything before it.
                connections.pauseReading(client)
            }
        }
    }
}

extension Publishing: StoreMiddleware {
    typealias State = AppState
    typealias Action = AppAction

    func didChange(from old: AppState, to new: AppState, action: AppAction, origin: Store<AppState, AppAction>.Origin, version: Int) {
        publish(from: old, to: new, version: version)
    }

    func didRestore(from old: AppState, to new: AppState, version: Int) {
        publish(from: old, to: new, version: version)
    }

    /// An action an effect delivered (a tick, a fetch's answer) that was refused is logged; while
    /// saving fails every tick is refused, and the failure itself is logged once (a jump's end
    /// refused then is the turn's commit's to send again). A timer's beat refused while a tick is
    /// computed in the background is a skipped beat, as intended: `status` counts those.
    func didRun(_ action: AppAction, origin: Store<AppState, AppAction>.Origin, outcome: Store<AppState, AppAction>.Outcome) {
        guard origin.isEffect else { return }
        if case .refused(let error) = outcome, error.code != .storageFailed, !(action == .simulation(.tick) && error.refused == .jumpRunning) {
            log.warning("\(action.typeName) from an effect refused: \(error.message)")
        }
    }
}

extension Client {
    /// What publishing needs to know of the client.
    var reader: Fanout.Reader {
        Fanout.Reader(pendingBytes: pendingBytes, isReadPaused: isReadPaused, isClosing: isClosing)
    }
}
