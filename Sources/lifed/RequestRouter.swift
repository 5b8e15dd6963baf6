import LifeDaemon
import LifeSystem
import LifeJSON
import LifeStore
import Protocol

/// Routes each request a client sends: decodes it as a ``ClientRequest`` and answers it, as
/// Redis's `processCommand`: a dispatched action goes to the store, and its ack waits for the
/// turn's commit when the turn's commit holds replies (or its error is sent); `get`,
/// `subscribe`, `viewport`, `unsubscribe`, `configurations.read`, `ping`, `status` and
/// `shutdown` are answered here; replies whose value is a part of the state are streamed when
/// large, within the connections' budget of unread streamed replies.
final class RequestRouter {
    let store: Store<AppState, AppAction>
    let connections: Connections
    /// The subscriptions (in its ``Fanout``).
    let publishing: Publishing
    /// Renders what get and subscriptions ask for, building only what a path needs.
    let renderer: StateRenderer
    /// Whether acknowledgements wait for the turn's commit; nil with `--ephemeral`.
    let commit: TurnCommit?
    let status: StatusReport
    let loop: EventLoop
    let log: Logger

    /// A reply whose value holds more of the grid's cells than this is streamed.
    static let streamingThreshold = 256 * 1024

    init(
        store: Store<AppState, AppAction>, connections: Connections, publishing: Publishing, renderer: StateRenderer, commit: TurnCommit?,
        status: StatusReport, loop: EventLoop, log: Logger
    ) {
        self.store = store
        self.connections = connections
        self.publishing = publishing
        self.renderer = renderer
        self.commit = commit
        self.status = status
        self.loop = loop
        self.log = log
    }

    private var replyBudget: ReplyBudget { connections.replyBudget }

    private func send(_ message: ServerMessage, to client: Client) {
        connections.send(message, to: client)
    }

    private func enqueue(_ frame: StateRenderer.ReplyFrame, to client: Client) {
        connections.enqueue(frame, to: client)
    }

    func handleRequest(_ payload: [UInt8], from client: Client) {
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
            let peer = client.peer
            let outcome = store.send(action, from: "client \(client.number)", author: Author(uid: peer.uid, pid: peer.pid, name: request.client))
            switch outcome {
            case .changed(let version), .unchanged(let version):
                // An ack promises that the state at its version is on disk.
                if commit?.holdsReplies == true {
                    connections.holdAcknowledgement(id: id, version: version, for: client)
                } else {
                    send(.ack(id: id, version: version), to: client)
                }
            case .refused(let error):
                send(.error(id: id, error.nested(in: "action")), to: client)
            }

        case .get(let path, let viewport):
            guard renderer.exists(in: store.state, at: path, window: viewport) else {
                return send(.error(id: id, noSuchPath(path)), to: client)
            }
            let version = store.version
            let group = SubscriptionGroup(path: path, viewport: viewport)
            if let refusal = sendValue(of: group, to: client, { .state(id: id, version: version, path: path.description, value: $0) }) {
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
                try publishing.fanout.subscriptions.subscribe(connection: client.number, id: id, group: group, version: version)
            } catch {
                return send(.error(id: id, error), to: client)
            }
            enqueue(frame, to: client)

        case .viewport(let viewport):
            let key = SubscriptionTable.Key(connection: client.number, id: id ?? .null)
            guard let subscription = publishing.fanout.subscriptions[key] else {
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
                try publishing.fanout.subscriptions.move(key, to: group, version: store.version)
            } catch {
                return send(.error(id: id, error), to: client)
            }
            enqueue(frame, to: client)

        case .unsubscribe:
            guard publishing.fanout.subscriptions.unsubscribe(SubscriptionTable.Key(connection: client.number, id: id ?? .null)) else {
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
            send(.pong(id: id, version: store.version), to: client)

        case .status:
            send(.status(id: id, info: status.info()), to: client)

        case .shutdown:
            log.info("client \(client.number) asked for shutdown")
            send(.ack(id: id, version: store.version), to: client)
            // After this callback, so the ack is queued before the goodbyes.
            _ = loop.schedule(after: .zero) { [loop] in loop.stop() }
        }
    }

    /// Sends `message` with the value `group` watches, streamed when it holds a large part of the
    /// grid; returns the refusal when that would pass the budget of unread streamed replies.
    private func sendValue(of group: SubscriptionGroup, to client: Client, _ message: (JSON) -> ServerMessage) -> ProtocolError? {
        guard let frame = replyFrame(of: group, message) else { return noSuchPath(group.path) }
        guard frame.fits(replyBudget) else { return tooLarge(group) }
        enqueue(frame, to: client)
        return nil
    }

    private func replyFrame(of group: SubscriptionGroup, _ message: (JSON) -> ServerMessage) -> StateRenderer.ReplyFrame? {
        renderer.replyFrame(of: store.state, at: group.path, window: group.viewport, streamingAbove: RequestRouter.streamingThreshold, message: message)
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
