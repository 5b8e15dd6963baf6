import LifeScheduling
import Protocol

extension Jump {
    /// How often a jump's progress becomes a new version: four times a second at most.
    public static let progressInterval: Duration = .milliseconds(250)
}

extension Reducer where State == SimulationScope, Action == SimulationAction, Environment == AppEnvironment {
    /// Jumps: a `grid.step` of more generations than one action may compute at the grid's size
    /// (``GridWorld/generationsPerAction(rows:cols:cellUpdates:)``) runs in the background.
    ///
    /// - Starting one sets `/simulation/jump` and starts the jump's effect (under ``EffectID/jump``),
    ///   which computes on ``AppEnvironment/jumps`` and, every ``Jump/progressInterval`` of the
    ///   scheduler's time while it runs, delivers how far it has got (`jumpProgress`, a version each).
    /// - Its last action, `jumpFinished`, carries the grid, the statistics and the settling history
    ///   the generations made; installing them is the one change that makes the jump happen.
    /// - `grid.cancelJump` clears `/simulation/jump` and stops the effect: the jump leaves no trace
    ///   (all or nothing, as one `grid.step`).
    /// - While a jump runs, whatever would change the grid, or what it is stepped under, is refused
    ///   (by the app reducer, from each action's declared preconditions: ``Preconditions/noJump``);
    ///   a jump may not start while the timer runs (``Preconditions/timerStoppedToJump``, checked here).
    ///
    /// It runs before the grid reducer, so that a refused step is not computed first, and a step
    /// that starts a jump is not computed at all (the grid reducer leaves a jumping world alone).
    static var jumps: Reducer {
        Reducer { state, action, environment throws(ProtocolError) in
            guard case .grid(let gridAction) = action else { return .none }
            switch gridAction {
            case .step(let generations):
                let grid = state.simulation.gridState.grid
                let atOnce = GridWorld.generationsPerAction(rows: grid.rows, cols: grid.cols, cellUpdates: environment.cellUpdatesPerAction)
                // The grid reducer computes it now.
                guard generations > atOnce else { return .none }
                if state.simulation.isRunningTimer, ActionType.gridStep.requires.contains(.timerStoppedToJump) {
                    throw ProtocolError(
                        .notAllowed,
                        "\(generations) generations of a \(grid.rows)x\(grid.cols) grid are more than one action computes at once (at most \(atOnce)), so they would run as a jump in the background, which is not allowed while the timer runs; send simulation.stopTimer first",
                        member: "generations", refused: .timerRunning
                    )
                }
                let computation = JumpComputation(
                    jump: Jump(target: generations, started: environment.wallClock()), grid: grid, settling: state.simulation.settling,
                    rule: state.settings.rule, topology: state.settings.topology)
                state.simulation.jump = computation.jump
                return jumpEffect(computation, environment)

            case .edit:
                return .none

            case .cancelJump:
                guard state.simulation.jump != nil else { return .none }
                state.simulation.jump = nil
                return .cancel(id: .jump)

            case .jumpProgress(let progress):
                // An effect left running by a state put back (after a failed save) is stopped.
                guard let jump = state.simulation.jump, jump.isSameJump(as: progress) else { return .cancel(id: .jump) }
                state.simulation.jump?.done = min(max(progress.done, 0), jump.target)
                return .none

            case .jumpFinished(let result):
                guard let jump = state.simulation.jump, jump.isSameJump(as: result.jump) else { return .cancel(id: .jump) }
                state.simulation.jump = nil
                if jump.isTick { state.simulation.gridState.ticks += 1 }
                state.simulation.gridState.grid = result.grid
                state.statistics.add(result.statistics)
                state.simulation.settling = result.settling
                return .cancel(id: .jump)
            }
        }
    }

    /// The jump's effect: the computation on the environment's runner, its progress read every
    /// ``Jump/progressInterval`` on the scheduler and delivered when it moved, then the result.
    /// A tick's computation hands its engine back through `handBack`, and the engine is kept for
    /// the next tick with the grid it installs (nothing depends on it: see ``EngineCache``).
    static func jumpEffect(_ computation: JumpComputation, _ environment: AppEnvironment, handBack: EngineHandBack? = nil) -> Effect<SimulationAction> {
        let jump = computation.jump
        let scheduler = environment.scheduler
        let runner = environment.jumps
        let engines = environment.engines
        return Effect.run { send in
            let progress = ProgressTicker()
            let work = runner.start(computation) { result in
                progress.stop()
                if let (engine, changes) = handBack?.take() { engines.keepFinished(engine, holding: result.grid, changes: changes) }
                send(.grid(.jumpFinished(result)))
            }
            progress.start(on: scheduler, every: Jump.progressInterval) {
                let done = work.done
                // The last generations are announced by the result itself.
                guard done > progress.reported, done < jump.target else { return }
                progress.reported = done
                var moved = jump
                moved.done = done
                send(.grid(.jumpProgress(moved)))
            }
            return Cancellable {
                progress.stop()
                work.cancel()
            }
        }
        .cancellable(id: .jump)
    }
}

/// The repeating look at a jump's progress, and what it last reported.
private final class ProgressTicker {
    var reported = 0
    private var handle: Cancellable?
    private var isStopped = false

    func start(on scheduler: any Scheduler, every interval: Duration, _ look: @escaping () -> Void) {
        guard !isStopped else { return }
        handle = scheduler.schedule(every: interval, look)
    }

    func stop() {
        isStopped = true
        handle?.cancel()
        handle = nil
    }
}
