import LifeEngine
import LifeGrid
import LifeJSON
import LifeStore
import LifeTestSupport
import Protocol
import StoreTestSupport
import XCTest

/// `simulation.setGrid`: a new grid, ticks 0, and the rule and topology when given.
final class SetGridTests: XCTestCase {
    private var stepped: AppState {
        .fixture(grid: Blinker.odd, ticks: 9, statistics: Blinker.statistics(after: 3), settling: Blinker.settling(after: 3))
    }

    func testSetGridReplacesTheGridAndZeroesTicks() {
        let app = AppHarness(state: stepped)
        let glider = placed(Patterns.glider, rows: 7, cols: 13, row: 1, col: 2)
        app.store.send(.simulation(.setGrid(GridReplacement(grid: glider)))) {
            $0.simulation.gridState.ticks = 0
            $0.expectReplacement(glider)
        }
        // The settings' size becomes the grid's; rule, topology and the rest of the settings stay;
        // so do the statistics.
        var settings = stepped.settings
        settings.rows = 7
        settings.cols = 13
        XCTAssertEqual(app.store.state.settings, settings)
        XCTAssertEqual(app.store.state.statistics, Blinker.statistics(after: 3))
        // The new grid runs under the settings' rule and topology.
        app.store.send(.simulation(.grid(.step))) { $0.expectGeneration(referenceNextGeneration(glider, torus: true)) }
        app.store.finish()
    }

    func testSetGridAppliesTheRuleAndTopologyWhenGiven() {
        let app = AppHarness(state: stepped)
        let replicator = placed(Patterns.replicator, rows: 30, cols: 30, row: 12, col: 12)
        app.store.send(.simulation(.setGrid(GridReplacement(grid: replicator, rule: .highLife, topology: .bounded)))) {
            $0.simulation.gridState.ticks = 0
            $0.expectReplacement(replicator)
            $0.settings.rule = .highLife
            $0.settings.topology = .bounded
        }
        let grids = referenceRun(replicator, generations: 12, birth: [3, 6], torus: false)
        app.store.send(.simulation(.grid(.step(generations: 12)))) {
            for next in grids { $0.expectGeneration(next) }
        }
        XCTAssertEqual(app.store.state.simulation.gridState.grid.population, 24)
        // Only the rule: the topology stays as it is.
        app.store.send(.simulation(.setGrid(GridReplacement(grid: Blinker.start, rule: .conway)))) {
            $0.expectReplacement(Blinker.start)
            $0.settings.rule = .conway
        }
        XCTAssertEqual(app.store.state.settings.topology, .bounded)
        app.store.finish()
    }

    func testSetGridFromAnActionsJSON() throws {
        // The wire form: rows, cols, cells, rule and topology.
        let json = try JSON(
            parsing: #"{"type": "simulation.setGrid", "rows": 3, "cols": 4, "cells": ["....", "OOO.", "...."], "rule": "B36/S23", "topology": "bounded"}"#)
        let action = try AppAction(json: json)
        let expected = grid("....", "OOO.", "....")
        XCTAssertEqual(action, .simulation(.setGrid(GridReplacement(grid: expected, rule: .highLife, topology: .bounded))))
        let app = AppHarness(state: stepped)
        app.store.send(action) {
            $0.simulation.gridState.ticks = 0
            $0.expectReplacement(expected)
            $0.settings.rule = .highLife
            $0.settings.topology = .bounded
        }
        app.store.finish()
    }

    func testSetGridIsRefusedWhileRunning() {
        let app = AppHarness(state: stepped)
        let store = app.store
        store.send(.simulation(.startTimer)) { $0.simulation.isRunningTimer = true }
        let error = store.sendRefused(
            .simulation(.setGrid(GridReplacement(grid: Grid(rows: 5, cols: 5), rule: .seeds, topology: .bounded))),
            code: .notAllowed, messageContains: "simulation.setGrid")
        XCTAssertEqual(
            error,
            ProtocolError(
                .notAllowed, "simulation.setGrid is not allowed while the timer runs; send simulation.stopTimer first", refused: .timerRunning))
        XCTAssertEqual(app.scheduler.pendingCount, 1)
        store.send(.simulation(.stopTimer)) { $0.simulation.isRunningTimer = false }
        store.send(.simulation(.setGrid(GridReplacement(grid: Grid(rows: 5, cols: 5))))) {
            $0.simulation.gridState.ticks = 0
            $0.expectReplacement(Grid(rows: 5, cols: 5))
        }
        store.finish()
    }

    func testSetGridWithTheSameGridStillZeroesTicksAndHistory() {
        let app = AppHarness(state: stepped)
        app.store.send(.simulation(.setGrid(GridReplacement(grid: Blinker.odd)))) {
            $0.simulation.gridState.ticks = 0
            // The history starts again, with the same grid as its first.
            $0.simulation.settling = .startingWith(Blinker.odd)
        }
        XCTAssertEqual(app.store.state.simulation.settling.fingerprints, [Blinker.odd.fingerprint])
        // Now nothing is left to change.
        XCTAssertEqual(app.store.send(.simulation(.setGrid(GridReplacement(grid: Blinker.odd)))), .unchanged(version: 1))
        app.store.finish()
    }
}

/// Golly's bounded worlds (`:P` and `:T`) hold a smaller pattern centred, as Golly places it.
final class GollyWorldPlacementTests: XCTestCase {
    func testABlinkerInGollysThreeByThreePlaneKeepsAllThreeCells() throws {
        // In Golly, `3o!` in a :P3,3 world is a blinker in the middle row, so after one step it
        // is the middle column: population 3. Put at the top row it would lose a cell.
        let action = try AppAction(json: JSON(parsing: #"{"type": "simulation.setGrid", "rle": "x = 3, y = 1, rule = B3/S23:P3,3\n3o!"}"#))
        let expected = grid("...", "OOO", "...")
        XCTAssertEqual(action, .simulation(.setGrid(GridReplacement(grid: expected, rule: .conway, topology: .bounded))))
        let app = AppHarness(state: .fixture(grid: Grid(rows: 5, cols: 5)))
        app.store.send(action) {
            $0.simulation.gridState.ticks = 0
            $0.expectReplacement(expected)
            $0.settings.topology = .bounded
        }
        app.store.send(.simulation(.grid(.step))) { $0.expectGeneration(referenceNextGeneration(expected, torus: false)) }
        XCTAssertEqual(app.store.state.simulation.gridState.grid.population, 3)
        XCTAssertEqual(Pattern(grid: app.store.state.simulation.gridState.grid).liveCells.map(\.col), [1, 1, 1])
        app.store.finish()
    }
}
