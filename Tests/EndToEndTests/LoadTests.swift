import DaemonTestSupport
import Foundation
import LifeClient
import LifeGrid
import LifeJSON
import LifePatterns
import LifeSystem
import LifeTestSupport
import Protocol
import XCTest

/// `lifectl load` of any pattern the grid can hold, in one action, with the truth on failure
/// (issue 11, section 1): through a lifed with the default `--max-frame`, the largest worlds
/// load and exit 0; `--keep` adds the pattern in the same action, or nothing happens; a frame
/// over the limit is refused with `frame-too-large` and the limit, and the clients say so and
/// exit 1, not 3.
final class LoadTests: XCTestCase {
    /// lifed's default `--max-frame`: 24 MiB.
    static let defaultMaxFrame = 24 << 20

    private func lifectl(_ daemon: Daemon, _ arguments: [String], input: String? = nil) throws -> CommandResult {
        try runTool("lifectl", ["--socket", daemon.socketPath, "--no-start"] + arguments, input: input.map { Array($0.utf8) })
    }

    /// The daemon's version and status summary (size, population, rule, topology).
    private func summary(_ daemon: Daemon) throws -> (version: Int, summary: JSON) {
        guard case .status(_, let info) = try daemon.connect().request(.status), let version = info["version"]?.intValue else {
            throw Connection.Failure.protocolViolation("no status")
        }
        return (version, info["summary"] ?? .null)
    }

    private func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// A `rows` x `cols` soup of density 1/2 as an RLE file without a world size (so `load`
    /// centres it): what a pattern collection's soup looks like.
    private func soup(rows: Int, cols: Int, seed: UInt64) -> (rle: String, population: Int) {
        var random = SplitMix64(seed: seed)
        var cells = BitPlane(rows: rows, cols: cols)
        for row in 0..<rows {
            for col in 0..<cols where random.next() & 1 == 1 { cells[row, col] = true }
        }
        let pattern = Pattern(cells: cells)
        return (PatternFormat.rle.write(pattern), pattern.population)
    }

    /// The 4096 x 4096 checkerboard, a torus: one RLE character a cell, the longest RLE any grid
    /// has, so the largest frame `lifectl load` sends.
    static let checkerboardRLE: String = {
        var body = ""
        body.reserveCapacity(17_000_000)
        for row in 0..<4096 {
            body += String(repeating: row % 2 == 0 ? "ob" : "bo", count: 2048)
            body += row == 4095 ? "!" : "$"
        }
        var lines: [Substring] = []
        var start = body.startIndex
        while start < body.endIndex {
            let end = body.index(start, offsetBy: 70, limitedBy: body.endIndex) ?? body.endIndex
            lines.append(body[start..<end])
            start = end
        }
        return "x = 4096, y = 4096, rule = B3/S23:T4096,4096\n" + lines.joined(separator: "\n") + "\n"
    }()

    /// Worlds `lifectl save` wrote: random ones (density 1/2) of `sizes`, from a lifed of its own.
    private func savedWorlds(_ sizes: [(Int, Int)], in folder: String) throws -> [String] {
        let maker = try Daemon(self, arguments: ["--ephemeral", "--seed", "5"])
        var paths: [String] = []
        for (rows, cols) in sizes {
            XCTAssertEqual(try lifectl(maker, ["set", "size=\(rows)x\(cols)", "density=0.5"]).status, 0)
            XCTAssertEqual(try lifectl(maker, ["random"]).status, 0)
            let path = "\(folder)/world\(rows)/world.rle"
            try FileManager.default.createDirectory(atPath: "\(folder)/world\(rows)", withIntermediateDirectories: true)
            let saved = try lifectl(maker, ["save", path])
            XCTAssertEqual(saved.status, 0, saved.stderr)
            paths.append(path)
        }
        return paths
    }

    /// Loads `path` into `daemon` (whose list of configurations is empty) and checks: "loaded",
    /// exit 0, one version, the size and population, nothing added to the configurations.
    private func assertLoads(
        _ path: String, into daemon: Daemon, rows: Int, cols: Int, population: Int, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let before = try summary(daemon).version
        let started = Date()
        let result = try lifectl(daemon, ["load", path])
        print("LoadTests: lifectl load \((path as NSString).lastPathComponent) (\(rows)x\(cols)) exited \(result.status) after \(Int(Date().timeIntervalSince(started) * 1000)) ms")
        XCTAssertEqual(result.status, 0, "\(path): \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stdout.hasPrefix("loaded "), result.stdout, file: file, line: line)
        XCTAssertTrue(result.stdout.contains("\(population) cells on \(rows)x\(cols)"), result.stdout, file: file, line: line)
        let (version, after) = try summary(daemon)
        XCTAssertEqual(version, before + 1, "one action, one version", file: file, line: line)
        XCTAssertEqual(after["rows"], .int(rows), file: file, line: line)
        XCTAssertEqual(after["cols"], .int(cols), file: file, line: line)
        XCTAssertEqual(after["population"], .int(population), file: file, line: line)
        XCTAssertEqual(try daemon.connect().get("/configurations/configs").value, [], "load adds nothing without --keep", file: file, line: line)
    }

    /// A soup of 1000 x 1000, random worlds of 2000 x 2000 and 4096 x 4096 that `lifectl save`
    /// wrote, the dense 4096 x 4096 world and the checkerboard (the longest RLE: a 17.3 MB frame)
    /// all load through a lifed with the default --max-frame; saved again, each world is the file it came from.
    func testTheLargestWorldsLoadThroughADefaultDaemon() throws {
        let folder = try makeTemporaryFolder(self)
        let daemon = try Daemon(self)

        let soup = soup(rows: 1000, cols: 1000, seed: 3)
        try write(soup.rle, to: "\(folder)/soup.rle")
        try assertLoads("\(folder)/soup.rle", into: daemon, rows: 1000, cols: 1000, population: soup.population)

        for path in try savedWorlds([(2000, 2000), (4096, 4096)], in: folder) {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let world = try PatternFormat.rle.read(text)
            try assertLoads(path, into: daemon, rows: world.rows, cols: world.cols, population: world.population)
            // Saved again (under the same base name), the world is the same file.
            let again = (path as NSString).deletingLastPathComponent + "/again/world.rle"
            try FileManager.default.createDirectory(atPath: (again as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            XCTAssertEqual(try lifectl(daemon, ["save", again]).status, 0)
            XCTAssertEqual(try String(contentsOfFile: again, encoding: .utf8), text, "\(path) came back different")
        }

        try write(LargePatternTests.denseRLE, to: "\(folder)/dense.rle")
        try assertLoads("\(folder)/dense.rle", into: daemon, rows: 4096, cols: 4096, population: 4096 * 4096)

        try write(Self.checkerboardRLE, to: "\(folder)/checkerboard.rle")
        try assertLoads("\(folder)/checkerboard.rle", into: daemon, rows: 4096, cols: 4096, population: 4096 * 2048)
    }

    /// `--keep` adds the pattern in the same action (one version); a pattern that may not be kept
    /// (a random 4096 x 4096 world, 12 MB of RLE) is refused with a reason, and nothing is loaded.
    func testKeepIsOneActionAndAllOrNothing() throws {
        let folder = try makeTemporaryFolder(self)
        let daemon = try Daemon(self)
        try write("#N Glider\nx = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n", to: "\(folder)/glider.rle")
        let before = try summary(daemon).version
        let kept = try lifectl(daemon, ["load", "\(folder)/glider.rle", "--keep"])
        XCTAssertEqual(kept.status, 0, kept.stderr)
        XCTAssertEqual(kept.stdout, "loaded Glider: 5 cells on 10x10, rule B3/S23; kept in the configurations (version \(before + 1))\n")
        let glider = try summary(daemon)
        XCTAssertEqual(glider.version, before + 1, "the grid and the configuration are one action")
        XCTAssertEqual(glider.summary["population"], 5)
        XCTAssertEqual(
            try daemon.connect().get("/configurations/configs").value,
            [["title": "Glider", "rows": 3, "cols": 3, "population": 5, "rule": "B3/S23"]])

        // A file without a rule: the daemon's rule stays, and the configuration names none.
        XCTAssertEqual(try lifectl(daemon, ["set", "rule=B36/S23"]).status, 0)
        try write("!Name: Blinker\nOOO\n", to: "\(folder)/blinker.cells")
        let blinker = try lifectl(daemon, ["load", "\(folder)/blinker.cells", "--keep"])
        XCTAssertTrue(blinker.stdout.hasPrefix("loaded Blinker: 3 cells on 10x10; kept in the configurations (version "), blinker.stderr)
        XCTAssertEqual(try daemon.connect().get("/settings/rule").value, "B36/S23")
        XCTAssertEqual(
            try daemon.connect().get("/configurations/configs/1").value,
            ["title": "Blinker", "rows": 1, "cols": 3, "population": 3, "rule": nil])
        let (version, loaded) = try summary(daemon)

        let soupPath = try savedWorlds([(4096, 4096)], in: folder)[0]
        let refused = try lifectl(daemon, ["load", soupPath, "--keep"])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertEqual(
            refused.stderr,
            "lifectl: --keep: the pattern is too large to keep in the configurations (one may take 1 MiB of RLE, all of them 8 MiB), so nothing was loaded; load it without --keep to replace the grid alone\n")
        // Nothing changed: not the grid, not the list, not the version.
        let (after, unchanged) = try summary(daemon)
        XCTAssertEqual(after, version)
        XCTAssertEqual(unchanged, loaded)
        XCTAssertEqual(try daemon.connect().get("/configurations/configs").value.arrayValue?.count, 2)
        XCTAssertEqual(try daemon.connect().get("/simulation/gridState/grid/cells/4").value, "...OOO....")
    }

    /// `load -` reads standard input, as `paste -` does, its format told from the content: an RLE
    /// piped in loads centred, with `--keep` titled by its `#N` or "untitled"; what cannot be read
    /// is named as standard input, exits 1, and changes nothing.
    func testLoadDashReadsStandardInput() throws {
        let daemon = try Daemon(self)
        let glider = try lifectl(daemon, ["load", "-"], input: "#N Glider\nx = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n")
        XCTAssertEqual(glider.status, 0, glider.stderr)
        XCTAssertTrue(glider.stdout.hasPrefix("loaded Glider: 5 cells on 10x10, rule B3/S23 (version "), glider.stdout)
        XCTAssertEqual(try daemon.connect().get("/simulation/gridState/grid/cells/4").value, ".....O....")

        let plain = try lifectl(daemon, ["load", "-", "--keep"], input: "OOO\n")
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(plain.stdout.hasPrefix("loaded untitled: 3 cells on 10x10; kept in the configurations"), plain.stdout)
        XCTAssertEqual(try daemon.connect().get("/configurations/configs/0/title").value, "untitled")
        XCTAssertEqual(try daemon.connect().get("/simulation/gridState/grid/cells/4").value, "...OOO....")

        let (version, _) = try summary(daemon)
        let broken = try lifectl(daemon, ["load", "-"], input: "x = 3, y = 3\nbo$2bo$3q!\n")
        XCTAssertEqual(broken.status, 1)
        XCTAssertEqual(broken.stdout, "")
        XCTAssertTrue(broken.stderr.hasPrefix("lifectl: standard input: "), broken.stderr)
        XCTAssertEqual(try summary(daemon).version, version, "nothing was sent")
    }

    /// A frame over `--max-frame` is refused with frame-too-large and the limit; lifectl prints the
    /// reason and exits 1. Its frame at exactly the limit loads; one byte less of limit, refused.
    /// Both ways a refusal arrives: while lifectl still writes a frame larger than the socket's
    /// buffer (the soup), and after it has written a small one (the glider).
    func testAFrameOverTheLimitIsRefusedWithTheLimitAndLifectlExits1() throws {
        let folder = try makeTemporaryFolder(self)
        let soup = soup(rows: 1000, cols: 1000, seed: 3)
        try write(soup.rle, to: "\(folder)/soup.rle")
        try write("x = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n", to: "\(folder)/glider.rle")
        for (file, small) in [("soup.rle", 4096), ("glider.rle", 100)] {
            let path = "\(folder)/\(file)"
            // How large lifectl's frame is, from the daemon's refusal.
            let probe = try lifectl(try Daemon(self, arguments: ["--max-frame", String(small)]), ["load", path])
            XCTAssertEqual(probe.status, 1, "\(file): \(probe.stderr)")
            let prefix = "lifectl: frame-too-large: a frame of "
            guard probe.stderr.hasPrefix(prefix), let size = Int(probe.stderr.dropFirst(prefix.count).prefix { $0.isNumber }) else {
                return XCTFail("\(file): no frame-too-large with the frame's size: \(probe.stderr)")
            }
            XCTAssertEqual(probe.stderr, "\(prefix)\(size) bytes is over the limit of \(small) (lifed --max-frame)\n")
            // At the limit it loads; one byte under its size, refused again, with the limit.
            let atLimit = try lifectl(try Daemon(self, arguments: ["--max-frame", String(size)]), ["load", path])
            XCTAssertEqual(atLimit.status, 0, "\(file) at the limit of \(size): \(atLimit.stderr)")
            XCTAssertTrue(atLimit.stdout.hasPrefix("loaded "), atLimit.stdout)
            let past = try lifectl(try Daemon(self, arguments: ["--max-frame", String(size - 1)]), ["load", path])
            XCTAssertEqual(past.status, 1, "\(file) past the limit: \(past.stderr)")
            XCTAssertEqual(past.stderr, "\(prefix)\(size) bytes is over the limit of \(size - 1) (lifed --max-frame)\n")
            print("LoadTests: lifectl load \(file) sends a frame of \(size) bytes")
        }
    }

    /// The wire at the default limit: a setGrid frame of exactly 24 MiB (the checkerboard's RLE,
    /// padded with spaces) is acknowledged; one byte more is refused from its header with
    /// frame-too-large, which names the limit, and the connection is closed. Others are served.
    func testTheDefaultLimitTakesAFrameOf24MiBAndNotOneByteMore() throws {
        let daemon = try Daemon(self)
        let action: JSON = ["type": "dispatch", "id": 1, "action": ["type": "simulation.setGrid", "rle": .string(Self.checkerboardRLE)]]
        var payload = action.encoded()
        XCTAssertLessThan(payload.count, Self.defaultMaxFrame)
        payload += [UInt8](repeating: UInt8(ascii: " "), count: Self.defaultMaxFrame - payload.count)

        let driver = try daemon.connect()
        try driver.sendFrame(Frame.encode(payload))
        guard case .ack(1, let version) = try driver.receive() else { return XCTFail("the frame at the limit was not acknowledged") }
        let (after, world) = try summary(daemon)
        XCTAssertEqual(after, version)
        XCTAssertEqual(world["population"], .int(4096 * 2048))

        let over = try daemon.connect()
        let expected = "a frame of \(Self.defaultMaxFrame + 1) bytes is over the limit of \(Self.defaultMaxFrame) (lifed --max-frame)"
        do {
            // The daemon closes after the header: the write fails, and the reason is read after it.
            try over.sendFrame(Frame.encode(payload + [UInt8(ascii: " ")]))
            XCTFail("a frame over the limit was read whole")
        } catch Connection.Failure.refused(let code, let message) {
            XCTAssertEqual(code, "frame-too-large")
            XCTAssertEqual(message, expected)
        }
        XCTAssertEqual(try summary(daemon).version, version, "the refused frame changed nothing")
    }

    /// lifewatch says why too: `--once` exits 1 with the reason, and so does the full-screen view,
    /// both when it starts and when it reconnects to a daemon whose limit its requests pass.
    func testLifewatchReportsAFrameOverTheLimitAndExits1() throws {
        let small = try Daemon(self, arguments: ["--max-frame", "64"])
        let once = try runTool("lifewatch", ["--socket", small.socketPath, "--no-start", "--once"])
        XCTAssertEqual(once.status, 1, once.stderr)
        XCTAssertTrue(once.stderr.hasPrefix("lifewatch: frame-too-large: a frame of "), once.stderr)
        XCTAssertTrue(once.stderr.hasSuffix(" bytes is over the limit of 64 (lifed --max-frame)\n"), once.stderr)

        let folder = try makeTemporaryFolder(self)
        let socket = "\(folder)/lifed.sock"
        let daemon = try Daemon(self, arguments: ["--seed", "1"], socketPath: socket)
        // The pane stays after lifewatch ends, with its exit status.
        let command = "env -u NO_COLOR NO_COLOR=1 TERM=xterm-256color '\(Products.path("lifewatch"))' --no-start --socket '\(socket)'; "
            + "echo \"exited with $?\"; sleep 600"
        let tmux = try TmuxServer(self, command: command)
        try tmux.waitFor("the status line") { lines in lines.contains { $0.contains("ticks 0 · stopped") } }
        XCTAssertEqual(daemon.terminate(), 0)
        try tmux.waitFor("reconnecting") { lines in lines.first?.contains("reconnecting…") ?? false }
        _ = try Daemon(self, arguments: ["--seed", "1", "--max-frame", "64"], socketPath: socket)
        // (The terminal wraps the message: compared without spaces and line breaks.)
        let shown = try tmux.waitFor("lifewatch to end") { lines in lines.contains("exited with 1") }.joined().filter { !$0.isWhitespace }
        XCTAssertTrue(shown.contains("lifewatch:thedaemonclosedtheconnection:frame-too-large:aframeof"), shown)
        XCTAssertTrue(shown.contains("bytesisoverthelimitof64(lifed--max-frame)"), shown)

        // At start-up, in a terminal: the same.
        let atStart = try TmuxServer(self, command: command)
        let said = try atStart.waitFor("lifewatch to end") { lines in lines.contains("exited with 1") }.joined().filter { !$0.isWhitespace }
        XCTAssertTrue(said.contains("lifewatch:frame-too-large:aframeof"), said)
        XCTAssertTrue(said.contains("bytesisoverthelimitof64(lifed--max-frame)"), said)
    }
}
