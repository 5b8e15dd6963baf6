import LifeClient
import LifeSystem
import Protocol

/// `step [N]`: N generations (`grid.step`). When the daemon runs them as a jump in the background,
/// lifectl waits for the end (``JumpWaiter``), shows a progress bar on stderr when it is a
/// terminal, and cancels the jump (`grid.cancelJump`) on Ctrl-C. Starts lifed on demand.
let stepCommand = Command(
    name: "step", usage: "step [N]",
    summary: "N generations (default 1, at most 1000000000) as one change (grid.step); a long one runs as a jump, with a progress bar.",
    details: """
        Up to what one action may compute at once (200,000,000 cell updates: 190 generations of a
        1024x1024 grid, 11 of 4096x4096) the generations are made at once. More run as a jump in
        the background: lifectl waits for it to end, with a progress bar on stderr when stderr is a
        terminal (percent, generations per second, time left), and prints
        `stepped N generations in T (version V)`. Meanwhile the daemon serves everyone else,
        and refuses what would change the grid. Ctrl-C cancels the jump (grid.cancelJump): the grid
        stays as it was before it, and lifectl exits with status 130. A jump another client
        cancels ends lifectl with status 1.
        """,
    daemonStart: .onDemand
) { arguments throws(UsageError) in
    try expectCount(arguments, 0...1, "step")
    var generations = 1
    if let text = arguments.first {
        guard let n = Int(text) else {
            throw UsageError("step needs a number of generations from 1 to \(GridAction.generationsRange.upperBound), not \"\(text)\"")
        }
        guard GridAction.generationsRange.contains(n) else {
            throw .outOfRange("step takes from 1 to \(GridAction.generationsRange.upperBound) generations, not \(n)")
        }
        generations = n
    }
    return { session throws(Connection.Failure) in try JumpWaiter.step(session, generations: generations) }
}
