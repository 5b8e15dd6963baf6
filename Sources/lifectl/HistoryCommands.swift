import LifeClient
import LifeSystem
import LifeJSON
import Protocol

/// `undo [N]`, `redo [N]`, `rewind` and `history`: the world's shared history (PROTOCOL.md §10.7).
/// Each says what it undid or redid, as the history records it. Start lifed on demand.
let undoCommand = historyWalkCommand(
    "undo", summary: "Take back the newest N changes to the world (default 1); stops the timer first.", verb: "undid")
let redoCommand = historyWalkCommand(
    "redo", summary: "Make again the N changes undone last (default 1); a new change drops them.", verb: "redid")

let rewindCommand = Command(
    name: "rewind", usage: "rewind",
    summary: "Return the world to how it was when the latest run of the timer, step or jump began (history.rewind); undo takes it back.",
    daemonStart: .onDemand
) { arguments throws(UsageError) in
    try expectCount(arguments, 0...0, "rewind")
    return { session throws(Connection.Failure) in
        let reply = try session.request(.dispatch(action: AppAction.history(.rewind).json))
        var said = Said("rewind")
        said.action = .historyRewind
        return session.report(reply, said: said) {
            guard case .ack(_, let version) = reply else { return nil }
            return "rewound: the world is as it was before the last run (version \(version))"
        }
    }
}

let historyCommand = Command(
    name: "history", usage: "history",
    summary: "The world's history, newest first: what each change was, who made it, when, and its version.",
    details: """
        Lists the changes people made to the world (edits, pastes, loads, empty, random, steps and
        jumps, each run of the timer, and changes of size, rule or topology), newest first. Those
        undone are marked `undone`: `lifectl redo` makes them again. The daemon keeps the last 100
        changes, or fewer when their grids take more than 64 MiB. With --json, the daemon's
        `/history` as it is.
        """,
    daemonStart: .onDemand
) { arguments throws(UsageError) in
    try expectCount(arguments, 0...0, "history")
    return { session throws(Connection.Failure) in
        let history = try session.get("/history")
        if session.jsonOutput {
            print(history.text)
            return .success
        }
        guard case .array(let entries)? = history["entries"] else {
            throw .protocolViolation("/history has no entries: \(history.preview)")
        }
        let undone = history["undone"]?.intValue ?? 0
        if entries.isEmpty {
            print("no changes yet")
            return .success
        }
        for (index, entry) in entries.enumerated().reversed() {
            print(HistoryLines.line(entry, undone: index >= entries.count - undone))
        }
        return .success
    }
}

/// `undo [N]` or `redo [N]`.
private func historyWalkCommand(_ name: String, summary: String, verb: String) -> Command {
    Command(name: name, usage: "\(name) [N]", summary: summary, daemonStart: .onDemand) { arguments throws(UsageError) in
        try expectCount(arguments, 0...1, name)
        var count = 1
        if let text = arguments.first {
            guard let n = Int(text) else { throw UsageError("\(name) needs a number of changes, not \"\(text)\"") }
            guard HistoryAction.countRange.contains(n) else {
                throw .outOfRange("\(name) takes from 1 to \(HistoryAction.countRange.upperBound) changes, not \(n)")
            }
            count = n
        }
        let action: AppAction = name == "undo" ? .history(.undo(count: count)) : .history(.redo(count: count))
        return { session throws(Connection.Failure) in
            // What the next `count` steps are, as the history says now: what the reply's version did.
            let before = try session.get("/history")
            let reply = try session.request(.dispatch(action: action.json))
            var said = Said(name)
            said.action = action.type
            return session.report(reply, said: said) {
                guard case .ack(_, let version) = reply else { return nil }
                let walked = HistoryLines.walked(before, undo: name == "undo", count: count)
                return walked.map { "\(verb): \($0)" }.joined(separator: "\n") + " (version \(version))"
            }
        }
    }
}

/// How lifectl prints the history's entries.
enum HistoryLines {
    /// "v12  paste 3x3 at 5,5 by lifewatch (uid 1000), 14:03:22 UTC": one entry.
    static func line(_ entry: JSON, undone: Bool) -> String {
        let version = entry["version"]?.intValue ?? 0
        var text = "v\(version)  \(describe(entry))"
        if let at = entry["at"]?.intValue { text += ", \(clock(at))" }
        if undone { text += "  (undone)" }
        return text
    }

    /// What an entry was and who made it: "paste 3x3 at 5,5 by lifewatch (uid 1000)".
    static func describe(_ entry: JSON) -> String {
        let what = entry["what"]?.stringValue ?? "?"
        guard let by = entry["by"], by != .null else { return what }
        let uid = by["uid"]?.intValue ?? -1
        let name = by["name"]?.stringValue ?? "pid \(by["pid"]?.intValue ?? -1)"
        return "\(what) by \(name) (uid \(uid))"
    }

    /// The descriptions of the entries an undo or redo of `count` walks over, from `history` as it was before it.
    static func walked(_ history: JSON, undo: Bool, count: Int) -> [String] {
        guard case .array(let entries)? = history["entries"] else { return [] }
        let undone = history["undone"]?.intValue ?? 0
        let done = entries.count - undone
        let range = undo ? max(0, done - count)..<done : done..<min(entries.count, done + count)
        let walked = range.map { describe(entries[$0]) }
        return undo ? walked.reversed() : walked
    }

    /// "14:03:22 UTC" for today's, else "2026-11-27 14:03 UTC".
    static func clock(_ milliseconds: Int) -> String {
        let seconds = milliseconds / 1000
        let days = seconds / 86_400
        let time = seconds % 86_400
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60)) UTC"
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's algorithm).
    static func civilDate(daysSinceEpoch: Int) -> (Int, Int, Int) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
