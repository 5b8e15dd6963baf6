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
        Reducer<GlobalState, GlobalAction, GlobalEnvironment> { globalState, globalAction, globalEnvironment throws(ProtocolError) in
            guard let localAction = toLocalAction.extract(globalAction) else { return .none }
            let effect = try reduce(&globalState[keyPath: toLocalState], localAction, toLocalEnvironment(globalEnvironment))
            return effect.map(toLocalAction.embed)
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
