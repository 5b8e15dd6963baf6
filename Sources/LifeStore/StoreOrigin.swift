import Protocol

/// Where an action a ``Store`` ran came from (``Store/Origin``): sent to the store from outside
/// (a client's dispatch, the daemon at start-up), by a sender the hooks may name in a log, or
/// delivered by one of the store's effects (a timer tick, a fetch's answer).
///
/// A type of its own rather than one nested in the generic store, for the reason
/// ``StoreOutcome`` gives.
public struct StoreOrigin: Equatable, Sendable {
    /// Whether one of the store's effects delivered the action.
    public let isEffect: Bool
    /// Who sent it, as ``Store/send(_:from:author:)`` was told ("client 3"); nil for
    /// ``Store/send(_:)`` and effects.
    public let sender: String?
    /// Who sent it, as the history records it (a client's credentials and name); nil for effects.
    public let author: Author?

    private init(isEffect: Bool, sender: String?, author: Author? = nil) {
        self.isEffect = isEffect
        self.sender = sender
        self.author = author
    }

    /// Sent from outside, by a sender without a name.
    public static var sent: StoreOrigin { StoreOrigin(isEffect: false, sender: nil) }
    /// Delivered by one of the store's effects.
    public static var effect: StoreOrigin { StoreOrigin(isEffect: true, sender: nil) }
    /// Sent from outside by `sender`.
    public static func sent(by sender: String, author: Author? = nil) -> StoreOrigin {
        StoreOrigin(isEffect: false, sender: sender, author: author)
    }
}
