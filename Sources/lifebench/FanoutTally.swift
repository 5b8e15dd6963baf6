/// What the fanout's watchers received: diffs by subscription, their latency, resyncs, and
/// breaks in a subscription's chain of versions.
struct FanoutTally {
    /// The version each subscription has (its snapshot's, then its last diff's or resync's).
    private(set) var lastVersion: [Int]
    /// Diffs counted (those whose version `due` gives a time).
    private(set) var delivered = 0
    /// Diffs whose `base` was not the version their subscription had: diffs lost without a resync.
    private(set) var chainBreaks = 0
    /// Resync snapshots.
    private(set) var resyncs = 0
    /// Each counted diff's latency from its change's due time, in milliseconds.
    private(set) var latenciesMs: [Double] = []
    /// The version of each of ``latenciesMs``.
    private(set) var latencyVersions: [Int] = []
    /// When the first subscription had each counted version.
    private(set) var firstArrival: [Int: Duration] = [:]
    /// When the last subscription had each counted version (so far).
    private(set) var lastArrival: [Int: Duration] = [:]

    init(snapshotVersions: [Int]) {
        lastVersion = snapshotVersions
    }

    /// Takes in `frame` for subscription `key`, which arrived at `arrival`. `due` gives when a
    /// version's change was due, or nil for a version not counted.
    mutating func record(_ frame: SkimmedFrame, key: (_ id: Int) -> Int, arrival: Duration, due: (_ version: Int) -> Duration?) {
        switch frame {
        case .diff(let id, let base, let version):
            let index = key(id)
            guard lastVersion.indices.contains(index) else { return }
            if base != lastVersion[index] { chainBreaks += 1 }
            lastVersion[index] = version
            guard let due = due(version) else { return }
            delivered += 1
            latenciesMs.append(milliseconds(arrival - due))
            latencyVersions.append(version)
            if lastArrival[version].map({ $0 < arrival }) ?? true { lastArrival[version] = arrival }
            if let first = firstArrival[version], first <= arrival { return }
            firstArrival[version] = arrival
        case .snapshot(let id, let version):
            let index = key(id)
            guard lastVersion.indices.contains(index) else { return }
            resyncs += 1
            lastVersion[index] = version
        case .pong, .other:
            break
        }
    }

    /// The counted diffs' latencies, sorted; each less `dueLaterMs(version)`, how many
    /// milliseconds later than recorded its version was due (a beat skipped before it).
    func sortedLatencies(dueLaterMs: (_ version: Int) -> Double = { _ in 0 }) -> [Double] {
        zip(latenciesMs, latencyVersions).map { $0 - dueLaterMs($1) }.sorted()
    }
}
