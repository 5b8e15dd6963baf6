import Glibc
import LifeIO
import LifeStore
import Protocol

let options: DaemonOptions
do {
    guard let parsed = try DaemonOptions.parse(Array(CommandLine.arguments.dropFirst())) else { exit(.success) }
    options = parsed
} catch {
    printError("lifed", "\(error)")
    printError("lifed", "see lifed --help")
    exit(.usage)
}

let log = Logger(program: "lifed", level: options.logLevel)
signal(SIGPIPE, SIG_IGN)

let loop: EventLoop
let listener: Int32
do {
    loop = try EventLoop()
    listener = try UnixSocket.listen(at: options.socketPath)
} catch let error as UnixSocket.SetupError {
    log.error("\(error)")
    exit(.failure)
} catch {
    log.error("\(error)")
    exit(.failure)
}

let random = options.seed.map(RandomSource.init(seed:)) ?? RandomSource()
let environment = AppEnvironment(scheduler: loop, random: random)
let store = Store(
    initialState: AppState.initial(random: random, settings: Settings(intervalMs: options.intervalMs)),
    reducer: Reducer<AppState, AppAction, AppEnvironment>.app,
    environment: environment
)
store.didRunEffectAction = { action, outcome in
    if case .refused(let error) = outcome { log.warning("\(action.typeName) from an effect refused: \(error.message)") }
}

let server = Server(loop: loop, store: store, listener: listener, options: options, log: log)
do {
    try server.start()
    try loop.handle(signals: [SIGTERM, SIGINT]) { signal in
        log.info("received \(signal == SIGTERM ? "SIGTERM" : "SIGINT"); shutting down")
        loop.stop()
    }
} catch {
    log.error("\(error)")
    unlink(options.socketPath)
    exit(.failure)
}

log.info("lifed \(LifeVersion.current) listening on \(options.socketPath)")
loop.run()
store.cancelAllEffects()
server.shutdown()
unlink(options.socketPath)
log.info("stopped")
exit(.success)
