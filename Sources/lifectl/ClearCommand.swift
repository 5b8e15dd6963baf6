import LifeClient
import LifeSystem
import Protocol

/// `clear ROW,COL SIZE`: a rectangle of the world emptied, in one `grid.clearRect`, while the
/// timer runs or not. Starts lifed on demand.
let clearCommand = Command(
    name: "clear", usage: "clear ROW,COL SIZE",
    summary: "Empty a rectangle of SIZE (ROWSxCOLS, such as 10x20) whose top-left cell is ROW,COL. Works while the timer runs.",
    details: """
        ROW,COL counts from 0,0 at the world's top-left; the rectangle must lie in the world (it
        does not wrap), or nothing changes. lifectl empty makes a new empty world instead (refused
        while the timer runs). Works while the timer runs: the next tick steps the edited world,
        and the settling status starts afresh. Refused while a jump runs. One command is one
        version (none when the rectangle was empty), sent as one grid.clearRect.
        --json prints {"version", "row", "col", "rows", "cols"}.

        Example: lifectl clear 0,0 10x20   (rows 0 to 9, columns 0 to 19)
        """,
    daemonStart: .onDemand
) { arguments throws(UsageError) in
    let rect = try EditArguments.rectangle(arguments, "clear", more: 0)
    let request = EditRequest(
        edit: .clearRect(rect), done: { version in "cleared \(rect.rows)x\(rect.cols) at \(rect.row),\(rect.col) (version \(version))" },
        report: rect.members)
    return { session throws(Connection.Failure) in try request.send(session) }
}
