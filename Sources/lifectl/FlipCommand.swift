import LifeClient
import LifeGrid
import LifeSystem
import Protocol

/// `flip ROW,COL SIZE left-right|top-bottom`: a rectangle mirrored in place, in one
/// `grid.transformRect`, while the timer runs or not. Starts lifed on demand.
let flipCommand = Command(
    name: "flip", usage: "flip ROW,COL SIZE left-right|top-bottom",
    summary: "Mirror a rectangle of SIZE (ROWSxCOLS) at ROW,COL: left-right swaps its columns, top-bottom its rows. Works while the timer runs.",
    details: """
        The ROWSxCOLS rectangle whose top-left cell is ROW,COL (counted from 0,0 at the world's
        top-left) must lie in the world (it does not wrap), or nothing changes. horizontal is
        read as left-right (a mirror image, as Golly's Flip Left-Right), vertical as top-bottom
        (upside down, Golly's Flip Top-Bottom). Works while the timer runs: the next tick steps
        the edited world, and the settling status starts afresh. Refused while a jump runs. One
        command is one version (none when the rectangle is its own mirror image), sent as one
        grid.transformRect. --json prints {"version", "row", "col", "rows", "cols", "transform"}
        (transform: flipLeftRight or flipTopBottom).

        Example: lifectl flip 0,0 20x20 left-right
        """,
    daemonStart: .onDemand
) { arguments throws(UsageError) in
    let rect = try EditArguments.rectangle(arguments, "flip", more: 1)
    let mirrors: [String: RectTransform] = [
        "left-right": .flipLeftRight, "horizontal": .flipLeftRight, "top-bottom": .flipTopBottom, "vertical": .flipTopBottom,
    ]
    guard let transform = mirrors[arguments[2].lowercased()] else {
        throw UsageError("flip ends with left-right or top-bottom (or horizontal, vertical), not \"\(arguments[2])\"")
    }
    let how = transform == .flipLeftRight ? "left-right" : "top-bottom"
    let request = EditRequest(
        edit: .transformRect(rect, transform),
        done: { version in "flipped \(rect.rows)x\(rect.cols) at \(rect.row),\(rect.col) \(how) (version \(version))" },
        report: rect.members.merging(["transform": .string(transform.rawValue)]) { $1 })
    return { session throws(Connection.Failure) in try request.send(session) }
}
