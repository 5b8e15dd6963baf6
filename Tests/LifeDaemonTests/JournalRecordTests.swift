import LifeDaemon
import Protocol
import XCTest

final class JournalRecordTests: XCTestCase {
    /// Every kind of action a journal holds reads back as itself, with what its replay needs.
    func testRecordsReadBackAsWritten() throws {
        var glider = Grid(rows: 5, cols: 5)
        for (row, col) in [(0, 1), (1, 2), (2, 0), (2, 1), (2, 2)] { glider[row, col] = .alive }
        var settings = Settings(intervalMs: 250, rows: 40, cols: 80, topology: .bounded, rule: try Rule(parsing: "B36/S23"), density: 0.25)
        settings.display.title = "a \"title\" ☺"
        let records: [JournalRecord] = [
            JournalRecord(action: .simulation(.tick)),
            JournalRecord(action: .simulation(.grid(.step(generations: 1000)))),
            JournalRecord(action: .simulation(.resetGridToRandom), randomState: .max),
            JournalRecord(action: .simulation(.resetGridToRandom), randomState: 0),
            JournalRecord(action: .simulation(.setGrid(GridReplacement(grid: glider, rule: try Rule(parsing: "B3/S23"), topology: .torus)))),
            JournalRecord(action: .settings(.update(try SettingsUpdate(fields: JSONFields(["intervalMs": 500, "display": ["title": "x"]], at: ""))))),
            JournalRecord(action: .settings(.reset), defaults: settings),
            JournalRecord(action: .configurations(.fetch(url: "file:///srv/list.json"))),
            JournalRecord(action: .configurations(.fetch(url: nil))),
            JournalRecord(action: .configurations(.add(Configuration(title: "Blinker", contents: [.init(row: 0, col: 0), .init(row: 0, col: 1)])))),
            JournalRecord(action: .configurations(.load(.title("Blinker"), resize: true))),
            JournalRecord(action: .configurations(.load(.index(3), resize: false))),
            JournalRecord(action: .configurations(.fetchResponse(.success([Configuration(title: "Glider", contents: [.init(row: 0, col: 1), .init(row: 1, col: 2)]), Configuration(title: "", contents: [])])))),
            JournalRecord(action: .configurations(.fetchResponse(.success([])))),
            JournalRecord(action: .configurations(.fetchResponse(.failure(FetchFailure("HTTP 404"))))),
            JournalRecord(action: .statistics(.reset)),
        ]
        for record in records {
            XCTAssertEqual(try JournalRecord(payload: record.payload), record, "\(record.action.typeName)")
        }
    }

    func testDamagedRecordsAreRefusedWithAReason() {
        for text in ["", "[]", "{}", #"{"action":{"type":"nope"}}"#, #"{"action":{"type":"simulation.tick"},"random":"-1"}"#,
            #"{"action":{"type":"simulation.tick"},"extra":1}"#, #"{"action":{"type":"configurations.fetchResponse","configs":[{"title":1}]}}"#]
        {
            XCTAssertThrowsError(try JournalRecord(payload: Array(text.utf8)), text)
        }
    }
}
