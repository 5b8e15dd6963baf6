import LifeJSON
import Protocol

/// What a watcher shows: the whole world, or the subtree its `--path` points at.
public enum WatchedContent: Equatable, Sendable {
    /// The whole state, read as a world.
    case world(WorldView)
    /// The value at `path` (also the whole state when it does not read as a world).
    case subtree(path: String, value: JSON)

    /// The content for a subscription to `path` whose value is `value`.
    public init(path: String, value: JSON) {
        if path.isEmpty, let world = WorldView(json: value) {
            self = .world(world)
        } else {
            self = .subtree(path: path, value: value)
        }
    }

    /// The world, when that is what shows.
    public var world: WorldView? {
        if case .world(let world) = self { return world }
        return nil
    }
}
