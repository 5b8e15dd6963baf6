import LifeDaemon
import LifeStore
import Protocol

/// The server as the store's middleware: every change, and every state put back after a failed
/// save, is published to the subscriptions (the ``Fanout`` decides what each is sent; the server
/// queues it, stops reading clients that fell behind, and logs resyncs); actions from effects
/// that were refused are logged, and a jump's end refused while saving fails is kept.
extension Server: StoreMiddleware {
    typealias State = AppState
    typealias Action = AppAction

    func didChange(from old: AppState, to new: AppState, action: AppAction, origin: Store<AppState, AppAction>.Origin, version: Int) {
        publish(from: old, to: new, version: version)
    }

    func didRestore(from old: AppState, to new: AppState, version: Int) {
        publish(from: old, to: new, version: version)
    }

    func didRun(_ action: AppAction, origin: Store<AppState, AppAction>.Origin, outcome: Store<AppState, AppAction>.Outcome) {
        guard origin.isEffect else { return }
        effectRan(action, outcome)
    }

    /// An action an effect delivered (a tick, a fetch's answer) and what became of it.
    func effectRan(_ action: AppAction, _ outcome: Store<AppState, AppAction>.Outcome) {
        // While saving fails every tick is refused; the failure itself is logged once.
        if case .refused(let error) = outcome, error.code != .storageFailed {
            log.warning("\(action.typeName) from an effect refused: \(error.message)")
        }
        // A jump's result is not computed again: it is kept until saving works.
        if case .refused(let error) = outcome, error.code == .storageFailed, case .simulation(.grid(.jumpFinished)) = action {
            refusedJumpEnd = action
        }
    }

    // MARK: Publishing

    /// Sends the change to every subscription whose value changed (see ``Fanout``).
    private func publish(from old: AppState, to new: AppState, version: Int) {
        deliver(fanout.publish(from: old, to: new, version: version) { [clientsByNumber] in clientsByNumber[$0]?.reader })
    }

    /// Once `client` has drained its output: a fresh snapshot of each subscription whose diffs were dropped.
    func resyncIfNeeded(_ client: Client) {
        deliver(fanout.resyncIfNeeded(connection: client.number, state: store.state, version: store.version))
    }

    private func deliver(_ deliveries: [Fanout.Delivery]) {
        for delivery in deliveries {
            guard let client = clientsByNumber[delivery.connection] else { continue }
            switch delivery {
            case .diff(_, let head, let sharedTail):
                enqueue(head, sharedTail, to: client)
            case .snapshot(_, let path, let reason, let frame):
                client.resyncs += 1
                let what = path.description.isEmpty ? "the whole state" : path.description
                switch reason {
                case .fellBehind: log.info("client \(client.number) fell behind; resynchronised \(what)")
                case .largeChange: log.debug("client \(client.number): a change of \(what) too large for a diff; sent a snapshot")
                }
                // At most one per subscription, once the client has drained its queue: not refused.
                if let frame { enqueue(frame, to: client) }
            case .pauseReading:
                // Its requests wait too, so that a pong still follows everything before it.
                pauseReading(client)
            }
        }
    }
}

extension Client {
    /// What publishing needs to know of the client.
    var reader: Fanout.Reader {
        Fanout.Reader(pendingBytes: pendingBytes, isReadPaused: isReadPaused, isClosing: isClosing)
    }
}
