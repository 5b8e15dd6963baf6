import LifeEngine
import LifeGrid
import Protocol

/// The part of the state the Simulation tab changes: the simulation and the statistics its
/// generations count, with the settings as read-only context (the size and density of a new
/// grid, the rule and topology it is stepped under). A scope, as TCA's `Scope(state:action:)`:
/// the simulation reducer cannot touch the settings or the configurations.
public struct SimulationScope: Equatable {
    public var simulation: SimulationState
    public var statistics: Statistics
    /// Read only: the settings reducer owns them (the rule and topology of a `simulation.setGrid` too).
    public let settings: Settings

    public init(simulation: SimulationState, statistics: Statistics, settings: Settings) {
        self.simulation = simulation
        self.statistics = statistics
        self.settings = settings
    }

    /// The scope of `state`.
    public init(_ state: AppState) {
        self.init(simulation: state.simulation, statistics: state.statistics, settings: state.settings)
    }

    /// The grid world one generation touches, as the grid reducer sees it.
    var gridWorld: GridWorld {
        get {
            GridWorld(
                grid: simulation.gridState.grid, statistics: statistics, settling: simulation.settling,
                rule: settings.rule, topology: settings.topology, isJumping: simulation.jump != nil)
        }
        set {
            simulation.gridState.grid = newValue.grid
            statistics = newValue.statistics
            simulation.settling = newValue.settling
        }
    }
}

extension AppState {
    /// The simulation's scope: written back but for the settings, which it only reads.
    public var simulationScope: SimulationScope {
        get { SimulationScope(self) }
        set {
            simulation = newValue.simulation
            statistics = newValue.statistics
        }
        // A reducer pulled back onto the scope changes it in place, through one copy and one
        // write-back, instead of a get and a set through the key path.
        _modify {
            var scope = SimulationScope(self)
            yield &scope
            simulation = scope.simulation
            statistics = scope.statistics
        }
    }
}

extension AppState {
    /// Runs `body` on the simulation's scope of `state`, and writes the scope back (but for the
    /// settings, which it only reads) unless `body` throws, as an access through
    /// ``simulationScope``'s `_modify` does: the app's pullback of the Simulation tab, without
    /// going through a key path at every action.
    static func inSimulationScope<Result>(
        _ state: inout AppState, _ body: (inout SimulationScope) throws(ProtocolError) -> Result
    ) throws(ProtocolError) -> Result {
        var scope = SimulationScope(state)
        let result = try body(&scope)
        state.simulation = scope.simulation
        state.statistics = scope.statistics
        return result
    }
}

extension Reducer where State == SimulationScope, Action == SimulationAction, Environment == AppEnvironment {
    /// The Simulation tab: jumps, the grid reducer pulled back onto the grid world, and the
    /// simulation's own buttons. The app reducer has refused already what the state does not
    /// allow now (``ActionType/spec``'s preconditions).
    public static var simulation: Reducer {
        .combine(
            jumps,
            Reducer<GridWorld, GridAction, Void>.grid.pullback(state: \SimulationScope.gridWorld, action: .grid, environment: { _ in () }),
            simulationButtons
        )
    }

    private static var simulationButtons: Reducer {
        Reducer { state, action, environment throws(ProtocolError) in
            switch action {
            case .grid:
                return .none

            case .tick:
                // A tick of more generations than one action computes at once runs as a jump
                // (marked a tick), which adds the tick when it ends; the timer's beats meanwhile
                // are refused (no jump may be running) and so skipped, never queued.
                let generations = state.settings.generationsPerTick
                let grid = state.simulation.gridState.grid
                let atOnce = GridWorld.generationsPerAction(rows: grid.rows, cols: grid.cols, cellUpdates: environment.cellUpdatesPerAction)
                if generations > atOnce {
                    // On the engine the last tick left, which the computation hands back at its end.
                    let handBack = EngineHandBack()
                    let engine = environment.engines.engine(for: grid)
                    let computation = JumpComputation(
                        jump: Jump(target: generations, started: environment.wallClock(), isTick: true),
                        engine: engine, settling: state.simulation.settling, rule: state.settings.rule,
                        topology: state.settings.topology, handBack: handBack, base: environment.engines.tickBase,
                        spare: environment.engines.takeSpare())
                    state.simulation.jump = computation.jump
                    return jumpEffect(computation, environment, handBack: handBack)
                }
                state.simulation.gridState.ticks += 1
                state.gridWorld.advance(generations: generations, cache: environment.engines)
                return .none

            case .resetGridToEmpty:
                state.simulation.replaceGrid(with: Grid(rows: state.settings.rows, cols: state.settings.cols))
                return .none

            case .resetGridToRandom:
                let settings = state.settings
                state.simulation.replaceGrid(
                    with: .random(rows: settings.rows, cols: settings.cols, density: settings.density, using: environment.random))
                return .none

            case .reset:
                state.simulation.gridState.ticks = 0
                return .none

            case .setGrid(let replacement):
                // Its rule and topology are the settings reducer's.
                state.simulation.replaceGrid(with: replacement.grid)
                state.simulation.gridState.ticks = 0
                return .none

            case .startTimer:
                state.simulation.isRunningTimer = true
                state.simulation.stoppedBecause = nil
                return .none

            case .stopTimer:
                state.simulation.isRunningTimer = false
                return .none
            }
        }
    }
}

extension SimulationState {
    /// Puts `grid` in place of the current one; its history starts afresh, and why the timer last
    /// stopped (about the world that was) is forgotten.
    mutating func replaceGrid(with grid: Grid) {
        gridState.grid = grid
        settling.reset(startingWith: grid.fingerprint, empty: grid.holdsNoCells)
        stoppedBecause = nil
    }
}

extension AppState {
    /// Puts `grid` in place of the current one; its history starts afresh.
    mutating func replaceGrid(with grid: Grid) { simulation.replaceGrid(with: grid) }
}
