import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Generations on several threads.
//
// Each generation is cut into chunks of whole rows; the chunks of all the generations of a run
// are tickets 0, 1, 2, ... (ticket = generation * chunks + chunk), which the threads claim in
// order with one atomic counter. A thread that claims a ticket of generation g first waits until
// every ticket of the generations before g is finished (a second counter), since its rows read
// the neighbouring rows of generation g - 1. A thread waits only for tickets below its own, which
// other running threads hold, so the run cannot deadlock, even when the threads run one after
// another (DispatchQueue.concurrentPerform promises no parallelism); and the work balances itself
// when a thread is held up. The result does not depend on the number of threads: every chunk is
// computed the same way, and the counts and fingerprint sums are added up in a fixed order.

extension BitEngine {
    /// The processors online.
    package static let processors: Int = {
        #if canImport(Glibc)
            return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
            return 1
        #endif
    }()

    /// Generations per parallel run; bounds the memory for the chunks' counts.
    static let generationsPerRun = 1024
    /// Chunks per thread and generation: more than one, so that a thread held up by the
    /// system is made up for by the others.
    static let chunksPerParticipant = 2

    /// `generations` generations on `participants` threads, alternating between the planes
    /// `first` (the input of the first generation) and `second`; `report` gets each generation's
    /// counts, in order, when `counting`.
    static func parallel(
        _ kernel: any BandKernel.Type, _ rule: BandRule, _ layout: BitLayout, first: UnsafeMutablePointer<UInt64>, second: UnsafeMutablePointer<UInt64>,
        generations: Int, participants: Int, torus: Bool, counting: Bool, _ report: (BandStats) -> Void
    ) {
        let chunks = max(1, min(layout.rows / minimumRowsPerChunk, participants * chunksPerParticipant))
        let capacity = min(generations, generationsPerRun) * chunks
        let results = UnsafeMutablePointer<BandStats>.allocate(capacity: capacity)
        results.initialize(repeating: BandStats(), count: capacity)
        defer { results.deallocate() }
        var done = 0
        while done < generations {
            let count = min(generationsPerRun, generations - done)
            let run = SharedRun(
                kernel: kernel, rule: rule, input: done % 2 == 0 ? first : second, output: done % 2 == 0 ? second : first, results: results,
                layout: layout, generations: count, chunks: chunks, torus: torus, counting: counting)
            DispatchQueue.concurrentPerform(iterations: participants) { _ in
                run.work()
            }
            if counting {
                for generation in 0..<count {
                    var stats = BandStats()
                    for chunk in 0..<chunks { stats += results[generation * chunks + chunk] }
                    report(stats)
                }
            }
            done += count
        }
    }
}

/// The tickets of one parallel run (see above).
final class Tickets: Sendable {
    /// The next ticket to claim.
    let claimed = Atomic<Int>(0)
    /// How many tickets are finished.
    let finished = Atomic<Int>(0)
}

/// One parallel run, shared by its threads.
///
/// `@unchecked Sendable` because it carries raw pointers into the two planes and the results, which
/// the threads read and write at once (and, for a table rule, to the kernel's mask table, which
/// they only read). That is safe because of how the tickets go: during generation g every thread
/// only reads the input plane of g and writes, in the output plane, only the rows of the chunks it
/// claimed (their data words, their guard words and their west words; the ghost rows by the first
/// and last chunk), and the result slot of its ticket. Chunks do not overlap, and no ticket of
/// generation g + 1 (which writes g's input plane) starts before every ticket of g is finished: the
/// `finished` counter is incremented with release ordering after a chunk is written and read with
/// acquire ordering before the next generation starts. The owner of the planes waits for
/// `concurrentPerform` to return before it looks at them.
struct SharedRun: @unchecked Sendable {
    let kernel: any BandKernel.Type
    let rule: BandRule
    let input: UnsafeMutablePointer<UInt64>
    let output: UnsafeMutablePointer<UInt64>
    let results: UnsafeMutablePointer<BandStats>
    let layout: BitLayout
    let generations: Int
    let chunks: Int
    let torus: Bool
    let counting: Bool
    let tickets = Tickets()

    /// Claims and computes tickets until there are none left.
    func work() {
        let total = generations * chunks
        while true {
            let ticket = tickets.claimed.wrappingAdd(1, ordering: .relaxed).oldValue
            guard ticket < total else { return }
            let generation = ticket / chunks
            let chunk = ticket - generation * chunks
            let ready = generation * chunks
            var spins = 0
            while tickets.finished.load(ordering: .acquiring) < ready {
                spins &+= 1
                // Another thread is finishing the previous generation: usually a few microseconds,
                // but give up the processor if it is not running.
                if spins > 1000 { sched_yield() }
            }
            let even = generation % 2 == 0
            let stats = BitEngine.generation(
                kernel, rule, layout, input: even ? input : output, output: even ? output : input,
                rows: layout.rows * chunk / chunks, layout.rows * (chunk + 1) / chunks, torus: torus, counting: counting)
            results[ticket] = stats
            tickets.finished.wrappingAdd(1, ordering: .releasing)
        }
    }
}
