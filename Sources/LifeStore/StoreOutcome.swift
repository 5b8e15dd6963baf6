import Protocol

/// What became of one action a ``Store`` ran (``Store/Outcome``).
///
/// A type of its own rather than one nested in the generic store: nested, it would be generic
/// too, and the store (compiled once for every state and action) would look its metadata up at
/// run time for every action.
public enum StoreOutcome: Equatable {
    /// The action changed the state; `version` is the new version.
    case changed(version: Int)
    /// The action was allowed but changed nothing; `version` is unchanged.
    case unchanged(version: Int)
    /// The reducer refused it; nothing changed.
    case refused(ProtocolError)

    /// The version after the action, unless it was refused.
    public var version: Int? {
        switch self {
        case .changed(let v), .unchanged(let v): return v
        case .refused: return nil
        }
    }
}
