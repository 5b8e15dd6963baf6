import LifeGrid
import LifeJSON

// The JSON forms of the history: the wire's `/history` (what undo and redo would do next, and
// the list of entries without their grids), and the snapshot's, which keeps everything.

extension History {
    /// `/history` as the wire shows it (PROTOCOL.md §9.4).
    public var json: JSON {
        [
            "entries": .array(entries.map(\.json)),
            "undone": .int(undone),
            "undo": nextUndo.map { JSON.string($0.description) } ?? .null,
            "redo": nextRedo.map { JSON.string($0.description) } ?? .null,
            "bytes": .int(byteCount),
        ]
    }

    /// The history as a snapshot keeps it: every entry with its grids.
    public var storageJSON: JSON {
        ["entries": .array(entries.map(\.storageJSON)), "undone": .int(undone), "open": open?.storageJSON ?? .null]
    }

    /// Reads ``storageJSON``, checking every part.
    public init(storageJSON json: JSON) throws(ProtocolError) {
        let fields = try JSONFields(json, at: "history")
        try fields.rejectUnknown(["entries", "undone", "open"])
        guard case .array(let items) = try fields.required("entries"), items.count <= Self.maxEntries else {
            throw ProtocolError(.invalidArgument, "history.entries must be an array of at most \(Self.maxEntries) entries")
        }
        var entries: [HistoryEntry] = []
        for item in items { entries.append(try HistoryEntry(storageJSON: item)) }
        let undone = try fields.int("undone", in: 0...entries.count)
        let open = try fields.members["open"].flatMap { (value: JSON) throws(ProtocolError) -> OpenEntry? in
            value == .null ? nil : try OpenEntry(storageJSON: value)
        }
        self.init(entries: entries, undone: undone, open: open)
    }
}

extension HistoryEntry {
    /// An entry as the wire lists it: `{"what", "by", "at", "version"}`.
    public var json: JSON {
        ["what": .string(what), "by": author?.json ?? .null, "at": .int(time), "version": .int(version)]
    }

    var storageJSON: JSON {
        [
            "what": .string(what), "by": author?.json ?? .null, "at": .int(time), "version": .int(version), "run": .bool(isRun),
            "before": before.json, "after": after.json, "grid": grid.storageJSON,
        ]
    }

    init(storageJSON json: JSON) throws(ProtocolError) {
        let fields = try JSONFields(json, at: "history.entries[]")
        try fields.rejectUnknown(["what", "by", "at", "version", "run", "before", "after", "grid"])
        self.init(
            what: try fields.string("what"), author: try Author(optionalJSON: fields.members["by"]),
            time: try fields.int("at", in: 0...Int.max), version: try fields.int("version", in: 0...Int.max),
            isRun: try fields.bool("run"), before: try WorldMark(json: try fields.required("before")),
            after: try WorldMark(json: try fields.required("after")), grid: try GridHistory(storageJSON: try fields.required("grid")))
    }
}

extension OpenEntry {
    var storageJSON: JSON {
        [
            "what": .string(what), "by": author?.json ?? .null, "at": .int(time), "timer": .bool(isTimer), "before": before.json,
            "grid": GridHistory.whole(beforeGrid).storageJSON,
        ]
    }

    init(storageJSON json: JSON) throws(ProtocolError) {
        let fields = try JSONFields(json, at: "history.open")
        try fields.rejectUnknown(["what", "by", "at", "timer", "before", "grid"])
        let delta = try GridDelta(storageJSON: try fields.required("grid"))
        guard delta.fromDying == 0, let grid = delta.applied(to: Grid(rows: delta.rows, cols: delta.cols)) else {
            throw ProtocolError(.invalidArgument, "history.open.grid is not a whole grid")
        }
        self.init(
            what: try fields.string("what"), author: try Author(optionalJSON: fields.members["by"]),
            time: try fields.int("at", in: 0...Int.max), isTimer: try fields.bool("timer"),
            before: try WorldMark(json: try fields.required("before")), beforeGrid: grid)
    }
}

extension Author {
    /// `{"uid", "pid", "name"}`.
    public var json: JSON { ["uid": .int(uid), "pid": .int(pid), "name": name.map(JSON.string) ?? .null] }

    /// Reads ``json``; nil for no value or `null`.
    public init?(optionalJSON json: JSON?) throws(ProtocolError) {
        guard let json, json != .null else { return nil }
        let fields = try JSONFields(json, at: "by")
        try fields.rejectUnknown(["uid", "pid", "name"])
        self.init(uid: try fields.int("uid", in: -1...Int(UInt32.max)), pid: try fields.int("pid", in: -1...Int(Int32.max)), name: try fields.optionalString("name"))
    }
}

extension WorldMark {
    var json: JSON {
        var members: [String: JSON] = [
            "ticks": .int(ticks), "statistics": statistics.json, "stoppedBecause": stoppedBecause.map(JSON.string) ?? .null,
            "rows": .int(rows), "cols": .int(cols), "rule": .string(rule.notation), "topology": .string(topology.rawValue),
        ]
        members.merge(settling.storageMembers) { $1 }
        return .object(members)
    }

    init(json: JSON) throws(ProtocolError) {
        let fields = try JSONFields(json, at: "history.mark")
        try fields.rejectUnknown(["ticks", "statistics", "status", "period", "fingerprints", "stoppedBecause", "rows", "cols", "rule", "topology"])
        let rule: Rule
        do { rule = try Rule(parsing: try fields.string("rule")) } catch { throw ProtocolError(.invalidArgument, "history.mark.rule: \(error)") }
        self.init(
            ticks: try fields.int("ticks", in: 0...Int.max), statistics: try Statistics(json: try fields.required("statistics")),
            settling: try Settling(storageFields: fields, at: "history.mark"), stoppedBecause: try fields.optionalString("stoppedBecause"),
            rows: try fields.int("rows", in: Settings.sideRange), cols: try fields.int("cols", in: Settings.sideRange), rule: rule,
            topology: try Topology(field: "history.mark.topology", try fields.string("topology")))
    }
}

extension GridHistory {
    var storageJSON: JSON {
        switch self {
        case .delta(let delta): return ["delta": delta.storageJSON]
        case .replaced(let before, let after): return ["before": before.storageJSON, "after": after.storageJSON]
        }
    }

    init(storageJSON json: JSON) throws(ProtocolError) {
        let fields = try JSONFields(json, at: "history.grid")
        try fields.rejectUnknown(["delta", "before", "after"])
        if let delta = fields.members["delta"] {
            self = .delta(try GridDelta(storageJSON: delta))
        } else {
            let before = try GridDelta(storageJSON: try fields.required("before"))
            let after = try GridDelta(storageJSON: try fields.required("after"))
            guard before.fromDying == 0, after.fromDying == 0 else { throw ProtocolError(.invalidArgument, "history.grid: not whole grids") }
            self = .replaced(before: before, after: after)
        }
    }
}

extension GridDelta {
    /// `{"rows", "cols", "fromDying", "toDying", "blocks": BASE64, "words": BASE64}`: the block
    /// numbers as 32-bit and the words as 64-bit little-endian integers.
    /// `bytes` read as little-endian integers of `type` (its length a multiple of their size).
    private static func littleEndian<Integer: FixedWidthInteger>(_ bytes: [UInt8], as type: Integer.Type) -> [Integer] {
        let size = MemoryLayout<Integer>.size
        var values: [Integer] = []
        values.reserveCapacity(bytes.count / size)
        for at in stride(from: 0, to: bytes.count, by: size) {
            var value: Integer = 0
            for byte in 0..<size { value |= Integer(bytes[at + byte]) << (8 * byte) }
            values.append(value)
        }
        return values
    }

    var storageJSON: JSON {
        var blockBytes: [UInt8] = []
        blockBytes.reserveCapacity(blocks.count * 4)
        for block in blocks { withUnsafeBytes(of: block.littleEndian) { blockBytes += $0 } }
        var wordBytes: [UInt8] = []
        wordBytes.reserveCapacity(words.count * 8)
        for word in words { withUnsafeBytes(of: word.littleEndian) { wordBytes += $0 } }
        return [
            "rows": .int(rows), "cols": .int(cols), "fromDying": .int(fromDying), "toDying": .int(toDying),
            "blocks": .string(Base64.encode(blockBytes)), "words": .string(Base64.encode(wordBytes)),
        ]
    }

    init(storageJSON json: JSON) throws(ProtocolError) {
        let fields = try JSONFields(json, at: "history.delta")
        try fields.rejectUnknown(["rows", "cols", "fromDying", "toDying", "blocks", "words"])
        guard let blockBytes = Base64.decode(try fields.string("blocks")), blockBytes.count % 4 == 0,
            let wordBytes = Base64.decode(try fields.string("words")), wordBytes.count % 8 == 0
        else { throw ProtocolError(.invalidArgument, "history.delta: blocks or words are not base64 of whole integers") }
        let blocks = Self.littleEndian(blockBytes, as: UInt32.self)
        let words = Self.littleEndian(wordBytes, as: UInt64.self)
        guard
            let delta = GridDelta(
                rows: try fields.int("rows", in: 0...Grid.maxSide), cols: try fields.int("cols", in: 0...Grid.maxSide),
                fromDying: try fields.int("fromDying", in: 0...16), toDying: try fields.int("toDying", in: 0...16), blocks: blocks,
                words: words)
        else { throw ProtocolError(.invalidArgument, "history.delta: blocks and words do not fit the grid") }
        self = delta
    }
}
