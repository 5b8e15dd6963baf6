import Protocol

/// `empty`: a new empty grid of the settings' size (`simulation.resetGridToEmpty`); refused while
/// the timer or a jump runs. Starts lifed on demand.
let emptyCommand = simpleAction(
    "empty", .simulation(.resetGridToEmpty), "An empty grid of the settings' size; refused while the timer or a jump runs.",
    done: "an empty grid", daemonStart: .onDemand)
