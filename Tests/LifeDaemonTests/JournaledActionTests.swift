import LifeDaemon
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
        ]
        for record in records {
            XCTAssertEqual(try JournaledAction(payload: record.payload), record, "\(record.action.typeName)")
        }
    }

    func testDamagedRecordsAreRefusedWithAReason() {
        for text in ["", "[]", "{}", #"{"action":{"type":"nope"}}"#, #"{"action":{"type":"simulation.tick"},"random":"-1"}"#,
            #"{"action":{"type":"simulation.tick"},"extra":1}"#, #"{"action":{"type":"configurations.fetchResponse","configs":[{"title":1}]}}"#]
        {
            XCTAssertThrowsError(try JournaledAction(payload: Array(text.utf8)), text)
        }
    }
}
