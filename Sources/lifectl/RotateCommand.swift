import LifeClient
import LifeGrid
import LifeSystem
import Protocol

/// `rotate ROW,COL SIZE cw|ccw`: a rectangle turned a quarter in place, in one
/// `grid.transformRect`, while the timer runs or not. Starts lifed on demand.
let rotateCommand = Command(
    name: "rotate", usage: "rotate ROW,COL SIZE cw|ccw",
    summary: "Turn a rectangle of SIZE (ROWSxCOLS) at ROW,COL a quarter clockwise (cw) or anticlockwise (ccw). Works while the timer runs.",
    details: """
        The ROWSxCOLS rectangle whose top-left cell is ROW,COL (counted from 0,0 at the world's
        top-left) becomes a COLSxROWS one with the same top-left cell: its cells are cleared,
        then the turned cells replace what was under the new rectangle. Both rectangles must lie
        in the world (they do not wrap), or nothing changes. A square turns in place. cw may be
        written clockwise, ccw anticlockwise or counterclockwise. Works while the timer runs: the
        next tick steps the edited world, and the settling status starts afresh. Refused while a
        jump runs. One command is one version, sent as one grid.transformRect.
        --json prints {"version", "row", "col", "rows", "cols", "transform"} (the rectangle as
        given; transform: rotateClockwise or rotateAnticlockwise).

        Example: lifectl rotate 10,10 3x3 cw   (a glider at 10,10 now heads another way)
        """,
    daemonStart: .onDemand
) { arguments throws(UsageError) in
    let rect = try EditArguments.rectangle(arguments, "rotate", more: 1)
    let turns: [String: RectTransform] = [
        "cw": .rotateClockwise, "clockwise": .rotateClockwise, "ccw": .rotateAnticlockwise, "anticlockwise": .rotateAnticlockwise,
        "counterclockwise": .rotateAnticlockwise,
    ]
    guard let transform = turns[arguments[2].lowercased()] else {
        throw UsageError("rotate ends with cw (clockwise) or ccw (anticlockwise), not \"\(arguments[2])\"")
    }
    let direction = transform == .rotateClockwise ? "clockwise" : "anticlockwise"
    let request = EditRequest(
        edit: .transformRect(rect, transform),
        done: { version in
            let turned = rect.rows == rect.cols ? "" : ", now \(rect.cols)x\(rect.rows)"
            return "rotated \(rect.rows)x\(rect.cols) at \(rect.row),\(rect.col) \(direction)\(turned) (version \(version))"
        },
        report: rect.members.merging(["transform": .string(transform.rawValue)]) { $1 })
    return { session throws(Connection.Failure) in try request.send(session) }
}
