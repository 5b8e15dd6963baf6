import LifeDaemon
import LifeSystem

/// What all the streamed replies that wait to be read owe their readers, in bytes, and the most
/// they may owe: a large `get` or snapshot is refused (`limit-exceeded`, with a hint) rather than
/// queued past it. Each streamed reply holds its grid's bit planes while it waits (4 MB at
/// 4096 x 4096, often shared), so this bounds the memory that unread replies hold.
final class ReplyBudget {
    let limit: Int
    private(set) var owed = 0

    init(limit: Int) { self.limit = limit }

    /// Whether a reply of `bytes` more fits.
    func allows(_ bytes: Int) -> Bool { owed + bytes <= limit }

    fileprivate func charge(_ bytes: Int) { owed += bytes }
    fileprivate func settle(_ bytes: Int) { owed -= bytes }
}

/// A streamed reply in a client's output queue: the frame's rows are made as the socket drains.
final class StreamedReply: OutputProducer {
    private var stream: GridFrameStream
    private let budget: ReplyBudget

    init(_ stream: GridFrameStream, budget: ReplyBudget) {
        self.stream = stream
        self.budget = budget
        budget.charge(stream.remaining)
    }

    deinit {
        // A client that leaves before reading everything no longer owes anything.
        budget.settle(stream.remaining)
    }

    var remaining: Int { stream.remaining }

    func next(limit: Int) -> [UInt8] {
        let part = stream.next(limit: limit)
        budget.settle(part.count)
        return part
    }
}
