import Glibc
import LifeIO
import Protocol

// A first cut of the live view: it mirrors the daemon's state from diffs and prints
// the grid and a status line after every change. The full terminal UI comes later.

let help = """
    lifewatch: a live view of a running lifed.

    Usage: lifewatch [--socket PATH] [--once]

    It subscribes to the daemon's state, keeps a mirror of it from the diffs,
    and prints the grid after every change.

    Options:
      --socket PATH   the daemon's socket (default: $LIFED_SOCKET, else
                      $XDG_RUNTIME_DIR/lifed/lifed.sock, else /tmp/lifed-UID/lifed.sock)
      --once          print the current grid and status, then exit
      -h, --help      show this help
    """

let arguments: Arguments
do {
    arguments = try Arguments(Array(CommandLine.arguments.dropFirst()), options: ["socket"], flags: ["help", "once"])
    guard arguments.positionals.isEmpty else { throw UsageError("unexpected argument \"\(arguments.positionals[0])\"") }
} catch {
    printError("lifewatch", "\(error)")
    printError("lifewatch", "see lifewatch --help")
    exit(.usage)
}
if arguments.has("help") {
    print(help)
    exit(.success)
}

let socketPath = SocketPath.resolve(explicit: arguments.values["socket"])
let connection: Connection
do {
    connection = try Connection(path: socketPath)
} catch {
    printError("lifewatch", "\(error)")
    exit(.unreachable)
}

func render(_ mirror: JSON, version: Int) {
    do {
        let state = try AppState(json: mirror)
        let gridState = state.simulation.gridState
        let running = state.simulation.isRunningTimer
            ? "running every \(DurationText.format(milliseconds: state.settings.intervalMs))" : "stopped"
        print("version \(version)  ticks \(gridState.ticks)  \(running)  population \(gridState.grid.population)")
        print(gridState.grid.text)
        print("")
        fflush(nil)
    } catch {
        printError("lifewatch", "the state does not read as a world: \(error)")
    }
}

do {
    let subscription = connection.makeID()
    try connection.send(ClientRequest(id: subscription, kind: .subscribe(path: .root)))
    var mirror = JSON.null
    var version = -1
    while true {
        let message = try connection.receive()
        switch message {
        case .snapshot(let id, let snapshotVersion, _, let value, _) where id == subscription:
            mirror = value
            version = snapshotVersion
            render(mirror, version: version)
            if arguments.has("once") { exit(.success) }
        case .diff(let id, let base, let diffVersion, let patch) where id == subscription:
            guard base == version else {
                throw Connection.Failure.protocolViolation("a diff based on version \(base) arrived at version \(version)")
            }
            do {
                try mirror.apply(patch)
            } catch {
                throw Connection.Failure.protocolViolation("a diff did not apply: \(error)")
            }
            version = diffVersion
            render(mirror, version: version)
        case .error(_, let code, let text):
            printError("lifewatch", "\(code): \(text)")
            exit(.failure)
        case .bye(let reason):
            printError("lifewatch", "the daemon said goodbye (\(reason))")
            exit(.success)
        default:
            continue
        }
    }
} catch {
    printError("lifewatch", "\(error)")
    exit(.unreachable)
}
