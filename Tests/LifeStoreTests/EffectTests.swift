import LifeScheduling
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

final class EffectTests: XCTestCase {
    private let x = EffectID("x")
    private let y = EffectID("y")

    func testNoneDoesNothing() {
        let h = CounterHarness()
        XCTAssertEqual(h.perform("none", .none), .unchanged(version: 0))
        XCTAssertEqual(h.store.inFlightEffectIDs, [])
        XCTAssertTrue(h.effectActions.isEmpty)
        XCTAssertEqual(h.perform("none under an id", Effect.none.cancellable(id: x)), .unchanged(version: 0))
        XCTAssertEqual(h.store.inFlightEffectIDs, [])
        XCTAssertTrue(h.effectActions.isEmpty)
        XCTAssertEqual(h.store.state, Counter())
        XCTAssertEqual(h.environment.reduced, [.perform("none"), .perform("none under an id")])
    }

    func testRunDeliversThroughTheStore() {
        let h = CounterHarness()
        let probe = Probe()
        h.perform("p", probe.effect("p"))
        XCTAssertEqual(probe.events, ["start p"])
        probe.sends[0](.add(3))
        probe.sends[0](.add(4))
        XCTAssertEqual(h.store.state.count, 7)
        XCTAssertEqual(h.effectActions.map(\.outcome), [.changed(version: 1), .changed(version: 2)])
    }

    func testCancellableReplacesARunningEffectWithTheSameId() {
        let h = CounterHarness()
        let probe = Probe()
        h.perform("a", probe.effect("a").cancellable(id: x))
        XCTAssertEqual(probe.events, ["start a"])
        XCTAssertEqual(h.store.inFlightEffectIDs, [x])
        h.perform("b", probe.effect("b").cancellable(id: x))
        XCTAssertEqual(probe.events, ["start a", "cancel a", "start b"], "the old one is cancelled before the new one starts")
        XCTAssertEqual(h.store.inFlightEffectIDs, [x])
        h.perform("cancel", .cancel(id: x))
        XCTAssertEqual(probe.events, ["start a", "cancel a", "start b", "cancel b"], "only b was still registered")
        XCTAssertEqual(h.store.inFlightEffectIDs, [])
    }

    func testCancellableTimersNeverOverlap() {
        let h = CounterHarness()
        let scheduler = TestScheduler()
        h.perform("a", Effect.timer(every: .seconds(1), on: scheduler) { .got(1) }.cancellable(id: x))
        scheduler.advance(by: .milliseconds(1500))
        h.perform("b", Effect.timer(every: .seconds(1), on: scheduler) { .got(2) }.cancellable(id: x))
        XCTAssertEqual(scheduler.pendingCount, 1)
        scheduler.advance(by: .milliseconds(2000))  // now 3.5 s: b at 2.5 s and 3.5 s; a would have run at 2 s and 3 s
        XCTAssertEqual(h.store.state.log, ["got 1", "got 2", "got 2"])
        h.perform("stop", .cancel(id: x))
        XCTAssertEqual(scheduler.pendingCount, 0)
        scheduler.advance(by: .seconds(10))
        XCTAssertEqual(h.store.state.log, ["got 1", "got 2", "got 2"])
    }

    func testCancelStopsOnlyItsId() {
        let h = CounterHarness()
        let probe = Probe()
        h.perform("a", probe.effect("a").cancellable(id: x))
        h.perform("b", probe.effect("b").cancellable(id: y))
        XCTAssertEqual(h.store.inFlightEffectIDs, [x, y])
        h.perform("cancel x", .cancel(id: x))
        XCTAssertEqual(probe.events, ["start a", "start b", "cancel a"])
        XCTAssertEqual(h.store.inFlightEffectIDs, [y])
        // Cancelling again, or an id nobody uses, is harmless.
        h.perform("cancel x again", .cancel(id: x))
        h.perform("cancel z", .cancel(id: EffectID("z")))
        XCTAssertEqual(probe.events, ["start a", "start b", "cancel a"])
        XCTAssertEqual(h.store.inFlightEffectIDs, [y])
        XCTAssertEqual(h.store.version, 0)
    }

    func testACancelledEffectDeliversNothing() {
        let h = CounterHarness()
        let scheduler = TestScheduler()
        h.perform("later", Effect.run { send in scheduler.schedule(after: .seconds(1)) { send(.increment) } }.cancellable(id: x))
        XCTAssertEqual(scheduler.pendingCount, 1)
        h.perform("cancel", .cancel(id: x))
        XCTAssertEqual(scheduler.pendingCount, 0)
        scheduler.advance(by: .seconds(5))
        XCTAssertEqual(h.store.state.count, 0)
        XCTAssertTrue(h.effectActions.isEmpty)
    }

    func testMergeRunsAllInOrder() {
        let h = CounterHarness()
        let merged: Effect<CounterAction> = .merge(
            .run { send in send(.got(1)); return .empty },
            .none,
            .run { send in send(.got(2)); return .empty },
            .merge([.run { send in send(.got(3)); return .empty }, .run { send in send(.got(4)); return .empty }])
        )
        h.perform("merged", merged)
        XCTAssertEqual(h.store.state.log, ["got 1", "got 2", "got 3", "got 4"])
        XCTAssertEqual(h.store.version, 4)
    }

    func testMergeUnderOneIdIsCancelledTogether() {
        let h = CounterHarness()
        let probe = Probe()
        h.perform("both", Effect.merge(probe.effect("a"), probe.effect("b")).cancellable(id: x))
        XCTAssertEqual(probe.events, ["start a", "start b"])
        XCTAssertEqual(h.store.inFlightEffectIDs, [x])
        h.perform("cancel", .cancel(id: x))
        XCTAssertEqual(probe.events, ["start a", "start b", "cancel a", "cancel b"])
        XCTAssertEqual(h.store.inFlightEffectIDs, [])
    }

    func testMergeOfCancellablesKeepsEachId() {
        let h = CounterHarness()
        let probe = Probe()
        h.perform("both", .merge(probe.effect("a").cancellable(id: x), probe.effect("b").cancellable(id: y), .cancel(id: EffectID("z"))))
        XCTAssertEqual(h.store.inFlightEffectIDs, [x, y])
        h.perform("cancel y", .cancel(id: y))
        XCTAssertEqual(probe.events, ["start a", "start b", "cancel b"])
    }

    func testMergeOfNothingIsNone() {
        let h = CounterHarness()
        h.perform("empty", .merge([]))
        h.perform("nones", .merge(.none, .none))
        XCTAssertEqual(h.store.inFlightEffectIDs, [])
        XCTAssertTrue(h.effectActions.isEmpty)
    }

    func testMapTransformsEveryAction() {
        let h = CounterHarness()
        let numbers: Effect<Int> = .run { send in
            send(1)
            send(2)
            return .empty
        }
        h.perform("mapped", numbers.map { CounterAction.got($0 * 10) })
        XCTAssertEqual(h.effectActions.map(\.action), [.got(10), .got(20)])
        XCTAssertEqual(h.store.state.log, ["got 10", "got 20"])
    }

    func testMapKeepsIdsMergesAndCancels() {
        let h = CounterHarness()
        let scheduler = TestScheduler()
        let numbers: Effect<Int> = .merge(
            .timer(every: .seconds(1), on: scheduler) { 1 },
            .timer(every: .seconds(2), on: scheduler) { 2 }
        ).cancellable(id: x)
        h.perform("mapped", numbers.map(CounterAction.got))
        XCTAssertEqual(h.store.inFlightEffectIDs, [x])
        scheduler.advance(by: .seconds(2))
        // At 2 s both are due; the 2 s timer's job was scheduled first (at 0 s), so it runs first.
        XCTAssertEqual(h.store.state.log, ["got 1", "got 2", "got 1"])
        let stop: Effect<Int> = .cancel(id: x)
        h.perform("stop", stop.map(CounterAction.got))
        XCTAssertEqual(h.store.inFlightEffectIDs, [])
        XCTAssertEqual(scheduler.pendingCount, 0)
        scheduler.advance(by: .seconds(10))
        XCTAssertEqual(h.store.state.log, ["got 1", "got 2", "got 1"])
        // Mapping nothing is nothing.
        h.perform("none", Effect<Int>.none.map(CounterAction.got))
        XCTAssertEqual(h.store.inFlightEffectIDs, [])
    }

    func testTimerEffectDeliversEveryIntervalUntilCancelled() {
        let h = CounterHarness()
        let scheduler = TestScheduler()
        h.perform("timer", Effect.timer(every: .milliseconds(300), on: scheduler) { .increment }.cancellable(id: x))
        scheduler.advance(by: .milliseconds(299))
        XCTAssertEqual(h.store.state.count, 0)
        scheduler.advance(by: .milliseconds(1))
        XCTAssertEqual(h.store.state.count, 1)
        scheduler.advance(by: .milliseconds(900))
        XCTAssertEqual(h.store.state.count, 4)
        XCTAssertEqual(scheduler.pendingCount, 1)
        h.perform("stop", .cancel(id: x))
        scheduler.advance(by: .seconds(3))
        XCTAssertEqual(h.store.state.count, 4)
        XCTAssertEqual(h.effectActions.count, 4)
    }

    func testEffectID() {
        XCTAssertEqual(EffectID("a"), EffectID("a"))
        XCTAssertNotEqual(EffectID("a"), EffectID("b"))
        XCTAssertEqual(EffectID("a").description, "a")
        XCTAssertEqual(EffectID.timer, EffectID("simulation.timer"))
    }
}
