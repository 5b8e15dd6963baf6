import Foundation
import Glibc
import LifeClient
import LifeGrid
import LifeSystem
import LifeJSON
import LifePatterns
import LifeStore
import LifeSystem
import Protocol

extension Subcommand {
    /// `lifebench patterns`: what reading the largest patterns costs, in this process and in lifed.
    static let patterns = Subcommand(
        name: "patterns",
        usage: """
            patterns [--format rle|mc|plaintext|life105|life106|json|mcl|all] [--fill dense|soup|checker] [--size RxC]
                     [--runs N] [--daemon [--adds N] [--durable] [--max-frame BYTES] [--edit]] [--lifed PATH] [--json]
            patterns --file PATH [--runs N] [--json]
            """,
        summary: "How long reading the largest patterns takes and the memory it needs, here and in a real lifed.",
        details: """
            Without --daemon: for each format, writes one pattern as a file of that format, then
            reads it --runs times in this process. Each read is timed alone, and the memory it needs
            beyond the text is its peak resident memory (VmHWM, reset before each read through
            /proc/self/clear_refs, after malloc_trim) less the resident memory before it. The report gives the text's
            size, the median, fastest and slowest read, and the most extra memory of any read.

            With --daemon: starts lifed (--ephemeral unless --durable, with its default --max-frame unless
            --max-frame is given) and sends it the pattern
            as RLE --runs times, each time as simulation.setGrid, configurations.add and
            configurations.load (index 0, resize), then configurations.clear and simulation.resetGridToEmpty
            (the start-up 10x10), so that every round changes the state. Each ack is timed from
            the request's last byte; while the setGrid is in flight another client pings, and the
            pong's delay is reported too. lifed's resident memory at start and its peak (VmHWM) close
            the report. A daemon that refuses an action (an older lifed takes no "rle" in
            configurations.add) has that action reported as refused. With --adds N, N more
            configurations.add of 1 MB of RLE each (252 rows of 2048 single cells) follow on an
            empty list: the first 8 fit in the list's 8 MiB, the others are refused; their acks and
            refusals are timed, and lifed's peak memory is reported after them too.

            With --daemon --edit: the editing actions instead, on a world of the pattern's size (an
            empty one; lifed --size): each round, a grid.paste of the pattern in copy mode at 0,0 (its
            largest frame: --fill checker), timed with another client's ping meanwhile, a
            grid.clearRect of the whole world, and a grid.setCells toggling 65536 cells spread over
            it (the most one may list). Each ack is timed from the first byte of its request.

            With --file: reads that pattern file --runs times as lifectl load does (gzip by its
            magic number, then the format its content or name gives), and reports the median read;
            for a gzip file also the median decompression alone, in MB/s of the text it gives.

            Options:
              --format F     rle, mc, plaintext, life105, life106, json, mcl, or all (default all; --daemon: rle)
              --file PATH    measure reading this file instead of a generated pattern
              --fill F       dense: every cell live (the largest pattern of every format, and the
                             issue's 4096o$ RLE); soup: each cell live with probability 1/2, seed 1;
                             checker: a checkerboard, one RLE character a cell (the longest RLE
                             of any grid, the largest frame lifectl load sends) (default dense)
              --size RxC     the pattern's rows x columns, at most 4096x4096 (default 4096x4096)
              --runs N       reads per format, or rounds of actions (default 10)
              --daemon       measure a real lifed instead of this process
              --adds N       with --daemon: N adds of 1 MB configurations after the rounds
                             (the issue's case is 51; default 0)
              --durable      with --daemon: lifed keeps its state in a temporary folder, so every
                             ack waits for the journal's fsync
              --max-frame B  with --daemon: lifed's --max-frame (default: lifed's own default)
              --edit         with --daemon: time the editing actions (above) instead of loading
              --lifed PATH   the lifed to start (default: the one beside lifebench)
              --json         one JSON object per format (or one for the daemon)
            """,
        run: Subcommand.reportingFailures(PatternsBenchmark.run))
}

/// The `patterns` subcommand.
enum PatternsBenchmark {
    static func run(_ words: [String]) throws -> Int32 {
        let arguments = try Arguments(
            words, options: ["format", "fill", "size", "runs", "lifed", "adds", "max-frame", "file"], flags: ["daemon", "json", "durable", "edit"])
        guard arguments.positionals.isEmpty else { throw UsageError("unexpected \"\(arguments.positionals[0])\"") }
        if let path = arguments.values["file"] {
            for option in ["format", "fill", "size", "lifed", "adds"] where arguments.values[option] != nil {
                throw UsageError("--file goes with --runs and --json only, not --\(option)")
            }
            if arguments.has("daemon") || arguments.has("durable") { throw UsageError("--file measures this process: no --daemon") }
            let runs = try arguments.value("runs", as: "a whole number from 1", { Int($0).flatMap { $0 >= 1 ? $0 : nil } }) ?? 10
            return try measureFile(path, runs: runs, json: arguments.has("json"))
        }
        let size = try arguments.value("size", as: "a size such as 4096x4096 (at most 4096 a side)") { text -> (Int, Int)? in
            guard let (rows, cols) = EngineBenchmark.size(text), rows <= Pattern.maxSide, cols <= Pattern.maxSide else { return nil }
            return (rows, cols)
        } ?? (Pattern.maxSide, Pattern.maxSide)
        let runs = try arguments.value("runs", as: "a whole number from 1", { Int($0).flatMap { $0 >= 1 ? $0 : nil } }) ?? 10
        let fill = try arguments.value("fill", as: "dense, soup or checker") { ["dense", "soup", "checker"].contains($0) ? $0 : nil } ?? "dense"
        let daemon = arguments.has("daemon")
        let formats: [PatternFormat] = try arguments.value("format", as: "\(PatternFormat.allCases.map(\.rawValue).joined(separator: ", ")) or all") { text in
            text == "all" ? PatternFormat.allCases : PatternFormat(rawValue: text).map { [$0] }
        } ?? (daemon ? [.rle] : PatternFormat.allCases)
        if daemon && formats != [.rle] { throw UsageError("--daemon sends RLE: leave out --format or give --format rle") }
        if !daemon && arguments.values["lifed"] != nil { throw UsageError("--lifed goes with --daemon") }
        let adds = try arguments.value("adds", as: "a whole number") { Int($0).flatMap { $0 >= 0 ? $0 : nil } } ?? 0
        if !daemon && adds > 0 { throw UsageError("--adds goes with --daemon") }
        let durable = arguments.has("durable")
        if !daemon && durable { throw UsageError("--durable goes with --daemon") }
        let maxFrame = try arguments.value("max-frame", as: "a number of bytes") { Int($0).flatMap { $0 >= 64 ? $0 : nil } }
        if !daemon && maxFrame != nil { throw UsageError("--max-frame goes with --daemon") }

        let edit = arguments.has("edit")
        if edit && !daemon { throw UsageError("--edit goes with --daemon") }
        if edit && (adds > 0 || maxFrame != nil) { throw UsageError("--edit takes neither --adds nor --max-frame") }

        let pattern = makePattern(rows: size.0, cols: size.1, fill: fill)
        let label = "\(fill) \(size.0)x\(size.1), \(pattern.population) live cells"
        if edit {
            return try measureEdits(
                pattern, label: label, runs: runs, durable: durable, lifed: arguments.values["lifed"] ?? siblingExecutable("lifed"),
                json: arguments.has("json"))
        }
        if daemon {
            return try measureDaemon(
                pattern, label: label, runs: runs, adds: adds, durable: durable, maxFrame: maxFrame,
                lifed: arguments.values["lifed"] ?? siblingExecutable("lifed"), json: arguments.has("json"))
        }
        for format in formats {
            try measureReads(pattern, format: format, label: label, runs: runs, json: arguments.has("json"))
        }
        return 0
    }

    /// Reads the file at `path` `runs` times as lifectl load does, and a gzip file's decompression alone.
    static func measureFile(_ path: String, runs: Int, json: Bool) throws -> Int32 {
        let bytes = try FileIO.read(path, limit: PatternFile.maxBytes)
        var inflateTimes: [Double] = []
        var textBytes = bytes.count
        if Gzip.isGzip(bytes) {
            for _ in 0..<runs {
                let start = MonotonicClock.now
                textBytes = try Gzip.decompress(bytes, limit: PatternFile.maxBytes).count
                inflateTimes.append(milliseconds(MonotonicClock.now - start))
            }
            inflateTimes.sort()
        }
        var readTimes: [Double] = []
        var pattern = Pattern()
        for _ in 0..<runs {
            let start = MonotonicClock.now
            pattern = try PatternFile.read(bytes, fileName: path, format: nil)
            readTimes.append(milliseconds(MonotonicClock.now - start))
        }
        readTimes.sort()
        let inflateMs = inflateTimes.isEmpty ? nil : percentile(inflateTimes, 0.5)
        // MB/s of the decompressed text.
        let inflateRate = inflateMs.map { Double(textBytes) / 1_000_000 / ($0 / 1000) }
        if json {
            var object: [String: JSON] = [
                "benchmark": "patterns", "file": .string(path), "fileBytes": .int(bytes.count), "textBytes": .int(textBytes),
                "runs": .int(runs), "readMsMedian": .double(round3(percentile(readTimes, 0.5))), "rows": .int(pattern.rows),
                "cols": .int(pattern.cols), "population": .int(pattern.population),
            ]
            if let inflateMs, let inflateRate {
                object["inflateMsMedian"] = .double(round3(inflateMs))
                object["inflateMBps"] = .double(round3(inflateRate))
            }
            print(JSON.object(object).text)
        } else {
            var line = "\(path): \(bytes.count) bytes"
            if let inflateMs, let inflateRate {
                line += ", gzip of \(textBytes) bytes of text, decompressed in \(round3(inflateMs)) ms median (\(round3(inflateRate)) MB/s of text)"
            }
            line += "; read in \(round3(percentile(readTimes, 0.5))) ms median of \(runs): \(pattern.rows)x\(pattern.cols), \(pattern.population) live cells"
            print(line)
        }
        return 0
    }

    /// Every cell live, a soup of density 1/2, or a checkerboard.
    static func makePattern(rows: Int, cols: Int, fill: String) -> Pattern {
        if fill == "soup" { return Pattern(grid: Grid.random(rows: rows, cols: cols, density: 0.5, using: RandomSource(seed: 1))) }
        var cells = BitPlane(rows: rows, cols: cols)
        for row in 0..<rows {
            if fill == "checker" {
                for col in stride(from: row % 2, to: cols, by: 2) { cells[row, col] = true }
            } else {
                cells.setRun(row: row, from: 0, count: cols)
            }
        }
        return Pattern(cells: cells)
    }

    // MARK: In this process

    static func measureReads(_ pattern: Pattern, format: PatternFormat, label: String, runs: Int, json: Bool) throws {
        let writeStart = MonotonicClock.now
        let text = format.write(pattern)
        let writeMs = milliseconds(MonotonicClock.now - writeStart)
        var times: [Double] = []
        var extraMB = 0.0
        for _ in 0..<runs {
            resetPeakResidentMemory()
            let before = ownStatusKB("VmRSS")
            let start = MonotonicClock.now
            let read = try format.read(text)
            times.append(milliseconds(MonotonicClock.now - start))
            extraMB = max(extraMB, (ownStatusKB("VmHWM") - before) / 1024)
            guard read.population == pattern.population else {
                throw BenchError("\(format.rawValue) read \(read.population) live cells, not \(pattern.population)")
            }
        }
        times.sort()
        let textMB = Double(text.utf8.count) / 1_048_576
        if json {
            print(
                JSON.object([
                    "benchmark": "patterns", "format": .string(format.rawValue), "pattern": .string(label), "textBytes": .int(text.utf8.count),
                    "runs": .int(runs), "readMsMedian": .double(round3(percentile(times, 0.5))), "readMsMin": .double(round3(times[0])),
                    "readMsMax": .double(round3(times[times.count - 1])), "extraPeakMB": .double(round3(extraMB)),
                    "writeMs": .double(round3(writeMs)),
                ]).text)
        } else {
            print(
                "\(format.rawValue.padding(10))\(label): \(round3(textMB)) MB of text (written in \(round3(writeMs)) ms); "
                    + "read in \(round3(percentile(times, 0.5))) ms median of \(runs) (\(round3(times[0]))-\(round3(times[times.count - 1]))), "
                    + "at most \(round3(extraMB)) MB beyond the text")
        }
    }

    /// Resets this process's peak resident memory (VmHWM) to its resident memory now, after
    /// giving the memory malloc holds free back to the system (else a read reuses pages an
    /// earlier one touched, and its extra memory does not show).
    static func resetPeakResidentMemory() {
        // glibc's malloc_trim, which the Glibc module does not declare.
        if let trim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
        }
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return }
        _ = write(fd, "5", 1)
        close(fd)
    }

    /// A `kB` field of /proc/self/status.
    static func ownStatusKB(_ name: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            return Double(line.split(separator: " ").dropFirst().first.map(String.init) ?? "") ?? 0
        }
        return 0
    }

    // MARK: In lifed

    static func measureDaemon(
        _ pattern: Pattern, label: String, runs: Int, adds: Int, durable: Bool, maxFrame: Int?, lifed: String, json: Bool
    ) throws -> Int32 {
        let rle = PatternFormat.rle.write(pattern)
        let stateFolder = "/tmp/lifebench-patterns-\(getpid())"
        let storage = durable ? ["--state-dir", stateFolder] : ["--ephemeral"]
        let daemon = try BenchDaemon(arguments: storage + (maxFrame.map { ["--max-frame", String($0)] } ?? []), executable: lifed)
        defer {
            daemon.stop()
            if durable { try? FileManager.default.removeItem(atPath: stateFolder) }
        }
        let startRss = daemon.rssMB
        let driver = try Connection(path: daemon.socketPath)
        let bystander = try Connection(path: daemon.socketPath)
        // setGrid and add carry the RLE as written above, unread here: AppAction would rewrite it
        // (and refuse what is over a configuration's limits before lifed could).
        let setGrid = ActionType.simulationSetGrid.name
        let add = ActionType.configurationsAdd.name
        let load = AppAction.configurations(.load(.index(0), resize: true))
        let actions: [(name: String, action: JSON)] = [
            (setGrid, ["type": .string(setGrid), "rle": .string(rle)]),
            (add, ["type": .string(add), "title": "bench", "rle": .string(rle)]),
            (load.typeName, load.json),
        ]
        var times: [String: [Double]] = [:]
        var refusals: [String: String] = [:]
        var pings: [Double] = []
        for _ in 0..<runs {
            for (index, (name, action)) in actions.enumerated() {
                let start = MonotonicClock.now
                try driver.send(ClientRequest(id: .int(index), kind: .dispatch(action: action)))
                if index == 0 {
                    // Another client's ping while the grid is read.
                    let sent = MonotonicClock.now
                    guard case .pong = try bystander.request(.ping) else { throw BenchError("the bystander's ping got no pong") }
                    pings.append(milliseconds(MonotonicClock.now - sent))
                }
                let reply = try receiveReply(driver, id: .int(index))
                switch reply {
                case .ack: times[name, default: []].append(milliseconds(MonotonicClock.now - start))
                case .error(_, let code, let message, _): refusals[name] = "\(code): \(message)"
                default: throw BenchError("\(name) got \(reply.json.text.prefix(200))")
                }
            }
            // So that the next round changes the state again: no configurations, a small empty grid.
            _ = try receiveReply(driver, id: "clear", after: ClientRequest(id: "clear", kind: .dispatch(action: AppAction.configurations(.clear).json)))
            _ = try receiveReply(driver, id: "empty", after: ClientRequest(id: "empty", kind: .dispatch(action: AppAction.simulation(.resetGridToEmpty).json)))
        }
        let peak = daemon.peakRssMB
        pings.sort()
        let added = try measureAdds(adds, on: driver)
        var report: [String: JSON] = [
            "benchmark": "patterns", "daemon": .string(lifed), "durable": .bool(durable), "pattern": .string(label), "rleBytes": .int(rle.utf8.count),
            "runs": .int(runs), "bystanderPingMsMedian": .double(round3(percentile(pings, 0.5))),
            "bystanderPingMsMax": .double(round3(pings.last ?? 0)), "daemonStartRssMB": .double(round3(startRss)),
            "daemonPeakRssMB": .double(round3(peak)),
        ]
        var lines = [
            "patterns: \(label) as \(rle.utf8.count) bytes of RLE, sent to \(lifed) \(runs) times (\(durable ? "state saved to disk" : "ephemeral"))",
        ]
        for (name, _) in actions {
            if let refusal = refusals[name], times[name] == nil {
                report[name] = ["refused": .string(refusal)]
                lines.append("  \(name.padding(22))refused: \(refusal.prefix(160))")
                continue
            }
            let sorted = (times[name] ?? []).sorted()
            report[name] = [
                "ackMsMedian": .double(round3(percentile(sorted, 0.5))), "ackMsMax": .double(round3(sorted.last ?? 0)),
            ]
            lines.append("  \(name.padding(22))ack in \(round3(percentile(sorted, 0.5))) ms median (slowest \(round3(sorted.last ?? 0)))")
        }
        lines.append("  another client's ping during setGrid: \(round3(percentile(pings, 0.5))) ms median (slowest \(round3(pings.last ?? 0)))")
        lines.append("  lifed's RSS: \(round3(startRss)) MB at start, peak \(round3(peak)) MB")
        if adds > 0 {
            let (acks, refusals) = (added.acks.sorted(), added.refusals.sorted())
            let peakAfter = daemon.peakRssMB
            report["adds"] = [
                "count": .int(adds), "rleBytes": .int(added.rleBytes), "acked": .int(acks.count), "refused": .int(refusals.count),
                "ackMsMedian": .double(round3(percentile(acks, 0.5))), "refusalMsMedian": .double(round3(percentile(refusals, 0.5))),
                "daemonPeakRssMB": .double(round3(peakAfter)),
            ]
            lines.append(
                "  \(adds) configurations.add of \(added.rleBytes) bytes of RLE: \(acks.count) acked in \(round3(percentile(acks, 0.5))) ms median, "
                    + "\(refusals.count) refused (limit-exceeded) in \(round3(percentile(refusals, 0.5))) ms median; lifed's peak RSS then \(round3(peakAfter)) MB")
        }
        print(json ? JSON.object(report).text : lines.joined(separator: "\n"))
        return 0
    }

    /// `count` adds of about 1 MB of RLE each on an empty list: the milliseconds of each ack and
    /// each refusal, and the RLE's length.
    static func measureAdds(_ count: Int, on driver: Connection) throws -> (acks: [Double], refusals: [Double], rleBytes: Int) {
        guard count > 0 else { return ([], [], 0) }
        let row = String(repeating: "ob", count: 2047) + "o"
        let rle = "x = 4095, y = 252\n" + Array(repeating: row, count: 252).joined(separator: "$") + "!"
        _ = try receiveReply(driver, id: "clear", after: ClientRequest(id: "clear", kind: .dispatch(action: AppAction.configurations(.clear).json)))
        var acks: [Double] = []
        var refusals: [Double] = []
        for index in 0..<count {
            let start = MonotonicClock.now
            // As lifed receives it, however large: AppAction would refuse a configuration over its limits.
            let action: JSON = ["type": .string(ActionType.configurationsAdd.name), "title": .string("add \(index)"), "rle": .string(rle)]
            let reply = try receiveReply(driver, id: .int(index), after: ClientRequest(id: .int(index), kind: .dispatch(action: action)))
            let elapsed = milliseconds(MonotonicClock.now - start)
            switch reply {
            case .ack: acks.append(elapsed)
            case .error: refusals.append(elapsed)
            default: throw BenchError("\(ActionType.configurationsAdd.name) got \(reply.json.text.prefix(200))")
            }
        }
        return (acks, refusals, rle.utf8.count)
    }

    /// Sends `request` (if any), then reads until the reply with `id`.
    static func receiveReply(_ connection: Connection, id: JSON, after request: ClientRequest? = nil) throws -> ServerMessage {
        if let request { try connection.send(request) }
        while true {
            let message = try connection.receive()
            if message.id == id { return message }
        }
    }
}
