import LifeClient
import LifeGrid
import LifeJSON
import LifeSystem
import Protocol

/// One edit of the world as an editing command sends it: one `dispatch`, one version, and what
/// to print. On success: `done`'s line, or with `--json` one object, `{"version": V, ...}` and
/// `report`'s members. On a refusal the reason goes to stderr in lifectl's words (a place outside
/// the world, a jump in the way), exit status 1; with `--json` the daemon's error object goes to
/// stdout as for every command.
struct EditRequest {
    var edit: GridEdit
    /// The line a person reads, given the version the edit made.
    var done: (_ version: Int) -> String
    /// The members of the `--json` object beside `version`.
    var report: [String: JSON]

    func send(_ session: Session) throws(Connection.Failure) -> ExitCode {
        let reply = try session.request(.dispatch(action: AppAction.simulation(.grid(.edit(edit))).json))
        switch reply {
        case .ack(_, let version):
            if session.jsonOutput {
                print(JSON.object(report.merging(["version": .int(version)]) { $1 }).text)
            } else {
                print(done(version))
            }
            return .success
        case .error(_, let code, let message, let details):
            if session.jsonOutput { print(reply.json.text) }
            printError("lifectl", try reason(code: code, message: message, refusal: details.refusal, session))
            return .failure
        default:
            throw .protocolViolation("expected an ack or an error, got \(reply.json.preview)")
        }
    }

    /// Why the daemon refused, in lifectl's words where lifectl knows them: by the edit's
    /// declared preconditions (``ActionType/spec``).
    private func reason(code: String, message: String, refusal: Refusal?, _ session: Session) throws(Connection.Failure) -> String {
        let requires = edit.type.spec.requires
        switch code {
        case ErrorCode.notAllowed.rawValue where requires.contains(.noJump) && (refusal ?? .jumpRunning) == .jumpRunning:
            // Refused by the state: while a jump has the grid.
            let jump = try session.get("/simulation/jump")
            let progress = jump["target"]?.intValue.map { " (\(jump["done"]?.intValue ?? 0) of \($0) generations done)" } ?? ""
            return "the world cannot be edited while a jump runs\(progress); wait for it to end, or cancel it with `lifectl cancel`"
        case ErrorCode.invalidArgument.rawValue where requires.contains(.insideGrid):
            // The arguments were checked against every world's limits: it is this world's size.
            let rows = try session.get("/simulation/gridState/grid/rows").intValue ?? 0
            let cols = try session.get("/simulation/gridState/grid/cols").intValue ?? 0
            return edit.misfit(rows: rows, cols: cols) ?? "lifed refused the edit: \(message)"
        default:
            return "lifed refused the edit (\(code)): \(message)"
        }
    }
}

extension GridEdit {
    /// Why the edit does not fit a `rows` x `cols` world, in the words of lifectl's arguments;
    /// nil when it fits.
    func misfit(rows: Int, cols: Int) -> String? {
        let world = "the \(rows)x\(cols) world (rows 0 to \(rows - 1), columns 0 to \(cols - 1))"
        switch self {
        case .setCells(let cells, _):
            guard let outside = cells.first(where: { !($0.row < rows && $0.col < cols) }) else { return nil }
            let others = cells.filter { !($0.row < rows && $0.col < cols) }.count - 1
            return "cell \(outside.row),\(outside.col)\(others > 0 ? " (and \(others) more)" : "") is outside \(world); nothing was changed"
        case .paste(let pattern, let origin, _):
            if pattern.rows > rows || pattern.cols > cols {
                return "the pattern is \(pattern.rows)x\(pattern.cols), larger than the \(rows)x\(cols) world; nothing was pasted"
            }
            guard origin.row < rows, origin.col < cols else {
                return "--at \(origin.row),\(origin.col) is outside \(world); nothing was pasted"
            }
            return nil
        case .clearRect(let rect):
            return Self.misfit(rect, world: world, rows: rows, cols: cols, action: "nothing was cleared")
        case .transformRect(let rect, let transform):
            if let misfit = Self.misfit(rect, world: world, rows: rows, cols: cols, action: "nothing was changed") { return misfit }
            guard transform.isRotation else { return nil }
            let turned = CellRect(row: rect.row, col: rect.col, rows: rect.cols, cols: rect.rows)
            guard !turned.fits(rows: rows, cols: cols) else { return nil }
            return "turned, the \(rect.rows)x\(rect.cols) rectangle at \(rect.row),\(rect.col) would be \(turned.rows)x\(turned.cols), "
                + "reaching to row \(turned.bottom - 1), column \(turned.right - 1): past \(world); nothing was changed"
        }
    }

    private static func misfit(_ rect: CellRect, world: String, rows: Int, cols: Int, action: String) -> String? {
        guard !rect.fits(rows: rows, cols: cols) else { return nil }
        return "the \(rect.rows)x\(rect.cols) rectangle at \(rect.row),\(rect.col) reaches to row \(rect.bottom - 1), "
            + "column \(rect.right - 1): past \(world); \(action)"
    }
}
