import LifeJSON
import Protocol

/// Every subscription of every connection, grouped by what they watch, within limits.
///
/// A subscription is keyed by its connection and the id it was made with (`null` for none).
/// The table knows each one's group, the version of the last snapshot or diff it was sent, and
/// whether its diffs were dropped (it then gets a fresh snapshot once its connection drains).
public struct SubscriptionTable {
    /// How many subscriptions there may be.
    public struct Limits: Equatable, Sendable {
        /// Subscriptions one connection may hold at once.
        public var perConnection: Int
        /// Distinct things (path and viewport) watched across all connections.
        public var groups: Int

        public init(perConnection: Int = 64, groups: Int = 4096) {
            self.perConnection = perConnection
            self.groups = groups
        }
    }

    /// A subscription's key: its connection's number and its id.
    public struct Key: Hashable, Sendable {
        public var connection: Int
        public var id: JSON

        public init(connection: Int, id: JSON) {
            self.connection = connection
            self.id = id
        }
    }

    /// One subscription.
    public struct Subscription: Equatable, Sendable {
        /// The id it was made with (nil for none).
        public let id: JSON?
        /// The id as JSON text, made once: every diff's head holds it.
        public let encodedID: [UInt8]?
        public var group: SubscriptionGroup
        /// The version of the last snapshot or diff sent for it.
        public var lastVersion: Int
        /// Whether diffs were dropped because its connection fell behind.
        public var needsResync = false

        init(id: JSON?, group: SubscriptionGroup, lastVersion: Int) {
            self.id = id
            encodedID = id?.encoded()
            self.group = group
            self.lastVersion = lastVersion
        }
    }

    public let limits: Limits
    private var subscriptions: [Key: Subscription] = [:]
    /// How many subscriptions wait for a resync.
    private var waitingForResync = 0
    private var byConnection: [Int: Set<Key>] = [:]
    private var members: [SubscriptionGroup: Set<Key>] = [:]

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// The number of subscriptions.
    public var count: Int { subscriptions.count }

    /// The groups watched now.
    public var groups: Dictionary<SubscriptionGroup, Set<Key>>.Keys { members.keys }

    /// Whether any subscription waits for a resync (when none does, every group is sent each change).
    public var anyWaitsForResync: Bool { waitingForResync > 0 }

    /// The subscriptions that watch `group`.
    public func members(of group: SubscriptionGroup) -> Set<Key> { members[group] ?? [] }

    /// The subscription with `key`, if any; setting it updates its version and resync mark (not its group).
    public subscript(key: Key) -> Subscription? {
        get { subscriptions[key] }
        set {
            guard let newValue, let old = subscriptions[key], old.group == newValue.group else { return }
            subscriptions[key] = newValue
            waitingForResync += (newValue.needsResync ? 1 : 0) - (old.needsResync ? 1 : 0)
        }
    }

    /// Changes the subscription with `key`, if any, in place: its version and resync mark, not
    /// its group. One lookup, where reading it and setting it back are two (a busy tick updates
    /// every subscription).
    public mutating func update(_ key: Key, _ body: (inout Subscription) -> Void) {
        guard let index = subscriptions.index(forKey: key) else { return }
        let (group, waited) = (subscriptions.values[index].group, subscriptions.values[index].needsResync)
        body(&subscriptions.values[index])
        // As through the subscript: the group changes only through a move.
        if subscriptions.values[index].group != group { subscriptions.values[index].group = group }
        waitingForResync += (subscriptions.values[index].needsResync ? 1 : 0) - (waited ? 1 : 0)
    }

    /// The keys of one connection's subscriptions.
    public func keys(of connection: Int) -> Set<Key> { byConnection[connection] ?? [] }

    /// Adds a subscription, or replaces the one with the same id. `limit-exceeded` when the
    /// connection holds its limit of subscriptions, or the group is new and there are as many
    /// groups as allowed.
    public mutating func subscribe(connection: Int, id: JSON?, group: SubscriptionGroup, version: Int) throws(ProtocolError) {
        let key = Key(connection: connection, id: id ?? .null)
        let replacing = subscriptions[key] != nil
        if !replacing, (byConnection[connection]?.count ?? 0) >= limits.perConnection {
            throw ProtocolError(
                .limitExceeded,
                "this connection already holds \(limits.perConnection) subscriptions, the most one connection may; unsubscribe one, or reuse an id to replace its subscription")
        }
        try checkRoom(for: group, replacing: replacing ? subscriptions[key]?.group : nil)
        remove(key)
        subscriptions[key] = Subscription(id: id, group: group, lastVersion: version)
        byConnection[connection, default: []].insert(key)
        members[group, default: []].insert(key)
    }

    /// Moves a subscription to another group (a new viewport), as a fresh start at `version`.
    public mutating func move(_ key: Key, to group: SubscriptionGroup, version: Int) throws(ProtocolError) {
        guard let subscription = subscriptions[key] else {
            throw ProtocolError(.invalidArgument, "no subscription has id \(key.id.preview)")
        }
        try checkRoom(for: group, replacing: subscription.group)
        remove(key)
        subscriptions[key] = Subscription(id: subscription.id, group: group, lastVersion: version)
        byConnection[key.connection, default: []].insert(key)
        members[group, default: []].insert(key)
    }

    /// Removes one subscription; false when there was none.
    @discardableResult
    public mutating func unsubscribe(_ key: Key) -> Bool {
        guard subscriptions[key] != nil else { return false }
        remove(key)
        return true
    }

    /// Removes every subscription of a connection (it closed).
    public mutating func removeConnection(_ connection: Int) {
        for key in byConnection[connection] ?? [] { remove(key) }
        byConnection[connection] = nil
    }

    private func checkRoom(for group: SubscriptionGroup, replacing old: SubscriptionGroup?) throws(ProtocolError) {
        guard members[group] == nil else { return }
        // Replacing the only member of a group frees that group.
        let freed = old.map { members[$0]?.count == 1 } == true
        if members.count - (freed ? 1 : 0) >= limits.groups {
            throw ProtocolError(
                .limitExceeded,
                "lifed already serves \(limits.groups) different subscriptions (paths and viewports), the most it keeps; watch the same path and viewport as another client, or try later")
        }
    }

    private mutating func remove(_ key: Key) {
        guard let old = subscriptions.removeValue(forKey: key) else { return }
        if old.needsResync { waitingForResync -= 1 }
        byConnection[key.connection]?.remove(key)
        if byConnection[key.connection]?.isEmpty == true { byConnection[key.connection] = nil }
        members[old.group]?.remove(key)
        if members[old.group]?.isEmpty == true { members[old.group] = nil }
    }
}
