import Glibc

/// Bytes made on demand, as the socket drains: a large reply (a 4096 x 4096 grid is 17 MB of
/// text) rendered a part at a time instead of held whole while its reader is slow.
public protocol OutputProducer: AnyObject {
    /// The bytes still to come.
    var remaining: Int { get }
    /// The next part: at most about `limit` bytes, and at least one while any remain.
    func next(limit: Int) -> [UInt8]
}

/// The bytes waiting to be written to one connection, as a queue of chunks.
///
/// A large chunk is queued by reference: the bytes of one encoded diff, appended to the
/// queues of 64 watchers, exist once, and each queue keeps only its own position in them.
/// Small appends (replies, the per-subscriber head of a diff) are gathered into chunks of
/// their own, so that a burst of a thousand acks is still a few writes. ``write(to:)`` hands
/// the kernel up to ``maxVectors`` chunks in one `sendmsg` (a gathering write, without SIGPIPE).
/// A producer (``append(_:)-producer``) takes its place in the queue and makes its bytes only
/// when the writing reaches it, ``producedPartLimit`` at a time.
public struct OutputQueue {
    /// Appends up to this many bytes are copied into a gathering chunk; larger ones are referenced.
    public static let gatherLimit = 4096
    /// A gathering chunk is not grown past this.
    static let gatherCapacity = 64 * 1024
    /// What a new gathering chunk reserves at first (it grows as appends come, up to ``gatherCapacity``).
    static let gatherReserve = 2048
    /// The most chunks one `sendmsg` is given.
    static let maxVectors = 16
    /// The most bytes asked of a producer at once.
    public static let producedPartLimit = 256 * 1024

    private enum Chunk {
        case bytes([UInt8])
        case producer(OutputProducer)
    }

    /// The chunks, of which those before `head` are written; `offset` bytes of `chunks[head]` are.
    private var chunks: [Chunk] = []
    private var head = 0
    private var offset = 0
    /// Whether the last chunk is a gathering chunk this queue made (and may append to).
    private var lastIsGathering = false

    /// The bytes queued and not yet written.
    public private(set) var count = 0

    public init() {}

    /// Whether nothing is waiting.
    public var isEmpty: Bool { count == 0 }

    /// The number of chunks waiting (for tests: a shared chunk is one, not a copy).
    public var chunkCount: Int { chunks.count - head }

    /// Queues `bytes` behind what is already waiting: copied when small, referenced when large.
    public mutating func append(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        count += bytes.count
        guard bytes.count <= Self.gatherLimit else {
            chunks.append(.bytes(bytes))
            lastIsGathering = false
            return
        }
        if lastIsGathering, case .bytes(var last) = chunks[chunks.count - 1], last.count + bytes.count <= Self.gatherCapacity {
            chunks[chunks.count - 1] = .bytes([])  // keep the array uniquely referenced while it grows
            last.append(contentsOf: bytes)
            chunks[chunks.count - 1] = .bytes(last)
            return
        }
        // Room for a few more small appends, not the whole gathering capacity: a tick queues a
        // small head on each of hundreds of watchers, and 64 KiB each would make the allocator
        // grow the heap and give it back every tick (page faults in every tick's profile).
        var gathering: [UInt8] = []
        gathering.reserveCapacity(Swift.min(Self.gatherCapacity, Swift.max(Self.gatherReserve, 2 * bytes.count)))
        gathering.append(contentsOf: bytes)
        chunks.append(.bytes(gathering))
        lastIsGathering = true
    }

    /// Queues bytes that `producer` makes when the writing reaches them.
    public mutating func append(_ producer: OutputProducer) {
        guard producer.remaining > 0 else { return }
        count += producer.remaining
        chunks.append(.producer(producer))
        lastIsGathering = false
    }

    /// The outcome of ``write(to:)``.
    public enum WriteResult: Equatable {
        /// Everything queued was written.
        case drained
        /// The socket took what it could; the rest waits for it to become writable.
        case wouldBlock
        /// The connection is broken (the `errno` of the failed write).
        case failed(Int32)
    }

    /// Writes as much as the socket `fd` takes without blocking (a short write means "later";
    /// a broken connection is reported, not raised as SIGPIPE).
    public mutating func write(to fd: Int32) -> WriteResult {
        while count > 0 {
            produceAtHead()
            var end = head
            while end < chunks.count, end - head < Self.maxVectors, case .bytes = chunks[end] { end += 1 }
            var vectors: [iovec] = []
            vectors.reserveCapacity(end - head)
            let result = gather(from: head, to: end, into: &vectors) { vectors in
                var vectors = vectors
                return vectors.withUnsafeMutableBufferPointer { buffer in
                    var message = msghdr()
                    message.msg_iov = buffer.baseAddress
                    message.msg_iovlen = buffer.count
                    return Result { () throws(SystemError) in
                        try nonBlockingCall("sendmsg") { sendmsg(fd, &message, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                    }
                }
            }
            switch result {
            case .success(let written?): consume(written)
            case .success(nil): return .wouldBlock
            case .failure(let error): return .failed(error.errno)
            }
        }
        return .drained
    }

    /// When the next bytes to write belong to a producer: makes its next part and puts it in
    /// front of the producer (or in its place once it has made everything).
    private mutating func produceAtHead() {
        guard head < chunks.count, case .producer(let producer) = chunks[head] else { return }
        let part = producer.next(limit: Self.producedPartLimit)
        precondition(!part.isEmpty || producer.remaining == 0, "a producer with bytes to come made none")
        if producer.remaining == 0 {
            chunks[head] = .bytes(part)
        } else {
            chunks.insert(.bytes(part), at: head)
        }
    }

    /// Calls `body` with an iovec for each chunk from `index` to `end` (the first one past
    /// `offset`), each valid for the whole call: the chunks are pinned one closure inside another.
    private func gather<Written>(from index: Int, to end: Int, into vectors: inout [iovec], _ body: ([iovec]) -> Written) -> Written {
        guard index < end else { return body(vectors) }
        guard case .bytes(let bytes) = chunks[index] else { return body(vectors) }
        return bytes.withUnsafeBytes { raw in
            let skip = index == head ? offset : 0
            vectors.append(iovec(iov_base: raw.baseAddress.map { UnsafeMutableRawPointer(mutating: $0 + skip) }, iov_len: raw.count - skip))
            return gather(from: index + 1, to: end, into: &vectors, body)
        }
    }

    /// Drops `written` bytes from the front.
    private mutating func consume(_ written: Int) {
        var remaining = written
        count -= written
        while remaining > 0 {
            guard case .bytes(let bytes) = chunks[head] else { break }
            let left = bytes.count - offset
            if remaining < left {
                offset += remaining
                return
            }
            remaining -= left
            head += 1
            offset = 0
        }
        if head == chunks.count {
            chunks.removeAll(keepingCapacity: chunks.capacity <= 1024)
            head = 0
            lastIsGathering = false
        } else if head >= 64, head * 2 >= chunks.count {
            chunks.removeFirst(head)
            head = 0
        }
    }
}
