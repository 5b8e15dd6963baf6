import Glibc
import LifeClient
import LifeSystem
import Protocol

// lifewatch: parse the options, connect (starting lifed unless --no-start), then either
// print once (--once, or stdout is not a terminal) or run the full-screen watcher.

let options: WatchOptions
do {
    guard let parsed = try WatchOptions.parse(Array(CommandLine.arguments.dropFirst()), environment: Environment.variables) else {
        exit(.success)
    }
    options = parsed
} catch {
    printError("lifewatch", error.message)
    printError("lifewatch", "see lifewatch --help")
    exit(.usage)
}

let connection: Connection
do {
    connection = try DaemonLauncher.connect(path: options.socketPath, autoStart: options.autoStart)
} catch {
    printError("lifewatch", "\(error)")
    // Refused at the door (forbidden, busy) or an untrusted socket: 1, as lifectl; no daemon: 3.
    exit(ExitCode(error))
}

if options.once || isatty(1) != 1 || isatty(0) != 1 {
    exit(OnceReport.run(connection: connection, path: options.path))
}
Glibc.exit(WatchApp.run(options: options, connection: connection))
