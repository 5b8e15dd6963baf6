import LifeDaemon
import LifeGrid
import LifeJSON
import LifeScheduling
import LifeStore
import Protocol
import XCTest

/// The turn's commit with a journal that fails when told to: what it releases, in what order it
/// goes back to what is on disk, when it retries, and what it sends again once saving works.
final class TurnCommitTests: XCTestCase {
    private typealias AppStore = Store<AppState, AppAction>

    /// A journal kept in memory that records what it is asked, and whose next commit or retries
    /// fail when a test says so.
    private final class FakeJournal: TurnJournal {
        typealias State = AppState
        typealias Action = AppAction

        /// What the journal was asked, in order ("append 3", "commit 3", ...).
        var calls: [String] = []
        /// The reason the next commit fails with, if it is to fail.
        var failNextCommit: String?
        /// Whether retries fail.
        var retriesFail = false
        var holdsReplies = false
        var failure: String?
        var lastSaved: (state: AppState, version: Int)?
        var retryDelay: Duration = .seconds(1)

        var refusal: ProtocolError? { failure.map { ProtocolError(.storageFailed, "lifed cannot save changes (\($0))") } }
        var statusJSON: JSON { ["saving": failure == nil ? "ok" : "failed"] }

        func start(with state: AppState, version: Int) {
            calls.append("start \(version)")
            lastSaved = (state, version)
        }

        func commit(_ state: AppState, version: Int) -> String? {
            calls.append("commit \(version)")
            defer { holdsReplies = false }
            if let reason = failNextCommit {
                failNextCommit = nil
                failure = reason
                return reason
            }
            if holdsReplies { lastSaved = (state, version) }
            return nil
        }

        func saveTicks(_ state: AppState, version: Int) -> String? {
            calls.append("ticks \(version)")
            return nil
        }

        func retry(_ state: AppState, version: Int) -> Bool {
            calls.append("retry \(version)")
            if retriesFail { return false }
            failure = nil
            lastSaved = (state, version)
            return true
        }

        func close(_ state: AppState, version: Int) -> String? {
            calls.append("close \(version)")
            return nil
        }

        func approve(_ action: AppAction, origin: AppStore.Origin, old: AppState, new: AppState) throws(ProtocolError) {
            if let refusal { throw refusal }
        }

        func didChange(from old: AppState, to new: AppState, action: AppAction, origin: AppStore.Origin, version: Int) {
            calls.append("append \(version)")
            holdsReplies = true
        }

        func didRestore(from old: AppState, to new: AppState, version: Int) {
            calls.append("restored \(version)")
        }
    }

    private var scheduler: TestScheduler!
    private var journal: FakeJournal!
    private var store: AppStore!
    private var commit: TurnCommit!
    private var warnings: [String] = []
    private var actionLines: [String] = []

    /// A glider on a 40 x 40 torus, and at most 10 of its generations computed by one action, so
    /// that a step of 11 is a jump, run in slices of the test scheduler's turns.
    override func setUp() {
        var grid = Grid(rows: 40, cols: 40)
        for (row, col) in [(0, 1), (1, 2), (2, 0), (2, 1), (2, 2)] { grid[row, col] = .alive }
        scheduler = TestScheduler()
        var environment = AppEnvironment(
            scheduler: scheduler, random: RandomSource(seed: 1), jumps: .slices(on: scheduler, every: .milliseconds(60), generations: 1000),
            wallClock: { 1_700_000_000_000 })
        environment.cellUpdatesPerAction = 16_000
        store = AppStore(
            initialState: AppState(simulation: SimulationState(gridState: GridState(grid: grid))), reducer: Reducer<AppState, AppAction, AppEnvironment>.app,
            environment: environment)
        journal = FakeJournal()
        commit = TurnCommit(journal: journal, store: store, scheduler: scheduler, warn: { [unowned self] in warnings.append($0) })
        commit.start()
        store.install([commit, ActionLog { [unowned self] in actionLines.append($0) }])
    }

    override func tearDown() {
        // The store holds the turn's commit (its middleware), which holds the store.
        store.install([])
        commit = nil
        store = nil
    }

    /// Ends a turn, returning what the held replies were released with (nil: their `ack`).
    private func endTurn() -> [ProtocolError?] {
        var released: [ProtocolError?] = []
        commit.endOfTurn { released.append($0) }
        return released
    }

    private let step = AppAction.simulation(.grid(.step(generations: 1)))

    func testTheJournalHearsOfEveryChangeThroughTheTurnsCommitAndSyncsOncePerTurn() {
        XCTAssertEqual(journal.calls, ["start 0"])
        XCTAssertFalse(commit.holdsReplies)
        XCTAssertEqual(store.send(step, from: "client 1"), .changed(version: 1))
        XCTAssertEqual(store.send(step, from: "client 2"), .changed(version: 2))
        XCTAssertTrue(commit.holdsReplies, "acknowledgements wait for the turn's commit")
        XCTAssertEqual(endTurn(), [nil], "the held replies are released as acks")
        XCTAssertFalse(commit.holdsReplies)
        XCTAssertEqual(journal.calls, ["start 0", "append 1", "append 2", "commit 2"])
        XCTAssertEqual(journal.lastSaved?.version, 2)
        XCTAssertEqual(store.version, 2)
        XCTAssertEqual(scheduler.pendingCount, 0, "no retry after a commit that worked")
    }

    func testAFailedCommitAnswersTheHeldRepliesStorageFailedBeforeGoingBackToTheSavedState() {
        let saved = store.state
        XCTAssertEqual(store.send(step, from: "client 1"), .changed(version: 1))
        journal.failNextCommit = "No space left on device"
        var versionWhenReleased: Int?
        var released: [ProtocolError?] = []
        commit.endOfTurn {
            released.append($0)
            versionWhenReleased = self.store.version
        }
        XCTAssertEqual(released, [ProtocolError(.storageFailed, "lifed cannot save changes (No space left on device)")])
        XCTAssertEqual(versionWhenReleased, 1, "the errors are queued before the state goes back, so the restore's diff follows them")
        XCTAssertEqual(store.state, saved)
        XCTAssertEqual(store.version, 2, "going back is a new version")
        XCTAssertEqual(journal.calls, ["start 0", "append 1", "commit 1", "restored 2"])
        XCTAssertEqual(warnings, ["going back to the last saved state (version 0) as version 2"])
        XCTAssertEqual(commit.failure, "No space left on device")
    }

    func testWhileSavingFailsChangesAreRefusedUntilARetryWorks() {
        store.send(step, from: "client 1")
        journal.failNextCommit = "Input/output error"
        _ = endTurn()
        guard case .refused(let error) = store.send(step, from: "client 2") else { return XCTFail("a change is refused while saving fails") }
        XCTAssertEqual(error.code, .storageFailed)
        XCTAssertEqual(endTurn(), [nil], "a turn without a failed commit")
        // One retry is scheduled however many turns pass before it.
        journal.failNextCommit = "Input/output error"
        _ = endTurn()
        XCTAssertEqual(scheduler.pendingCount, 1)
        scheduler.advance(by: .milliseconds(999))
        XCTAssertFalse(journal.calls.contains("retry 2"))
        scheduler.advance(by: .milliseconds(1))
        XCTAssertEqual(journal.calls.filter { $0.hasPrefix("retry") }, ["retry 2"])
        XCTAssertNil(commit.failure)
        XCTAssertEqual(store.send(step, from: "client 3"), .changed(version: 3))
        XCTAssertEqual(scheduler.pendingCount, 0)
    }

    func testARetryThatFailsIsTriedAgainAfterTheJournalsDelay() {
        store.send(step, from: "client 1")
        journal.failNextCommit = "No space left on device"
        journal.retriesFail = true
        _ = endTurn()
        scheduler.advance(by: .seconds(1))
        journal.retryDelay = .seconds(2)
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(journal.calls.filter { $0.hasPrefix("retry") }, ["retry 2", "retry 2"])
        XCTAssertEqual(scheduler.pendingCount, 1, "the next one waits for the journal's longer delay")
        journal.retriesFail = false
        scheduler.advance(by: .seconds(2))
        XCTAssertEqual(journal.calls.filter { $0.hasPrefix("retry") }, ["retry 2", "retry 2", "retry 2"])
        XCTAssertEqual(scheduler.pendingCount, 0)
    }

    func testAStartThatCannotSaveSchedulesARetry() {
        let other = FakeJournal()
        other.failure = "Read-only file system"
        let starting = TurnCommit(journal: other, store: store, scheduler: scheduler, warn: { _ in })
        starting.start()
        XCTAssertEqual(other.calls, ["start 0"])
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(other.calls, ["start 0", "retry 0"])
        XCTAssertNil(starting.failure)
    }

    func testAJumpsEndRefusedWhileSavingFailsIsSentAgainOnceSavingWorks() {
        var expected = store.state.gridWorld
        expected.advance(generations: 11)
        XCTAssertEqual(store.send(.simulation(.grid(.step(generations: 11))), from: "client 1"), .changed(version: 1))
        XCTAssertNotNil(store.state.simulation.jump)
        XCTAssertEqual(endTurn(), [nil])
        // The turn's sync fails while the jump runs; the state on disk still has the jump.
        journal.failNextCommit = "No space left on device"
        _ = endTurn()
        XCTAssertEqual(store.version, 1, "nothing to go back to")
        scheduler.advance(by: .milliseconds(60))
        XCTAssertNotNil(store.state.simulation.jump, "the jump's end is refused while saving fails")
        XCTAssertEqual(
            actionLines.last, "action grid.jumpFinished from an effect: refused (storage-failed: lifed cannot save changes (No space left on device))")
        scheduler.advance(by: .seconds(1))
        XCTAssertNil(store.state.simulation.jump)
        XCTAssertEqual(store.state.gridWorld.grid, expected.grid)
        XCTAssertEqual(store.version, 2)
        XCTAssertEqual(actionLines.last, "action grid.jumpFinished from an effect: version 2")
        XCTAssertEqual(journal.calls.suffix(2), ["retry 1", "append 2"])
        XCTAssertTrue(commit.holdsReplies)
        XCTAssertEqual(warnings, [])
    }

    func testTicksAreSyncedAndCloseWritesTheLastSnapshotThroughTheJournal() {
        store.send(step, from: "client 1")
        commit.saveTicks()
        commit.close()
        XCTAssertEqual(journal.calls, ["start 0", "append 1", "ticks 1", "close 1"])
        XCTAssertEqual(commit.storageStatus, ["saving": "ok"])
    }
}
