import Protocol

/// Something that watches a store's actions and changes, and may refuse a change: the store's
/// middleware, as a Redux logger or saver is. The daemon installs its turn's commit (through
/// which its durability journals every change, and which refuses changes while it cannot save),
/// its action log and its publishing (which sends every change to subscribers) as a list, in that
/// order (``Store/install(_:)``).
///
/// Every hook does nothing unless a middleware implements it.
public protocol StoreMiddleware<State, Action> {
    associatedtype State: Equatable
    associatedtype Action

    /// Before the reducer runs `action` (whatever becomes of it).
    func willReduce(_ action: Action, origin: StoreOrigin)
    /// A change the reducer made, before the store takes it: throwing refuses the action, and its
    /// change and effects are thrown away as for a reducer's refusal. Middleware after the one
    /// that throws is not asked.
    func approve(_ action: Action, origin: StoreOrigin, old: State, new: State) throws(ProtocolError)
    /// The store took a change: `new` is its state now, at `version`.
    func didChange(from old: State, to new: State, action: Action, origin: StoreOrigin, version: Int)
    /// The store put an earlier state back (``Store/restore(_:)``): `new` is its state now, at `version`.
    func didRestore(from old: State, to new: State, version: Int)
    /// An action has run (see ``Store/didRun``), with its outcome.
    func didRun(_ action: Action, origin: StoreOrigin, outcome: StoreOutcome)
}

extension StoreMiddleware {
    public func willReduce(_ action: Action, origin: StoreOrigin) {}
    public func approve(_ action: Action, origin: StoreOrigin, old: State, new: State) throws(ProtocolError) {}
    public func didChange(from old: State, to new: State, action: Action, origin: StoreOrigin, version: Int) {}
    public func didRestore(from old: State, to new: State, version: Int) {}
    public func didRun(_ action: Action, origin: StoreOrigin, outcome: StoreOutcome) {}
}

extension Store {
    /// Hands the store's hooks to `middleware`: each hook calls every middleware in the order of
    /// the list (so the first to approve a change is the first told of it), and the first that
    /// refuses a change refuses the action. Replaces the hooks set before, but for
    /// ``didRunEffectAction``.
    public func install(_ middleware: [any StoreMiddleware<State, Action>]) {
        // Each hook is one closure calling the middleware in turn, built once here: a call runs
        // no loop over an array of existentials, which the store (generic, and in another module
        // than its middleware) would pay for in run-time type lookups on every action.
        var willReduce: (Action, Origin) -> Void = { _, _ in }
        var approve: (Action, Origin, State, State) throws(ProtocolError) -> Void = { _, _, _, _ throws(ProtocolError) in }
        var didChange: (State, State, Action, Origin, Int) -> Void = { _, _, _, _, _ in }
        var didRestore: (State, State, Int) -> Void = { _, _, _ in }
        var didRun: (Action, Origin, Outcome) -> Void = { _, _, _ in }
        for each in middleware.reversed() {
            let (nextWillReduce, nextApprove, nextDidChange, nextDidRestore, nextDidRun) = (willReduce, approve, didChange, didRestore, didRun)
            willReduce = { action, origin in
                each.willReduce(action, origin: origin)
                nextWillReduce(action, origin)
            }
            approve = { action, origin, old, new throws(ProtocolError) in
                try each.approve(action, origin: origin, old: old, new: new)
                try nextApprove(action, origin, old, new)
            }
            didChange = { old, new, action, origin, version in
                each.didChange(from: old, to: new, action: action, origin: origin, version: version)
                nextDidChange(old, new, action, origin, version)
            }
            didRestore = { old, new, version in
                each.didRestore(from: old, to: new, version: version)
                nextDidRestore(old, new, version)
            }
            didRun = { action, origin, outcome in
                each.didRun(action, origin: origin, outcome: outcome)
                nextDidRun(action, origin, outcome)
            }
        }
        self.willReduce = willReduce
        self.approve = approve
        self.didChange = { [unowned self] old, action, origin, version in didChange(old, state, action, origin, version) }
        self.didRestore = { [unowned self] old, version in didRestore(old, state, version) }
        self.didRun = didRun
    }
}
