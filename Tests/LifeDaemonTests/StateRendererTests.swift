import LifeDaemon
import LifeGrid
import LifeJSON
import LifePatterns
import Protocol
import XCTest

final class StateRendererTests: XCTestCase {
    /// Paths outside the grid, in every section, at every depth, and some that hold nothing.
    private let paths = [
        "", "/simulation", "/simulation/gridState", "/simulation/gridState/ticks", "/simulation/status", "/simulation/period",
        "/simulation/jump", "/simulation/stoppedBecause", "/statistics", "/statistics/steps", "/settings", "/settings/display",
        "/settings/display/title", "/configurations", "/nothing", "/statistics/nothing",
    ].map { try! JSONPointer(parsing: $0) }

    /// Whatever changed (a tick, the timer, the settling status, a jump, the settings, the
    /// configurations, nothing), the section-wise patch is the patch between the two gridless
    /// documents at each path, operation for operation, and its encoded form the encoder's bytes
    /// for it; a renderer that keeps its sections from one change to the next gives what a fresh
    /// one gives.
    func testTheGridlessPatchIsTheDiffOfTheGridlessDocuments() throws {
        var g = SplitMix64(seed: 20)
        let kept = StateRenderer()
        var current = AppState(simulation: SimulationState(gridState: GridState(grid: Grid(rows: 8, cols: 8))))
        var kinds = Set<Int>()
        for step in 0..<240 {
            var next = current
            let kind = Int.random(in: 0..<8, using: &g)
            switch kind {
            case 0, 1:
                next.simulation.gridState.ticks += 1
                next.statistics.steps += 1
                next.statistics.alive = Int.random(in: 0..<64, using: &g)
                next.simulation.gridState.grid[Int.random(in: 0..<8, using: &g), Int.random(in: 0..<8, using: &g)] = .alive
            case 2:
                next.simulation.isRunningTimer.toggle()
                // A reason the encoder escapes, now and then.
                next.simulation.stoppedBecause = next.simulation.isRunningTimer ? nil : step % 3 == 0 ? "a \"step\" \\ \(step) ☃\n" : "step \(step)"
            case 3:
                next.simulation.settling = Settling(status: [.evolving, .extinct, .still, .oscillating(period: 2), .oscillating(period: 3)].randomElement(using: &g)!)
            case 4:
                next.simulation.jump = next.simulation.jump == nil ? Jump(target: 1000, done: step, started: step) : nil
            case 5:
                next.settings.display.title = "step \(step)"
                next.settings.intervalMs = Int.random(in: 10...1000, using: &g)
            case 6:
                // The list: an entry added, one removed, the fetched part replaced, or the fields.
                let entry = try Configuration(title: "c\(step)", rle: "x = \(step % 5 + 1), y = 1\n\(step % 5 + 1)o!")
                switch Int.random(in: 0..<4, using: &g) {
                case 0: try next.configurations.add(entry)
                case 1 where !next.configurations.configs.isEmpty:
                    next.configurations.remove(at: Int.random(in: 0..<next.configurations.configs.count, using: &g))
                case 2: next.configurations.replaceFetched(with: [entry, try Configuration(title: "d\(step)", rle: "x = 2, y = 2\n2o$2o!")])
                default:
                    next.configurations.error = next.configurations.error == nil ? "step \(step)" : nil
                    next.configurations.isFetching.toggle()
                }
            default:
                break  // no change at all
            }
            kinds.insert(kind)
            let fresh = StateRenderer()
            for path in paths {
                let expected = JSONDiff.patch(
                    from: fresh.gridless(current).value(at: path) ?? .null, to: fresh.gridless(next).value(at: path) ?? .null)
                XCTAssertEqual(kept.gridlessPatch(from: current, to: next, at: path), expected, "step \(step), change \(kind), at \(path)")
                XCTAssertEqual(StateRenderer().gridlessPatch(from: current, to: next, at: path), expected, "step \(step), a fresh renderer, at \(path)")
                let text = kept.gridlessPatchText(from: current, to: next, at: path)
                XCTAssertEqual(String(decoding: expected.isEmpty ? [] : Array("[".utf8) + text + Array("]".utf8), as: UTF8.self),
                    String(decoding: expected.isEmpty ? [] : expected.encodedJSON(), as: UTF8.self), "step \(step), the encoded patch at \(path)")
                if expected.isEmpty { XCTAssertEqual(text, [], "step \(step), no operation at \(path)") }
            }
            current = next
        }
        XCTAssertEqual(kinds.count, 8, "every kind of change was tried")
    }

    /// The gridless document holds every section, with null where the grid goes.
    func testTheGridlessDocumentHoldsEverySectionButTheGrid() throws {
        let state = AppState(simulation: SimulationState(gridState: GridState(ticks: 3, grid: Grid(rows: 2, cols: 2))))
        let document = StateRenderer().gridless(state)
        XCTAssertEqual(document.objectValue.map { Set($0.keys) }, ["simulation", "statistics", "settings", "configurations", "history"])
        XCTAssertEqual(document.value(at: try JSONPointer(parsing: "/simulation/gridState/grid")), .null)
        XCTAssertEqual(document.value(at: try JSONPointer(parsing: "/simulation/gridState/ticks")), .int(3))
        XCTAssertEqual(document.value(at: try JSONPointer(parsing: "/settings")), state.settings.json)
    }
}
