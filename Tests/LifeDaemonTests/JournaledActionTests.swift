import LifeDaemon
import LifeGrid
import LifeJSON
import LifePatterns
import LifeStore
import Protocol
import XCTest

final class JournaledActionTests: XCTestCase {
    /// Every kind of action a journal holds reads back as itself, with what its replay needs.
    func testRecordsReadBackAsWritten() throws {
        var glider = Grid(rows: 5, cols: 5)
        for (row, col) in [(0, 1), (1, 2), (2, 0), (2, 1), (2, 2)] { glider[row, col] = .alive }
        var settings = Settings(intervalMs: 250, rows: 40, cols: 80, topology: .bounded, rule: try Rule(parsing: "B36/S23"), density: 0.25)
        settings.display.title = "a \"title\" ☺"
        let records: [JournaledAction] = [
            JournaledAction(action: .simulation(.tick)),
            JournaledAction(action: .simulation(.grid(.step(generations: 1000)))),
            JournaledAction(action: .simulation(.resetGridToRandom), randomState: .max),
            JournaledAction(action: .simulation(.resetGridToRandom), randomState: 0),
            JournaledAction(action: .simulation(.setGrid(GridReplacement(grid: glider, rule: try Rule(parsing: "B3/S23"), topology: .torus)))),
            JournaledAction(
                action: .simulation(.setGrid(GridReplacement(grid: glider, rule: try Rule(parsing: "B36/S23"), keep: GridReplacement.Keep(title: "a \"glider\" ☺"))))),
            JournaledAction(action: .settings(.update(try SettingsUpdate(fields: JSONFields(["intervalMs": 500, "display": ["title": "x"]], at: ""))))),
            JournaledAction(action: .settings(.reset), defaults: settings),
            JournaledAction(action: .configurations(.fetch(url: "file:///srv/list.json"))),
            JournaledAction(action: .configurations(.fetch(url: nil))),
            JournaledAction(action: .configurations(.add(try Configuration(title: "Blinker", cells: [.init(row: 0, col: 0), .init(row: 0, col: 1)])))),
            JournaledAction(action: .configurations(.load(.title("Blinker"), resize: true))),
            JournaledAction(action: .configurations(.load(.index(3), resize: false))),
            JournaledAction(
                action: .configurations(
                    .fetchResponse(
                        .success([
                            try Configuration(title: "Glider", cells: [.init(row: 0, col: 1), .init(row: 1, col: 2)]),
                            try Configuration(title: "", cells: []),
                        ])))),
            JournaledAction(action: .configurations(.fetchResponse(.success([])))),
            JournaledAction(action: .configurations(.fetchResponse(.failure(FetchFailure("HTTP 404"))))),
            JournaledAction(action: .statistics(.reset)),
            JournaledAction(action: .simulation(.grid(.step(generations: 1_000_000_000))), jumpStarted: 1_700_000_000_123),
            JournaledAction(action: .simulation(.grid(.cancelJump))),
            JournaledAction(action: .simulation(.grid(.jumpProgress(Jump(target: 1_000_000, done: 12_345, started: 1_700_000_000_123))))),
            JournaledAction(action: .simulation(.grid(.jumpFinished(Self.jumpResult(rows: 37, cols: 70, seed: 1, status: .oscillating(period: 2)))))),
            JournaledAction(action: .simulation(.grid(.jumpFinished(Self.jumpResult(rows: 64, cols: 128, seed: 2, status: .evolving))))),
            JournaledAction(action: .simulation(.grid(.jumpFinished(Self.jumpResult(rows: 1, cols: 1, seed: 3, status: .extinct))))),
            JournaledAction(action: .simulation(.grid(.jumpFinished(Self.jumpResult(rows: 4096, cols: 4096, seed: 4, status: .still, density: 0.0001))))),
        ]
        for record in records {
            XCTAssertEqual(try JournaledAction(payload: record.payload), record, "\(record.action.typeName)")
        }
    }

    /// A loaded grid is recorded as the wire carries it, RLE and `keep`, never its cells: the dense
    /// 4096 x 4096 world in 24 KB rather than 17 MB of cells.
    func testALoadedGridIsRecordedAsRLE() throws {
        var dense = BitPlane(rows: 4096, cols: 4096)
        for row in 0..<4096 { dense.setRun(row: row, from: 0, count: 4096) }
        let record = JournaledAction(
            action: .simulation(.setGrid(GridReplacement(grid: Grid(alive: dense), topology: .bounded, keep: GridReplacement.Keep(title: "Dense")))))
        let payload = record.payload
        XCTAssertLessThan(payload.count, 30_000)
        let json = try JSON(parsing: payload)
        XCTAssertEqual(json["action"]?["keep"], ["title": "Dense"])
        XCTAssertEqual(json["action"]?["topology"], "bounded")
        XCTAssertNotNil(json["action"]?["rle"]?.stringValue)
        XCTAssertNil(json["action"]?["cells"])
        XCTAssertEqual(try JournaledAction(payload: payload), record)
    }

    /// The result of a jump: a grid of every cell state at `density` live, counts, a full history.
    static func jumpResult(rows: Int, cols: Int, seed: UInt64, status: Settling.Status, density: Double = 0.5) -> JumpResult {
        var random = SplitMix64(seed: seed)
        var grid = Grid(rows: rows, cols: cols)
        let threshold = UInt64(density * Double(UInt64.max))
        for row in 0..<rows {
            for col in 0..<cols where random.next() < threshold {
                grid[row, col] = [Cell.alive, .born, .died][Int(random.next() % 3)]
            }
        }
        let fingerprints = (0..<Settling.maxPeriod).map { _ in random.next() }
        return JumpResult(
            jump: Jump(target: 999_999, done: 999_999, started: 1_700_000_000_000 + Int(seed)), grid: grid,
            statistics: Statistics(steps: 999_999, alive: .max, born: 3, died: 4, empty: 5),
            settling: Settling(status: status, fingerprints: fingerprints))
    }

    /// A jump's end keeps a sparse grid compact: a cell on a 4096 x 4096 grid is a few dozen bytes.
    func testAJumpsEndKeepsASparseGridCompact() {
        var grid = Grid(rows: 4096, cols: 4096)
        grid[2000, 3000] = .born
        grid[2001, 3000] = .died
        let result = JumpResult(jump: Jump(target: 1000, done: 1000, started: 1), grid: grid, statistics: Statistics(), settling: Settling())
        let record = JournaledAction(action: .simulation(.grid(.jumpFinished(result))))
        XCTAssertLessThan(record.payload.count, 400, String(decoding: record.payload, as: UTF8.self))
        XCTAssertEqual(try JournaledAction(payload: record.payload), record)
    }

    /// The record of a jump's end prepared on the worker thread is the record's own bytes, used
    /// once, and only for that jump.
    func testAJumpsEndPreparedAheadIsTheSameRecord() throws {
        var recorder = ActionRecorder(random: RandomSource(seed: 1), defaults: Settings())
        recorder.willReduce()
        let result = Self.jumpResult(rows: 40, cols: 90, seed: 6, status: .still)
        let action = AppAction.simulation(.grid(.jumpFinished(result)))
        let state = AppState.initial(random: RandomSource(seed: 2))
        let expected = JournaledAction(action: action).payload
        let other = Self.jumpResult(rows: 40, cols: 90, seed: 7, status: .still)
        recorder.preparedJumpEnds.prepare(other)
        XCTAssertNil(recorder.preparedJumpEnds.take(for: result), "another jump's record is not this one's")
        recorder.preparedJumpEnds.prepare(result)
        XCTAssertTrue(recorder.payload(of: action, from: state, to: state) == expected)
        XCTAssertNil(recorder.preparedJumpEnds.take(for: result), "taken once")
        XCTAssertTrue(recorder.payload(of: action, from: state, to: state) == expected, "and encoded on the spot when not prepared")
        XCTAssertEqual(try JournaledAction(payload: expected).action, action)
    }

    func testDamagedRecordsAreRefusedWithAReason() {
        for text in ["", "[]", "{}", #"{"action":{"type":"nope"}}"#, #"{"action":{"type":"simulation.tick"},"random":"-1"}"#,
            #"{"action":{"type":"simulation.tick"},"extra":1}"#, #"{"action":{"type":"configurations.fetchResponse","configs":[{"title":1}]}}"#,
            #"{"action":{"type":"grid.step","generations":1000000001}}"#, #"{"action":{"type":"grid.step"},"jumpStarted":-1}"#,
            #"{"action":{"type":"grid.jumpProgress","target":10,"done":11,"started":1}}"#,
            #"{"action":{"type":"grid.jumpProgress","target":10,"done":1}}"#,
            #"{"action":{"type":"grid.jumpProgress","target":10,"done":1,"started":1,"extra":1}}"#]
        {
            XCTAssertThrowsError(try JournaledAction(payload: Array(text.utf8)), text)
        }
    }

    /// Every way the end of a jump can be damaged is refused with a reason, never a crash.
    func testDamagedJumpEndsAreRefused() throws {
        let good = try JSON(parsing: JournaledAction(action: .simulation(.grid(.jumpFinished(Self.jumpResult(rows: 3, cols: 70, seed: 5, status: .oscillating(period: 3)))))).payload)
        func damaged(_ path: String, _ value: JSON?) throws -> [UInt8] {
            var json = good
            let pointer = try JSONPointer(parsing: path)
            try json.apply([value.map { .add(path: pointer, value: $0) } ?? .remove(path: pointer)])
            return json.encoded()
        }
        let planes = good["action"]?["grid"]?["planes"]?.stringValue ?? ""
        let cases: [(String, JSON?, String)] = [
            ("/action/grid/planes", .string(String(planes.dropLast(4))), "planes"),
            ("/action/grid/planes", .string(Base64.encode((Base64.decode(planes) ?? []) + [0])), "after its planes"),
            ("/action/grid/planes", .string("not base64!"), "base64"),
            ("/action/grid/rows", 4, "planes"),
            ("/action/grid/cols", 4097, "cols"),
            ("/action/grid/extra", 1, "extra"),
            ("/action/status", "dancing", "status"),
            ("/action/period", 200, "period"),
            ("/action/fingerprints", ["x"], "fingerprints"),
            ("/action/fingerprints", .array(Array(repeating: "1", count: 129)), "at most 128"),
            ("/action/statistics/steps", -1, "steps"),
            ("/action/target", 0, "target"),
            ("/action/grid", nil, "grid"),
        ]
        for (path, value, mentions) in cases {
            XCTAssertThrowsError(try JournaledAction(payload: try damaged(path, value)), path) { error in
                XCTAssertTrue("\(error)".contains(mentions), "\(path): \(error)")
            }
        }
    }
}
