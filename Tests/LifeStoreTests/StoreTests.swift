import LifeGrid
import LifeScheduling
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

final class StoreTests: XCTestCase {
    typealias Outcome = Store<Counter, CounterAction>.Outcome

    func testEveryChangeBumpsTheVersionByOne() {
        let h = CounterHarness(version: 41)
        XCTAssertEqual(h.store.version, 41)
        XCTAssertEqual(h.store.send(.increment), .changed(version: 42))
        XCTAssertEqual(h.store.send(.add(5)), .changed(version: 43))
        XCTAssertEqual(h.store.send(.set(-1)), .changed(version: 44))
        XCTAssertEqual(h.store.state, Counter(count: -1))
        XCTAssertEqual(h.store.version, 44)
    }

    func testAnActionThatChangesNothingKeepsTheVersion() {
        let h = CounterHarness(state: Counter(count: 3), version: 10)
        XCTAssertEqual(h.store.send(.noop), .unchanged(version: 10))
        XCTAssertEqual(h.store.send(.add(0)), .unchanged(version: 10))
        XCTAssertEqual(h.store.send(.set(3)), .unchanged(version: 10))
        XCTAssertEqual(h.store.version, 10)
        XCTAssertEqual(h.store.state, Counter(count: 3))
        XCTAssertTrue(h.changes.isEmpty)
        XCTAssertEqual(h.environment.reduced, [.noop, .add(0), .set(3)])
    }

    func testARefusalRollsBackEverythingTheReducerChanged() {
        let h = CounterHarness(state: Counter(count: 1, log: ["a"]), version: 5)
        XCTAssertEqual(h.store.send(.mutateThenRefuse), .refused(ProtocolError(.notAllowed, "mutated, then refused")))
        XCTAssertEqual(h.store.state, Counter(count: 1, log: ["a"]))
        XCTAssertEqual(h.store.version, 5)
        XCTAssertEqual(h.store.send(.refuse), .refused(ProtocolError(.notAllowed, "refused")))
        XCTAssertEqual(h.store.version, 5)
        XCTAssertTrue(h.changes.isEmpty)
        XCTAssertTrue(h.effectActions.isEmpty, "a sent action is not an effect action")
        XCTAssertEqual(h.environment.reduced, [.mutateThenRefuse, .refuse])
        // The store goes on normally afterwards.
        XCTAssertEqual(h.store.send(.increment), .changed(version: 6))
    }

    func testDidChangeGetsTheOldStateTheActionAndTheNewVersionOncePerChange() {
        let h = CounterHarness(version: 7)
        h.store.send(.increment)
        h.store.send(.noop)
        h.store.send(.refuse)
        h.store.send(.add(10))
        h.store.send(.set(11))
        XCTAssertEqual(h.changes.count, 2)
        XCTAssertEqual(h.changes[0].old, Counter(count: 0))
        XCTAssertEqual(h.changes[0].action, .increment)
        XCTAssertEqual(h.changes[0].version, 8)
        XCTAssertEqual(h.changes[0].new, Counter(count: 1), "the store holds the new state when didChange runs")
        XCTAssertEqual(h.changes[1].old, Counter(count: 1))
        XCTAssertEqual(h.changes[1].action, .add(10))
        XCTAssertEqual(h.changes[1].version, 9)
        XCTAssertEqual(h.changes[1].new, Counter(count: 11))
    }

    func testActionsFromEffectsGoThroughTheReducerAndAreReported() {
        let h = CounterHarness()
        let scheduler = TestScheduler()
        let later: Effect<CounterAction> = .run { send in
            let a = scheduler.schedule(after: .seconds(1)) { send(.add(2)) }
            let b = scheduler.schedule(after: .seconds(2)) { send(.mutateThenRefuse) }
            let c = scheduler.schedule(after: .seconds(3)) { send(.noop) }
            return Cancellable { a.cancel(); b.cancel(); c.cancel() }
        }
        XCTAssertEqual(h.perform("later", later), .unchanged(version: 0))
        XCTAssertTrue(h.effectActions.isEmpty)
        scheduler.advance(by: .seconds(3))
        XCTAssertEqual(h.effectActions.map(\.action), [.add(2), .mutateThenRefuse, .noop])
        XCTAssertEqual(
            h.effectActions.map(\.outcome),
            [.changed(version: 1), .refused(ProtocolError(.notAllowed, "mutated, then refused")), .unchanged(version: 1)])
        XCTAssertEqual(h.store.state, Counter(count: 2))
        XCTAssertEqual(h.store.version, 1)
        XCTAssertEqual(h.changes.map(\.action), [.add(2)])
        XCTAssertEqual(h.environment.reduced, [.perform("later"), .add(2), .mutateThenRefuse, .noop])
    }

    func testActionsAnEffectSendsAtOnceRunAfterTheSendingActionInOrder() {
        let h = CounterHarness()
        let outcome = h.perform("now", .run { send in
            send(.increment)
            send(.add(10))
            return .empty
        })
        // The outcome of `perform` itself: it changed nothing.
        XCTAssertEqual(outcome, .unchanged(version: 0))
        XCTAssertEqual(h.environment.reduced, [.perform("now"), .increment, .add(10)])
        XCTAssertEqual(h.effectActions.map(\.action), [.increment, .add(10)])
        XCTAssertEqual(h.effectActions.map(\.outcome), [.changed(version: 1), .changed(version: 2)])
        XCTAssertEqual(h.store.state.count, 11)
        XCTAssertEqual(h.changes.map(\.version), [1, 2])
    }

    func testAnActionDeliveredWhileAnotherIsHandledWaitsForIt() {
        let h = CounterHarness()
        h.environment.effects["inner"] = .run { send in
            send(.got(2))
            return .empty
        }
        h.perform("outer", .run { send in
            send(.perform("inner"))
            send(.got(1))
            return .empty
        })
        // Delivered actions run first-in, first-out: `got(1)` was delivered (while the outer effect
        // started) before `perform("inner")`'s effect delivered `got(2)`.
        XCTAssertEqual(h.environment.reduced, [.perform("outer"), .perform("inner"), .got(1), .got(2)])
        XCTAssertEqual(h.effectActions.map(\.action), [.perform("inner"), .got(1), .got(2)])
        XCTAssertEqual(h.store.state.log, ["got 1", "got 2"])
        XCTAssertEqual(h.store.version, 2)
    }

    func testEffectsWithoutAnIdAreNotTracked() {
        let h = CounterHarness()
        let probe = Probe()
        h.perform("plain", probe.effect("plain"))
        XCTAssertEqual(probe.events, ["start plain"])
        XCTAssertEqual(h.store.inFlightEffectIDs, [])
        h.store.cancelAllEffects()
        XCTAssertEqual(probe.events, ["start plain"])
        // It can still deliver.
        probe.sends[0](.increment)
        XCTAssertEqual(h.store.state.count, 1)
    }

    func testCancelAllEffectsCancelsEveryId() {
        let h = CounterHarness()
        let probe = Probe()
        h.perform("a", probe.effect("a").cancellable(id: EffectID("a")))
        h.perform("b", probe.effect("b").cancellable(id: EffectID("b")))
        XCTAssertEqual(h.store.inFlightEffectIDs, [EffectID("a"), EffectID("b")])
        h.store.cancelAllEffects()
        XCTAssertEqual(h.store.inFlightEffectIDs, [])
        XCTAssertEqual(Set(probe.events), ["start a", "start b", "cancel a", "cancel b"])
        XCTAssertEqual(probe.events.count, 4)
    }

    func testEffectsOfAReleasedStoreDeliverNothing() {
        let scheduler = TestScheduler()
        let environment = CounterEnvironment()
        var store: Store<Counter, CounterAction>? = Store(
            initialState: Counter(), reducer: .counter, environment: environment)
        environment.effects["timer"] = .timer(every: .seconds(1), on: scheduler) { .increment }
        store?.send(.perform("timer"))
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(store?.state.count, 1)
        store = nil
        scheduler.advance(by: .seconds(3))
        XCTAssertEqual(environment.reduced, [.perform("timer"), .increment])
    }

    func testOutcomeVersion() {
        XCTAssertEqual(Outcome.changed(version: 3).version, 3)
        XCTAssertEqual(Outcome.unchanged(version: 2).version, 2)
        XCTAssertNil(Outcome.refused(ProtocolError(.notAllowed, "no")).version)
        XCTAssertNotEqual(Outcome.changed(version: 3), .unchanged(version: 3))
    }

    func testTheAppStoreStartsWhereItIsTold() {
        let state = AppState.initial(random: RandomSource(seed: 5))
        let store = Store(
            initialState: state, version: 100, reducer: Reducer<AppState, AppAction, AppEnvironment>.app,
            environment: AppEnvironment(scheduler: TestScheduler(), random: RandomSource(seed: 5)))
        XCTAssertEqual(store.state, state)
        XCTAssertEqual(store.version, 100)
        XCTAssertEqual(store.inFlightEffectIDs, [])
        XCTAssertEqual(store.send(.simulation(.startTimer)), .changed(version: 101))
    }

    /// An effect that at once delivers an action which cancels the effect's own id: the cancel
    /// must find the handle, so the effect's work is stopped.
    func testAnEffectCancelledByTheActionItDeliversAtOnceIsStopped() {
        let h = CounterHarness()
        let id = EffectID("self-cancelling")
        var stopped = false
        h.environment.effects["stop"] = .cancel(id: id)
        h.perform("start", Effect<CounterAction>.run { send in
            send(.perform("stop"))
            return Cancellable { stopped = true }
        }.cancellable(id: id))
        XCTAssertTrue(stopped, "the handle was recorded before the delivered action ran")
        XCTAssertFalse(h.store.inFlightEffectIDs.contains(id))
    }

    // MARK: Approval, origins and restore

    func testARefusedApprovalDiscardsTheChangeAndItsEffects() {
        let h = CounterHarness(state: Counter(count: 5), version: 3)
        let probe = Probe()
        h.environment.effects["work"] = probe.effect("work")
        var asked: [(CounterAction, Store<Counter, CounterAction>.Origin, Counter, Counter)] = []
        h.store.approve = { action, origin, old, new throws(ProtocolError) in
            asked.append((action, origin, old, new))
            if case .incrementAndPerform = action { throw ProtocolError(.storageFailed, "the disk is full") }
        }
        XCTAssertEqual(h.store.send(.incrementAndPerform("work")), .refused(ProtocolError(.storageFailed, "the disk is full")))
        XCTAssertEqual(h.store.state, Counter(count: 5))
        XCTAssertEqual(h.store.version, 3)
        XCTAssertTrue(h.changes.isEmpty)
        XCTAssertEqual(probe.events, [], "the refused action's effect never started")
        XCTAssertEqual(asked.count, 1)
        XCTAssertEqual(asked.first?.0, .incrementAndPerform("work"))
        XCTAssertEqual(asked.first?.1, .sent)
        XCTAssertEqual(asked.first?.2, Counter(count: 5))
        XCTAssertEqual(asked.first?.3, Counter(count: 6), "approval sees the change the reducer made")
        // An action that changes nothing is not put to approval; an approved one goes through.
        XCTAssertEqual(h.store.send(.noop), .unchanged(version: 3))
        XCTAssertEqual(h.store.send(.increment), .changed(version: 4))
        XCTAssertEqual(asked.map(\.0), [.incrementAndPerform("work"), .increment])
    }

    func testWillReduceSeesEveryActionBeforeTheReducerDoes() {
        let h = CounterHarness(state: Counter(count: 1))
        var seen: [(CounterAction, Store<Counter, CounterAction>.Origin, Int)] = []
        h.store.willReduce = { action, origin in seen.append((action, origin, h.environment.reduced.count)) }
        let scheduler = TestScheduler()
        h.perform("later", .run { send in scheduler.schedule(after: .seconds(1)) { send(.add(2)) } })
        h.store.send(.refuse)
        h.store.send(.noop)
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(seen.map(\.0), [.perform("later"), .refuse, .noop, .add(2)], "refused and unchanged actions too")
        XCTAssertEqual(seen.map(\.1), [.sent, .sent, .sent, .effect])
        XCTAssertEqual(seen.map(\.2), [0, 1, 2, 3], "each before the reducer ran it")
    }

    func testChangesSayWhetherTheyWereSentOrDeliveredByAnEffect() {
        let h = CounterHarness()
        let scheduler = TestScheduler()
        h.perform("later", .run { send in scheduler.schedule(after: .seconds(1)) { send(.add(2)) } })
        h.store.send(.increment)
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(h.changes.map(\.action), [.increment, .add(2)])
        XCTAssertEqual(h.origins, [.sent, .effect])
    }

    func testAnEffectActionRefusedByApprovalIsReportedAsRefused() {
        let h = CounterHarness()
        let scheduler = TestScheduler()
        h.store.approve = { _, origin, _, _ throws(ProtocolError) in
            if origin == .effect { throw ProtocolError(.storageFailed, "no saving now") }
        }
        h.perform("later", .run { send in scheduler.schedule(after: .seconds(1)) { send(.add(2)) } })
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(h.effectActions.map(\.outcome), [.refused(ProtocolError(.storageFailed, "no saving now"))])
        XCTAssertEqual(h.store.state, Counter())
        XCTAssertEqual(h.store.version, 0)
    }

    func testRestorePutsAnEarlierStateBackAsANewVersion() {
        let h = CounterHarness(version: 10)
        let probe = Probe()
        h.perform("work", probe.effect("work"))
        h.store.send(.add(3))
        h.store.send(.add(4))
        XCTAssertEqual(h.store.version, 12)
        h.store.restore(Counter(count: 3))
        XCTAssertEqual(h.store.state, Counter(count: 3))
        XCTAssertEqual(h.store.version, 13, "versions only grow: the restored state is a new version")
        XCTAssertEqual(h.restores.count, 1)
        XCTAssertEqual(h.restores.first?.old, Counter(count: 7))
        XCTAssertEqual(h.restores.first?.version, 13)
        XCTAssertEqual(h.changes.count, 2, "a restore is not a change by an action")
        XCTAssertEqual(probe.events, ["start work"], "effects in flight are left alone")
        // Restoring the state in place changes nothing.
        h.store.restore(Counter(count: 3))
        XCTAssertEqual(h.store.version, 13)
        XCTAssertEqual(h.restores.count, 1)
    }
}
