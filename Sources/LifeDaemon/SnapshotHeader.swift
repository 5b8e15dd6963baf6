import LifeGrid
import LifeJSON
import Protocol

/// What lifed's snapshot keeps beside the grid: the rest of the state, and the settling
/// history a replay of the journal needs to decide `still` and `oscillating` as the live daemon
/// did. (The grid itself is in the snapshot's bit planes, not in this header.)
///
/// The bytes are JSON: `{"format": 1, "state": STATE, "fingerprints": ["N", ...]}`, STATE being
/// the state's stored form (``AppState/storageJSON``: the wire form of PROTOCOL.md, section 9,
/// but each configuration as `{"title", "rle"}`, its pattern included) with an empty grid in
/// place of the real one, and the fingerprints the latest generations', oldest first, as
/// decimal strings; then `"history"`, the world's history whole (``History/storageJSON``: each
/// entry with its grids as sparse XOR blocks in base64), absent in headers from before it.
/// Configurations as `{"title", "contents"}` read too.
public enum SnapshotHeader {
    /// The header format this build writes and reads.
    public static let format = 1

    /// The header for `state`.
    public static func encode(_ state: AppState) -> [UInt8] {
        var gridless = state
        gridless.simulation.gridState.grid = Grid(rows: 0, cols: 0)
        let fingerprints = state.simulation.settling.fingerprints.map { JSON.string(String($0)) }
        let document: JSON = [
            "format": .int(format), "state": gridless.storageJSON, "fingerprints": .array(fingerprints), "history": state.history.storageJSON,
        ]
        return document.encoded()
    }

    /// The state a header describes, with `grid` (the snapshot's) as its grid.
    public static func decode(_ bytes: [UInt8], grid: Grid) throws(ProtocolError) -> AppState {
        let document: JSON
        do {
            document = try JSON(parsing: bytes)
        } catch {
            throw ProtocolError(.invalidArgument, "the snapshot's header is not JSON: \(error)")
        }
        let fields = try JSONFields(document, at: "header")
        let found = try fields.int("format", in: 0...Int.max)
        guard found == format else {
            throw ProtocolError(.invalidArgument, "the snapshot's header is format \(found); this lifed reads format \(format)")
        }
        var state = try AppState(storageJSON: try fields.required("state"))
        state.simulation.gridState.grid = grid
        guard case .array(let texts) = try fields.required("fingerprints") else {
            throw ProtocolError(.invalidArgument, "header.fingerprints must be an array")
        }
        var fingerprints: [UInt64] = []
        for text in texts {
            guard let string = text.stringValue, let fingerprint = UInt64(string) else {
                throw ProtocolError(.invalidArgument, "header.fingerprints must hold decimal UInt64 strings")
            }
            fingerprints.append(fingerprint)
        }
        state.simulation.settling = Settling(status: state.simulation.settling.status, fingerprints: fingerprints)
        // Snapshots from before the history have none.
        if let history = fields.members["history"] { state.history = try History(storageJSON: history) }
        return state
    }
}
