import LifeGrid
import LifeJSON
import LifeScheduling
import LifeSystem

/// What `lifebench fanout` is asked to measure: its options, read and checked.
///
/// A usage mistake is a ``UsageError`` (exit status 2), found before lifed is started.
struct FanoutOptions {
    /// lifed's limit of different subscriptions over all connections (PROTOCOL.md §4.3).
    static let daemonSubscriptionLimit = 4096
    /// lifed's limit of subscriptions on one connection (PROTOCOL.md §4.3).
    static let connectionSubscriptionLimit = 64
    /// The largest scale a viewport takes (a block of 256 x 256 cells a character).
    static let maxScale = 256

    static let usage = """
        lifebench fanout [--watchers 64] [--size 256x256] [--interval 10ms] [--seconds 10] [--warmup 0] [--path POINTER] \
        [--viewport RxC] [--windows 1] [--scale K[,K...]] [--steps N] [--ticks FILE] [--json]
        """

    static let details = """
        Starts lifed (ephemeral, --seed 1) with the size given, on a random soup, and connects the
        watchers: each one connection, subscribed to the path (the whole state by default).

          --watchers N        connections watching, 1 to 1000 (default 64)
          --size RxC          the world (default 256x256)
          --interval D        the timer's period (default 10ms: 100 ticks/s)
          --seconds S         how long the timer runs (default 10)
          --warmup S          first run the timer S seconds unmeasured, stop it and let the watchers
                              catch up (default 0): the first ticks of new windows render each of
                              them whole, and with 256 windows the timer skips beats there
          --path POINTER      what each subscription watches (default "", the whole state; a viewport
                              needs "" or a path above /simulation/gridState/grid)
          --viewport RxC      each subscription watches a window of R x C (of K x K blocks with a
                              scale K), as lifewatch does, rather than the whole grid
          --windows N         subscriptions per watcher, 1 to 64 (default 1), each a window at its own
                              place: the windows of all watchers are spread over the world. Needs
                              --viewport; watchers x windows may be at most 4096 (lifed's limits)
          --scale K[,K...]    the windows' zoom, 1 to 256 (default 1): several are given to the
                              watchers in turn (--scale 1,2,4,8,16,32). "scale" is sent only above 1;
                              a lifed that does not know it refuses, and lifebench says so
          --steps N           instead of the timer, dispatch grid.step N times (1 to 1000), each
                              when every watcher has the last one, and report the daemon's
                              processor time per change (the render cost of the windows)
          --ticks FILE        with the timer, write one line a tick to FILE (CSV: version, then when it
                              was due, when the first watcher had it and when the last did, in ms
                              after the timer's start): to see where the latencies come from, and
                              where the timer skipped a beat (the due times move on by an interval)
          --json              print one object

        With the timer it reports latency from tick due to receipt of each diff (p50, p99, max),
        diffs delivered and missed (every version for the whole state; for other paths, gaps in
        a subscription's chain of bases), resyncs, the bytes the watchers received (a second and
        a tick), and the daemon's CPU (share of one core, by its CPU-time clock) and RSS (VmRSS,
        VmHWM).
        A tick is due at its beat: when lifed skipped beats (it counts them), each tick after a
        skip is due an interval later per beat skipped, the skips placed as late as the arrivals
        allow. That makes the latencies a lower bound; those counted from the first cadence, an
        upper one, are given too.
        With --steps it reports, per grid.step, the daemon's processor seconds from the dispatch
        until every watcher had read up to a ping sent after the ack (median, least, most), the
        wall time, bytes, and lifed's publisher counters (cells rendered, patches).
        Examples:
          lifebench fanout
          lifebench fanout --size 4096x4096 --watchers 256 --viewport 40x120
          lifebench fanout --size 4096x4096 --watchers 64 --windows 64 --viewport 1x1 --steps 9
        """

    var watchers = 64
    var size = "256x256"
    var gridRows = 256
    var gridCols = 256
    var intervalMs = 10
    var seconds = 10.0
    /// Seconds the timer runs, unmeasured, before the measured run.
    var warmupSeconds = 0.0
    var path: JSONPointer = .root
    /// Each window's size, in blocks of `scale` x `scale` cells; nil: subscriptions without a viewport.
    var viewport: (rows: Int, cols: Int)?
    /// Subscriptions per watcher.
    var windows = 1
    /// The scales given to the watchers in turn.
    var scales = [1]
    /// With a count, `grid.step` dispatches instead of the timer.
    var steps: Int?
    /// Where to write each tick's due time and first and last arrival (`--ticks`), if anywhere.
    var ticksFile: String?
    var json = false

    /// Reads `arguments` (after `fanout`).
    init(_ arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(
            arguments, options: ["watchers", "size", "interval", "seconds", "warmup", "path", "viewport", "windows", "scale", "steps", "ticks"],
            flags: ["json", "help"])
        if let watchers = try parsed.value("watchers", as: "a count from 1 to 1000", { Self.integer($0, in: 1...1000) }) {
            self.watchers = watchers
        }
        if let size = try parsed.value("size", as: "a size such as 256x256", { Self.dimensions($0) }) {
            (gridRows, gridCols) = size
            self.size = "\(gridRows)x\(gridCols)"
        }
        if let interval = try parsed.value("interval", as: "a duration such as 10ms", DurationText.milliseconds) { intervalMs = interval }
        if let seconds = try parsed.value("seconds", as: "a number of seconds", { Double($0).flatMap { $0 > 0 ? $0 : nil } }) {
            self.seconds = seconds
        }
        if let warmup = try parsed.value("warmup", as: "a number of seconds", { Double($0).flatMap { $0 >= 0 && $0 <= 600 ? $0 : nil } }) {
            warmupSeconds = warmup
        }
        if let path = try parsed.value("path", as: "a JSON Pointer such as /simulation/gridState/grid", { try? JSONPointer(parsing: $0) }) {
            self.path = path
        }
        viewport = try parsed.value("viewport", as: "a window size such as 40x120", { Self.dimensions($0) })
        if let windows = try parsed.value("windows", as: "a count from 1 to 64", { Self.integer($0, in: 1...Self.connectionSubscriptionLimit) }) {
            self.windows = windows
        }
        if let scales = try parsed.value("scale", as: "scales from 1 to 256 such as 4 or 1,2,4,8", { Self.scales($0) }) {
            self.scales = scales
        }
        steps = try parsed.value("steps", as: "a count from 1 to 1000", { Self.integer($0, in: 1...1000) })
        ticksFile = parsed.values["ticks"]
        json = parsed.has("json")
        try check(given: Set(parsed.values.keys))
    }

    /// The combinations that make no sense, or that lifed's limits refuse.
    private func check(given: Set<String>) throws(UsageError) {
        if viewport == nil, windows > 1 {
            throw UsageError("--windows needs --viewport: without a window every subscription of a watcher watches the same thing")
        }
        if viewport == nil, scales != [1] { throw UsageError("--scale needs --viewport: a scale is a viewport's") }
        if steps != nil, !given.isDisjoint(with: ["interval", "seconds", "warmup", "ticks"]) {
            throw UsageError("--steps dispatches grid.step instead of running the timer: --interval, --seconds, --warmup and --ticks do not apply")
        }
        if viewport != nil, subscriptions > Self.daemonSubscriptionLimit {
            throw UsageError(
                "--watchers \(watchers) x --windows \(windows) is \(subscriptions) windows, past lifed's limit of "
                    + "\(Self.daemonSubscriptionLimit) different subscriptions (PROTOCOL.md 4.3)")
        }
    }

    /// Subscriptions over all watchers.
    var subscriptions: Int { watchers * windows }

    /// The scale of watcher `index`'s windows: the scales in turn.
    func scale(ofWatcher index: Int) -> Int { scales[index % scales.count] }

    /// `text` as an integer in `range`, or nil.
    static func integer(_ text: String, in range: ClosedRange<Int>) -> Int? {
        Int(text).flatMap { range.contains($0) ? $0 : nil }
    }

    /// `RxC`, each side from 1 to 4096, or nil.
    static func dimensions(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false).map { integer(String($0), in: 1...Grid.maxSide) }
        guard parts.count == 2, let rows = parts[0], let cols = parts[1] else { return nil }
        return (rows, cols)
    }

    /// `K` or `K,K,...`, each from 1 to 256, or nil.
    static func scales(_ text: String) -> [Int]? {
        let values = text.split(separator: ",", omittingEmptySubsequences: false).map { integer(String($0), in: 1...maxScale) }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil }) else { return nil }
        return values.compactMap { $0 }
    }
}
