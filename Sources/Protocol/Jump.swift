import LifeGrid
import LifeJSON

/// A jump in progress: a `grid.step` of more generations than one action may compute at once,
/// running in the background, or a timer's tick of that many (`settings.generationsPerTick`).
/// It is `/simulation/jump` in the state (`null` when no jump runs):
/// `{"target": N, "done": D, "started": MS}`, with `"tick": true` for a tick.
public struct Jump: Equatable, Sendable {
    /// The generations the `grid.step` asked for.
    public var target: Int
    /// The generations computed so far (0 to `target`), updated a few times a second.
    public var done: Int
    /// When the jump started, in milliseconds since the Unix epoch (the daemon's wall clock).
    public var started: Int
    /// Whether this is a timer's tick (which adds 1 to `ticks` when it ends) rather than a `grid.step`.
    public var isTick: Bool

    public init(target: Int, done: Int = 0, started: Int, isTick: Bool = false) {
        self.target = target
        self.done = done
        self.started = started
        self.isTick = isTick
    }

    /// Whether `other` is the same jump (the same start, target and kind), at any progress.
    public func isSameJump(as other: Jump) -> Bool { target == other.target && started == other.started && isTick == other.isTick }

    /// The jump in the words of a refusal: "a jump runs (D of N generations done)".
    public var runningWords: String {
        isTick ? "a tick of \(target) generations is being computed (\(done) done)" : "a jump runs (\(done) of \(target) generations done)"
    }
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
    /// `{"target": N, "done": D, "started": MS}`, and `"tick": true` for a tick.
    public var json: JSON {
        var members: [String: JSON] = ["target": .int(target), "done": .int(done), "started": .int(started)]
        if isTick { members["tick"] = .bool(true) }
        return .object(members)
    }

    /// Reads `{"target", "done", "started", "tick"}` (at `context`, for messages; `tick` may be left out).
    public init(json: JSON, at context: String) throws(ProtocolError) {
        let fields = try JSONFields(json, at: context)
        try fields.rejectUnknown(["target", "done", "started", "tick"])
        let target = try fields.int("target", in: GridAction.generationsRange)
        self.init(
            target: target, done: try fields.int("done", in: 0...target), started: try fields.int("started", in: 0...Int.max),
            isTick: try fields.bool("tick", default: false))
    }
}
