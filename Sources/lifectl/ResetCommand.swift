import Protocol

/// `reset`: ticks back to 0 (`simulation.reset`); refused while the timer runs. Starts lifed on demand.
let resetCommand = simpleAction("reset", .simulation(.reset), "ticks = 0; refused while the timer runs.", done: "ticks back to 0", daemonStart: .onDemand)
