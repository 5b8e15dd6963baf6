import LifeEngine
import LifeGrid
import Protocol

extension Reducer where State == AppState, Action == SimulationAction, Environment == AppEnvironment {
    /// The Simulation tab: jumps, the grid reducer pulled back onto the grid world, and the
    /// simulation's own buttons. It sees the whole state because it reads the settings.
    public static var simulation: Reducer {
        .combine(
            jumps,
            Reducer<GridWorld, GridAction, Void>.grid.pullback(state: \AppState.gridWorld, action: .grid, environment: { _ in () }),
            simulationButtons
        )
    }

    private static var simulationButtons: Reducer {
        Reducer { state, action, environment throws(ProtocolError) in
            switch action {
            case .grid:
                return .none

            case .tick:
                try refuseWhileJumping(state, "simulation.tick")
                state.simulation.gridState.ticks += 1
                state.gridWorld.advance(generations: 1)
                return .none

            case .resetGridToEmpty:
                try refuseWhileRunning(state, "simulation.resetGridToEmpty")
                try refuseWhileJumping(state, "simulation.resetGridToEmpty")
                state.replaceGrid(with: Grid(rows: state.settings.rows, cols: state.settings.cols))
                return .none

            case .resetGridToRandom:
                try refuseWhileRunning(state, "simulation.resetGridToRandom")
                try refuseWhileJumping(state, "simulation.resetGridToRandom")
                let settings = state.settings
                state.replaceGrid(with: .random(rows: settings.rows, cols: settings.cols, density: settings.density, using: environment.random))
                return .none

            case .reset:
                try refuseWhileRunning(state, "simulation.reset")
                state.simulation.gridState.ticks = 0
                return .none

            case .setGrid(let replacement):
                try refuseWhileRunning(state, "simulation.setGrid")
                try refuseWhileJumping(state, "simulation.setGrid")
                if let rule = replacement.rule { state.settings.rule = rule }
                if let topology = replacement.topology { state.settings.topology = topology }
                state.replaceGrid(with: replacement.grid)
                state.simulation.gridState.ticks = 0
                return .none

            case .startTimer:
                guard !state.simulation.isRunningTimer else {
                    throw ProtocolError(.notAllowed, "the timer is already running; send simulation.stopTimer first", refused: .timerRunning)
                }
                try refuseWhileJumping(state, "simulation.startTimer")
                state.simulation.isRunningTimer = true
                state.simulation.stoppedBecause = nil
                return .none

            case .stopTimer:
                guard state.simulation.isRunningTimer else {
                    throw ProtocolError(.notAllowed, "the timer is not running; send simulation.startTimer to start it", refused: .timerStopped)
                }
                state.simulation.isRunningTimer = false
                return .none
            }
        }
    }
}

/// Refuses `name` with `not-allowed` while the timer runs, like a button disabled during a run.
func refuseWhileRunning(_ state: AppState, _ name: String) throws(ProtocolError) {
    if state.simulation.isRunningTimer {
        throw ProtocolError(.notAllowed, "\(name) is not allowed while the timer runs; send simulation.stopTimer first", refused: .timerRunning)
    }
}

extension AppState {
    /// Puts `grid` in place of the current one; its history starts afresh.
    mutating func replaceGrid(with grid: Grid) {
        simulation.gridState.grid = grid
        simulation.settling.reset(startingWith: grid.fingerprint)
    }
}
