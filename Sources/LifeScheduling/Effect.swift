/// Work a reducer asks for, as a value. The store runs it; the reducer stays a pure function.
///
/// - ``none``: nothing.
/// - ``run(_:)``: work that may deliver actions later, through the `send` it is given.
/// - ``cancellable(id:)``: marks an effect with an id; starting it cancels any effect
///   in flight with the same id (so there are never two timers).
/// - ``cancel(id:)``: cancels the effect in flight with that id.
/// - ``merge(_:)``: several effects at once.
public struct Effect<Action> {
    // The store, the reducers and their pullbacks are in other modules: @inlinable lets the
    // compiler specialise the effects they make and merge for each action (one made per action),
    // instead of calling generic code through run-time metadata.
    @usableFromInline
    package indirect enum Operation {
        case none
        case run((Send<Action>) -> Cancellable)
        case cancellable(id: EffectID, Effect<Action>)
        case cancel(id: EffectID)
        case merge([Effect<Action>])
    }

    @usableFromInline
    package let operation: Operation

    @inlinable
    init(operation: Operation) { self.operation = operation }

    /// No work.
    @inlinable
    public static var none: Effect { Effect(operation: .none) }

    /// Work that starts when the store runs it and may deliver actions later through `send`.
    /// It returns a handle that stops it.
    @inlinable
    public static func run(_ work: @escaping (Send<Action>) -> Cancellable) -> Effect {
        Effect(operation: .run(work))
    }

    /// Cancels the effect in flight with `id`, if any.
    @inlinable
    public static func cancel(id: EffectID) -> Effect { Effect(operation: .cancel(id: id)) }

    /// Several effects together.
    @inlinable
    public static func merge(_ effects: Effect...) -> Effect { merge(effects) }

    /// Several effects together.
    @inlinable
    public static func merge(_ effects: [Effect]) -> Effect {
        let work = effects.filter { !$0.isNone }
        switch work.count {
        case 0: return .none
        case 1: return work[0]
        default: return Effect(operation: .merge(work))
        }
    }

    /// Whether this is ``none``: no work.
    @inlinable
    public var isNone: Bool {
        if case .none = operation { return true }
        return false
    }

    /// This effect under `id`: starting it cancels whatever else runs under `id`.
    @inlinable
    public func cancellable(id: EffectID) -> Effect { Effect(operation: .cancellable(id: id, self)) }

    /// The same work, delivering `transform(action)` instead of each action.
    @inlinable
    public func map<Other>(_ transform: @escaping (Action) -> Other) -> Effect<Other> {
        switch operation {
        case .none:
            return .none
        case .run(let work):
            return .run { send in work(Send { send(transform($0)) }) }
        case .cancellable(let id, let effect):
            return effect.map(transform).cancellable(id: id)
        case .cancel(let id):
            return .cancel(id: id)
        case .merge(let effects):
            return .merge(effects.map { $0.map(transform) })
        }
    }

    /// An action every `interval` on `scheduler`, until cancelled. `missed` hears of the beats
    /// skipped when the scheduler came to one an interval or more late.
    public static func timer(
        every interval: Duration, on scheduler: any Scheduler, missed: @escaping (_ beats: Int) -> Void = { _ in },
        _ action: @escaping () -> Action
    ) -> Effect {
        .run { send in scheduler.schedule(every: interval, missed: missed) { send(action()) } }
    }
}

/// Names an effect so that it can be cancelled, and replaced, by id.
public struct EffectID: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public var description: String { name }
}

/// Delivers an effect's actions back into the store.
public struct Send<Action> {
    let deliver: (Action) -> Void
    public init(_ deliver: @escaping (Action) -> Void) { self.deliver = deliver }
    public func callAsFunction(_ action: Action) { deliver(action) }
}
