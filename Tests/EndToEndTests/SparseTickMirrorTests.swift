import DaemonTestSupport
import LifeJSON
import Protocol
import XCTest

/// The timer's ticks of a sparse world: the daemon finds what each tick changed from where the
/// engine says it changed the grid (a few tiles), not by comparing every word of the grid; the
/// watchers' mirrors, rebuilt from those diffs alone, must still equal the world cell for cell.
final class SparseTickMirrorTests: XCTestCase {
    /// Rows and columns: 8 rows of tiles (64 rows each) by 4 columns of them (256 columns each).
    private static let rows = 512
    private static let cols = 1024

    func testTicksOfGlidersAcrossTileEdgesKeepMirrorsExactAndCostTheirTiles() throws {
        let daemon = try Daemon(self, arguments: ["--ephemeral", "--interval", "10ms"])
        let driver = try daemon.connect()
        // Gliders heading south-east, each a few cells from a tile's edge, so that their ticks
        // cross from tile to tile (and the last ones reach the bounded world's edge).
        var live: [(Int, Int)] = []
        for row in [58, 250, 500] {
            for col in [250, 508, 760, 1016] {
                live += [(row, col + 1), (row + 1, col + 2), (row + 2, col), (row + 2, col + 1), (row + 2, col + 2)]
            }
        }
        let rle = Self.rle(live, rows: Self.rows, cols: Self.cols)
        guard case .ack = try driver.dispatch("simulation.setGrid", ["rle": .string(rle)]) else { return XCTFail("setGrid refused") }
        XCTAssertEqual(try driver.get("/simulation/gridState/grid/rows").value, .int(Self.rows))
        let watchers = try ["", "/simulation/gridState/grid"].map { try Watcher(daemon, path: $0) }
        let before = try statusInfo(driver)

        guard case .ack = try driver.dispatch("simulation.startTimer") else { return XCTFail("start refused") }
        while try driver.get("/simulation/gridState/ticks").value.intValue ?? 0 < 120 {
            for watcher in watchers { try watcher.catchUp() }
        }
        guard case .ack = try driver.dispatch("simulation.stopTimer") else { return XCTFail("stop refused") }
        for watcher in watchers { try watcher.catchUp() }
        let whole = try driver.get("")
        XCTAssertEqual(watchers[0].mirror, whole.value, "the whole state, from diffs")
        XCTAssertEqual(watchers[1].mirror, whole.value.value(at: try JSONPointer(parsing: "/simulation/gridState/grid")), "the grid, from diffs")
        XCTAssertEqual(watchers[0].version, whole.version)

        // What finding the changes cost: the words of the tiles the gliders are in, not the grid's
        // 8,192 words a plane each tick (a full comparison would be at least that per tick).
        let after = try statusInfo(driver)
        let ticks = (after["summary"]?["ticks"]?.intValue ?? 0) - (before["summary"]?["ticks"]?.intValue ?? 0)
        let sharedWords = (after["publisher"]?["sharedWords"]?.intValue ?? -1) - (before["publisher"]?["sharedWords"]?.intValue ?? -1)
        print("SparseTickMirrorTests: \(ticks) ticks, \(sharedWords) words compared, \(sharedWords / max(ticks, 1)) a tick")
        XCTAssertGreaterThanOrEqual(ticks, 120)
        let planeWords = Self.rows * Self.cols / 64
        XCTAssertLessThan(sharedWords, ticks * planeWords / 2, "each tick compares the tiles it changed, not the grid")
        XCTAssertEqual(daemon.terminate(), 0)
    }

    /// Run-length encoded text of a bounded `rows` x `cols` world whose live cells are `live`.
    private static func rle(_ live: [(Int, Int)], rows: Int, cols: Int) -> String {
        var byRow: [Int: [Int]] = [:]
        for (row, col) in live { byRow[row, default: []].append(col) }
        var text = "x = \(cols), y = \(rows), rule = B3/S23:P\(cols),\(rows)\n"
        var row = 0
        for (next, columns) in byRow.sorted(by: { $0.key < $1.key }) {
            if next > row { text += next - row == 1 ? "$" : "\(next - row)$" }
            row = next
            var col = 0
            for column in columns.sorted() {
                if column > col { text += "\(column - col)b" }
                text += "o"
                col = column + 1
            }
        }
        return text + "!\n"
    }
}
