import LifeJSON
import LifeSystem
import LifeTerminal
import Protocol

/// lifewatch's command line.
struct WatchOptions {
    /// The daemon's socket.
    var socketPath: String
    /// The part of the state watched (`--path`); the root for the whole world.
    var path: JSONPointer = .root
    /// Print once and exit (`--once`).
    var once = false
    /// Start lifed when none answers (unless `--no-start`).
    var autoStart = true

    static var help: String {
        """
        lifewatch: a live, full-screen view of a running lifed.

        Usage: lifewatch [--socket PATH] [--path POINTER] [--once] [--no-start]

        It subscribes to the daemon's state (or the part at POINTER), mirrors it from the
        diffs, and redraws only what changed. Keys act on the daemon like the course's
        buttons; the screen changes when the daemon's diff comes back. A key whose action
        the state does not allow now is dimmed; pressing it anyway shows the daemon's reason.

        Keys:
        \(KeyHelp.lines.map { "  " + $0 }.joined(separator: "\n"))

        Options:
          --socket PATH     the daemon's socket (default: $LIFED_SOCKET, else
                            $XDG_RUNTIME_DIR/lifed/lifed.sock, else /tmp/lifed-UID/lifed.sock)
          --path POINTER    watch only the part of the state at a JSON Pointer: /statistics and
                            /settings show as labelled fields, anything else as JSON text
          --once            print the grid and status as plain text and exit (also what
                            happens when stdin or stdout is not a terminal); of a grid
                            larger than the terminal (80x24 when not one), the top-left
                            part that fits
          --no-start        do not start lifed when none answers (by default the first
                            client starts one, as tmux starts its server)
          -h, --help        show this help
          --version         print the version

        The grid: a cell is two columns wide when the grid fits, else one column (with colour,
        half blocks show two rows a line). z and Z zoom in and out: 2:1, 1:1, then 1:2 to
        1:128, where a character shows a block of 2k x 4k cells as a braille pattern of 2 x 4
        dots, a dot lit when any of its k x k cells lives (where the locale is not UTF-8, one
        '#' or '.' for the block). The cursor's cell is in reverse video (with colour, light
        on a live cell, blue on a dead one); a grid larger than the screen is a view that
        follows it. Rows and columns count from 0 at the top-left, on screen and in g, as
        lifectl counts them. Of a large grid lifewatch receives only a window around what
        shows (a viewport subscription), and asks for another when a move, a zoom or a resize
        leaves it. The mouse draws: a click or a drag makes cells alive, or empty when it
        starts on a live one (at zooms up to 1:4; farther out a click moves the cursor).
        At 1:1 with colour a character shows two rows: a click draws the top one, or the one
        under the pointer where the terminal reports it in pixels (SGR-Pixels, mode 1016, which
        lifewatch turns on where the terminal says it has it; tmux does not pass it on).
        lifewatch asks the terminal for mouse reports in the world's view and turns them off
        on every way out; hold Shift to select text with the mouse meanwhile. Colours:
        24-bit when COLORTERM is truecolor or 24bit, else 256 when TERM contains 256color,
        else as many as TERM's terminfo entry says (its colors: 256; 16, as xterm-16color;
        8, as xterm, linux or screen, where cells are green alive, yellow born, red died,
        black empty, dying states red, magenta, then blue), else none (also with NO_COLOR
        set, or TERM=dumb; vt100 has none), when cells are glyphs: O alive, + born, x died,
        · empty. The entry is looked for where ncurses looks: $TERMINFO, ~/.terminfo,
        $TERMINFO_DIRS, /etc/terminfo, /lib/terminfo, /usr/share/terminfo.

        The status line: ticks counts the timer's ticks only; gen counts the generations
        computed (by ticks, n, lifectl step and jumps: the statistics' steps, 0 again only when
        the statistics are reset). The side panel (statistics, configurations) shows beside a
        grid that fits beside it; else it makes way, its statistics one line under the grid
        and the chosen configuration on the message line; i shows or hides it for good.

        When lifed goes away, the last state stays on screen, dimmed, and lifewatch
        reconnects (after 100ms, doubling to 2s between attempts) without starting a new
        daemon; after \(Reconnection.defaultGiveUpAfter.components.seconds)s without one it restores the terminal and exits with status 3.

        Exit status: 0 after q or Ctrl-C, 1 when the daemon refuses the connection (busy,
        forbidden) or the subscription (e.g. no such path) or closes the connection over a
        request it will not read (frame-too-large), the socket is served by a user lifewatch
        does not trust, or the terminal fails, 2 usage error, 3 no daemon reachable,
        128+N after signal N (SIGTERM, SIGHUP, SIGINT).
        """
    }

    /// Parses the arguments (without the program name); nil when help or the version was printed.
    static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> WatchOptions? {
        let parsed = try Arguments(arguments, options: ["socket", "path"], flags: ["help", "once", "no-start", "version"])
        if parsed.has("help") {
            print(help)
            return nil
        }
        if parsed.has("version") {
            print("lifewatch \(LifeVersion.current)")
            return nil
        }
        guard parsed.positionals.isEmpty else { throw UsageError("unexpected argument \"\(parsed.positionals[0])\"") }
        var options = WatchOptions(socketPath: SocketPath.resolve(explicit: parsed.values["socket"], environment: environment))
        if let text = parsed.values["path"] {
            do {
                options.path = try JSONPointer(parsing: text)
            } catch {
                throw UsageError("--path needs a JSON Pointer such as /statistics: \(error)")
            }
        }
        options.once = parsed.has("once")
        options.autoStart = !parsed.has("no-start")
        return options
    }
}
