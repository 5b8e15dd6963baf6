import CLinux
import Glibc
import LifeDaemon
import LifeEngine
import LifeGrid
import LifeSystem
import LifeStore
import LifeSystem
import Protocol

let environmentVariables = Environment.variables
var options: DaemonOptions
do {
    guard let parsed = try DaemonOptions.parse(Array(CommandLine.arguments.dropFirst()), environment: environmentVariables) else { exit(.success) }
    options = parsed
} catch {
    printError("lifed", "\(error)")
    printError("lifed", "see lifed --help")
    exit(.usage)
}

let log = Logger(program: "lifed", level: options.logLevel)
signal(SIGPIPE, SIG_IGN)
// Room for --max-clients clients in the limit of open files, or as many as fit.
let clientCapacity = DescriptorBudget.prepare(maxClients: options.maxClients, log: log)
if let file = options.optionsFile { log.info("read options from \(file)") }
if let warning = options.optionsFileWarning { log.warning(warning) }

var allowedGroup: gid_t?
if let name = options.allowGroup {
    guard let gid = PeerPolicy.groupID(named: name) else {
        printError("lifed", "--allow-group: there is no group called \"\(name)\"")
        exit(.usage)
    }
    allowedGroup = gid
}

let loop: EventLoop
do {
    loop = try EventLoop()
} catch {
    log.error("\(error)")
    exit(.failure)
}
let random = options.seed.map(RandomSource.init(seed:)) ?? RandomSource()

// The state on disk, unless --ephemeral.
/// Who sent each action and when, for the history: the reducer reads it, the journal records it.
let history = HistoryContext()
var durability: Durability?
var restored: (state: AppState, version: Int)?
var firstVersion = 0
if !options.ephemeral {
    if let folder = StateFile.folder(explicit: options.stateDirectory, environment: environmentVariables) {
        do {
            try UnixSocket.prepareFolder(folder)
        } catch {
            log.error("cannot use the state folder \(folder): \(error)")
            exit(.failure)
        }
        // One daemon per state folder: two would overwrite each other's world. Nothing in
        // the folder is followed if it is a symbolic link (O_NOFOLLOW here and for the state).
        let lock: FileDescriptor
        do throws(SystemError) {
            lock = try FileDescriptor.open("\(folder)/lifed.lock", O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, permissions: 0o600)
        } catch {
            log.error("cannot open \(folder)/lifed.lock: \(error.reason)")
            exit(.failure)
        }
        guard flock(lock.rawValue, LOCK_EX | LOCK_NB) == 0 else {
            log.error("another lifed keeps its state in \(folder); give this one --state-dir or --ephemeral")
            exit(.failure)
        }
        do {
            let opened = try Durability.open(folder: folder, recover: options.recover, log: log, random: random, defaults: options.settings, inbox: loop.inbox, environment: environmentVariables,
                history: history)
            durability = opened.durability
            firstVersion = opened.version
            if let state = opened.restored { restored = (state, opened.version) }
        } catch {
            log.error("\(error)")
            exit(.failure)
        }
        // Reading a big world took its journal and snapshot, megabytes that are free now:
        // give them back rather than keep them for the daemon's life.
        clinux_release_free_memory()
    } else {
        log.warning("no state folder (set --state-dir, STATE_DIRECTORY, XDG_STATE_HOME or HOME); keeping nothing on disk")
    }
}

let listener: Int32
/// Whether lifed made the socket (and so removes it on exit); an inherited one is systemd's.
let ownsSocket: Bool
do {
    if let inherited = SocketActivation.inheritedListener(environment: environmentVariables) {
        listener = inherited
        ownsSocket = false
        // Report the socket systemd made, which need not be the one lifed would have chosen.
        if let path = UnixSocket.boundPath(of: inherited) { options.socketPath = path }
    } else {
        listener = try UnixSocket.listen(at: options.socketPath)
        ownsSocket = true
    }
} catch {
    log.error("\(error)")
    exit(.failure)
}

// Fetches from URLs run in the helper lifefetch, a child process: lifed itself links no Foundation.
let ownExecutable = FetchHelper.ownExecutable()
// Jumps run on a thread of their own, using all the processors but the one the loop keeps
// (LIFED_JUMP_THREADS sets how many: for measurements).
// The journal record of a jump's end is encoded on the jump's thread too.
let preparedJumpEnds = durability?.preparedJumpEnds
let jumpThreads = environmentVariables["LIFED_JUMP_THREADS"].flatMap { Int($0) }.map { min(max($0, 1), 64) } ?? JumpRunner.defaultThreads
var environment = AppEnvironment(
    scheduler: loop, random: random, defaultSettings: options.settings,
    fetchConfigurations: { url in
        guard let source = url ?? options.configurationsURL else { return AppEnvironment.builtinFetch(on: loop) }
        let executable = options.fetchHelper ?? FetchHelper.locate(besideExecutable: ownExecutable)
        return FetchHelper(executable: executable, timeout: options.fetchTimeout, log: log).effect(url: source, on: loop)
    },
    jumps: .thread(on: loop, threads: jumpThreads, finishing: preparedJumpEnds.map { prepared in { @Sendable result in prepared.prepare(result) } }),
    wallClock: AppEnvironment.systemWallClock)
environment.history = history
// How the timer keeps up, for `status`: it also hears of the beats the loop came to too late.
let timerMeter = TimerMeter(now: { MonotonicClock.now })
environment.timerMissedBeats = { timerMeter.noteMissed(beats: $0) }

var initialState = restored?.state ?? AppState.initial(random: random, settings: options.settings)
if initialState.simulation.settling.fingerprints.isEmpty {
    // A new world, or one from a state.json, which kept the settling status but not its
    // history: the grid in place starts it again.
    initialState.simulation.settling = Settling(
        status: initialState.simulation.settling.status, fingerprints: [initialState.simulation.gridState.grid.fingerprint])
}
let resumeTimer = initialState.simulation.isRunningTimer
// A restored fetch cannot continue. A running timer is resumed below, as an action, after the
// command line's settings: those that change the world are refused while the timer runs, and
// the store starts the timer's effect when `isRunningTimer` becomes true (the app reducer's
// onChange), not for a state it was created with.
initialState.simulation.isRunningTimer = false
initialState.configurations.isFetching = false
// Nor can a jump: what it had computed was never part of the world, which is as it was before it.
if let jump = initialState.simulation.jump {
    log.info("a jump of \(jump.target) generations was in flight when lifed stopped (\(jump.done) done); it is gone, and the grid is as it was before it")
    initialState.simulation.jump = nil
}
// The history's entry for that jump goes with it.
if initialState.history.open?.isTimer == false { initialState.history.open = nil }
let store = Store(
    initialState: initialState, version: firstVersion,
    reducer: Reducer<AppState, AppAction, AppEnvironment>.withHistory,
    environment: environment
)
// From here on only the turn's commit reaches the journal: the store's hooks go through it, and
// it syncs each turn's changes before any reply goes out.
let turnCommit = durability.map { TurnCommit(journal: $0, store: store, scheduler: loop, warn: { log.warning($0) }) }
// The world lifed starts with is the snapshot the journal continues from (a retry is scheduled
// if it cannot be saved).
turnCommit?.start()
let server = Server(
    loop: loop, store: store, listener: listener, options: options, log: log, commit: turnCommit,
    admission: Admission(allowedGroup: allowedGroup, maxClients: options.maxClients, capacity: clientCapacity),
    timerMeter: timerMeter)
// The store's middleware, in this order: saving first (the turn's commit, through which a change
// is journaled, and refused while saving fails, before anyone is sent it), then the action log,
// then publishing, which sends every change to its subscribers, and last the timer's meter (for `status`).
// The history's stamp comes before them all: the reducer reads who sent each action.
var middleware: [any StoreMiddleware<AppState, AppAction>] = [HistoryStamping(context: environment.history, version: { store.version })]
if let turnCommit { middleware.append(turnCommit) }
if options.logActions { middleware.append(ActionLog { log.info($0) }) }
middleware.append(server.publishing)
middleware.append(server.timerMeter)
store.install(middleware)
// Settings given on this command line win over the saved world's, as one change of their own.
if restored != nil, !options.commandLineSettings.isEmpty {
    do {
        let update = try SettingsUpdate(fields: JSONFields(.object(options.commandLineSettings), at: ""))
        let action = AppAction.settings(.update(update))
        let outcome = store.send(action, from: "the command line")
        if case .refused(let error) = outcome {
            log.warning("cannot apply \(options.commandLineSettingsText) to the saved world: \(error.message)")
        } else if case .changed = outcome {
            log.info("the command line's \(options.commandLineSettingsText) replace the saved world's settings")
        }
    } catch {
        log.warning("cannot apply \(options.commandLineSettingsText) to the saved world: \(error.message)")
    }
}
if resumeTimer {
    log.info("the timer was running; resuming it")
    store.send(.simulation(.startTimer), from: "start-up")
}

let notifier = SystemdNotifier(environment: environmentVariables)

/// A one-line summary for systemd's STATUS=.
@MainActor func statusLine() -> String {
    let state = store.state
    let summary = "ticks \(state.simulation.gridState.ticks), \(state.simulation.isRunningTimer ? "running" : "stopped"), \(server.clientCount) clients"
    guard let failure = turnCommit?.failure else { return summary }
    return "cannot save (\(failure)); refusing changes; \(summary)"
}

/// Every few seconds: save the timer's ticks (they are not saved one by one), and tell systemd how things are.
@MainActor func housekeeping() {
    _ = loop.schedule(after: .seconds(5)) {
        turnCommit?.saveTicks()
        notifier.notify("STATUS=\(statusLine())")
        housekeeping()
    }
}

@MainActor func watchdog(every interval: Duration) {
    _ = loop.schedule(after: interval) {
        notifier.notify("WATCHDOG=1")
        watchdog(every: interval)
    }
}

do {
    try server.start()
    try loop.handle(signals: [SIGTERM, SIGINT]) { signal in
        log.info("received \(signal == SIGTERM ? "SIGTERM" : "SIGINT"); shutting down")
        loop.stop()
    }
} catch {
    log.error("\(error)")
    if ownsSocket { unlink(options.socketPath) }
    exit(.failure)
}

housekeeping()
if let interval = notifier.watchdogInterval {
    // Tests read the period here rather than time the pings.
    log.debug("WATCHDOG=1 every \(interval / 2), half of WATCHDOG_USEC")
    watchdog(every: interval / 2)
}
log.info("lifed \(LifeVersion.current) \(ownsSocket ? "listening on \(options.socketPath)" : "serving a socket from systemd")")
if let ignored = BitGrid.Kernel.ignoredSetting { log.warning(ignored) }
log.debug("engine kernel: \(BitGrid.Kernel.selected)")
notifier.notify("READY=1\nSTATUS=\(statusLine())")
loop.run()

notifier.notify("STOPPING=1\nSTATUS=shutting down")
// The saved state keeps isRunningTimer, so a restart resumes the run.
store.cancelAllEffects()
turnCommit?.close()
server.shutdown()
if ownsSocket { unlink(options.socketPath) }
log.info("stopped")
exit(.success)
