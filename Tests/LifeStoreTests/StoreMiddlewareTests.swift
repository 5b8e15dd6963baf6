import LifeScheduling
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

/// What every recording middleware saw, in the order they saw it.
private final class Journal {
    var lines: [String] = []
}

/// A middleware that writes a line for each hook into a shared journal, and refuses the changes
/// `refuses` says to refuse.
private struct Recorder: StoreMiddleware {
    typealias State = Counter
    typealias Action = CounterAction

    let name: String
    let journal: Journal
    var refuses: (CounterAction) -> Bool = { _ in false }

    private func origin(_ origin: Store<Counter, CounterAction>.Origin) -> String {
        origin.isEffect ? "effect" : origin.sender ?? "unnamed"
    }

    func willReduce(_ action: CounterAction, origin: Store<Counter, CounterAction>.Origin) {
        journal.lines.append("\(name) willReduce \(action) from \(self.origin(origin))")
    }

    func approve(_ action: CounterAction, origin: Store<Counter, CounterAction>.Origin, old: Counter, new: Counter) throws(ProtocolError) {
        journal.lines.append("\(name) approve \(action) \(old.count)->\(new.count)")
        if refuses(action) { throw ProtocolError(.storageFailed, "\(name) refuses") }
    }

    func didChange(from old: Counter, to new: Counter, action: CounterAction, origin: Store<Counter, CounterAction>.Origin, version: Int) {
        journal.lines.append("\(name) didChange \(action) \(old.count)->\(new.count) v\(version)")
    }

    func didRestore(from old: Counter, to new: Counter, version: Int) {
        journal.lines.append("\(name) didRestore \(old.count)->\(new.count) v\(version)")
    }

    func didRun(_ action: CounterAction, origin: Store<Counter, CounterAction>.Origin, outcome: Store<Counter, CounterAction>.Outcome) {
        journal.lines.append("\(name) didRun \(action) from \(self.origin(origin)): \(outcome)")
    }
}

/// A middleware that implements no hook: the defaults do nothing.
private struct Silent: StoreMiddleware {
    typealias State = Counter
    typealias Action = CounterAction
}

final class StoreMiddlewareTests: XCTestCase {
    func testEveryHookCallsEachMiddlewareInTheOrderInstalled() {
        let h = CounterHarness()
        let journal = Journal()
        h.store.install([Recorder(name: "a", journal: journal), Silent(), Recorder(name: "b", journal: journal)])
        XCTAssertEqual(h.store.send(.increment, from: "client 7"), .changed(version: 1))
        XCTAssertEqual(
            journal.lines,
            [
                "a willReduce increment from client 7", "b willReduce increment from client 7",
                "a approve increment 0->1", "b approve increment 0->1",
                "a didChange increment 0->1 v1", "b didChange increment 0->1 v1",
                "a didRun increment from client 7: changed(version: 1)", "b didRun increment from client 7: changed(version: 1)",
            ])
        journal.lines.removeAll()
        h.store.restore(Counter(count: 0))
        XCTAssertEqual(journal.lines, ["a didRestore 1->0 v2", "b didRestore 1->0 v2"], "didRestore hands over the state put back")
    }

    func testAnActionThatChangesNothingIsNotPutToApprovalButIsReported() {
        let h = CounterHarness()
        let journal = Journal()
        h.store.install([Recorder(name: "a", journal: journal)])
        XCTAssertEqual(h.store.send(.noop), .unchanged(version: 0))
        XCTAssertEqual(h.store.send(.refuse), .refused(ProtocolError(.notAllowed, "refused")))
        XCTAssertEqual(
            journal.lines,
            [
                "a willReduce noop from unnamed", "a didRun noop from unnamed: unchanged(version: 0)",
                "a willReduce refuse from unnamed", #"a didRun refuse from unnamed: refused(not-allowed: refused)"#,
            ])
    }

    func testARefusalByOneMiddlewareRollsTheChangeBackAndAsksNoOneAfterIt() {
        let h = CounterHarness(state: Counter(count: 5), version: 3)
        let probe = Probe()
        h.environment.effects["work"] = probe.effect("work")
        let journal = Journal()
        h.store.install([
            Recorder(name: "a", journal: journal),
            Recorder(name: "b", journal: journal, refuses: { $0 == .incrementAndPerform("work") }),
            Recorder(name: "c", journal: journal),
        ])
        let refusal = ProtocolError(.storageFailed, "b refuses")
        XCTAssertEqual(h.store.send(.incrementAndPerform("work")), .refused(refusal))
        XCTAssertEqual(h.store.state, Counter(count: 5), "the change is rolled back")
        XCTAssertEqual(h.store.version, 3)
        XCTAssertEqual(probe.events, [], "the refused action's effect never started")
        XCTAssertTrue(h.changes.isEmpty)
        XCTAssertEqual(
            journal.lines,
            [
                #"a willReduce incrementAndPerform("work") from unnamed"#, #"b willReduce incrementAndPerform("work") from unnamed"#,
                #"c willReduce incrementAndPerform("work") from unnamed"#,
                #"a approve incrementAndPerform("work") 5->6"#, #"b approve incrementAndPerform("work") 5->6"#,
                #"a didRun incrementAndPerform("work") from unnamed: refused(storage-failed: b refuses)"#,
                #"b didRun incrementAndPerform("work") from unnamed: refused(storage-failed: b refuses)"#,
                #"c didRun incrementAndPerform("work") from unnamed: refused(storage-failed: b refuses)"#,
            ], "c is never asked, and no one is told of a change")
        // What b does not refuse goes through every middleware.
        journal.lines.removeAll()
        XCTAssertEqual(h.store.send(.increment), .changed(version: 4))
        XCTAssertEqual(journal.lines.filter { $0.contains("approve") }, ["a approve increment 5->6", "b approve increment 5->6", "c approve increment 5->6"])
    }

    func testActionsFromEffectsReachTheMiddlewareAfterTheActionThatStartedThem() {
        let h = CounterHarness()
        let journal = Journal()
        h.store.install([Recorder(name: "a", journal: journal)])
        let scheduler = TestScheduler()
        h.perform("now", .run { send in
            send(.add(2))
            return scheduler.schedule(after: .seconds(1)) { send(.add(3)) }
        })
        XCTAssertEqual(
            journal.lines.filter { $0.contains("didRun") },
            [
                "a didRun add(2) from effect: changed(version: 1)",
                #"a didRun perform("now") from unnamed: unchanged(version: 0)"#,
            ], "a sent action is reported once the actions its effect delivered at once have run")
        journal.lines.removeAll()
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(
            journal.lines,
            [
                "a willReduce add(3) from effect", "a approve add(3) 2->5", "a didChange add(3) 2->5 v2",
                "a didRun add(3) from effect: changed(version: 2)",
            ])
        XCTAssertEqual(h.effectActions.map(\.action), [.add(2), .add(3)], "installing leaves didRunEffectAction alone")
    }

    func testOrigins() {
        XCTAssertEqual(Store<Counter, CounterAction>.Origin.sent.sender, nil)
        XCTAssertFalse(Store<Counter, CounterAction>.Origin.sent.isEffect)
        XCTAssertTrue(Store<Counter, CounterAction>.Origin.effect.isEffect)
        XCTAssertEqual(Store<Counter, CounterAction>.Origin.sent(by: "client 3").sender, "client 3")
        XCTAssertNotEqual(Store<Counter, CounterAction>.Origin.sent(by: "client 3"), .sent)
        XCTAssertNotEqual(Store<Counter, CounterAction>.Origin.sent, .effect)
        // Sending with a name reaches the store's hooks, for changes too.
        let h = CounterHarness()
        h.store.send(.increment, from: "start-up")
        XCTAssertEqual(h.origins, [.sent(by: "start-up")])
    }
}
