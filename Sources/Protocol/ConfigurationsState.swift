import LifeJSON
import LifePatterns

/// The Configurations tab: a list of patterns, fetched or added, and the state of a fetch.
///
/// The list is bounded: at most ``maxCount`` configurations, each at most
/// ``Configuration/maxRLEBytes`` of RLE, and ``maxTotalRLEBytes`` of RLE in all.
///
/// The list has two parts. The first ``fetchedCount`` entries came from the last fetch that
/// succeeded (the built-in collection is a fetch too); the entries after them were added by
/// users (`configurations.add`, `simulation.setGrid` with `keep`). A fetch replaces only the
/// first part, and a fetch that fails changes neither: what users kept stays until they remove
/// it (`configurations.remove`) or clear the list.
public struct ConfigurationsState: Equatable, Sendable {
    public var isFetching: Bool
    /// The list. The methods below change it keeping ``totalRLEBytes`` as they go; setting it
    /// whole counts it again (and keeps ``fetchedCount`` within it).
    /// (Reading it makes an array of the whole list: code that runs at every change reads
    /// ``list``.)
    public var configs: [Configuration] {
        get { entries.array }
        set {
            entries = ConfigurationList(newValue)
            totalRLEBytes = Self.rleBytes(newValue)
            fetchedCount = min(fetchedCount, newValue.count)
        }
    }
    /// The list as it is kept, shared in chunks between versions (see ``ConfigurationList``).
    public var list: ConfigurationList { entries }
    private var entries: ConfigurationList
    /// What the last fetch failed on, or nil.
    public var error: String?
    /// How many entries, from the start of ``configs``, the last successful fetch brought.
    public private(set) var fetchedCount: Int
    /// The bytes of RLE the list's configurations take together, kept as the list changes so
    /// that adding to a list of 10000 does not count the other 9999.
    public private(set) var totalRLEBytes: Int

    /// A list whose first `fetchedCount` entries were fetched (all of them when nil).
    public init(isFetching: Bool = false, configs: [Configuration] = [], error: String? = nil, fetchedCount: Int? = nil) {
        self.isFetching = isFetching
        self.entries = ConfigurationList(configs)
        self.error = error
        self.fetchedCount = min(max(fetchedCount ?? configs.count, 0), configs.count)
        self.totalRLEBytes = Self.rleBytes(configs)
    }

    private static func rleBytes(_ configs: some Sequence<Configuration>) -> Int {
        configs.reduce(0) { $0 + $1.rle.utf8.count }
    }

    /// Equal when the fields and the entries are; entries that are the same objects (versions of
    /// the list share them) compare by pointer, so this costs microseconds at 10000.
    public static func == (lhs: ConfigurationsState, rhs: ConfigurationsState) -> Bool {
        guard lhs.isFetching == rhs.isFetching, lhs.error == rhs.error, lhs.fetchedCount == rhs.fetchedCount,
            lhs.totalRLEBytes == rhs.totalRLEBytes
        else { return false }
        return lhs.entries == rhs.entries
    }

    /// How `new`'s list differs from `old`'s, when it is by entries added at the end, or one
    /// inserted or removed, the rest being the same objects; nil for any other difference.
    public static func listChange(from old: ConfigurationList, to new: ConfigurationList) -> ListChange? {
        let same = old.sameObjectsPrefix(new)
        if old.count == new.count { return same == old.count ? ListChange.none : nil }
        if new.count > old.count {
            if same == old.count { return .appended(old.count..<new.count) }
            guard new.count == old.count + 1, old.sameObjects(from: same, new, from: same + 1) == old.count - same else { return nil }
            return .inserted(at: same)
        }
        guard old.count == new.count + 1, old.sameObjects(from: same + 1, new, from: same) == new.count - same else { return nil }
        return .removed(at: same)
    }

    /// A change of the list that costs what it changes (see ``listChange(from:to:)``).
    public enum ListChange: Equatable, Sendable {
        case none
        case appended(Range<Int>)
        case inserted(at: Int)
        case removed(at: Int)
    }

    /// The entries users added, after the fetched ones.
    public var added: Slice<ConfigurationList> { entries[fetchedCount...] }

    /// Puts `fetched` in place of what earlier fetches brought, before the entries users added.
    /// The users' entries always stay; fetched entries that would take the list past its limits
    /// beside them are left out. Returns how many were left out.
    @discardableResult
    public mutating func replaceFetched(with fetched: [Configuration]) -> Int {
        let added = Array(self.added)
        let room = Self.maxCount - added.count
        var bytes = Self.maxTotalRLEBytes - Self.rleBytes(added)
        var taken: [Configuration] = []
        taken.reserveCapacity(min(fetched.count, room))
        for configuration in fetched {
            let size = configuration.rle.utf8.count
            guard taken.count < room, size <= bytes else { break }
            taken.append(configuration)
            bytes -= size
        }
        entries = ConfigurationList(taken + added)
        fetchedCount = taken.count
        totalRLEBytes = Self.maxTotalRLEBytes - bytes
        return fetched.count - taken.count
    }

    /// Takes the entry at `index` out of the list, whichever part it is in.
    public mutating func remove(at index: Int) {
        totalRLEBytes -= entries.remove(at: index).rle.utf8.count
        if index < fetchedCount { fetchedCount -= 1 }
    }

    /// Empties the list, both parts.
    public mutating func removeAll() {
        entries = ConfigurationList()
        fetchedCount = 0
        totalRLEBytes = 0
    }

    /// The most configurations the list holds.
    public static let maxCount = 10_000
    /// The most bytes of RLE the list's configurations take together: 8 MiB.
    public static let maxTotalRLEBytes = 8 << 20

    /// Why `configuration` may not be added to the list, or nil when it fits: the list is full
    /// (`invalid-argument`, as it always was), or the RLE would be more than the list may hold
    /// (`limit-exceeded`).
    public func refusal(adding configuration: Configuration) -> ProtocolError? {
        guard entries.count < Self.maxCount else {
            return ProtocolError(.invalidArgument, "the list already holds \(Self.maxCount) configurations; clear it first")
        }
        let total = totalRLEBytes
        guard total + configuration.rle.utf8.count <= Self.maxTotalRLEBytes else {
            return ProtocolError(
                .limitExceeded,
                "\(configuration.title) takes \(configuration.rle.utf8.count) bytes of RLE and the list already holds \(total) of the \(Self.maxTotalRLEBytes) it may; clear it first")
        }
        return nil
    }

    /// Appends `configuration` to the list, or throws ``refusal(adding:)`` and changes nothing.
    public mutating func add(_ configuration: Configuration) throws(ProtocolError) {
        if let refusal = refusal(adding: configuration) { throw refusal }
        entries.append(configuration)
        totalRLEBytes += configuration.rle.utf8.count
    }

    /// The position and configuration `selector` names: by index, or by title (the first with
    /// exactly that title, else the first that matches ignoring case).
    public func find(_ selector: ConfigurationSelector) throws(ProtocolError) -> (index: Int, configuration: Configuration) {
        switch selector {
        case .index(let index):
            guard entries.indices.contains(index) else {
                throw ProtocolError(
                    .invalidArgument,
                    entries.isEmpty
                        ? "there are no configurations; send configurations.fetch first"
                        : "index \(index) is out of range: there are \(entries.count) configurations (0 to \(entries.count - 1))",
                    member: "index")
            }
            return (index, entries[index])
        case .title(let title):
            if let exact = entries.firstIndex(where: { $0.title == title }) { return (exact, entries[exact]) }
            if let loose = entries.firstIndex(where: { $0.title.lowercased() == title.lowercased() }) { return (loose, entries[loose]) }
            let known = entries.prefix(30).map(\.title).joined(separator: ", ")
            throw ProtocolError(
                .invalidArgument,
                entries.isEmpty
                    ? "there are no configurations; send configurations.fetch first"
                    : "no configuration is titled \(JSON.string(title).preview); known: \(known)\(entries.count > 30 ? ", …" : "")",
                member: "title")
        }
    }
}
