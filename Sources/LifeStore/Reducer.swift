import LifeScheduling
import Protocol

/// Evolves a state by an action, and says what work should follow.
///
/// A reducer is a function of `(inout State, Action, Environment)` returning an ``Effect``.
/// It may refuse an action by throwing a ``ProtocolError``; the store then discards any
/// change the reducer made, so a refused action changes nothing.
///
/// Reducers are small and composed: ``pullback(state:action:environment:)`` lifts a reducer
/// on a part of the state into one on the whole, and ``combine(_:)`` runs several in order.
public struct Reducer<State, Action, Environment> {
    public let reduce: (inout State, Action, Environment) throws(ProtocolError) -> Effect<Action>

    public init(_ reduce: @escaping (inout State, Action, Environment) throws(ProtocolError) -> Effect<Action>) {
        self.reduce = reduce
    }

    /// Runs each reducer in order on the same state and merges their effects.
    public static func combine(_ reducers: Reducer...) -> Reducer { combine(reducers) }

    /// Runs each reducer in order on the same state and merges their effects.
    public static func combine(_ reducers: [Reducer]) -> Reducer {
        Reducer { state, action, environment throws(ProtocolError) in
            // Most reducers make no effect for most actions: the array stays empty, and an
            // empty array costs nothing (this runs for every action, at every level).
            var effects: [Effect<Action>] = []
            for reducer in reducers {
                let effect = try reducer.reduce(&state, action, environment)
                if !effect.isNone { effects.append(effect) }
            }
            switch effects.count {
            case 0: return .none
            case 1: return effects[0]
            default: return .merge(effects)
            }
        }
    }

    /// This reducer, then `body` whenever the action changed `value`: for what follows from the
    /// state rather than from any one action (the timer runs while the state says it runs, at
    /// the interval it says). `body` gets the value before and after the action, may adjust the
    /// state, and returns an effect that runs after this reducer's.
    public func onChange<Value: Equatable>(
        of value: @escaping (State) -> Value,
        _ body: @escaping (_ old: Value, _ new: Value, _ state: inout State, _ environment: Environment) -> Effect<Action>
    ) -> Reducer {
        Reducer { state, action, environment throws(ProtocolError) in
            let old = value(state)
            let effect = try reduce(&state, action, environment)
            let new = value(state)
            guard old != new else { return effect }
            let follow = body(old, new, &state, environment)
            return effect.isNone ? follow : .merge(effect, follow)
        }
    }

    /// Lifts this reducer to work on a larger state and action: it runs on `state`'s part
    /// whenever `action` extracts one of its actions, and its effects' actions are embedded back.
    public func pullback<GlobalState, GlobalAction, GlobalEnvironment>(
        state toLocalState: WritableKeyPath<GlobalState, State>,
        action toLocalAction: CasePath<GlobalAction, Action>,
        environment toLocalEnvironment: @escaping (GlobalEnvironment) -> Environment
    ) -> Reducer<GlobalState, GlobalAction, GlobalEnvironment> {
        let local = pulledBack(state: toLocalState, action: toLocalAction)
        return Reducer<GlobalState, GlobalAction, GlobalEnvironment> { globalState, globalAction, globalEnvironment throws(ProtocolError) in
            guard let localAction = local.action.extract(globalAction) else { return .none }
            return try local.run(&globalState, localAction, toLocalEnvironment(globalEnvironment))
        }
    }

    /// Lifts this reducer to work on a larger state and action, in the same environment (which it
    /// is then handed as it is, rather than through a function that copies it at every action).
    public func pullback<GlobalState, GlobalAction>(
        state toLocalState: WritableKeyPath<GlobalState, State>,
        action toLocalAction: CasePath<GlobalAction, Action>
    ) -> Reducer<GlobalState, GlobalAction, Environment> {
        let local = pulledBack(state: toLocalState, action: toLocalAction)
        return Reducer<GlobalState, GlobalAction, Environment> { globalState, globalAction, environment throws(ProtocolError) in
            guard let localAction = local.action.extract(globalAction) else { return .none }
            return try local.run(&globalState, localAction, environment)
        }
    }

    /// Lifts this reducer onto a part of a larger state that is not one of its stored properties
    /// (a scope made of several), in the same environment: `scope` makes the part, hands it to its
    /// body and writes it back. Concrete code, where a computed key path would go through the key
    /// path's run-time projection and a coroutine at every action.
    public func pullback<GlobalState, GlobalAction>(
        scope: @escaping (inout GlobalState, (inout State) throws(ProtocolError) -> Effect<Action>) throws(ProtocolError) -> Effect<Action>,
        action toLocalAction: CasePath<GlobalAction, Action>
    ) -> Reducer<GlobalState, GlobalAction, Environment> {
        let reduce = self.reduce
        return Reducer<GlobalState, GlobalAction, Environment> { globalState, globalAction, environment throws(ProtocolError) in
            guard let localAction = toLocalAction.extract(globalAction) else { return .none }
            let effect = try scope(&globalState) { (local: inout State) throws(ProtocolError) -> Effect<Action> in
                try reduce(&local, localAction, environment)
            }
            return effect.isNone ? .none : effect.map(toLocalAction.embed)
        }
    }

    /// The two halves of a pullback, whatever the environment.
    private func pulledBack<GlobalState, GlobalAction>(
        state toLocalState: WritableKeyPath<GlobalState, State>, action toLocalAction: CasePath<GlobalAction, Action>
    ) -> PulledBack<GlobalState, GlobalAction> {
        PulledBack(reduce: reduce, offset: MemoryLayout<GlobalState>.offset(of: toLocalState), keyPath: toLocalState, action: toLocalAction)
    }

    /// A reducer on a part of a larger state and action. A part that is a stored property (its
    /// key path has an offset in the larger state) is changed in place at that offset, instead of
    /// through the key path's run-time projection at every action; a computed one (a scope)
    /// through the key path.
    private struct PulledBack<GlobalState, GlobalAction> {
        let reduce: (inout State, Action, Environment) throws(ProtocolError) -> Effect<Action>
        let offset: Int?
        let keyPath: WritableKeyPath<GlobalState, State>
        let action: CasePath<GlobalAction, Action>

        /// Runs the local reducer on `localAction` (which `action` extracted), its effects'
        /// actions embedded back.
        func run(_ globalState: inout GlobalState, _ localAction: Action, _ environment: Environment) throws(ProtocolError) -> Effect<GlobalAction> {
            let effect: Effect<Action>
            if let offset {
                effect = try withUnsafeMutablePointer(to: &globalState) { (global) throws(ProtocolError) -> Effect<Action> in
                    let local = UnsafeMutableRawPointer(global).advanced(by: offset).assumingMemoryBound(to: State.self)
                    return try reduce(&local.pointee, localAction, environment)
                }
            } else {
                effect = try reduce(&globalState[keyPath: keyPath], localAction, environment)
            }
            return effect.isNone ? .none : effect.map(action.embed)
        }
    }
}

/// A way into and out of one case of an enum: the action half of a pullback.
public struct CasePath<Root, Value> {
    public let embed: (Value) -> Root
    public let extract: (Root) -> Value?

    public init(embed: @escaping (Value) -> Root, extract: @escaping (Root) -> Value?) {
        self.embed = embed
        self.extract = extract
    }
}
