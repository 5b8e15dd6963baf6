import LifeDaemon
import LifeGrid
import LifeJSON
import LifePatterns
import LifeScheduling
import LifeStore
import LifeTestSupport
import Protocol
import XCTest

/// Replaying the journal onto the last snapshot rebuilds exactly the state the live store
/// reached: the same random grids, the same defaults, the same settling (so autoStop stops the
/// timer at the same tick), whatever mix of actions, timer ticks, fetches and jumps (started,
/// progressing, finished, cancelled, refused) came in between.
final class JournalReplayTests: XCTestCase {
    /// A live store driven at random, its changes recorded as lifed records them, snapshots
    /// taken now and then: after every step, the last snapshot plus the records since it replay
    /// to the live state.
    func testReplayingTheRecordsOntoTheLastSnapshotGivesTheLiveState() throws {
        var kinds: [String: Int] = [:]
        // Printed; LIFE_TEST_SEED replays another run of 12 from it.
        let first = TestSeed.make(self, fixed: 1)
        for seed in (0..<12).map({ first &+ UInt64($0) }) {
            kinds.merge(try checkReplay(seed: seed, steps: 300), uniquingKeysWith: +)
        }
        // The walk went through every part of a jump's life.
        for kind in ["grid.step", "grid.jumpProgress", "grid.jumpFinished", "grid.cancelJump"] {
            XCTAssertGreaterThan(kinds[kind] ?? 0, 0, "no \(kind) in the walk: \(kinds)")
        }
    }

    /// What one action computes at once in these tests: about 20 generations of their small worlds.
    private static let cellUpdatesPerAction = 2000

    /// Runs the check; returns how many changes of each kind of action it saw.
    @discardableResult
    private func checkReplay(seed: UInt64, steps: Int) throws -> [String: Int] {
        var chance = SplitMix64(seed: seed)
        let scheduler = TestScheduler()
        // Each read of the wall clock a millisecond later than the last, as a real one moves: what
        // an action reads twice (the history's entries) must reach the replay as the live store read it.
        let clock = ReadCounter()
        let random = RandomSource(seed: seed)
        let defaults = Settings(intervalMs: 100, rows: 9, cols: 11, topology: .torus, rule: try Rule(parsing: "B3/S23"), density: 0.3)
        var environment = AppEnvironment(
            scheduler: scheduler, random: random, defaultSettings: defaults,
            jumps: .slices(on: scheduler, every: .milliseconds(20), generations: 30),
            wallClock: { 1_700_000_000_000 + DurationText.milliseconds(of: scheduler.now) + clock.tick() })
        // One action computes about 20 generations of these small worlds at once: more is a jump.
        environment.cellUpdatesPerAction = Self.cellUpdatesPerAction
        environment.fetchConfigurations = { _ in
            .run { send in scheduler.schedule(after: .milliseconds(30)) { send(.success(Configuration.builtin)) } }
        }
        let store = Store(
            initialState: AppState.initial(random: random, settings: defaults), reducer: Reducer<AppState, AppAction, AppEnvironment>.withHistory,
            environment: environment)
        let history = environment.history
        var recorder = ActionRecorder(random: random, defaults: defaults, history: history)
        var snapshot = (header: SnapshotHeader.encode(store.state), grid: store.state.simulation.gridState.grid)
        var records: [(payload: [UInt8], version: Int)] = []
        store.willReduce = { _, origin in
            history.willReduce(version: store.version + 1)
            history.author = origin.author
            recorder.willReduce()
        }
        var kinds: [String: Int] = [:]
        store.didChange = { old, action, _, version in
            records.append((recorder.record(of: action, from: old, to: store.state).payload, version))
            kinds[action.typeName, default: 0] += 1
        }

        for step in 0..<steps {
            switch chance.next() % 22 {
            case 0:
                snapshot = (SnapshotHeader.encode(store.state), store.state.simulation.gridState.grid)
                records = []
            case 1, 2: scheduler.advance(by: .milliseconds(Int64(chance.next() % 700)))
            case 3: store.send(.simulation(.startTimer))
            case 4: store.send(.simulation(.stopTimer))
            case 5: store.send(.simulation(.resetGridToRandom))
            case 6: store.send(.simulation(.grid(.step(generations: Int(1 + chance.next() % 50)))))
            case 7: store.send(.simulation(.tick))
            case 8: store.send(.settings(.reset))
            case 9:
                let fields: JSON = ["rows": .int(Int(3 + chance.next() % 12)), "density": .double(Double(5 + chance.next() % 90) / 100)]
                store.send(.settings(.update(try SettingsUpdate(fields: JSONFields(fields, at: "")))))
            case 10:
                let rule = ["B3/S23", "B36/S23", "B2/S"][Int(chance.next() % 3)]
                store.send(.settings(.update(try SettingsUpdate(fields: JSONFields(["rule": .string(rule), "autoStop": .bool(chance.next() % 4 != 0)], at: "")))))
            case 11: store.send(.configurations(.fetch(url: nil)))
            case 12: store.send(.configurations(.load(.index(Int(chance.next() % 5)), resize: chance.next() % 2 == 0)))
            case 13: store.send(.statistics(.reset))
            case 14: store.send(.simulation(.resetGridToEmpty))
            case 15: store.send(.simulation(.reset))
            case 16, 17: store.send(.simulation(.grid(.step(generations: Int(21 + chance.next() % 3000)))))
            case 19: store.send(.history(.undo(count: Int(1 + chance.next() % 3))), from: "alice", author: Author(uid: 1, pid: 2, name: "alice"))
            case 20: store.send(.history(.redo(count: Int(1 + chance.next() % 3))))
            case 21: store.send(.history(.rewind), from: "bob", author: Author(uid: 3, pid: 4, name: nil))
            default: store.send(.simulation(.grid(.cancelJump)))
            }
            var replayed = try SnapshotHeader.decode(snapshot.header, grid: snapshot.grid)
            let replay = JournalReplay(defaults: Settings(), cellUpdatesPerAction: Self.cellUpdatesPerAction)
            for record in records {
                try replay.apply(try JournaledAction(payload: record.payload), to: &replayed, version: record.version)
            }
            // A fetch in flight and a running timer are the live store's effects: a restart
            // clears the one and restarts the other; the rest must match exactly.
            XCTAssertEqual(replayed, store.state, "seed \(seed), step \(step): the replay differs from the live state")
            XCTAssertEqual(replayed.simulation.settling.fingerprints, store.state.simulation.settling.fingerprints, "seed \(seed), step \(step)")
            if replayed != store.state { return kinds }
        }
        return kinds
    }

    /// A header keeps everything but the grid, and the settling history; another format is refused.
    func testTheHeaderKeepsTheStateAndTheSettlingHistory() throws {
        var state = AppState.initial(random: RandomSource(seed: 3), settings: Settings(rows: 5, cols: 7))
        state.settings.display.title = "a \"title\" ☺"
        state.simulation.settling = Settling(status: .oscillating(period: 2), fingerprints: [1, .max, 42])
        state.statistics = Statistics(steps: 3, alive: 4, born: 5, died: 6, empty: 7)
        let header = SnapshotHeader.encode(state)
        let read = try SnapshotHeader.decode(header, grid: state.simulation.gridState.grid)
        XCTAssertEqual(read, state)
        XCTAssertEqual(read.simulation.settling.fingerprints, [1, .max, 42])
        XCTAssertLessThan(header.count, 1000, "no grid in the header")

        var future = try JSON(parsing: header)
        try future.apply([.replace(path: try JSONPointer(parsing: "/format"), value: 2)])
        XCTAssertThrowsError(try SnapshotHeader.decode(future.encoded(), grid: state.simulation.gridState.grid)) { error in
            XCTAssertTrue("\(error)".contains("format 2"), "\(error)")
        }
        XCTAssertThrowsError(try SnapshotHeader.decode(Array("{\"format\":1".utf8), grid: state.simulation.gridState.grid))
    }

    /// A record the state refuses does not replay silently: the replay says so.
    func testARecordTheStateRefusesIsAnError() throws {
        var state = AppState.initial(random: RandomSource(seed: 1), settings: Settings(rows: 4, cols: 4))
        let replay = JournalReplay(defaults: Settings())
        XCTAssertThrowsError(try replay.apply(JournaledAction(action: .simulation(.stopTimer)), to: &state))
    }

    /// What a replay costs follows the generations stepped and the grid's size.
    func testTheCostOfAChangeFollowsTheGenerationsItStepped() {
        var old = AppState.initial(random: RandomSource(seed: 1), settings: Settings(rows: 100, cols: 200))
        var new = old
        new.simulation.gridState.ticks += 30
        XCTAssertEqual(JournalReplay.cost(from: old, to: new), 30 * 100 * 200 + JournalReplay.recordCost)
        XCTAssertEqual(JournalReplay.cost(from: old, to: old), JournalReplay.recordCost)
        // A grid.step moves the statistics' steps, not ticks.
        var stepped = old
        stepped.statistics.steps += 11
        XCTAssertEqual(JournalReplay.cost(from: old, to: stepped), 11 * 100 * 200 + JournalReplay.recordCost)
        old.simulation.gridState.ticks = 0
        new.simulation.gridState.ticks = .max
        XCTAssertEqual(JournalReplay.cost(from: old, to: new), Int.max / 2)
    }

    /// A tick the kept engine computed, as a lone glider's ticks are, costs the tiles it changed
    /// and their neighbours, not the whole grid; a tick on an engine made afresh (the first after
    /// any other change, live or replayed) costs the whole grid, as its replay does.
    func testATickOfALoneGliderCostsItsTilesNotTheWholeGrid() {
        var grid = Grid(rows: 1024, cols: 1024)
        for (row, col) in [(500, 501), (501, 502), (502, 500), (502, 501), (502, 502)] { grid[row, col] = .alive }
        let cells = grid.rows * grid.cols
        let cache = EngineCache()
        var old = AppState(simulation: SimulationState(gridState: GridState(grid: grid)))
        var costs: [Int] = []
        for _ in 0..<4 {
            var world = GridWorld(grid: old.simulation.gridState.grid)
            world.advance(generations: 1, cache: cache)
            var new = old
            new.simulation.gridState.grid = world.grid
            new.simulation.gridState.ticks += 1
            costs.append(JournalReplay.cost(from: old, to: new))
            old = new
        }
        XCTAssertEqual(costs[0], cells + JournalReplay.recordCost, "a tick on an engine made afresh")
        XCTAssertGreaterThan(costs[3], JournalReplay.recordCost, "a tick still computes something")
        XCTAssertLessThan(costs[3], cells / 4, "the glider's tiles and their neighbours (nine tiles of 64 x 256 cells at most), not the grid: \(costs)")
    }
}

/// Counts the reads of a clock: each read returns how many came before it.
private final class ReadCounter: @unchecked Sendable {
    private var reads = 0
    func tick() -> Int {
        defer { reads += 1 }
        return reads
    }
}
