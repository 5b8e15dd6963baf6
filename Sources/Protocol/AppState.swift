import LifeGrid

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
    public var configurations: ConfigurationsState
    /// The changes people made to the world, for undo, redo and rewind.
    public var history: History

    public init(
        simulation: SimulationState, statistics: Statistics = Statistics(), settings: Settings = Settings(),
        configurations: ConfigurationsState = ConfigurationsState(), history: History = History()
    ) {
        self.simulation = simulation
        self.statistics = statistics
        self.settings = settings
        self.configurations = configurations
        self.history = history
    }
}

/// The Simulation tab: the grid, its tick count, whether the timer runs, and the jump in flight.
public struct SimulationState: Equatable, Sendable {
    public var isRunningTimer: Bool
    public var gridState: GridState
    /// Whether the world still changes, derived from the history of its generations.
    public var settling: Settling
    /// Why the timer last stopped itself (the world settled), or nil.
    public var stoppedBecause: String?
    /// The jump running in the background, or nil.
    public var jump: Jump?

    public init(
        isRunningTimer: Bool = false, gridState: GridState, settling: Settling = Settling(), stoppedBecause: String? = nil, jump: Jump? = nil
    ) {
        self.isRunningTimer = isRunningTimer
        self.gridState = gridState
        self.settling = settling
        self.stoppedBecause = stoppedBecause
        self.jump = jump
    }
}

/// The course's History: a bounded record of grid fingerprints, and the status derived from it.
///
/// After each generation, ``record(fingerprint:population:)`` compares the new grid with the
/// ones before it: no live cells is `extinct`; the same as the last is `still`; the same as
/// the one `p` generations back is `oscillating` with period `p`; anything else is `evolving`.
public struct Settling: Equatable, Sendable {
    /// What the world is doing.
    public enum Status: Equatable, Sendable {
        case evolving
        case extinct
        case still
        case oscillating(period: Int)

        /// The status's name on the wire.
        public var name: String {
            switch self {
            case .evolving: return "evolving"
            case .extinct: return "extinct"
            case .still: return "still"
            case .oscillating: return "oscillating"
            }
        }

        /// A sentence for why the timer stopped.
        public var reason: String {
            switch self {
            case .evolving: return "the world is still evolving"
            case .extinct: return "the world died out"
            case .still: return "the world became still"
            case .oscillating(let period): return "the world oscillates with period \(period)"
            }
        }
    }

    /// The longest period detected.
    public static let maxPeriod = 128

    public private(set) var status: Status = .evolving
    /// The fingerprints of the latest generations as a ring: it fills up to ``maxPeriod``, and
    /// then each new one overwrites the oldest, at ``oldest``. So recording a generation writes
    /// one word (dropping the oldest of a plain array moved the other 127 and made it grow again).
    private var ring: [UInt64] = []
    /// Where the oldest fingerprint is in ``ring``: 0 until it is full.
    private var oldest = 0

    /// The fingerprints of the latest generations, oldest first (at most maxPeriod).
    public var fingerprints: [UInt64] { Array(ring[oldest...] + ring[..<oldest]) }

    /// How many fingerprints are kept (at most maxPeriod).
    public var fingerprintCount: Int { ring.count }

    public init() {}

    /// A history with `status` and these fingerprints, oldest first (mirrors and restored worlds
    /// carry no history; the daemon restores one with the fingerprint of the grid in place).
    public init(status: Status, fingerprints: [UInt64] = []) {
        self.status = status
        self.ring = Array(fingerprints.suffix(Self.maxPeriod))
    }

    /// The fingerprint recorded `period` generations before the next: 1 is the newest.
    private func recorded(back period: Int) -> UInt64 {
        ring[(oldest + ring.count - period) % ring.count]
    }

    /// Records one generation and derives the status.
    public mutating func record(fingerprint: UInt64, population: Int) {
        defer {
            if ring.count < Self.maxPeriod {
                ring.append(fingerprint)
            } else {
                ring[oldest] = fingerprint
                oldest = (oldest + 1) % Self.maxPeriod
            }
        }
        if population == 0 {
            status = .extinct
            return
        }
        for period in stride(from: 1, through: ring.count, by: 1) where recorded(back: period) == fingerprint {
            status = period == 1 ? .still : .oscillating(period: period)
            return
        }
        status = .evolving
    }

    /// Forgets the history: the grid was replaced, or its rule changed. The grid in place
    /// now is the first of the new history, so a still life shows `still` after one generation.
    /// An `empty` grid (no live or dying cell) is `extinct` at once, not `evolving` until the
    /// next generation says so.
    public mutating func reset(startingWith fingerprint: UInt64? = nil, empty: Bool = false) {
        status = empty ? .extinct : .evolving
        ring.removeAll(keepingCapacity: true)
        oldest = 0
        if let fingerprint { ring.append(fingerprint) }
    }

    /// Equal when the statuses and the fingerprints, oldest first, are: where the ring begins
    /// does not matter.
    public static func == (lhs: Settling, rhs: Settling) -> Bool {
        guard lhs.status == rhs.status, lhs.ring.count == rhs.ring.count else { return false }
        if lhs.oldest == rhs.oldest { return lhs.ring == rhs.ring }
        let count = lhs.ring.count
        return (0..<count).allSatisfy { lhs.ring[(lhs.oldest + $0) % count] == rhs.ring[(rhs.oldest + $0) % count] }
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

    /// Counts one generation whose resulting grid has `census`. Each count stops at `Int.max`
    /// rather than overflow (a jump adds up to 10^9 generations of 4096 x 4096 cells at once).
    public mutating func record(_ census: Census) {
        add(Statistics(steps: 1, alive: census.alive, born: census.born, died: census.died, empty: census.empty))
    }

    /// Adds `other`'s counts to these (what a jump's generations counted), each stopping at `Int.max`.
    public mutating func add(_ other: Statistics) {
        steps = Self.saturatingSum(steps, other.steps)
        alive = Self.saturatingSum(alive, other.alive)
        born = Self.saturatingSum(born, other.born)
        died = Self.saturatingSum(died, other.died)
        empty = Self.saturatingSum(empty, other.empty)
    }

    /// These counts `times` times over (whole cycles of an oscillating world), each stopping at `Int.max`.
    public func repeated(_ times: Int) -> Statistics {
        func scaled(_ count: Int) -> Int {
            let (product, overflow) = count.multipliedReportingOverflow(by: times)
            return overflow ? .max : product
        }
        return Statistics(steps: scaled(steps), alive: scaled(alive), born: scaled(born), died: scaled(died), empty: scaled(empty))
    }

    private static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }
}

/// Settings every client sees, changed by `settings.update` and restored by `settings.reset`.
public struct Settings: Equatable, Sendable {
    /// The timer period in milliseconds.
    public var intervalMs: Int
    /// The generations one tick of the timer computes (Golly's step): one version, one more
    /// `ticks`, and every generation counted in the statistics and the settling history.
    public var generationsPerTick: Int
    /// The size of the grids that the reset actions make.
    public var rows: Int
    public var cols: Int
    /// What lies beyond the edges.
    public var topology: Topology
    /// The Life-like rule.
    public var rule: Rule
    /// The share of live cells in a random grid.
    public var density: Double
    /// Whether the timer stops itself when the world settles.
    public var autoStop: Bool
    /// What every watcher shows.
    public var display: Display

    /// What watchers show: a title, and whether the statistics panel is on.
    public struct Display: Equatable, Sendable {
        public var title: String
        public var showStatistics: Bool

        public init(title: String = "Welcome", showStatistics: Bool = true) {
            self.title = title
            self.showStatistics = showStatistics
        }
    }

    /// The allowed timer periods, in milliseconds.
    public static let intervalRange = 10...60_000
    /// The allowed generations per tick.
    public static let generationsPerTickRange = 1...1_000_000
    /// The allowed grid sides.
    public static let sideRange = 3...Grid.maxSide
    /// The allowed densities of random grids.
    public static let densityRange = 0.05...0.95
    /// The longest display title, in characters.
    public static let maxTitleLength = 200

    public init(
        intervalMs: Int = 1000, rows: Int = 10, cols: Int = 10, topology: Topology = .torus, rule: Rule = .conway,
        density: Double = 1.0 / 3.0, autoStop: Bool = true, display: Display = Display(), generationsPerTick: Int = 1
    ) {
        self.intervalMs = intervalMs.clamped(to: Settings.intervalRange)
        self.generationsPerTick = generationsPerTick.clamped(to: Settings.generationsPerTickRange)
        self.rows = rows.clamped(to: Settings.sideRange)
        self.cols = cols.clamped(to: Settings.sideRange)
        self.topology = topology
        self.rule = rule
        self.density = density.clamped(to: Settings.densityRange)
        self.autoStop = autoStop
        self.display = display
    }
}
