import LifeScheduling
import Protocol

/// Holds the one state, runs actions through the reducer, runs their effects,
/// and counts versions: every action that changes the state bumps ``version`` by exactly 1.
///
/// A store is confined to one executor (the daemon's event loop, or a test's thread).
public final class Store<State: Equatable, Action> {
    /// What became of one action (``StoreOutcome``).
    public typealias Outcome = StoreOutcome
    /// Where an action came from (``StoreOrigin``).
    public typealias Origin = StoreOrigin

    public private(set) var state: State
    public private(set) var version: Int
    private let reduce: (inout State, Action) throws(ProtocolError) -> Effect<Action>
    private var inFlight: [EffectID: [Cancellable]] = [:]
    private var isReducing = false
    private var queued: [Action] = []

    // The hooks: one closure each, set by hand (tests) or from a list of middleware (``install(_:)``,
    // which the daemon uses).

    /// Called before the reducer runs an action (the daemon notes what a replay of the action
    /// needs that the action does not carry, such as the random generator's state).
    public var willReduce: ((_ action: Action, _ origin: Origin) -> Void)?
    /// Called with every change the reducer made, before the store takes it: throwing refuses
    /// the action, and its change and effects are thrown away as for a reducer's refusal. The
    /// daemon refuses every change here while it cannot save (`storage-failed`).
    public var approve: ((_ action: Action, _ origin: Origin, _ old: State, _ new: State) throws(ProtocolError) -> Void)?
    /// Called after every state change, before ``send(_:)`` returns: the old state,
    /// the action, where it came from, and the new version. The daemon publishes diffs and
    /// records the change for saving from here.
    public var didChange: ((_ old: State, _ action: Action, _ origin: Origin, _ version: Int) -> Void)?
    /// Called after ``restore(_:)`` put an earlier state back: the state it replaced and the new version.
    public var didRestore: ((_ old: State, _ version: Int) -> Void)?
    /// Called for every action an effect delivered, with its outcome.
    public var didRunEffectAction: ((_ action: Action, _ outcome: Outcome) -> Void)?
    /// Called for every action, sent or delivered by an effect, with where it came from and its
    /// outcome, once it has run (a sent action: after the actions its effects delivered at once).
    /// The daemon's action log writes its lines from here.
    public var didRun: ((_ action: Action, _ origin: Origin, _ outcome: Outcome) -> Void)?

    public init<Environment>(
        initialState: State, version: Int = 0, reducer: Reducer<State, Action, Environment>, environment: Environment
    ) {
        self.state = initialState
        self.version = version
        self.reduce = { state, action throws(ProtocolError) in try reducer.reduce(&state, action, environment) }
    }

    /// The ids of the effects running now.
    public var inFlightEffectIDs: Set<EffectID> { Set(inFlight.keys) }

    /// Runs `action` through the reducer. A refusal leaves the state exactly as it was.
    @discardableResult
    public func send(_ action: Action) -> Outcome { send(action, origin: .sent) }

    /// Runs `action` as ``send(_:)`` does, telling the hooks who sent it (a log names it: "client 3").
    @discardableResult
    public func send(_ action: Action, from sender: String, author: Author? = nil) -> Outcome {
        send(action, origin: .sent(by: sender, author: author))
    }

    private func send(_ action: Action, origin: Origin) -> Outcome {
        let outcome = run(action, origin: origin)
        didRun?(action, origin, outcome)
        return outcome
    }

    private func run(_ action: Action, origin: Origin) -> Outcome {
        precondition(!isReducing, "send(_:) re-entered from a reducer")
        willReduce?(action, origin)
        isReducing = true
        // The old state and the reducer's copy of it, both locals: the comparison and the hooks
        // read them, not the store's property, each read of which (the store being generic)
        // copied the whole state, a retain and a release of every part of it.
        let old = state
        var next = old
        let effect: Effect<Action>
        do {
            effect = try reduce(&next, action)
        } catch {
            isReducing = false
            return .refused(error)
        }
        isReducing = false
        let outcome: Outcome
        if next != old {
            do {
                try approve?(action, origin, old, next)
            } catch {
                return .refused(error)
            }
            state = consume next
            version += 1
            outcome = .changed(version: version)
            didChange?(old, action, origin, version)
        } else {
            outcome = .unchanged(version: version)
        }
        // Actions an effect delivers while starting wait until every part of it has started
        // and its handles are recorded, so a cancel they cause finds them.
        let wasStarting = isStartingEffects
        isStartingEffects = true
        start(effect)
        isStartingEffects = wasStarting
        if !wasStarting { drainQueue() }
        return outcome
    }

    private func deliverFromEffect(_ action: Action) {
        // `count`, not `isEmpty`: the store is generic, and `isEmpty` (a collection protocols'
        // default) would look up the array's metadata and witness table at every beat.
        guard isStartingEffects || isDraining || queued.count > 0 else {
            // Nothing is in progress, so nothing waits before it (a timer's beat, between two
            // turns of the loop): it runs now, without a trip through the queue, and whatever it
            // delivers meanwhile waits for it as usual.
            isDraining = true
            runDelivered(action)
            isDraining = false
            drainQueue()
            return
        }
        // An action delivered while another is in progress waits for it.
        queued.append(action)
        if !isStartingEffects { drainQueue() }
    }

    private var isStartingEffects = false

    private var isDraining = false

    private func drainQueue() {
        guard !isDraining, queued.count > 0 else { return }
        isDraining = true
        defer { isDraining = false }
        // In order, including what the actions deliver meanwhile (appended behind them). By
        // index, not removeFirst: the store is generic, so that would go through the collection
        // protocols' witnesses for every action, and shift the rest each time.
        var next = 0
        while next < queued.count {
            let action = queued[next]
            next += 1
            runDelivered(action)
        }
        queued.removeAll(keepingCapacity: true)
    }

    /// Runs an action an effect delivered.
    private func runDelivered(_ action: Action) {
        let outcome = send(action, origin: .effect)
        didRunEffectAction?(action, outcome)
    }

    private func start(_ effect: Effect<Action>, id: EffectID? = nil) {
        switch effect.operation {
        case .none:
            return
        case .run(let work):
            let handle = work(Send { [weak self] action in self?.deliverFromEffect(action) })
            if let id {
                inFlight[id, default: []].append(handle)
            }
        case .cancellable(let id, let inner):
            cancel(id)
            start(inner, id: id)
        case .cancel(let id):
            cancel(id)
        case .merge(let effects):
            for effect in effects { start(effect, id: id) }
        }
    }

    private func cancel(_ id: EffectID) {
        for handle in inFlight.removeValue(forKey: id) ?? [] { handle.cancel() }
    }

    /// Puts `earlier` back as the state, as a new version (versions only grow), without running
    /// the reducer or touching effects in flight: the daemon's rollback to what is on disk after
    /// a save failed. Nothing happens when the state already equals `earlier`.
    public func restore(_ earlier: State) {
        precondition(!isReducing, "restore(_:) called from a reducer")
        guard earlier != state else { return }
        let old = state
        state = earlier
        version += 1
        didRestore?(old, version)
    }

    /// Cancels every effect in flight (on shutdown).
    public func cancelAllEffects() {
        for id in Array(inFlight.keys) { cancel(id) }
    }
}
