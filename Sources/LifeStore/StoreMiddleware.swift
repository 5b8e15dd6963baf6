import Protocol

/// Something that watches a store's actions and changes, and may refuse a change: the store's
/// middleware, as a Redux logger or saver is. The daemon installs its durability (which journals
/// every change, and refuses changes while it cannot save), its action log and its server (which
/// publishes every change to subscribers) as a list, in that order (``Store/install(_:)``).
///
/// Every hook does nothing unless a middleware implements it.
public protocol StoreMiddleware<State, Action> {
    associatedtype State: Equatable
    associatedtype Action

    /// Before the reducer runs `action` (whatever becomes of it).
    func willReduce(_ action: Action, origin: Store<State, Action>.Origin)
    /// A change the reducer made, before the store takes it: throwing refuses the action, and its
    /// change and effects are thrown away as for a reducer's refusal. Middleware after the one
    /// that throws is not asked.
    func approve(_ action: Action, origin: Store<State, Action>.Origin, old: State, new: State) throws(ProtocolError)
    /// The store took a change: `new` is its state now, at `version`.
    func didChange(from old: State, to new: State, action: Action, origin: Store<State, Action>.Origin, version: Int)
    /// The store put an earlier state back (``Store/restore(_:)``): `new` is its state now, at `version`.
    func didRestore(from old: State, to new: State, version: Int)
    /// An action has run (see ``Store/didRun``), with its outcome.
    func didRun(_ action: Action, origin: Store<State, Action>.Origin, outcome: Store<State, Action>.Outcome)
}

extension StoreMiddleware {
    public func willReduce(_ action: Action, origin: Store<State, Action>.Origin) {}
    public func approve(_ action: Action, origin: Store<State, Action>.Origin, old: State, new: State) throws(ProtocolError) {}
    public func didChange(from old: State, to new: State, action: Action, origin: Store<State, Action>.Origin, version: Int) {}
    public func didRestore(from old: State, to new: State, version: Int) {}
    public func didRun(_ action: Action, origin: Store<State, Action>.Origin, outcome: Store<State, Action>.Outcome) {}
}

extension Store {
    /// Hands the store's hooks to `middleware`: each hook calls every middleware in the order of
    /// the list (so the first to approve a change is the first told of it), and the first that
    /// refuses a change refuses the action. Replaces the hooks set before, but for
    /// ``didRunEffectAction``.
    public func install(_ middleware: [any StoreMiddleware<State, Action>]) {
        willReduce = { action, origin in
            for each in middleware { each.willReduce(action, origin: origin) }
        }
        approve = { action, origin, old, new throws(ProtocolError) in
            for each in middleware { try each.approve(action, origin: origin, old: old, new: new) }
        }
        didChange = { [unowned self] old, action, origin, version in
            for each in middleware { each.didChange(from: old, to: state, action: action, origin: origin, version: version) }
        }
        didRestore = { [unowned self] old, version in
            for each in middleware { each.didRestore(from: old, to: state, version: version) }
        }
        didRun = { action, origin, outcome in
            for each in middleware { each.didRun(action, origin: origin, outcome: outcome) }
        }
    }
}
