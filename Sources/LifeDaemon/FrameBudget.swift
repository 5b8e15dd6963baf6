import Protocol

/// What all clients' unfinished frames may hold in all, as Redis bounds its query buffers: the
/// bytes lifed has read and not yet handled, counted as they arrive. Each client may hold a
/// small frame outside the budget (``smallFrameAllowance``), so that small requests never wait;
/// past that, a client reads only while the budget has room, less one whole frame kept for the
/// oldest frame being read, which may always finish. A client that may read nothing waits,
/// unread, until a frame finishes or a client leaves (lifed's `Connections+FrameBudget.swift`).
public struct FrameBudget: Sendable {
    /// `--frame-budget`: the most bytes of unfinished frames all clients may hold beyond their
    /// allowances.
    public let limit: Int
    /// What is kept for the oldest frame: one whole frame of `--max-frame`, with its header.
    public let reserve: Int
    /// Bytes each client may hold outside the budget: any request but a grid or a pattern.
    public static let smallFrameAllowance = 16 << 10

    /// Bytes read and not yet handled, all clients.
    public private(set) var buffered = 0
    /// Of those, what the budget counts: each client's bytes beyond its allowance.
    public private(set) var counted = 0
    /// The most `buffered` has been.
    public private(set) var peakBuffered = 0
    /// The most `counted` has been.
    public private(set) var peakCounted = 0
    /// How many times a client was left waiting for room.
    public private(set) var waits = 0

    /// A budget of `limit` bytes for clients whose frames are at most `maxFrame` bytes.
    public init(limit: Int, maxFrame: Int) {
        self.limit = limit
        reserve = maxFrame + Frame.headerSize
    }

    /// A client's bytes the budget counts, when it holds `held`.
    private static func counted(holding held: Int) -> Int { max(0, held - smallFrameAllowance) }

    /// A client that held `before` bytes now holds `after`.
    public mutating func changed(from before: Int, to after: Int) {
        buffered += after - before
        counted += Self.counted(holding: after) - Self.counted(holding: before)
        peakBuffered = max(peakBuffered, buffered)
        peakCounted = max(peakCounted, counted)
    }

    /// How many bytes a client holding `held` may read now, at most `readSize`: its allowance and
    /// the budget's room, or, when it is the oldest frame being read, at least what finishes
    /// that frame (`toFinish`).
    public func allowance(holding held: Int, readSize: Int, oldestToFinish toFinish: Int? = nil) -> Int {
        let room = max(0, Self.smallFrameAllowance - held) + max(0, limit - reserve - counted)
        return min(readSize, max(room, toFinish ?? 0))
    }

    /// A client was left waiting for room.
    public mutating func countWait() { waits += 1 }
}
