import Glibc
import LifeIO
import Protocol

let help = """
    lifectl: drive a running lifed from the command line or a script.

    Usage: lifectl [--socket PATH] [--json] COMMAND [ARGUMENTS]

    Commands:
      status          the daemon's pid, version, uptime, clients and a summary of the world
      start           start the timer                      (simulation.startTimer)
      stop            stop the timer                       (simulation.stopTimer)
      step            one generation                       (grid.step)
      tick            ticks += 1 and one generation        (simulation.tick)
      empty           an empty grid; not while running     (simulation.resetGridToEmpty)
      random          a random grid; not while running     (simulation.resetGridToRandom)
      reset           ticks = 0; not while running         (simulation.reset)
      stats [reset]   the statistics, or reset them        (statistics.reset)
      get [POINTER]   the state, or the part at a JSON Pointer such as /simulation/gridState
      send JSON       a raw protocol request; prints the reply

    Options:
      --socket PATH   the daemon's socket (default: $LIFED_SOCKET, else
                      $XDG_RUNTIME_DIR/lifed/lifed.sock, else /tmp/lifed-UID/lifed.sock)
      --json          print the daemon's replies as JSON, one per line
      -h, --help      show this help

    Exit status: 0 success, 1 the daemon refused, 2 usage error, 3 no daemon reachable.
    """

/// The commands that dispatch one action.
let actionCommands: [String: String] = [
    "start": "simulation.startTimer",
    "stop": "simulation.stopTimer",
    "step": "grid.step",
    "tick": "simulation.tick",
    "empty": "simulation.resetGridToEmpty",
    "random": "simulation.resetGridToRandom",
    "reset": "simulation.reset",
]

func usage(_ message: String) -> Never {
    printError("lifectl", message)
    printError("lifectl", "see lifectl --help")
    exit(.usage)
}

let arguments: Arguments
do {
    arguments = try Arguments(Array(CommandLine.arguments.dropFirst()), options: ["socket"], flags: ["help", "json"])
} catch {
    usage(error.message)
}
if arguments.has("help") {
    print(help)
    exit(.success)
}
guard let command = arguments.positionals.first else { usage("a command is needed") }
let rest = Array(arguments.positionals.dropFirst())
let jsonOutput = arguments.has("json")
let socketPath = SocketPath.resolve(explicit: arguments.values["socket"])

/// Checks the argument count before connecting, so usage errors never depend on the daemon.
func expectArguments(_ range: ClosedRange<Int>) {
    guard range.contains(rest.count) else {
        usage(rest.count < range.lowerBound ? "\(command) needs more arguments" : "unexpected argument \"\(rest[range.upperBound])\"")
    }
}

enum Plan {
    case status
    case action(String)
    case get(JSONPointer)
    case statistics
    case send(JSON)
}

let plan: Plan
switch command {
case "status":
    expectArguments(0...0)
    plan = .status
case let name where actionCommands[name] != nil:
    expectArguments(0...0)
    plan = .action(actionCommands[name] ?? "")
case "stats":
    expectArguments(0...1)
    if let sub = rest.first {
        guard sub == "reset" else { usage("stats takes no argument or \"reset\", not \"\(sub)\"") }
        plan = .action("statistics.reset")
    } else {
        plan = .statistics
    }
case "get":
    expectArguments(0...1)
    do {
        plan = .get(try JSONPointer(parsing: rest.first ?? ""))
    } catch {
        usage("\"\(rest.first ?? "")\" is not a JSON Pointer (use \"\" or a path such as /simulation/gridState): \(error)")
    }
case "send":
    expectArguments(1...1)
    do {
        plan = .send(try JSON(parsing: rest[0]))
    } catch {
        usage("send needs one JSON request object: \(error)")
    }
default:
    usage("unknown command \"\(command)\"")
}

let connection: Connection
do {
    connection = try Connection(path: socketPath)
} catch {
    printError("lifectl", "\(error)")
    printError("lifectl", "is lifed running? start it with: lifed --socket \(socketPath)")
    exit(.unreachable)
}

/// Prints a reply and returns the exit code it calls for.
func report(_ reply: ServerMessage, human: () -> String?) -> ExitCode {
    if case .error(_, let code, let message) = reply {
        if jsonOutput { print(reply.json.text) }
        printError("lifectl", "\(code): \(message)")
        return .failure
    }
    if jsonOutput {
        print(reply.json.text)
    } else if let text = human() {
        print(text)
    }
    return .success
}

func formatStatus(_ info: [String: JSON]) -> String {
    let summary = info["summary"] ?? .null
    func int(_ json: JSON?) -> Int { json?.intValue ?? 0 }
    let uptimeSeconds = int(info["uptimeMs"]) / 1000
    let running = summary["isRunningTimer"]?.boolValue == true
    let interval = DurationText.format(milliseconds: int(summary["intervalMs"]))
    return """
        \(info["server"]?.stringValue ?? "lifed") (pid \(int(info["pid"]))) on \(info["socket"]?.stringValue ?? socketPath), up \(uptimeSeconds / 3600)h\(uptimeSeconds / 60 % 60)m\(uptimeSeconds % 60)s
        clients \(int(info["clients"])), subscriptions \(int(info["subscriptions"])), resyncs \(int(info["resyncs"])), version \(int(info["version"]))
        world \(int(summary["rows"]))x\(int(summary["cols"])), ticks \(int(summary["ticks"])), \(running ? "running every \(interval)" : "stopped (interval \(interval))"), population \(int(summary["population"])), steps \(int(summary["steps"]))
        """
}

do {
    let code: ExitCode
    switch plan {
    case .status:
        let reply = try connection.request(.status)
        code = report(reply) {
            if case .status(_, let info) = reply { return formatStatus(info) }
            return nil
        }
    case .action(let type):
        let reply = try connection.request(.dispatch(action: ["type": .string(type)]))
        code = report(reply) {
            if case .ack(_, let version) = reply { return "\(type): ok (version \(version))" }
            return nil
        }
    case .get(let path):
        let reply = try connection.request(.get(path: path))
        code = report(reply) {
            if case .state(_, _, _, let value) = reply { return value.prettyText() }
            return nil
        }
    case .statistics:
        let reply = try connection.request(.get(path: JSONPointer(tokens: ["statistics"])))
        code = report(reply) {
            guard case .state(_, _, _, let value) = reply else { return nil }
            return ["steps", "alive", "born", "died", "empty"].map { "\($0) \(value[$0]?.intValue ?? 0)" }.joined(separator: "\n")
        }
    case .send(let request):
        try connection.sendFrame(Frame.encode(request))
        let reply = try connection.receive()
        if case .error = reply {
            print(reply.json.text)
            code = .failure
        } else {
            print(reply.json.text)
            code = .success
        }
    }
    exit(code)
} catch {
    printError("lifectl", "\(error)")
    exit(.unreachable)
}
