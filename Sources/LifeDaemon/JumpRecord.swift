import LifeGrid
import LifeJSON
import Protocol

/// How a jump's end (``JumpResult``) is written in the journal (see ``JournaledAction``): its
/// grid as compact planes, the statistics it added, and the settling history after it.
enum JumpRecord {
    /// `{"target", "started", "grid": {"rows", "cols", "planes"}, "statistics", "status", "period", "fingerprints"}`,
    /// and `"tick": true` for a timer's tick.
    static func json(of result: JumpResult) -> JSON {
        var members: [String: JSON] = [
            "target": .int(result.jump.target),
            "started": .int(result.jump.started),
            "grid": ["rows": .int(result.grid.rows), "cols": .int(result.grid.cols), "planes": .string(GridPlanesCoding.text(of: result.grid))],
            "statistics": result.statistics.json,
        ]
        members.merge(result.settling.storageMembers) { $1 }
        let record = JSON.object(members)
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
        return JumpResult(
            jump: jump, grid: grid, statistics: try Statistics(json: try fields.required("statistics")),
            settling: try Settling(storageFields: fields, at: "record.action"))
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
