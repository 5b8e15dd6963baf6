import LifeIO
import Protocol

/// `lifed`'s command line.
struct DaemonOptions {
    var socketPath: String
    var intervalMs = 1000
    var seed: UInt64?
    var maxFrame = 1 << 20
    var clientBuffer = 8 << 20
    var logLevel = Logger.Level.info

    static let help = """
        lifed: the Game of Life daemon. It owns one world and serves it over a Unix socket.

        Usage: lifed [options]

        Options:
          --socket PATH         where to listen (default: $LIFED_SOCKET, else
                                $XDG_RUNTIME_DIR/lifed/lifed.sock, else /tmp/lifed-UID/lifed.sock)
          --interval DURATION   timer period at start-up, e.g. 250ms, 2s (default 1s; 10ms to 60s)
          --seed N              seed for random grids, for reproducible worlds
          --max-frame BYTES     largest request frame a client may send (default 1048576)
          --client-buffer BYTES unsent output kept per client before diffs are dropped (default 8 MiB)
          --log-level LEVEL     error, warning, info or debug (default info)
          -h, --help            show this help
          --version             print the version

        Clients: lifectl (commands and queries), lifewatch (a live view). The wire protocol is
        length-prefixed JSON; see PROTOCOL.md.
        """

    /// Parses the command line; nil means the help or version was printed.
    static func parse(_ arguments: [String]) throws(UsageError) -> DaemonOptions? {
        let parsed = try Arguments(
            arguments, options: ["socket", "interval", "seed", "max-frame", "client-buffer", "log-level"],
            flags: ["help", "version"])
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
            options.intervalMs = interval
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
        if let level = try parsed.value("log-level", as: "error, warning, info or debug", Logger.Level.init(name:)) {
            options.logLevel = level
        }
        return options
    }
}
