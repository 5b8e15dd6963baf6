/// Which beat of the timer's cadence each tick was for, as far as a client can tell: from when
/// the first watcher had each tick, and how many beats lifed says its timer skipped.
///
/// lifed's timer keeps its cadence: tick `t` of a run is due at the start plus `t + s` intervals,
/// where `s` is the number of beats skipped before it. When the loop comes to a beat an interval
/// or more late, the beat's tick runs late, once, and the beats that went by meanwhile are
/// skipped: the ticks after it are due one beat further on for each. A client sees no skip, only
/// arrivals; counting every tick from the first cadence (`s = 0`) charges every tick after a
/// skip an interval more per beat skipped, which is not the latency of anything.
///
/// So a skip is placed where the arrivals show it, within lifed's count: a tick cannot have
/// arrived before it was due, so `(t + s) · interval ≤ arrival`, and `s` never decreases. The
/// largest such `s` for each tick (the beats it can have been for, latest first) puts a skip at
/// the first tick that arrived an interval or more late and every tick after it; by lifed's
/// rule that first tick is the late run of its own beat, so the skip counts from the tick after
/// it. Each tick is then charged from the latest beat it can have been for under lifed's rule:
/// when lifed's count is right, never more than its true latency (a tick's true beat is never
/// later), so with skips the figures are a lower bound, as those from the first cadence are an
/// upper one; without skips the two are the same.
struct BeatPlacement {
    /// The beats skipped before each tick's beat, by tick number (1 for the run's first tick).
    let skippedBefore: [Int: Int]

    /// `arrivals` gives, for each tick received (by number), when the first watcher had it, in
    /// milliseconds after the timer started; `skipped` is lifed's count of the beats its timer
    /// skipped over the run (nil: a lifed that does not count them; no skip is placed).
    init(arrivals: [Int: Double], intervalMs: Double, skipped: Int?) {
        guard let skipped, skipped > 0, intervalMs > 0 else {
            skippedBefore = Dictionary(uniqueKeysWithValues: arrivals.keys.map { ($0, 0) })
            return
        }
        let ticks = arrivals.keys.sorted()
        // The most beats skipped before each tick that its arrival allows, and that any later
        // tick's allows (the count never decreases), within lifed's count.
        var latest = Array(repeating: 0, count: ticks.count)
        var bound = skipped
        for index in ticks.indices.reversed() {
            let tick = ticks[index]
            let allowed = Int(((arrivals[tick] ?? 0) / intervalMs).rounded(.down)) - tick
            bound = min(bound, allowed)
            latest[index] = max(0, bound)
        }
        // A skip first shown by a tick counts from the tick after it: that tick ran late for its
        // own beat. After a tick not received (which may have been the late one), from itself.
        var placed: [Int: Int] = [:]
        for (index, tick) in ticks.enumerated() {
            let previousReceived = index > 0 && ticks[index - 1] == tick - 1
            placed[tick] = previousReceived ? latest[index - 1] : (tick <= 1 ? 0 : latest[index])
        }
        skippedBefore = placed
    }

    /// The beats skipped before tick `tick`'s beat (0 for a tick not received).
    func skipped(before tick: Int) -> Int { skippedBefore[tick] ?? 0 }
}
