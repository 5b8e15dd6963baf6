import Foundation
import Glibc
import LifeClient
import LifeJSON
import LifeScheduling
import LifeSystem
import Protocol

/// `lifebench fanout`: many watchers of a world, against a real lifed: what lifewatch does,
/// at the timer's pace (``FanoutTimerRun``) or one `grid.step` at a time (``FanoutStepRun``).
extension Subcommand {
    static let fanout = Subcommand(
        name: "fanout", usage: FanoutOptions.usage.replacingOccurrences(of: "lifebench ", with: ""),
        summary: "How fast many watchers of a fast-ticking world get every diff, and what their windows cost lifed.",
        details: FanoutOptions.details,
        run: Subcommand.reportingFailures(Fanout.run))
}

enum Fanout {
    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try FanoutOptions(arguments)
        let daemon = try BenchDaemon(arguments: ["--ephemeral", "--size", options.size, "--interval", "\(options.intervalMs)ms", "--seed", "1"])
        defer { daemon.stop() }
        let control = try Connection(path: daemon.socketPath)
        _ = try control.request(.dispatch(action: AppAction.settings(.update(SettingsUpdate(autoStop: false))).json))
        _ = try control.request(.dispatch(action: AppAction.simulation(.resetGridToRandom).json))
        let watchers = try FanoutWatchers(socketPath: daemon.socketPath, options: options)
        let report =
            options.steps == nil
            ? try FanoutTimerRun.measure(daemon: daemon, control: control, watchers: watchers, options: options)
            : try FanoutStepRun.measure(daemon: daemon, control: control, watchers: watchers, options: options)
        print(options.json ? JSON.object(report.json).text : report.text)
        return report.succeeded ? 0 : 1
    }

    /// The report's members that say what was measured.
    static func describe(_ options: FanoutOptions, watchers: FanoutWatchers) -> [String: JSON] {
        [
            "benchmark": "fanout", "watchers": .int(options.watchers), "size": .string(options.size),
            "path": .string(options.path.description),
            "viewport": options.viewport.map { .string("\($0.rows)x\($0.cols)") } ?? .null,
            "windows": .int(options.windows), "scales": .array(options.scales.map { .int($0) }),
            "subscriptions": .int(watchers.subscriptions), "distinctWindows": .int(watchers.distinctWindows),
        ]
    }

    /// What was measured, for the report's first line: "64 watchers of 256x256", "64 watchers x 64 windows of 1x1 on 4096x4096".
    static func summary(_ options: FanoutOptions, watchers: FanoutWatchers) -> String {
        let what = options.path.isRoot ? "" : " of \(options.path.description)"
        guard let viewport = options.viewport else { return "\(options.watchers) watchers\(what) of \(options.size)" }
        let windows = options.windows > 1 ? " x \(options.windows) windows" : ""
        let scales = options.scales == [1] ? "" : " at scale \(options.scales.map(String.init).joined(separator: ","))"
        return "\(options.watchers) watchers\(windows)\(what) of \(viewport.rows)x\(viewport.cols)\(scales) on \(options.size) "
            + "(\(watchers.distinctWindows) different windows)"
    }

    /// The processor time the hypervisor gave to other guests while this machine's processors
    /// wanted to run (the "steal" column of /proc/stat), in seconds, all processors together.
    static func stolenSeconds() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = stat.split(separator: "\n").first, line.hasPrefix("cpu ")
        else { return nil }
        let fields = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard fields.count > 7 else { return nil }
        return fields[7] / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

func round3(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
