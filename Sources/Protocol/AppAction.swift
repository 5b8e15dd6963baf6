/// Every action the store understands, nested as the reducers are composed.
///
/// On the wire an action is an object whose `type` names it (`"simulation.startTimer"`);
/// parameters are further fields of that object. See ``AppAction/init(json:)``.
public enum AppAction: Equatable, Sendable {
    case simulation(SimulationAction)
    case statistics(StatisticsAction)
}

/// The Simulation tab's buttons, and the timer's tick.
public enum SimulationAction: Equatable, Sendable {
    /// The grid's own actions, pulled back into the simulation.
    case grid(GridAction)
    /// An empty grid; refused while the timer runs.
    case resetGridToEmpty
    /// A random grid; refused while the timer runs.
    case resetGridToRandom
    /// ticks += 1 and one generation: what the timer sends.
    case tick
    /// Starts the repeating timer; refused while it runs.
    case startTimer
    /// Stops the timer; refused while it is stopped.
    case stopTimer
    /// ticks = 0; refused while the timer runs.
    case reset
}

/// Actions on the grid alone.
public enum GridAction: Equatable, Sendable {
    /// One generation.
    case step
}

/// Actions on the statistics.
public enum StatisticsAction: Equatable, Sendable {
    /// All statistics to 0.
    case reset
}

extension AppAction {
    /// The wire names of every action, in the order the docs list them.
    public static let allTypeNames: [String] = [
        "grid.step",
        "simulation.tick",
        "simulation.startTimer",
        "simulation.stopTimer",
        "simulation.resetGridToEmpty",
        "simulation.resetGridToRandom",
        "simulation.reset",
        "statistics.reset",
    ]

    /// The action's wire name.
    public var typeName: String {
        switch self {
        case .simulation(.grid(.step)): return "grid.step"
        case .simulation(.tick): return "simulation.tick"
        case .simulation(.startTimer): return "simulation.startTimer"
        case .simulation(.stopTimer): return "simulation.stopTimer"
        case .simulation(.resetGridToEmpty): return "simulation.resetGridToEmpty"
        case .simulation(.resetGridToRandom): return "simulation.resetGridToRandom"
        case .simulation(.reset): return "simulation.reset"
        case .statistics(.reset): return "statistics.reset"
        }
    }

    /// The action as the wire carries it.
    public var json: JSON { ["type": .string(typeName)] }

    /// Reads an action object. An unknown `type` is `unknown-action`; a malformed
    /// object or parameter is `invalid-argument` (or `bad-message` when `type` is not a string).
    public init(json: JSON) throws(ProtocolError) {
        let fields = try JSONFields(json, at: "action", code: .badMessage)
        guard let type = try fields.required("type").stringValue else {
            throw ProtocolError(.badMessage, "action.type must be a string")
        }
        let action: AppAction
        switch type {
        case "grid.step": action = .simulation(.grid(.step))
        case "simulation.tick": action = .simulation(.tick)
        case "simulation.startTimer": action = .simulation(.startTimer)
        case "simulation.stopTimer": action = .simulation(.stopTimer)
        case "simulation.resetGridToEmpty": action = .simulation(.resetGridToEmpty)
        case "simulation.resetGridToRandom": action = .simulation(.resetGridToRandom)
        case "simulation.reset": action = .simulation(.reset)
        case "statistics.reset": action = .statistics(.reset)
        default:
            throw ProtocolError(
                .unknownAction,
                "no action is called \(JSON.string(type).preview); known actions: \(Self.allTypeNames.joined(separator: ", "))")
        }
        let parameters = try JSONFields(json, at: "action")
        try parameters.rejectUnknown(["type"])
        self = action
    }
}
