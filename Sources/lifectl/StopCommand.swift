import Protocol

/// `stop`: stops the daemon's timer (`simulation.stopTimer`). Like `systemctl stop`, it succeeds
/// when the timer is already stopped. Starts lifed on demand (one just started has no timer running).
let stopCommand = idempotentAction(
    "stop", .simulation(.stopTimer), "Stop the timer; nothing to do when it is stopped.", done: "stopped the timer",
    already: Refusal.timerStopped.rawValue, alreadyDone: "the timer is already stopped", daemonStart: .onDemand)
