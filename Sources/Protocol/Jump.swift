import LifeGrid
import LifeJSON

/// A jump in progress: a `grid.step` of more generations than one action may compute at once,
/// running in the background. It is `/simulation/jump` in the state (`null` when no jump runs):
/// `{"target": N, "done": D, "started": MS}`.
public struct Jump: Equatable, Sendable {
    /// The generations the `grid.step` asked for.
    public var target: Int
    /// The generations computed so far (0 to `target`), updated a few times a second.
    public var done: Int
    /// When the jump started, in milliseconds since the Unix epoch (the daemon's wall clock).
    public var started: Int

    public init(target: Int, done: Int = 0, started: Int) {
        self.target = target
        self.done = done
        self.started = started
    }

    /// Whether `other` is the same jump (the same start and target), at any progress.
    public func isSameJump(as other: Jump) -> Bool { target == other.target && started == other.started }
}

/// What a finished jump computed, as the action that ends it carries it, so that the reducer
/// (and a replay of the journal) only installs it: the grid after the last generation, the
/// statistics its generations add up to, and the settling history after them.
public struct JumpResult: Equatable, Sendable {
    /// The jump this ends (its `started` and `target`).
    public var jump: Jump
    /// The grid after `jump.target` generations.
    public var grid: Grid
    /// What the jump's generations add to the statistics (`steps` is `jump.target`).
    public var statistics: Statistics
    /// The settling history after the last generation.
    public var settling: Settling

    public init(jump: Jump, grid: Grid, statistics: Statistics, settling: Settling) {
        self.jump = jump
        self.grid = grid
        self.statistics = statistics
        self.settling = settling
    }
}

extension Jump {
    /// `{"target": N, "done": D, "started": MS}`.
    public var json: JSON { ["target": .int(target), "done": .int(done), "started": .int(started)] }

    /// Reads `{"target", "done", "started"}` (at `context`, for messages).
    public init(json: JSON, at context: String) throws(ProtocolError) {
        let fields = try JSONFields(json, at: context)
        try fields.rejectUnknown(["target", "done", "started"])
        let target = try fields.int("target", in: GridAction.generationsRange)
        self.init(target: target, done: try fields.int("done", in: 0...target), started: try fields.int("started", in: 0...Int.max))
    }
}
