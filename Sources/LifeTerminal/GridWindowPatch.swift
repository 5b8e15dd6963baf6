import LifeGrid
import LifeJSON
import Protocol

extension GridWindow {
    /// Where the world's grid object lies in the state.
    static let pathInState = JSONPointer(tokens: ["simulation", "gridState", "grid"])

    /// The window after `patch`, which applied to the state that held it at `gridPath`: the
    /// rows the patch replaced read again from `json` (the grid object after the patch), the
    /// others kept, so a diff costs the rows it changed rather than the window's. Nil when the
    /// patch touched the grid otherwise (its size, its window, rows added or removed, the grid
    /// replaced whole) or a replaced row does not read: then read the whole grid object
    /// (``init(json:)``), which says the same as this whenever this says anything.
    func patched(by patch: [PatchOperation], at gridPath: JSONPointer, grid json: JSON) -> GridWindow? {
        let cellsPath = gridPath.appending("cells")
        let populationPath = gridPath.appending("population")
        var replaced: [Int] = []
        for operation in patch {
            switch operation {
            case .test:
                continue
            case .replace(let path, _) where path.tokens.count == cellsPath.tokens.count + 1 && path.hasPrefix(cellsPath):
                // The patch applied, so the token names a row that exists.
                guard let last = path.lastToken, let row = Int(last), row >= 0, row < cells.rows else { return nil }
                replaced.append(row)
            case .replace(let path, _) where path == populationPath:
                continue
            case .add(let path, _), .remove(let path), .replace(let path, _):
                if path.hasPrefix(gridPath) || gridPath.hasPrefix(path) { return nil }
            case .move(let from, let path), .copy(let from, let path):
                if path.hasPrefix(gridPath) || gridPath.hasPrefix(path) || from.hasPrefix(gridPath) || gridPath.hasPrefix(from) { return nil }
            }
        }
        guard let rows = json["cells"]?.arrayValue, rows.count == cells.rows else { return nil }
        var result = self
        for row in replaced {
            guard let text = rows[row].stringValue, (try? result.cells.replaceRow(row, with: text)) != nil else { return nil }
        }
        result.population = json["population"]?.intValue
        return result
    }
}
