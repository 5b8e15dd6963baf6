import Protocol

/// `stop`: stops the daemon's timer (`simulation.stopTimer`); refused while it is stopped.
/// Starts lifed on demand (one just started has no timer running, and says so).
let stopCommand = simpleAction("stop", .simulation(.stopTimer), "Stop the timer.", done: "stopped the timer", daemonStart: .onDemand)
