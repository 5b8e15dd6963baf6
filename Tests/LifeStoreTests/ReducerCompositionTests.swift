import LifeScheduling
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

/// A parent domain holding a `Counter`, for pullback.
private struct Parent: Equatable {
    var child = Counter()
    var other = ""
}

private enum ParentAction: Equatable {
    case child(CounterAction)
    case other(String)
}

private final class ParentEnvironment {
    let child = CounterEnvironment()
}

private extension CasePath where Root == ParentAction, Value == CounterAction {
    static var child: CasePath {
        CasePath(embed: ParentAction.child, extract: { if case .child(let a) = $0 { return a } else { return nil } })
    }
}

/// A parent whose counter is neither its first nor its last stored property, and is also
/// reached through a computed property.
private struct Wide: Equatable {
    var before = "before"
    var child = Counter()
    var after = [1, 2, 3]
    var viaComputed: Counter {
        get { child }
        set { child = newValue }
    }
}

final class ReducerCompositionTests: XCTestCase {
    /// A part that is a stored property is changed at its offset, a computed one through its key
    /// path: either way only that part changes, and the same-environment pullback hands the
    /// environment over as it is.
    func testPullbackChangesOnlyItsPartWhetherStoredOrComputed() throws {
        XCTAssertNotNil(MemoryLayout<Wide>.offset(of: \Wide.child), "a stored property has an offset")
        XCTAssertNil(MemoryLayout<Wide>.offset(of: \Wide.viaComputed), "a computed one has none")
        for path in [\Wide.child, \Wide.viaComputed] {
            let environment = CounterEnvironment()
            let reducer = Reducer<Counter, CounterAction, CounterEnvironment>.counter.pullback(state: path, action: .child)
            var state = Wide()
            _ = try reducer.reduce(&state, .other("x"), environment)
            XCTAssertEqual(state, Wide(), "\(path)")
            _ = try reducer.reduce(&state, .child(.add(4)), environment)
            _ = try reducer.reduce(&state, .child(.add(3)), environment)
            XCTAssertEqual(state, Wide(child: Counter(count: 7)), "\(path)")
            XCTAssertEqual(environment.reduced, [.add(4), .add(3)], "\(path)")
        }
    }

    private func pulledBack() -> Reducer<Parent, ParentAction, ParentEnvironment> {
        Reducer<Counter, CounterAction, CounterEnvironment>.counter.pullback(
            state: \Parent.child, action: .child, environment: { $0.child })
    }

    func testPullbackRunsOnlyOnExtractedActions() throws {
        let environment = ParentEnvironment()
        let reducer = pulledBack()
        var state = Parent()
        _ = try reducer.reduce(&state, .other("x"), environment)
        XCTAssertEqual(state, Parent())
        XCTAssertEqual(environment.child.reduced, [], "the child reducer must not run on other actions")
        _ = try reducer.reduce(&state, .child(.add(4)), environment)
        XCTAssertEqual(state, Parent(child: Counter(count: 4), other: ""))
        XCTAssertEqual(environment.child.reduced, [.add(4)], "the child gets the extracted action and its environment")
    }

    func testPullbackPassesRefusalsThrough() {
        let environment = ParentEnvironment()
        var state = Parent()
        XCTAssertThrowsError(try pulledBack().reduce(&state, .child(.refuse), environment)) { error in
            XCTAssertEqual(error as? ProtocolError, ProtocolError(.notAllowed, "refused"))
        }
        let store = Store(initialState: Parent(), reducer: pulledBack(), environment: environment)
        XCTAssertEqual(store.send(.child(.mutateThenRefuse)), .refused(ProtocolError(.notAllowed, "mutated, then refused")))
        XCTAssertEqual(store.state, Parent())
        XCTAssertEqual(store.version, 0)
    }

    func testPullbackEmbedsTheChildsEffectActions() {
        let environment = ParentEnvironment()
        let scheduler = TestScheduler()
        environment.child.effects["later"] = .run { send in
            scheduler.schedule(after: .seconds(1)) { send(.got(7)) }
        }
        let store = TestStore(initialState: Parent(), reducer: pulledBack(), environment: environment)
        store.send(.child(.perform("later")))
        scheduler.advance(by: .seconds(1))
        store.receive(.child(.got(7))) { $0.child.log = ["got 7"] }
        store.finish()
        XCTAssertEqual(environment.child.reduced, [.perform("later"), .got(7)])
    }

    func testPullbackKeepsEffectIds() {
        let environment = ParentEnvironment()
        let probe = Probe()
        environment.child.effects["a"] = probe.effect("a").cancellable(id: EffectID("a"))
        environment.child.effects["stop"] = .cancel(id: EffectID("a"))
        let store = Store(initialState: Parent(), reducer: pulledBack(), environment: environment)
        store.send(.child(.perform("a")))
        XCTAssertEqual(store.inFlightEffectIDs, [EffectID("a")])
        store.send(.child(.perform("stop")))
        XCTAssertEqual(store.inFlightEffectIDs, [])
        XCTAssertEqual(probe.events, ["start a", "cancel a"])
    }

    func testCombineRunsInOrderOnTheSameState() throws {
        func appending(_ name: String) -> Reducer<Counter, CounterAction, Void> {
            Reducer { state, _, _ in
                state.log.append("\(name) saw \(state.count)")
                state.count += 1
                return .none
            }
        }
        let reducer = Reducer<Counter, CounterAction, Void>.combine(appending("a"), appending("b"), appending("c"))
        var state = Counter()
        _ = try reducer.reduce(&state, .noop, ())
        XCTAssertEqual(state, Counter(count: 3, log: ["a saw 0", "b saw 1", "c saw 2"]))
        let array = Reducer<Counter, CounterAction, Void>.combine([appending("x"), appending("y")])
        _ = try array.reduce(&state, .noop, ())
        XCTAssertEqual(state.log.suffix(2), ["x saw 3", "y saw 4"])
    }

    func testCombineMergesEffectsInOrder() {
        func delivering(_ n: Int) -> Reducer<Counter, CounterAction, Void> {
            Reducer { _, action, _ in
                guard action == .noop else { return .none }
                return .run { send in
                    send(.got(n))
                    return .empty
                }
            }
        }
        let logging = Reducer<Counter, CounterAction, Void> { state, action, _ in
            if case .got(let n) = action { state.log.append("got \(n)") }
            return .none
        }
        let store = TestStore(
            initialState: Counter(), reducer: .combine(delivering(1), logging, delivering(2)), environment: ())
        store.send(.noop)
        store.receive(.got(1)) { $0.log = ["got 1"] }
        store.receive(.got(2)) { $0.log = ["got 1", "got 2"] }
        store.finish()
    }

    /// `onChange` runs its body only when the action changed the value, with the old and new
    /// values; the body may adjust the state, and its effect runs after the reducer's.
    func testOnChangeRunsOnlyWhenTheValueChanged() {
        let counting = Reducer<Counter, CounterAction, Void> { state, action, _ throws(ProtocolError) in
            switch action {
            case .set(let n): state.count = n
            case .refuse: throw ProtocolError(.notAllowed, "refused")
            default: break
            }
            return .run { send in
                if case .set(let n) = action { send(.got(n)) }
                return .empty
            }
        }
        let reducer = counting.onChange(of: { $0.count.isMultiple(of: 2) }) { old, new, state, _ in
            state.log.append("\(old) -> \(new)")
            return .run { send in
                send(.got(-1))
                return .empty
            }
        }
        let store = TestStore(initialState: Counter(), reducer: reducer, environment: ())
        // 0 to 2: still even, no change; 2 to 3: odd; 3 to 5: still odd; 5 to 6: even.
        store.send(.set(2)) { $0.count = 2 }
        store.receive(.got(2))
        store.send(.set(3)) {
            $0.count = 3
            $0.log = ["true -> false"]
        }
        store.receive(.got(3))
        store.receive(.got(-1))  // the body's effect runs after the reducer's
        store.send(.set(5)) { $0.count = 5 }
        store.receive(.got(5))
        store.send(.set(6)) {
            $0.count = 6
            $0.log = ["true -> false", "false -> true"]
        }
        store.receive(.got(6))
        store.receive(.got(-1))
        // A refused action changes nothing, and the body does not run.
        store.sendRefused(.refuse, messageContains: "refused")
        store.finish()
    }

    func testCombineStopsAtARefusalAndTheStoreRollsBack() {
        var ran: [String] = []
        let probe = Probe()
        let first = Reducer<Counter, CounterAction, Void> { state, _, _ in
            ran.append("first")
            state.count += 1
            return probe.effect("first")
        }
        let refusing = Reducer<Counter, CounterAction, Void> { _, _, _ throws(ProtocolError) in
            ran.append("refusing")
            throw ProtocolError(.notAllowed, "second says no")
        }
        let third = Reducer<Counter, CounterAction, Void> { state, _, _ in
            ran.append("third")
            state.count += 10
            return .none
        }
        let store = Store(initialState: Counter(), reducer: .combine(first, refusing, third), environment: ())
        XCTAssertEqual(store.send(.increment), .refused(ProtocolError(.notAllowed, "second says no")))
        XCTAssertEqual(ran, ["first", "refusing"])
        XCTAssertEqual(store.state, Counter())
        XCTAssertEqual(store.version, 0)
        XCTAssertEqual(probe.events, [], "a refused action starts no effect, not even one an earlier reducer returned")
    }

    func testTheAppCountsStatisticsAfterTheSimulationStep() {
        // Each generation is counted after it happens, so the statistics count the new grid, not the old one.
        let app = AppHarness()
        app.store.send(.simulation(.tick)) {
            $0.simulation.gridState.ticks = 1
            $0.simulation.gridState.grid = Blinker.odd
            $0.statistics = Statistics(steps: 1, alive: 1, born: 2, died: 2, empty: 95)
            $0.simulation.settling = Blinker.settling(after: 1)
        }
        XCTAssertNotEqual(Blinker.start.census, Blinker.odd.census)
        app.store.finish()
    }

    func testCasePaths() {
        XCTAssertEqual(CasePath<AppAction, SimulationAction>.simulation.embed(.tick), .simulation(.tick))
        XCTAssertEqual(CasePath<AppAction, SimulationAction>.simulation.extract(.simulation(.reset)), .reset)
        XCTAssertNil(CasePath<AppAction, SimulationAction>.simulation.extract(.statistics(.reset)))
        XCTAssertEqual(CasePath<AppAction, StatisticsAction>.statistics.extract(.statistics(.reset)), .reset)
        XCTAssertNil(CasePath<AppAction, StatisticsAction>.statistics.extract(.simulation(.tick)))
        XCTAssertEqual(CasePath<AppAction, StatisticsAction>.statistics.embed(.reset), .statistics(.reset))
        XCTAssertEqual(CasePath<SimulationAction, GridAction>.grid.extract(.grid(.step)), .step)
        XCTAssertNil(CasePath<SimulationAction, GridAction>.grid.extract(.tick))
        XCTAssertEqual(CasePath<SimulationAction, GridAction>.grid.embed(.step), .grid(.step))
        XCTAssertEqual(
            CasePath<SimulationAction, GridAction>.grid.extract(.grid(.step(generations: 7))), .step(generations: 7))
        XCTAssertEqual(CasePath<AppAction, SettingsAction>.settings.extract(.settings(.reset)), .reset)
        XCTAssertNil(CasePath<AppAction, SettingsAction>.settings.extract(.statistics(.reset)))
        XCTAssertEqual(CasePath<AppAction, SettingsAction>.settings.embed(.reset), .settings(.reset))
        XCTAssertEqual(CasePath<AppAction, ConfigurationsAction>.configurations.extract(.configurations(.clear)), .clear)
        XCTAssertNil(CasePath<AppAction, ConfigurationsAction>.configurations.extract(.settings(.reset)))
        XCTAssertEqual(
            CasePath<AppAction, ConfigurationsAction>.configurations.embed(.cancelFetch), .configurations(.cancelFetch))
    }
}
