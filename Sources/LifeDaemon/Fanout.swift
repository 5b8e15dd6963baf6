import LifeJSON
import Protocol

/// Decides what every subscription is sent when the state changes, and when a client that fell
/// behind has drained its output: the daemon's publishing, as values, without sockets.
///
/// It holds the subscriptions (``subscriptions``) and works on what the server tells it of each
/// client (a ``Reader``: its pending bytes, whether its reading is paused or its connection
/// closing); it answers with ``Delivery`` values, in order, that the server carries out (queue
/// bytes, stop reading a client, log).
///
/// - A change reaches each group of subscriptions that watch the same path and viewport as one
///   diff, computed and encoded once (``Publisher``); every member is sent the same bytes behind
///   a head of its own (``SharedDiff``), with the version it was last sent as its `base`.
/// - A client with more than ``clientBuffer`` bytes waiting is not sent the diff: its
///   subscription is marked for a resync and its reading paused (its requests wait too, so that
///   a pong still follows everything before it). Once it has drained, the server asks for
///   ``resyncIfNeeded(connection:state:version:)``: a fresh snapshot of each marked subscription.
/// - A change whose diff for a group would be larger than ``clientBuffer`` (a dense world's
///   whole grid) becomes a snapshot, which can be streamed: sent at once to a client with
///   nothing waiting, after it drains to the others.
/// - Groups whose every member waits for a resync are not computed at all.
public struct Fanout {
    /// A client, as far as publishing is concerned.
    public struct Reader: Equatable, Sendable {
        /// Bytes queued (or held) for it and not yet written.
        public var pendingBytes: Int
        /// Whether the server stopped reading its requests until it drains.
        public var isReadPaused: Bool
        /// Whether its connection closes once its output is written (nothing more is read).
        public var isClosing: Bool

        public init(pendingBytes: Int, isReadPaused: Bool = false, isClosing: Bool = false) {
            self.pendingBytes = pendingBytes
            self.isReadPaused = isReadPaused
            self.isClosing = isClosing
        }
    }

    /// Why a subscription gets a fresh snapshot instead of a diff.
    public enum ResyncReason: Equatable, Sendable {
        /// Its client fell behind and diffs were dropped.
        case fellBehind
        /// The change was larger than a client may buffer (a dense world's whole grid).
        case largeChange
    }

    /// One thing for the server to do, for the client of a connection.
    public enum Delivery {
        /// A diff: the subscriber's own head, then the tail every member of its group shares
        /// (one array, to be referenced by each queue, not copied).
        case diff(connection: Int, head: [UInt8], sharedTail: [UInt8])
        /// A fresh snapshot (`resync: true`) of the subscription at `path`; `frame` is nil when
        /// nothing is at the path any more (nothing is sent, the subscription counts as resynchronised).
        case snapshot(connection: Int, path: JSONPointer, reason: ResyncReason, frame: StateRenderer.ReplyFrame?)
        /// Stop reading the client's requests until its output drains.
        case pauseReading(connection: Int)
    }

    /// Every subscription, with the version each was last sent and whether it waits for a resync.
    public var subscriptions: SubscriptionTable
    /// Computes each change's diffs (and counts the work, for `status`).
    public let publisher: Publisher
    private let renderer: StateRenderer
    /// The most bytes a client may have waiting and still be sent a diff; also the largest diff
    /// sent (a larger one is a snapshot).
    public let clientBuffer: Int
    /// A snapshot whose value holds more of the grid's cells than this is streamed.
    public let streamingThreshold: Int
    /// Subscriptions resynchronised so far.
    public private(set) var resyncs = 0

    public init(
        subscriptions: SubscriptionTable = SubscriptionTable(), renderer: StateRenderer, clientBuffer: Int, streamingThreshold: Int
    ) {
        self.subscriptions = subscriptions
        self.renderer = renderer
        publisher = Publisher(renderer: renderer)
        self.clientBuffer = clientBuffer
        self.streamingThreshold = streamingThreshold
    }

    /// What to send for the change from `old` to `new` (now at `version`). `reader` tells of a
    /// connection's client, nil when it is gone. Deliveries come in the order they are to be made;
    /// the pending bytes of each client are counted on as they are decided, so that a client
    /// that a first diff takes over its buffer is not sent a second.
    public mutating func publish(
        from old: AppState, to new: AppState, version: Int, reader: (Int) -> Reader?
    ) -> [Delivery] {
        let table = subscriptions
        // Usually no subscription waits for a resync, and every group is live without a look at its members.
        let live =
            table.anyWaitsForResync
            ? table.groups.filter { group in table.members(of: group).contains { table[$0]?.needsResync == false } } : Array(table.groups)
        guard !live.isEmpty else { return [] }
        var plan = Plan()
        var patches = publisher.patches(from: old, to: new, for: live, limit: clientBuffer)
        for group in patches.oversized {
            for key in subscriptions.members(of: group) {
                guard var subscription = subscriptions[key], !subscription.needsResync else { continue }
                subscription.needsResync = true
                subscriptions[key] = subscription
                if plan.reader(key.connection, lookUp: reader)?.pendingBytes == 0 {
                    resync(connection: key.connection, state: new, version: version, because: .largeChange, into: &plan)
                }
            }
        }
        for group in Array(patches.encoded.keys) {
            // Taken out of the table, so that the diff's tail is written after it in place.
            guard let patch = patches.encoded.removeValue(forKey: group) else { continue }
            let diff = SharedDiff(encodedPatch: patch, version: version)
            let clientBuffer = clientBuffer
            for key in subscriptions.members(of: group) {
                subscriptions.update(key) { subscription in
                    guard !subscription.needsResync, let client = plan.reader(key.connection, lookUp: reader) else { return }
                    if client.pendingBytes > clientBuffer {
                        subscription.needsResync = true
                        if !client.isReadPaused && !client.isClosing { plan.pauseReading(key.connection) }
                        return
                    }
                    let head = diff.head(encodedID: subscription.encodedID, base: subscription.lastVersion)
                    subscription.lastVersion = version
                    plan.append(.diff(connection: key.connection, head: head, sharedTail: diff.sharedTail), bytes: head.count + diff.sharedTail.count)
                }
            }
        }
        return plan.deliveries
    }

    /// Whether one of the connection's subscriptions waits for a fresh snapshot.
    public func hasPendingResync(connection: Int) -> Bool {
        subscriptions.keys(of: connection).contains { subscriptions[$0]?.needsResync == true }
    }

    /// A fresh snapshot of `state` (at `version`) for each of the connection's subscriptions that
    /// waits for one, which then continues from `version`. The server asks once the client's
    /// output has drained.
    public mutating func resyncIfNeeded(
        connection: Int, state: AppState, version: Int, because reason: ResyncReason = .fellBehind
    ) -> [Delivery] {
        var plan = Plan()
        resync(connection: connection, state: state, version: version, because: reason, into: &plan)
        return plan.deliveries
    }

    private mutating func resync(connection: Int, state: AppState, version: Int, because reason: ResyncReason, into plan: inout Plan) {
        for key in subscriptions.keys(of: connection) {
            guard var subscription = subscriptions[key], subscription.needsResync else { continue }
            subscription.needsResync = false
            subscription.lastVersion = version
            subscriptions[key] = subscription
            resyncs += 1
            let group = subscription.group
            let frame = renderer.replyFrame(of: state, at: group.path, window: group.viewport, streamingAbove: streamingThreshold) {
                .snapshot(id: subscription.id, version: version, path: group.path.description, value: $0, resync: true)
            }
            plan.append(.snapshot(connection: connection, path: group.path, reason: reason, frame: frame), bytes: frame?.count ?? 0)
        }
    }

    /// Deliveries decided so far, and each client as they leave it.
    private struct Plan {
        var readers: [Int: Reader] = [:]
        var deliveries: [Delivery] = []

        /// The connection's client as the deliveries so far leave it (`lookUp` tells how it was).
        mutating func reader(_ connection: Int, lookUp: (Int) -> Reader?) -> Reader? {
            if let known = readers[connection] { return known }
            let reader = lookUp(connection)
            readers[connection] = reader
            return reader
        }

        mutating func append(_ delivery: Delivery, bytes: Int) {
            deliveries.append(delivery)
            readers[delivery.connection]?.pendingBytes += bytes
        }

        mutating func pauseReading(_ connection: Int) {
            deliveries.append(.pauseReading(connection: connection))
            readers[connection]?.isReadPaused = true
        }
    }
}

extension Fanout.Delivery {
    /// The connection the delivery is for.
    public var connection: Int {
        switch self {
        case .diff(let connection, _, _), .snapshot(let connection, _, _, _), .pauseReading(let connection): return connection
        }
    }
}

extension StateRenderer.ReplyFrame {
    /// The frame's size in bytes, length prefix included.
    public var count: Int {
        switch self {
        case .whole(let bytes): return bytes.count
        case .stream(let stream): return stream.count
        }
    }
}
