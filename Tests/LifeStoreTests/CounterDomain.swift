import LifeScheduling
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport

/// A small domain for testing the store and effects apart from the app.
struct Counter: Equatable {
    var count = 0
    var log: [String] = []
}

enum CounterAction: Equatable {
    case increment
    case add(Int)
    case set(Int)
    /// Refused, with nothing changed.
    case refuse
    /// Changes the state, then refuses: the store must roll the change back.
    case mutateThenRefuse
    /// Returns the effect registered under this name in the environment, changing nothing.
    case perform(String)
    /// Adds 1 and returns the effect registered under this name.
    case incrementAndPerform(String)
    /// Changes nothing.
    case noop
    /// Appends "got n" to the log.
    case got(Int)
}

/// The counter's environment: the effects `perform` returns, and a record of every action reduced.
final class CounterEnvironment {
    var effects: [String: Effect<CounterAction>] = [:]
    private(set) var reduced: [CounterAction] = []

    func record(_ action: CounterAction) { reduced.append(action) }
}

extension Reducer where State == Counter, Action == CounterAction, Environment == CounterEnvironment {
    static var counter: Reducer {
        Reducer { state, action, environment throws(ProtocolError) in
            environment.record(action)
            switch action {
            case .increment:
                state.count += 1
            case .add(let n):
                state.count += n
            case .set(let n):
                state.count = n
            case .refuse:
                throw ProtocolError(.notAllowed, "refused")
            case .mutateThenRefuse:
                state.count += 100
                state.log.append("mutated")
                throw ProtocolError(.notAllowed, "mutated, then refused")
            case .perform(let name):
                return environment.effects[name] ?? .none
            case .incrementAndPerform(let name):
                state.count += 1
                return environment.effects[name] ?? .none
            case .noop:
                break
            case .got(let n):
                state.log.append("got \(n)")
            }
            return .none
        }
    }
}

/// A counter store with its environment and a record of what the store reported.
final class CounterHarness {
    let environment = CounterEnvironment()
    let store: Store<Counter, CounterAction>
    /// Every `didChange`: the old state, the action, the new version, and the state at that moment.
    private(set) var changes: [(old: Counter, action: CounterAction, version: Int, new: Counter)] = []
    /// Where each change's action came from, in the order of `changes`.
    private(set) var origins: [Store<Counter, CounterAction>.Origin] = []
    /// Every `didRestore`: the state replaced and the new version.
    private(set) var restores: [(old: Counter, version: Int)] = []
    /// Every `didRunEffectAction`.
    private(set) var effectActions: [(action: CounterAction, outcome: Store<Counter, CounterAction>.Outcome)] = []

    init(state: Counter = Counter(), version: Int = 0) {
        store = Store(initialState: state, version: version, reducer: .counter, environment: environment)
        store.didChange = { [unowned self] old, action, origin, version in
            changes.append((old, action, version, store.state))
            origins.append(origin)
        }
        store.didRestore = { [unowned self] old, version in restores.append((old, version)) }
        store.didRunEffectAction = { [unowned self] action, outcome in
            effectActions.append((action, outcome))
        }
    }

    /// Registers `effect` under `name` and sends `.perform(name)`.
    @discardableResult
    func perform(_ name: String, _ effect: Effect<CounterAction>) -> Store<Counter, CounterAction>.Outcome {
        environment.effects[name] = effect
        return store.send(.perform(name))
    }
}

/// A `run` effect that records when it starts and when it is cancelled, and delivers nothing by itself.
final class Probe {
    private(set) var events: [String] = []
    private(set) var sends: [Send<CounterAction>] = []

    func effect(_ name: String) -> Effect<CounterAction> {
        .run { [self] send in
            events.append("start \(name)")
            sends.append(send)
            return Cancellable { [self] in events.append("cancel \(name)") }
        }
    }
}
