/// Every command, in the order `lifectl --help` lists them: the one table of lifectl's commands.
/// main.swift finds the command named on the command line here, and reads from it its help and
/// whether it starts lifed (``Command/daemonStart``). Each is defined in the file named after it.
let commands: [Command] = [
    statusCommand,
    acknowledgeCommand,
    startCommand,
    stopCommand,
    stepCommand,
    cancelCommand,
    tickCommand,
    emptyCommand,
    randomCommand,
    resetCommand,
    statsCommand,
    configsCommand,
    loadCommand,
    saveCommand,
    pasteCommand,
    cellCommand,
    clearCommand,
    rotateCommand,
    flipCommand,
    setCommand,
    getCommand,
    watchCommand,
    shutdownCommand,
    sendCommand,
]
