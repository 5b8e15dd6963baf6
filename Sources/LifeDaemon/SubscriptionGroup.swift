import LifeJSON
import Protocol

/// What a subscription watches: a path of the state, and a window of the grid when it has one.
/// Subscriptions that watch the same thing share one rendering and one encoded diff.
public struct SubscriptionGroup: Hashable, Sendable {
    public var path: JSONPointer
    public var viewport: Viewport?

    public init(path: JSONPointer, viewport: Viewport? = nil) {
        self.path = path
        self.viewport = viewport
    }
}

/// Where the grid (`/simulation/gridState/grid`) lies relative to the value at a path: so that
/// the value of a path that holds no part of the grid never costs a grid's rendering, and the
/// grid's part of a diff is found from its bit planes rather than from rendered text.
public enum GridPlacement: Equatable, Sendable {
    /// The value holds no part of the grid (`/statistics`, `/simulation/gridState/ticks`).
    case none
    /// The value holds the whole grid object at this pointer, relative to the value (for `""`
    /// it is `/simulation/gridState/grid`; for the grid's own path, the root).
    case contains(at: JSONPointer)
    /// The value is a part of the grid object: this pointer within it (`/cells/3`, `/rows`).
    case inside(JSONPointer)

    public init(path: JSONPointer) {
        let grid = Viewport.gridPath
        if grid.hasPrefix(path) {
            self = .contains(at: JSONPointer(tokens: Array(grid.tokens.dropFirst(path.tokens.count))))
        } else if path.hasPrefix(grid) {
            self = .inside(JSONPointer(tokens: Array(path.tokens.dropFirst(grid.tokens.count))))
        } else {
            self = .none
        }
    }
}
