import Protocol

/// `start`: starts the daemon's repeating timer, one tick each interval (`simulation.startTimer`);
/// refused while it runs. Starts lifed on demand.
let startCommand = simpleAction("start", .simulation(.startTimer), "Start the timer.", done: "started the timer", daemonStart: .onDemand)
