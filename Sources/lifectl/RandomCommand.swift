import Protocol

/// `random`: a new random grid of the settings' size and density (`simulation.resetGridToRandom`);
/// refused while the timer or a jump runs. Starts lifed on demand.
let randomCommand = simpleAction(
    "random", .simulation(.resetGridToRandom), "A random grid of the settings' size and density; refused while the timer or a jump runs.",
    done: "a random grid", daemonStart: .onDemand)
