import Protocol

/// Holds the one state, runs actions through the reducer, runs their effects,
/// and counts versions: every action that changes the state bumps ``version`` by exactly 1.
///
/// A store is confined to one executor (the daemon's event loop, or a test's thread).
public final class Store<State: Equatable, Action> {
    /// What became of one action.
    public enum Outcome: Equatable {
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

    public private(set) var state: State
    public private(set) var version: Int
    private let reduce: (inout State, Action) throws(ProtocolError) -> Effect<Action>
    private var inFlight: [EffectID: [Cancellable]] = [:]
    private var isReducing = false
    private var queued: [Action] = []

    /// Called after every state change, before ``send(_:)`` returns: the old state,
    /// the action, and the new version. The daemon publishes diffs from here.
    public var didChange: ((_ old: State, _ action: Action, _ version: Int) -> Void)?
    /// Called for every action an effect delivered, with its outcome (the daemon logs refusals).
    public var didRunEffectAction: ((_ action: Action, _ outcome: Outcome) -> Void)?

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
    public func send(_ action: Action) -> Outcome {
        precondition(!isReducing, "send(_:) re-entered from a reducer")
        isReducing = true
        let old = state
        var next = state
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
            state = next
            version += 1
            outcome = .changed(version: version)
            didChange?(old, action, version)
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
        // An action delivered while another is in progress waits for it.
        queued.append(action)
        if !isStartingEffects { drainQueue() }
    }

    private var isStartingEffects = false

    private var isDraining = false

    private func drainQueue() {
        guard !isDraining else { return }
        isDraining = true
        defer { isDraining = false }
        while !queued.isEmpty {
            let action = queued.removeFirst()
            let outcome = send(action)
            didRunEffectAction?(action, outcome)
        }
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

    /// Cancels every effect in flight (on shutdown).
    public func cancelAllEffects() {
        for id in Array(inFlight.keys) { cancel(id) }
    }
}
