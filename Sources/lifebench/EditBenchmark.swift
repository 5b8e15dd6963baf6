import LifeGrid
import LifeJSON
import Foundation
import Glibc
import LifeClient
import LifeJSON
import LifeSystem
import Protocol

/// `lifebench patterns --daemon --edit`: what the editing actions cost in a real lifed.
extension PatternsBenchmark {
    /// The most cells one `grid.setCells` lists, spread over the world as a lattice.
    static let setCellsCount = GridEdit.maxCells

    /// On a world of the pattern's size, `runs` rounds of: a `grid.paste` of the pattern in
    /// `copy` mode at 0,0 onto the empty world (another client pings meanwhile), a
    /// `grid.clearRect` of the whole world, and a `grid.setCells` toggling 65,536 cells spread
    /// over it. Each ack is timed from the first byte of its request (encoded beforehand) to the
    /// ack; every action changes the world, so each is one version (and, with --durable, one
    /// journal record synced before its ack).
    static func measureEdits(_ pattern: Pattern, label: String, runs: Int, durable: Bool, lifed: String, json: Bool) throws -> Int32 {
        let stateFolder = "/tmp/lifebench-edits-\(getpid())"
        let storage = durable ? ["--state-dir", stateFolder] : ["--ephemeral"]
        let daemon = try BenchDaemon(arguments: storage + ["--size", "\(pattern.rows)x\(pattern.cols)"], executable: lifed)
        defer {
            daemon.stop()
            if durable { try? FileManager.default.removeItem(atPath: stateFolder) }
        }
        let driver = try Connection(path: daemon.socketPath)
        let bystander = try Connection(path: daemon.socketPath)
        _ = try receiveReply(driver, id: "empty", after: ClientRequest(id: "empty", kind: .dispatch(action: AppAction.simulation(.resetGridToEmpty).json)))

        let paste = AppAction.simulation(.grid(.edit(.paste(pattern.cells, at: Pattern.Coordinate(row: 0, col: 0), mode: .copy))))
        let clear = AppAction.simulation(.grid(.edit(.clearRect(CellRect(row: 0, col: 0, rows: pattern.rows, cols: pattern.cols)))))
        // A lattice of 256 x 256 cells (fewer on a small world), as far apart as the world allows.
        let side = Int(Double(setCellsCount).squareRoot())
        let lattice = (0..<setCellsCount).map { index in
            Pattern.Coordinate(row: index / side * pattern.rows / side, col: index % side * pattern.cols / side)
        }
        let toggle = AppAction.simulation(.grid(.edit(.setCells(lattice, to: .toggle))))
        let frames: [(name: String, bytes: [UInt8])] = [paste, clear, toggle].enumerated().map { index, action in
            (action.typeName, Frame.encode(ClientRequest(id: .int(index), kind: .dispatch(action: action.json)).json))
        }
        var times: [String: [Double]] = [:]
        var pings: [Double] = []
        let startRss = daemon.rssMB
        for _ in 0..<runs {
            for (index, frame) in frames.enumerated() {
                let start = MonotonicClock.now
                try driver.sendFrame(frame.bytes)
                if index == 0 {
                    let sent = MonotonicClock.now
                    guard case .pong = try bystander.request(.ping) else { throw BenchError("the bystander's ping got no pong") }
                    pings.append(milliseconds(MonotonicClock.now - sent))
                }
                let reply = try receiveReply(driver, id: .int(index))
                guard case .ack = reply else { throw BenchError("\(frame.name) got \(reply.json.text.prefix(200))") }
                times[frame.name, default: []].append(milliseconds(MonotonicClock.now - start))
            }
        }
        pings.sort()
        let peak = daemon.peakRssMB
        var report: [String: JSON] = [
            "benchmark": "patterns", "edits": true, "daemon": .string(lifed), "durable": .bool(durable), "pattern": .string(label),
            "runs": .int(runs), "setCells": .int(setCellsCount), "bystanderPingMsMedian": .double(round3(percentile(pings, 0.5))),
            "daemonStartRssMB": .double(round3(startRss)), "daemonPeakRssMB": .double(round3(peak)),
        ]
        var lines = [
            "edits: on a \(pattern.rows)x\(pattern.cols) world, \(runs) rounds (\(durable ? "state saved to disk" : "ephemeral")); the paste is \(label)",
        ]
        for frame in frames {
            let sorted = (times[frame.name] ?? []).sorted()
            report[frame.name] = [
                "frameBytes": .int(frame.bytes.count), "ackMsMedian": .double(round3(percentile(sorted, 0.5))),
                "ackMsMax": .double(round3(sorted.last ?? 0)),
            ]
            let what = frame.name == ActionType.gridSetCells.name ? "\(setCellsCount) cells toggled" : frame.name == ActionType.gridPaste.name ? "copy at 0,0" : "the whole world"
            lines.append(
                "  \(frame.name.padding(16))\(what.padding(22))\(frame.bytes.count) bytes: ack in \(round3(percentile(sorted, 0.5))) ms median (slowest \(round3(sorted.last ?? 0)))")
        }
        lines.append("  another client's ping during the paste: \(round3(percentile(pings, 0.5))) ms median (slowest \(round3(pings.last ?? 0)))")
        lines.append("  lifed's RSS: \(round3(startRss)) MB before the edits, peak \(round3(peak)) MB")
        print(json ? JSON.object(report).text : lines.joined(separator: "\n"))
        return 0
    }
}
