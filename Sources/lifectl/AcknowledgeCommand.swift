import Protocol

/// `acknowledge`: says that someone has seen what a `lifed --recover` start dropped
/// (`storage.acknowledgeRecovery`), so that `status` reports saving as ok again. Never starts
/// lifed: one started for it would have nothing to acknowledge.
let acknowledgeCommand = simpleAction(
    "acknowledge", .storage(.acknowledgeRecovery), "Acknowledge what lifed --recover dropped, which status reports until then.",
    done: "acknowledged", daemonStart: .never)
