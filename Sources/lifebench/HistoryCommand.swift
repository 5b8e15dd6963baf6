import Foundation
import Glibc
import LifeClient
import LifeGrid
import LifeJSON
import LifeScheduling
import LifeStore
import LifeSystem
import Protocol

extension Subcommand {
    /// `lifebench history`: what undo and redo cost on a large world, and what the history adds to an edit.
    static let history = Subcommand(
        name: "history",
        usage: "history [--size RxC] [--runs N] [--durable] [--lifed PATH] [--json]",
        summary: "Undo and redo of each kind of change on a large world in a real lifed, and what the history adds to an edit.",
        details: """
            Part 1, a real lifed on a world of --size (default 4096x4096) holding a random soup: for
            each kind of change (one cell drawn, a 64x64 paste, a new random soup, one generation of
            the soup, a resize), the change is made once, then undone and redone --runs times
            (default 9); each ack is timed from the first byte of the request to the ack. The
            history's target is 50 ms for an undo or a redo of any entry at 4096x4096.

            Part 2, in this process: the same one-cell edit of the soup reduced by the app alone and
            by the app with its history (Reducer.withHistory), alternating, --runs x 20 times each:
            the difference of the medians is what the history adds to an edit's ack (target 1 ms).

            --durable keeps the state on disk (each change synced before its ack); the default is
            --ephemeral. --lifed PATH measures another build. --json prints one JSON object.
            """,
        run: reportingFailures { arguments in
            let parsed = try Arguments(arguments, options: ["size", "runs", "lifed"], flags: ["durable", "json"])
            let size =
                try parsed.value("size", as: "a size from 3x3 to 4096x4096, such as 1024x1024") { text in
                    EngineBenchmark.size(text).flatMap { Settings.sideRange.contains($0.0) && Settings.sideRange.contains($0.1) ? $0 : nil }
                } ?? (4096, 4096)
            let runs = try parsed.value("runs", as: "a count from 1 to 1000") { Int($0).flatMap { (1...1000).contains($0) ? $0 : nil } } ?? 9
            let lifed = parsed.values["lifed"] ?? siblingExecutable("lifed")
            return try HistoryBenchmark(rows: size.0, cols: size.1, runs: runs, durable: parsed.has("durable"), lifed: lifed)
                .run(json: parsed.has("json"))
        })
}

/// The measurements of `lifebench history`.
struct HistoryBenchmark {
    let rows: Int
    let cols: Int
    let runs: Int
    let durable: Bool
    let lifed: String

    func run(json: Bool) throws -> Int32 {
        let walks = try measureWalks()
        let edit = measureEditCost()
        var report: [String: JSON] = [
            "benchmark": "history", "rows": .int(rows), "cols": .int(cols), "runs": .int(runs), "durable": .bool(durable),
            "editReduceMsMedian": ["app": .double(round3(edit.app)), "withHistory": .double(round3(edit.history))],
            "historyAddsToAnEditMs": .double(round3(edit.history - edit.app)),
        ]
        var lines = ["history: a \(rows)x\(cols) world holding a random soup, \(runs) undo/redo pairs of each change (\(durable ? "state saved to disk" : "ephemeral"))"]
        var kinds: [String: JSON] = [:]
        for walk in walks {
            kinds[walk.name] = [
                "changeAckMs": .double(round3(walk.change)), "undoAckMsMedian": .double(round3(percentile(walk.undo, 0.5))),
                "undoAckMsMax": .double(round3(walk.undo.last ?? 0)), "redoAckMsMedian": .double(round3(percentile(walk.redo, 0.5))),
                "redoAckMsMax": .double(round3(walk.redo.last ?? 0)),
            ]
            lines.append(
                "  \(walk.name.padding(24))change \(round3(walk.change)) ms; undo \(round3(percentile(walk.undo, 0.5))) ms median (slowest \(round3(walk.undo.last ?? 0))); redo \(round3(percentile(walk.redo, 0.5))) ms median (slowest \(round3(walk.redo.last ?? 0)))"
            )
        }
        report["kinds"] = .object(kinds)
        lines.append(
            "  one-cell edit, reduced in this process: \(round3(edit.app)) ms by the app alone, \(round3(edit.history)) ms with the history (median): the history adds \(round3(edit.history - edit.app)) ms"
        )
        print(json ? JSON.object(report).text : lines.joined(separator: "\n"))
        return 0
    }

    /// One kind of change: its ack, and the sorted acks of its undos and redos.
    struct Walk {
        var name: String
        var change: Double
        var undo: [Double]
        var redo: [Double]
    }

    private func measureWalks() throws -> [Walk] {
        let stateFolder = "/tmp/lifebench-history-\(getpid())"
        let storage = durable ? ["--state-dir", stateFolder] : ["--ephemeral"]
        let daemon = try BenchDaemon(arguments: storage + ["--size", "\(rows)x\(cols)", "--seed", "1"], executable: lifed)
        defer {
            daemon.stop()
            if durable { try? FileManager.default.removeItem(atPath: stateFolder) }
        }
        let driver = try Connection(path: daemon.socketPath)
        var nextID = 0
        func timed(_ action: AppAction) throws -> Double {
            nextID += 1
            let frame = Frame.encode(ClientRequest(id: .int(nextID), kind: .dispatch(action: action.json)).json)
            let start = MonotonicClock.now
            try driver.sendFrame(frame)
            let reply = try PatternsBenchmark.receiveReply(driver, id: .int(nextID))
            guard case .ack = reply else { throw BenchError("\(action.typeName) got \(reply.json.text.prefix(200))") }
            return milliseconds(MonotonicClock.now - start)
        }
        _ = try timed(.settings(.update(SettingsUpdate(density: 0.5))))
        _ = try timed(.simulation(.resetGridToRandom))
        var random = SplitMix64(seed: 3)
        var block = BitPlane(rows: 64, cols: 64)
        for row in 0..<64 { for col in 0..<64 where random.next() % 2 == 0 { block[row, col] = true } }
        let changes: [(String, AppAction)] = [
            ("one cell drawn", .simulation(.grid(.edit(.setCells([Pattern.Coordinate(row: rows / 2, col: cols / 2)], to: .toggle))))),
            ("64x64 paste", .simulation(.grid(.edit(.paste(block, at: Pattern.Coordinate(row: 100 % rows, col: 100 % cols), mode: .xor))))),
            ("a new random soup", .simulation(.resetGridToRandom)),
            ("one generation", .simulation(.grid(.step))),
            ("resize by one row", .settings(.update(SettingsUpdate(rows: rows - 1)))),
        ]
        var walks: [Walk] = []
        for (name, action) in changes {
            var walk = Walk(name: name, change: try timed(action), undo: [], redo: [])
            for _ in 0..<runs {
                walk.undo.append(try timed(.history(.undo(count: 1))))
                walk.redo.append(try timed(.history(.redo(count: 1))))
            }
            walk.undo.sort()
            walk.redo.sort()
            walks.append(walk)
        }
        return walks
    }

    /// The median time to reduce a one-cell edit of a soup of the world's size, by the app alone and with its history.
    private func measureEditCost() -> (app: Double, history: Double) {
        let scheduler = TestScheduler()
        let random = RandomSource(seed: 5)
        let settings = Settings(rows: rows, cols: cols, density: 0.5)
        let environment = AppEnvironment(scheduler: scheduler, random: random, defaultSettings: settings, fetchConfigurations: { _ in .none })
        let start = AppState.initial(random: random, settings: settings)
        let app = Reducer<AppState, AppAction, AppEnvironment>.app
        let withHistory = Reducer<AppState, AppAction, AppEnvironment>.withHistory
        var times: (app: [Double], history: [Double]) = ([], [])
        for index in 0..<(runs * 20) {
            let cell = Pattern.Coordinate(row: index % rows, col: (index * 7) % cols)
            let action = AppAction.simulation(.grid(.edit(.setCells([cell], to: .toggle))))
            for useHistory in index % 2 == 0 ? [false, true] : [true, false] {
                var state = start
                let began = MonotonicClock.now
                _ = try? (useHistory ? withHistory : app).reduce(&state, action, environment)
                let took = milliseconds(MonotonicClock.now - began)
                if useHistory { times.history.append(took) } else { times.app.append(took) }
            }
        }
        return (percentile(times.app.sorted(), 0.5), percentile(times.history.sorted(), 0.5))
    }
}
