import Protocol

/// `tick`: one tick, as the timer makes it: ticks += 1, and one generation (`simulation.tick`).
/// Starts lifed on demand.
let tickCommand = simpleAction("tick", .simulation(.tick), "ticks += 1, and one generation.", done: "ticked once", daemonStart: .onDemand)
