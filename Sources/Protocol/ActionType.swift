/// The name of every action, as the wire's `type` spells it: the one list of them.
///
/// Clients may send those that are not ``isInternal``; the daemon makes the internal ones
/// itself (a fetch's outcome, a jump's progress and end) and keeps them in its journal.
public enum ActionType: String, CaseIterable, Sendable {
    case gridStep = "grid.step"
    case gridCancelJump = "grid.cancelJump"
    case gridSetCells = "grid.setCells"
    case gridPaste = "grid.paste"
    case gridClearRect = "grid.clearRect"
    case gridTransformRect = "grid.transformRect"
    case simulationTick = "simulation.tick"
    case simulationStartTimer = "simulation.startTimer"
    case simulationStopTimer = "simulation.stopTimer"
    case simulationResetGridToEmpty = "simulation.resetGridToEmpty"
    case simulationResetGridToRandom = "simulation.resetGridToRandom"
    case simulationReset = "simulation.reset"
    case simulationSetGrid = "simulation.setGrid"
    case statisticsReset = "statistics.reset"
    case settingsUpdate = "settings.update"
    case settingsReset = "settings.reset"
    case configurationsFetch = "configurations.fetch"
    case configurationsCancelFetch = "configurations.cancelFetch"
    case configurationsClear = "configurations.clear"
    case configurationsAdd = "configurations.add"
    case configurationsLoad = "configurations.load"
    case gridJumpProgress = "grid.jumpProgress"
    case gridJumpFinished = "grid.jumpFinished"
    case configurationsFetchResponse = "configurations.fetchResponse"

    /// Whether only the daemon itself makes this action.
    public var isInternal: Bool {
        switch self {
        case .gridJumpProgress, .gridJumpFinished, .configurationsFetchResponse: return true
        default: return false
        }
    }

    /// The actions clients may send, in the order the docs list them.
    public static let clientTypes: [ActionType] = allCases.filter { !$0.isInternal }

    /// The wire name.
    public var name: String { rawValue }
}
