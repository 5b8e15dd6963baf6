import LifeGrid
import LifeJSON
import Protocol

/// How a jump's end (``JumpResult``) is written in the journal (see ``JournaledAction``): its
/// grid as compact planes, the statistics it added, and the settling history after it.
enum JumpRecord {
    /// `{"target", "started", "grid": {"rows", "cols", "planes"}, "statistics", "status", "period", "fingerprints"}`,
    /// and `"tick": true` for a timer's tick.
    static func json(of result: JumpResult) -> JSON {
        var period = JSON.null
        if case .oscillating(let p) = result.settling.status { period = .int(p) }
        let record: JSON = [
            "target": .int(result.jump.target),
            "started": .int(result.jump.started),
            "grid": ["rows": .int(result.grid.rows), "cols": .int(result.grid.cols), "planes": .string(GridPlanesCoding.text(of: result.grid))],
            "statistics": result.statistics.json,
            "status": .string(result.settling.status.name),
            "period": period,
            "fingerprints": .array(result.settling.fingerprints.map { .string(String($0)) }),
        ]
        return result.jump.isTick ? record.settingMember("tick", true) : record
    }

    /// Reads what ``json(of:)`` wrote, checking every member.
    static func result(from json: JSON) throws(ProtocolError) -> JumpResult {
        let fields = try JSONFields(json, at: "record.action")
        try fields.rejectUnknown(["target", "started", "tick", "grid", "statistics", "status", "period", "fingerprints"])
        let target = try fields.int("target", in: GridAction.generationsRange)
        let jump = Jump(
            target: target, done: target, started: try fields.int("started", in: 0...Int.max), isTick: try fields.bool("tick", default: false))
        let gridFields = try JSONFields(try fields.required("grid"), at: "record.action.grid")
        try gridFields.rejectUnknown(["rows", "cols", "planes"])
        let grid = try GridPlanesCoding.grid(
            rows: try gridFields.int("rows", in: 0...Grid.maxSide), cols: try gridFields.int("cols", in: 0...Grid.maxSide),
            text: try gridFields.string("planes"))
        let status: Settling.Status
        switch try fields.string("status") {
        case "evolving": status = .evolving
        case "extinct": status = .extinct
        case "still": status = .still
        case "oscillating": status = .oscillating(period: try fields.int("period", in: 2...Settling.maxPeriod))
        case let other: throw ProtocolError(.invalidArgument, "record.action.status: unknown status \(JSON.string(other).preview)")
        }
        guard case .array(let texts) = try fields.required("fingerprints"), texts.count <= Settling.maxPeriod else {
            throw ProtocolError(.invalidArgument, "record.action.fingerprints must be an array of at most \(Settling.maxPeriod) decimal UInt64 strings")
        }
        var fingerprints: [UInt64] = []
        for text in texts {
            guard let fingerprint = text.stringValue.flatMap({ UInt64($0) }) else {
                throw ProtocolError(.invalidArgument, "record.action.fingerprints must hold decimal UInt64 strings")
            }
            fingerprints.append(fingerprint)
        }
        return JumpResult(
            jump: jump, grid: grid, statistics: try Statistics(json: try fields.required("statistics")),
            settling: Settling(status: status, fingerprints: fingerprints))
    }
}

extension JSON {
    /// This object with `key` set to `value` (other values unchanged).
    func settingMember(_ key: String, _ value: JSON) -> JSON {
        guard case .object(var members) = self else { return self }
        members[key] = value
        return .object(members)
    }
}
