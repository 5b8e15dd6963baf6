/// The daemon's whole state: the one source of truth every client mirrors.
///
/// Its JSON form (``json``) is what `get` and `subscribe` return and what diffs patch:
/// ```
/// {"simulation": {"isRunningTimer": false,
///                 "gridState": {"ticks": 0, "grid": {"rows": 10, "cols": 10, "cells": ["..O.......", ...]}}},
///  "statistics": {"steps": 0, "alive": 0, "born": 0, "died": 0, "empty": 0},
///  "settings": {"intervalMs": 1000}}
/// ```
public struct AppState: Equatable, Sendable {
    public var simulation: SimulationState
    public var statistics: Statistics
    public var settings: Settings

    public init(simulation: SimulationState, statistics: Statistics = Statistics(), settings: Settings = Settings()) {
        self.simulation = simulation
        self.statistics = statistics
        self.settings = settings
    }
}

/// The Simulation tab: the grid, its tick count, and whether the timer runs.
public struct SimulationState: Equatable, Sendable {
    public var isRunningTimer: Bool
    public var gridState: GridState

    public init(isRunningTimer: Bool = false, gridState: GridState) {
        self.isRunningTimer = isRunningTimer
        self.gridState = gridState
    }
}

/// The grid and how many timer ticks it has seen.
public struct GridState: Equatable, Sendable {
    public var ticks: Int
    public var grid: Grid

    public init(ticks: Int = 0, grid: Grid) {
        self.ticks = ticks
        self.grid = grid
    }
}

/// Cumulative statistics, as the course kept them: on every generation `steps` grows
/// by one and each count grows by the number of cells in that state in the new grid.
public struct Statistics: Equatable, Sendable {
    public var steps = 0
    public var alive = 0
    public var born = 0
    public var died = 0
    public var empty = 0

    public init(steps: Int = 0, alive: Int = 0, born: Int = 0, died: Int = 0, empty: Int = 0) {
        self.steps = steps
        self.alive = alive
        self.born = born
        self.died = died
        self.empty = empty
    }

    /// Counts one generation whose resulting grid has `census`.
    public mutating func record(_ census: Census) {
        steps += 1
        alive += census.alive
        born += census.born
        died += census.died
        empty += census.empty
    }
}

/// Settings every client sees.
public struct Settings: Equatable, Sendable {
    /// The timer period in milliseconds.
    public var intervalMs: Int

    /// The allowed timer periods, in milliseconds.
    public static let intervalRange = 10...60_000

    public init(intervalMs: Int = 1000) {
        self.intervalMs = intervalMs
    }
}
