import LifePatterns

/// The list of configurations, in chunks of ``chunkSize`` that the versions of the state share.
///
/// The store keeps the state before each change (its middleware compares the two), so a list
/// held as one array is copied whole by every change to it: adding one configuration to 9,999
/// would copy 9,999 references. Here an append copies only the last chunk and the array of
/// chunks (40 references at 10,000), and two versions compare chunk by chunk, a shared chunk
/// at once. Every chunk but the last is full, so an index is a division; a removal from the
/// middle rebuilds the chunks after it.
public struct ConfigurationList: RandomAccessCollection, Sendable, ExpressibleByArrayLiteral {
    /// The entries a chunk holds.
    public static let chunkSize = 256

    private var chunks: [[Configuration]] = []
    public private(set) var count = 0

    public init(_ entries: some Sequence<Configuration>) {
        for entry in entries { append(entry) }
    }

    public init(arrayLiteral elements: Configuration...) {
        self.init(elements)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(index: Int) -> Configuration {
        chunks[index / Self.chunkSize][index % Self.chunkSize]
    }

    /// Adds `entry` at the end, copying at most one chunk.
    public mutating func append(_ entry: Configuration) {
        if count % Self.chunkSize == 0 {
            var chunk: [Configuration] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunk.append(entry)
            chunks.append(chunk)
        } else {
            chunks[chunks.count - 1].append(entry)
        }
        count += 1
    }

    /// Takes out the entry at `index`, and returns it.
    @discardableResult
    public mutating func remove(at index: Int) -> Configuration {
        let removed = self[index]
        let first = index / Self.chunkSize
        var rest = Array(chunks[first...].joined())
        rest.remove(at: index - first * Self.chunkSize)
        chunks.removeSubrange(first...)
        count = first * Self.chunkSize
        for entry in rest { append(entry) }
        return removed
    }

    /// The entries as one array (made on each call).
    public var array: [Configuration] { Array(chunks.joined()) }

    /// How many entries, from the start, are the very same configurations in both lists: a chunk
    /// the two share counts at once, and in the first that differs the entries are compared by
    /// pointer (``Configuration/sameObjectsPrefix(_:from:_:from:)``).
    public func sameObjectsPrefix(_ other: ConfigurationList) -> Int {
        var same = 0
        for (mine, theirs) in zip(chunks, other.chunks) {
            if mine.count == theirs.count, Self.sameBuffer(mine, theirs) {
                same += mine.count
                continue
            }
            let inChunk = Configuration.sameObjectsPrefix(mine, from: 0, theirs, from: 0)
            same += inChunk
            if inChunk < mine.count || inChunk < theirs.count { return same }
        }
        return same
    }

    /// How many entries from `self[i]` and `other[j]` on are the same objects, one by one.
    public func sameObjects(from i: Int, _ other: ConfigurationList, from j: Int) -> Int {
        var k = 0
        while i + k < count, j + k < other.count, self[i + k].isSameObject(as: other[j + k]) { k += 1 }
        return k
    }

    private static func sameBuffer(_ a: [Configuration], _ b: [Configuration]) -> Bool {
        a.withUnsafeBufferPointer { left in b.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress } }
    }
}

extension ConfigurationList: Equatable {
    public static func == (lhs: ConfigurationList, rhs: ConfigurationList) -> Bool {
        guard lhs.count == rhs.count else { return false }
        let same = lhs.sameObjectsPrefix(rhs)
        return lhs[same...].elementsEqual(rhs[same...])
    }
}
