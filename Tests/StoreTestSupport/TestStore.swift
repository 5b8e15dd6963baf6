import LifeScheduling
import LifeStore
import LifeTestSupport
import Protocol
import XCTest

/// A store for exhaustive tests, after pointfreeco's `TestStore`.
///
/// - ``send(_:_:file:line:)`` runs an action and asserts that the state becomes exactly what
///   `update` makes of a copy of the previous state, and that the version grew by exactly one
///   (or not at all when `update` changes nothing).
/// - ``receive(_:_:file:line:)`` asserts the next action an effect delivered, and the state
///   and version right after it.
/// - Sending while effects have delivered actions the test has not received fails, and so
///   does ``finish(file:line:)`` with unreceived actions or effects still in flight.
public final class TestStore<State: Equatable, Action: Equatable> {
    public typealias Outcome = Store<State, Action>.Outcome

    /// One action an effect delivered, with what the store made of it.
    public struct Delivery {
        public var action: Action
        public var outcome: Outcome
        public var state: State
        public var version: Int
    }

    /// The store under test.
    public let store: Store<State, Action>
    /// The state as the test has asserted it so far.
    public private(set) var state: State
    /// The version as the test has asserted it so far.
    public private(set) var version: Int
    /// Actions delivered by effects and not yet received by the test.
    private var deliveries: [Delivery] = []
    /// Every change the store reported, as (old state, action, new version, new state).
    public private(set) var changes: [(old: State, action: Action, version: Int, new: State)] = []

    public init<Environment>(
        initialState: State, version: Int = 0, reducer: Reducer<State, Action, Environment>, environment: Environment
    ) {
        store = Store(initialState: initialState, version: version, reducer: reducer, environment: environment)
        state = initialState
        self.version = version
        store.didRunEffectAction = { [unowned self] action, outcome in
            deliveries.append(Delivery(action: action, outcome: outcome, state: store.state, version: store.version))
        }
        store.didChange = { [unowned self] old, action, _, version in
            changes.append((old, action, version, store.state))
        }
    }

    deinit {
        if !deliveries.isEmpty {
            XCTFail("the test store was released with unreceived actions: \(deliveries.map(\.action))")
        }
    }

    /// Actions delivered by effects that the test has not received yet.
    public var unreceivedActions: [Action] { deliveries.map(\.action) }

    /// Forgets the actions effects delivered, for a test that checks the store's state itself
    /// rather than each step (as TCA's `skipReceivedActions`); the next `send` starts from the
    /// store's state as it is.
    public func skipReceivedActions() {
        deliveries.removeAll()
        state = store.state
        version = store.version
    }

    /// Sends `action`, which must be allowed, and asserts the exact resulting state and version.
    @discardableResult
    public func send(
        _ action: Action, _ update: (inout State) -> Void = { _ in }, file: StaticString = #filePath, line: UInt = #line
    ) -> Outcome {
        XCTAssertEqual(
            unreceivedActions, [], "must receive the actions effects delivered before sending \(action)", file: file,
            line: line)
        deliveries.removeAll()
        var expected = state
        update(&expected)
        let changeCount = changes.count
        let before = store.state
        let outcome = store.send(action)
        if case .refused(let error) = outcome {
            XCTFail("\(action) was refused: \(error)", file: file, line: line)
            return outcome
        }
        // The state right after this action, before any action its effects delivered at once:
        // the first change reported, or the state before if the action changed nothing.
        let actual: State
        if case .changed = outcome, changes.count > changeCount {
            actual = changes[changeCount].new
        } else {
            actual = before
        }
        assertState(actual, expected, after: "send(\(action))", file: file, line: line)
        let expectedOutcome: Outcome = expected == state ? .unchanged(version: version) : .changed(version: version + 1)
        XCTAssertEqual(outcome, expectedOutcome, "outcome of \(action)", file: file, line: line)
        state = actual
        version = outcome.version ?? version
        return outcome
    }

    /// Sends `action` and asserts that the store refuses it with `code`, with a message that
    /// contains `messageContains`, leaving state and version exactly as they were.
    @discardableResult
    public func sendRefused(
        _ action: Action, code: ErrorCode = .notAllowed, messageContains: String, file: StaticString = #filePath,
        line: UInt = #line
    ) -> ProtocolError? {
        XCTAssertEqual(
            unreceivedActions, [], "must receive the actions effects delivered before sending \(action)", file: file,
            line: line)
        deliveries.removeAll()
        let changeCount = changes.count
        let outcome = store.send(action)
        guard case .refused(let error) = outcome else {
            XCTFail("\(action) was not refused: \(outcome)", file: file, line: line)
            return nil
        }
        XCTAssertEqual(error.code, code, "code of the refusal of \(action)", file: file, line: line)
        XCTAssertTrue(
            error.message.contains(messageContains), "message \(error.message.debugDescription) lacks \(messageContains)",
            file: file, line: line)
        XCTAssertEqual(changes.count, changeCount, "a refusal must not report a change", file: file, line: line)
        assertState(store.state, state, after: "refused \(action)", file: file, line: line)
        XCTAssertEqual(store.version, version, "a refusal must not bump the version", file: file, line: line)
        return error
    }

    /// Asserts that the next action an effect delivered is `action`, and that the state right
    /// after it is what `update` makes of the previous state, with the version bumped by one
    /// exactly when the state changed.
    public func receive(
        _ action: Action, _ update: (inout State) -> Void = { _ in }, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard !deliveries.isEmpty else {
            XCTFail("expected to receive \(action), but no effect delivered an action", file: file, line: line)
            return
        }
        let delivery = deliveries.removeFirst()
        XCTAssertEqual(delivery.action, action, "received action", file: file, line: line)
        var expected = state
        update(&expected)
        assertState(delivery.state, expected, after: "receive(\(action))", file: file, line: line)
        let expectedOutcome: Outcome = expected == state ? .unchanged(version: version) : .changed(version: version + 1)
        XCTAssertEqual(delivery.outcome, expectedOutcome, "outcome of received \(action)", file: file, line: line)
        XCTAssertEqual(delivery.version, expectedOutcome.version, "version after \(action)", file: file, line: line)
        state = delivery.state
        version = delivery.version
    }

    /// Asserts that the next action an effect delivered is `action`, and that the store refused it
    /// with a message containing `messageContains`, leaving state and version as they were.
    public func receiveRefused(_ action: Action, messageContains: String, file: StaticString = #filePath, line: UInt = #line) {
        guard !deliveries.isEmpty else {
            XCTFail("expected to receive \(action), but no effect delivered an action", file: file, line: line)
            return
        }
        let delivery = deliveries.removeFirst()
        XCTAssertEqual(delivery.action, action, "received action", file: file, line: line)
        guard case .refused(let error) = delivery.outcome else {
            XCTFail("\(action) was not refused: \(delivery.outcome)", file: file, line: line)
            return
        }
        XCTAssertTrue(
            error.message.contains(messageContains), "message \(error.message.debugDescription) lacks \(messageContains)", file: file,
            line: line)
        assertState(delivery.state, state, after: "refused \(action)", file: file, line: line)
        XCTAssertEqual(delivery.version, version, "a refusal must not bump the version", file: file, line: line)
    }

    /// Asserts that effects delivered nothing since the last assertion.
    public func assertNoDeliveries(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(unreceivedActions, [], "unexpected actions from effects", file: file, line: line)
        deliveries.removeAll()
        assertState(store.state, state, after: "no deliveries", file: file, line: line)
        XCTAssertEqual(store.version, version, file: file, line: line)
    }

    /// Ends the test: every delivered action must have been received and no effect may still run
    /// except those in `inFlight`. (The store keeps the handle of an effect that has delivered
    /// its last action until its id is cancelled or replaced: a finished fetch stays listed.)
    public func finish(inFlight: Set<EffectID> = [], file: StaticString = #filePath, line: UInt = #line) {
        assertNoDeliveries(file: file, line: line)
        XCTAssertEqual(store.inFlightEffectIDs, inFlight, "effects in flight at the end", file: file, line: line)
    }

    private func assertState(_ actual: State, _ expected: State, after step: String, file: StaticString, line: UInt) {
        guard actual != expected else { return }
        var actualText = ""
        var expectedText = ""
        if let actual = actual as? AppState, let expected = expected as? AppState {
            actualText = describe(actual)
            expectedText = describe(expected)
        } else {
            dump(actual, to: &actualText)
            dump(expected, to: &expectedText)
        }
        XCTFail("state after \(step) differs\nactual:\n\(actualText)\nexpected:\n\(expectedText)", file: file, line: line)
    }

    private func describe(_ state: AppState) -> String {
        """
        isRunningTimer: \(state.simulation.isRunningTimer), ticks: \(state.simulation.gridState.ticks)
        settling: \(state.simulation.settling.status), \(state.simulation.settling.fingerprints.count) fingerprints
        stoppedBecause: \(state.simulation.stoppedBecause ?? "nil")
        statistics: \(state.statistics)
        settings: \(state.settings)
        configurations: isFetching \(state.configurations.isFetching), \
        error \(state.configurations.error ?? "nil"), titles \(state.configurations.configs.map(\.title))
        grid: \(show(state.simulation.gridState.grid))
        """
    }
}
