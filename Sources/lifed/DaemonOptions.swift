import Glibc
import LifeGrid
import LifeScheduling
import LifeSystem
import LifeJSON
import LifeSystem
import Protocol

/// `lifed`'s command line.
struct DaemonOptions {
    var socketPath: String
    /// The initial settings, from --interval, --size, --rule and --topology.
    var settings = Settings()
    /// Where `configurations.fetch` with no URL fetches from; nil for the built-in collection.
    var configurationsURL: String?
    /// `--fetch-helper PATH`: the program that fetches URLs; nil to look for lifefetch.
    var fetchHelper: String?
    /// `--fetch-timeout`: how long a fetch from a URL may take.
    var fetchTimeout: Duration = FetchReport.defaultTimeout
    var seed: UInt64?
    /// `--max-frame`: the largest request frame. The default, 24 MiB, holds any grid up to
    /// 4096 x 4096 as `lifectl load` sends it (RLE: at most about 17.3 MB, one cell a byte).
    var maxFrame = 24 << 20
    var clientBuffer = 8 << 20
    /// `--frame-budget`: the most bytes all clients' unfinished frames may hold beyond a small
    /// frame each (``FrameBudget``); twice `--max-frame` unless given.
    var frameBudget: Int { givenFrameBudget ?? 2 * maxFrame }
    var givenFrameBudget: Int?
    var logLevel = Logger.Level.info
    /// `--log-actions`: a log line for every action, refusal and resulting version.
    var logActions = false
    /// `--state-dir`; nil to use the environment's choice.
    var stateDirectory: String?
    /// `--ephemeral`: keep nothing on disk.
    var ephemeral = false
    /// `--recover`: start on a damaged state folder from what is intact, setting the damage aside.
    var recover = false
    /// `--allow-group NAME`: members may connect too.
    var allowGroup: String?
    var maxClients = 1024
    /// How long a connection may sit idle without a subscription.
    var idleTimeout: Duration = .seconds(300)
    /// How long a frame may stay half-sent.
    var frameTimeout: Duration = .seconds(10)
    /// The options file read, if any (`--config`, else `lifed.conf` in the user's configuration folder).
    var optionsFile: String?
    /// Why the default options file was passed over, for the log.
    var optionsFileWarning: String?
    /// The settings the command line itself gave (not the options file), as a `settings.update`:
    /// they win over a saved world's settings.
    var commandLineSettings: [String: JSON] = [:]

    /// Those settings as the command line gave them, for the log: `--interval 100ms, --size 32x33`.
    var commandLineSettingsText: String {
        var flags: [String] = []
        if commandLineSettings["intervalMs"] != nil { flags.append("--interval \(DurationText.format(milliseconds: settings.intervalMs))") }
        if commandLineSettings["generationsPerTick"] != nil { flags.append("--step \(settings.generationsPerTick)") }
        if commandLineSettings["rows"] != nil { flags.append("--size \(settings.rows)x\(settings.cols)") }
        if commandLineSettings["rule"] != nil { flags.append("--rule \(settings.rule.notation)") }
        if commandLineSettings["topology"] != nil { flags.append("--topology \(settings.topology.rawValue)") }
        return flags.joined(separator: ", ")
    }

    static let help = """
        lifed: the Game of Life daemon. It owns one world and serves it over a Unix socket.

        Usage: lifed [options]

        Options:
          --socket PATH         where to listen (default: $LIFED_SOCKET, else
                                $XDG_RUNTIME_DIR/lifed/lifed.sock, else /tmp/lifed-UID/lifed.sock)
          --interval DURATION   timer period at start-up, e.g. 250ms, 2s (default 1s; 10ms to 60s)
          --step N              generations per tick at start-up (default 1; 1 to 1000000)
          --size ROWSxCOLS      grid size for new grids, e.g. 40x80 (default 10x10; 3 to 4096 a side)
          --rule RULE           a rule in Golly's notation: B3/S23 (default), B2-a/S12, /2/3,
                                R5,C0,M1,S34..58,B34..45,NM
          --topology NAME       torus (default: edges wrap) or bounded (outside is dead)
          --configurations URL  where a fetch of configurations (lifectl configs fetch) looks by
                                default: an http, https or file URL (default: a collection
                                of classics built into lifed)
          --fetch-helper PATH   the program that fetches configurations from URLs (default:
                                lifefetch beside lifed, else ../libexec/life/lifefetch from there)
          --fetch-timeout DURATION  how long a fetch from a URL may take (default 30s; 100ms to 10m)
          --seed N              seed for random grids, for reproducible worlds
          --max-frame BYTES     largest request frame a client may send (default 24 MiB, which any
                                grid up to 4096x4096 as RLE fits; 64 to 1073741824)
          --client-buffer BYTES unsent output kept per client before diffs are dropped (default 8 MiB)
          --frame-budget BYTES  what all clients' unfinished frames may hold at once, beyond 16 KiB
                                each (default twice --max-frame; 65536 to 4294967296); past it
                                they wait to be read, the oldest frame first
          --log-level LEVEL     error, warning, info or debug (default info)
          --log-actions         log every action, refusal and resulting version
          --state-dir PATH      where the state is kept (default: $STATE_DIRECTORY, else
                                $XDG_STATE_HOME/lifed, else ~/.local/state/lifed)
          --ephemeral           keep nothing on disk; start from defaults every time
          --recover             start even though the state folder is damaged (lifed stops and
                                says so otherwise): from what is intact, with the damaged files
                                set aside and kept, and versions continuing above every version
                                that may have been shown. Command line only
          --allow-group NAME    processes in this group may connect too: their group or a
                                supplementary group, as the kernel reports it (the daemon's
                                user and root always may)
          --max-clients N       clients served at once (default 1024); the next gets "busy".
                                Each is an open file: lifed raises its soft limit of open
                                files to N + 32 if the hard limit allows, else serves fewer
          --idle-timeout DURATION  close connections idle this long without a subscription (default 5m)
          --frame-timeout DURATION close connections that take longer to send one frame (default 10s)
          --config FILE         options to read before the command line's, one to a line (default:
                                $XDG_CONFIG_HOME/lifed/lifed.conf, else ~/.config/lifed/lifed.conf,
                                if it exists); the command line wins
          -h, --help            show this help
          --version             print the version

        --interval, --step, --size, --rule and --topology set the settings of a new world, and those
        `lifectl set reset` returns to; given on the command line, they also change a saved
        world's settings at start-up (its grid stays as it is).

        Clients: lifectl (commands and queries), lifewatch (a live view). The wire protocol is
        length-prefixed JSON; see PROTOCOL.md.
        """

    /// Reads `40x80` as 40 rows and 80 columns, each within the settings' range.
    static func parseSize(_ text: String) -> (rows: Int, cols: Int)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let rows = Int(parts[0]), let cols = Int(parts[1]),
            Settings.sideRange.contains(rows), Settings.sideRange.contains(cols)
        else { return nil }
        return (rows, cols)
    }

    static let optionNames: Set<String> = [
        "socket", "interval", "step", "seed", "max-frame", "client-buffer", "log-level", "size", "rule", "topology",
        "configurations", "fetch-helper", "fetch-timeout", "state-dir", "allow-group", "max-clients", "idle-timeout",
        "frame-timeout", "frame-budget",
    ]
    static let flagNames: Set<String> = ["log-actions", "ephemeral"]
    /// Flags the options file may not give: they are for one start.
    static let commandLineFlagNames: Set<String> = ["help", "version", "recover"]
    /// The options that are settings.
    static let settingNames: Set<String> = ["interval", "step", "size", "rule", "topology"]

    /// The options file lifed reads when `--config` does not name one.
    static func defaultOptionsFile(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return "\(xdg)/lifed/lifed.conf" }
        if let home = environment["HOME"], home.hasPrefix("/") { return "\(home)/.config/lifed/lifed.conf" }
        return nil
    }

    /// Parses the command line, after the options file's lines; nil means the help or version was printed.
    static func parse(_ arguments: [String], environment: [String: String] = [:]) throws(UsageError) -> DaemonOptions? {
        let commandLine = try Arguments(arguments, options: optionNames.union(["config"]), flags: flagNames.union(commandLineFlagNames))
        var fileArguments: [String] = []
        var optionsFile: String?
        var optionsFileWarning: String?
        if !commandLine.has("help"), !commandLine.has("version") {
            let explicit = commandLine.values["config"]
            if let path = explicit ?? defaultOptionsFile(environment: environment) {
                var bytes: [UInt8]?
                do {
                    bytes = try FileIO.read(path, limit: OptionsFile.maxBytes)
                } catch {
                    // No file where none was asked for is the usual case; one this user may not
                    // read there (a HOME that belongs to someone else) is passed over, with a warning.
                    if explicit != nil || ![ENOENT, ENOTDIR, EACCES].contains(error.errno) {
                        throw UsageError("cannot read the options file \(path): \(error)")
                    }
                    if error.errno == EACCES { optionsFileWarning = "cannot read the options file \(path) (\(error)); going on without it" }
                }
                if let bytes {
                    fileArguments = try OptionsFile.arguments(
                        from: String(decoding: bytes, as: UTF8.self), path: path, options: optionNames, flags: flagNames)
                    optionsFile = path
                }
            }
        }
        let parsed = try Arguments(fileArguments + arguments, options: optionNames.union(["config"]), flags: flagNames.union(commandLineFlagNames))
        if parsed.has("help") {
            print(help)
            return nil
        }
        if parsed.has("version") {
            print("lifed \(LifeVersion.current)")
            return nil
        }
        guard parsed.positionals.isEmpty else {
            throw UsageError("unexpected argument \"\(parsed.positionals[0])\" (see lifed --help)")
        }
        var options = DaemonOptions(socketPath: SocketPath.resolve(explicit: parsed.values["socket"]))
        if let interval = try parsed.value("interval", as: "a duration such as 250ms or 2s", DurationText.milliseconds) {
            guard Settings.intervalRange.contains(interval) else {
                throw UsageError("--interval must be from 10ms to 60s, not \(DurationText.format(milliseconds: interval))")
            }
            options.settings.intervalMs = interval
        }
        if let step = try parsed.value("step", as: "a whole number of generations", { Int($0) }) {
            let range = Settings.generationsPerTickRange
            guard range.contains(step) else { throw UsageError("--step must be from \(range.lowerBound) to \(range.upperBound), not \(step)") }
            options.settings.generationsPerTick = step
        }
        if let size = try parsed.value("size", as: "ROWSxCOLS such as 40x80, each from 3 to 4096", Self.parseSize) {
            options.settings.rows = size.rows
            options.settings.cols = size.cols
        }
        if let text = parsed.values["rule"] {
            do {
                options.settings.rule = try Rule(parsing: text)
            } catch {
                throw UsageError("--rule: \(error)")
            }
        }
        options.settings.topology = try parsed.value("topology", as: "torus or bounded", Topology.init(rawValue:)) ?? .torus
        options.optionsFile = optionsFile
        options.optionsFileWarning = optionsFileWarning
        let given = Set(commandLine.values.keys)
        if given.contains("interval") { options.commandLineSettings["intervalMs"] = .int(options.settings.intervalMs) }
        if given.contains("step") { options.commandLineSettings["generationsPerTick"] = .int(options.settings.generationsPerTick) }
        if given.contains("size") {
            options.commandLineSettings["rows"] = .int(options.settings.rows)
            options.commandLineSettings["cols"] = .int(options.settings.cols)
        }
        if given.contains("rule") { options.commandLineSettings["rule"] = .string(options.settings.rule.notation) }
        if given.contains("topology") { options.commandLineSettings["topology"] = .string(options.settings.topology.rawValue) }
        if let url = parsed.values["configurations"] {
            guard ["http://", "https://", "file://"].contains(where: url.lowercased().hasPrefix) else {
                throw UsageError("--configurations needs an http, https or file URL, not \"\(url)\"")
            }
            options.configurationsURL = url
        }
        if let helper = parsed.values["fetch-helper"] {
            guard !helper.isEmpty else { throw UsageError("--fetch-helper needs the path of a program") }
            options.fetchHelper = helper
        }
        if let ms = try parsed.value("fetch-timeout", as: "a duration from 100ms to 10m, such as 30s", {
            DurationText.milliseconds($0).flatMap { (100...600_000).contains($0) ? $0 : nil }
        }) {
            options.fetchTimeout = .milliseconds(ms)
        }
        options.seed = try parsed.value("seed", as: "a whole number from 0 to 2^64-1") { UInt64($0) }
        if let maxFrame = try parsed.value("max-frame", as: "a number of bytes from 64 to 1073741824", {
            Int($0).flatMap { (64...(1 << 30)).contains($0) ? $0 : nil }
        }) {
            options.maxFrame = maxFrame
        }
        if let buffer = try parsed.value("client-buffer", as: "a number of bytes from 65536 to 1073741824", {
            Int($0).flatMap { (65536...(1 << 30)).contains($0) ? $0 : nil }
        }) {
            options.clientBuffer = buffer
        }
        if let budget = try parsed.value("frame-budget", as: "a number of bytes from 65536 to 4294967296", {
            Int($0).flatMap { (65536...(1 << 32)).contains($0) ? $0 : nil }
        }) {
            options.givenFrameBudget = budget
        }
        if let level = try parsed.value("log-level", as: "error, warning, info or debug", Logger.Level.init(name:)) {
            options.logLevel = level
        }
        options.logActions = parsed.has("log-actions")
        options.ephemeral = parsed.has("ephemeral")
        options.recover = parsed.has("recover")
        options.stateDirectory = parsed.values["state-dir"]
        options.allowGroup = parsed.values["allow-group"]
        if let max = try parsed.value("max-clients", as: "a number from 1 to 100000", { Int($0).flatMap { (1...100_000).contains($0) ? $0 : nil } }) {
            options.maxClients = max
        }
        let seconds = "a duration such as 30s or 5m (at least 100ms)"
        if let ms = try parsed.value("idle-timeout", as: seconds, { DurationText.milliseconds($0).flatMap { $0 >= 100 ? $0 : nil } }) {
            options.idleTimeout = .milliseconds(ms)
        }
        if let ms = try parsed.value("frame-timeout", as: seconds, { DurationText.milliseconds($0).flatMap { $0 >= 100 ? $0 : nil } }) {
            options.frameTimeout = .milliseconds(ms)
        }
        return options
    }
}
