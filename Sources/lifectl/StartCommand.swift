import Protocol

/// `start`: starts the daemon's repeating timer, one tick each interval (`simulation.startTimer`).
/// Like `systemctl start`, it succeeds when the timer already runs (a restarted daemon resumes
/// its timer, so a `set -e` script must not fail on it). Starts lifed on demand.
let startCommand = idempotentAction(
    "start", .simulation(.startTimer), "Start the timer; nothing to do when it runs.", done: "started the timer",
    already: Refusal.timerRunning.rawValue, alreadyDone: "the timer is already running", daemonStart: .onDemand)
