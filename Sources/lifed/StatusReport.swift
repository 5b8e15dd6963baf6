import Glibc
import LifeDaemon
import LifeGrid
import LifeScheduling
import LifeSystem
import LifeJSON
import LifeStore
import Protocol

/// What `status` answers: the daemon, its clients and subscriptions, its storage, its publishing
/// work, and a summary of the world.
struct StatusReport {
    let store: Store<AppState, AppAction>
    let connections: Connections
    let publishing: Publishing
    /// How saving goes; nil with `--ephemeral`.
    let commit: TurnCommit?
    let options: DaemonOptions
    let startedAt: Duration
    /// The timer's achieved generations per second and skipped beats.
    let timerMeter: TimerMeter

    /// The `info` of a `status` reply (see PROTOCOL.md).
    func info() -> [String: JSON] {
        let state = store.state
        let fanout = publishing.fanout
        let replyBudget = connections.replyBudget
        let uptime = MonotonicClock.now - startedAt
        return [
            "pid": .int(Int(getpid())),
            "server": .string("lifed \(LifeVersion.current)"),
            "version": .int(store.version),
            "uptimeMs": .int(DurationText.milliseconds(of: uptime)),
            "clients": .int(connections.clientCount),
            "subscriptions": .int(fanout.subscriptions.count),
            "resyncs": .int(fanout.resyncs),
            "bytesSent": .int(connections.clients.bytesSent),
            "socket": .string(options.socketPath),
            "storage": storageInfo,
            "timer": timerMeter.json,
            "frames": framesInfo,
            "publisher": [
                "patches": .int(fanout.publisher.work.patches), "gridComparisons": .int(fanout.publisher.work.gridComparisons),
                "cellsRendered": .int(fanout.publisher.work.cellsRendered), "blocksRendered": .int(fanout.publisher.work.blocksRendered),
                "windowWords": .int(fanout.publisher.work.windowWords), "sharedWords": .int(fanout.publisher.work.sharedWords),
                "streamedReplyBytesOwed": .int(replyBudget.owed),
            ],
            "summary": [
                "ticks": .int(state.simulation.gridState.ticks),
                "isRunningTimer": .bool(state.simulation.isRunningTimer),
                "rows": .int(state.simulation.gridState.grid.rows),
                "cols": .int(state.simulation.gridState.grid.cols),
                "population": .int(state.simulation.gridState.grid.population),
                "liveBounds": liveBounds(of: state.simulation.gridState.grid, torus: state.settings.topology == .torus),
                "intervalMs": .int(state.settings.intervalMs),
                "generationsPerTick": .int(state.settings.generationsPerTick),
                "steps": .int(state.statistics.steps),
                "rule": .string(state.settings.rule.notation),
                "topology": .string(state.settings.topology.rawValue),
                "status": .string(state.simulation.settling.status.name),
                "period": period(of: state.simulation.settling.status),
            ],
        ]
    }

    /// The budget for unfinished frames: what the clients' frames hold now and at most, in
    /// all and as the budget counts it, and the clients left waiting for room.
    private var framesInfo: JSON {
        let budget = connections.frameBudget
        return [
            "budget": .int(budget.limit), "smallFrameAllowance": .int(FrameBudget.smallFrameAllowance),
            "bufferedBytes": .int(budget.buffered), "peakBufferedBytes": .int(budget.peakBuffered),
            "countedBytes": .int(budget.counted), "peakCountedBytes": .int(budget.peakCounted),
            "waiting": .int(connections.budgetWaiterCount), "waits": .int(budget.waits),
        ]
    }

    /// The period of an oscillating world, else null: from the settling status itself, not from
    /// the simulation's JSON, which would render every cell of the grid as text to read it
    /// (14 ms of the loop per `status` on a 4096x4096 world).
    private func period(of status: Settling.Status) -> JSON {
        guard case .oscillating(let period) = status else { return .null }
        return .int(period)
    }

    /// The live cells' bounding box as `{"row", "col", "rows", "cols"}`, or null when there are
    /// none: a watcher of a window cannot see where they are, and asks for this to go there. On
    /// a torus the box may cross an edge, when that is smaller (a glider crossing the edge).
    private func liveBounds(of grid: Grid, torus: Bool) -> JSON {
        guard let box = torus ? grid.live.wrappingBoundingBox : grid.live.boundingBox else { return .null }
        return ["row": .int(box.row), "col": .int(box.col), "rows": .int(box.rows), "cols": .int(box.cols)]
    }

    /// Whether changes are being saved (see ``Durability/statusJSON``), or `{"saving": "off"}` with `--ephemeral`.
    private var storageInfo: JSON {
        commit?.storageStatus ?? ["saving": "off"]
    }
}
