import Glibc
import LifeSystem
import Protocol

let overview = """
    lifectl: drive a running lifed from the command line or a script.

    Usage: lifectl [--socket PATH] [--json] COMMAND [ARGUMENTS]

    Commands:
    \(commands.map { command in
        command.usage.count < 28
            ? "  " + command.usage.padding(toLength: 28) + command.summary.firstSentence
            : "  " + command.usage + "\n" + String(repeating: " ", count: 30) + command.summary.firstSentence
    }.joined(separator: "\n"))

    Options (anywhere on the line):
      --socket PATH   the daemon's socket (default: $LIFED_SOCKET, else
                      $XDG_RUNTIME_DIR/lifed/lifed.sock, else /tmp/lifed-UID/lifed.sock)
      --json          print one JSON object per command (watch: one per message): the
                      daemon's reply, or lifectl's report of a jump, fetch, load or save;
                      a refusal's is the daemon's error (code, message, field, refused).
                      See JSON OUTPUT in lifectl(1)
      --no-start      do not start lifed when none answers (by default the first
                      client starts one, as tmux starts its server)
      -h, --help      this help (also `lifectl help`); `lifectl COMMAND --help` or
                      `lifectl help COMMAND` for one command's
      -V, --version   print lifectl's version

    Refusals are said in lifectl's words; one it has no words for is the daemon's
    "code: message".

    Exit status (the reason is on stderr):
      0 success, or nothing to do (`start` when the timer runs, `stop` when it is stopped)
      1 the command was read but not done: a value out of range (whether lifectl or the
        daemon finds it), a refusal by the daemon (a request over its --max-frame too), a
        file that cannot be read or written, or a socket served by a user lifectl does not trust
      2 the command line cannot be read as written: an unknown command or option, a missing
        or extra argument, a value that is not a number, size, duration or place
      3 no daemon reachable
      130 Ctrl-C cancelled the jump `step` waited for
    """

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }

    /// Up to the first full stop that ends a sentence (followed by a space or the end).
    var firstSentence: String {
        var index = startIndex
        while index < endIndex {
            let next = self.index(after: index)
            if self[index] == ".", next == endIndex || self[next] == " " { return String(self[...index]) }
            index = next
        }
        return self
    }
}

func usage(_ message: String) -> Never {
    printError("lifectl", message)
    printError("lifectl", "see lifectl --help")
    exit(.usage)
}

// The global options may stand anywhere; everything else belongs to the command.
var socketOption: String?
var jsonOutput = false
var wantsHelp = false
var noStart = false
var words: [String] = []
var remaining = Array(CommandLine.arguments.dropFirst())[...]
while let argument = remaining.popFirst() {
    switch argument {
    case "--socket":
        guard let value = remaining.popFirst() else { usage("--socket needs a value") }
        socketOption = value
    case _ where argument.hasPrefix("--socket="):
        socketOption = String(argument.dropFirst("--socket=".count))
    case "--json": jsonOutput = true
    case "--no-start": noStart = true
    case "--help", "-h": wantsHelp = true
    case "--version", "-V":
        // As `lifed --version` does; a command's own options never use the name.
        print("lifectl \(LifeVersion.current)")
        exit(.success)
    case "--":
        words += remaining
        remaining = []
    default: words.append(argument)
    }
}

guard let name = words.first else {
    if wantsHelp {
        print(overview)
        exit(.success)
    }
    usage("a command is needed")
}
// `lifectl help` and `lifectl help COMMAND`, as git and systemctl read them.
if name == "help" {
    guard let topic = words.dropFirst().first else {
        print(overview)
        exit(.success)
    }
    guard let command = commands.first(where: { $0.name == topic }) else { usage("no command \"\(topic)\" to help with") }
    print(command.help)
    exit(.success)
}
guard let command = commands.first(where: { $0.name == name }) else {
    if name.hasPrefix("-") { usage("unknown option \(name)") }
    usage("unknown command \"\(name)\"")
}
if wantsHelp {
    print(command.help)
    exit(.success)
}

let work: Command.Work
do {
    work = try command.parse(Array(words.dropFirst()))
} catch {
    // The rule of lifectl's exit status: 2 when the line cannot be read as written, 1 when it
    // was read and a value is out of range, whether lifectl or the daemon finds it.
    if error.isOutOfRange {
        printError("lifectl", error.message)
        exit(.failure)
    }
    usage(error.message)
}

// Like tmux, start the daemon on demand, for the commands that do (see each command's file).
let autoStart = !noStart && command.daemonStart == .onDemand
let session = Session(socketPath: SocketPath.resolve(explicit: socketOption), jsonOutput: jsonOutput, autoStart: autoStart)
do {
    exit(try work(session))
} catch {
    printError("lifectl", "\(error)")
    if case .unreachable = error, !session.autoStart {
        printError("lifectl", "is lifed running? start it with: lifed --socket \(session.socketPath)")
    }
    exit(ExitCode(error))
}
