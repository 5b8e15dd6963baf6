import LifeJSON
import Protocol

/// The watcher's one subscription, as a value: the mirror of the watched value, the window of
/// the grid it asks for, and what the screen shows of it. It makes the requests and reads the
/// messages; the caller sends and receives them.
///
/// The whole world (the root path) is watched through a viewport subscription: the daemon sends
/// only a window of the grid around what the screen shows, and a pan or a resize that leaves it
/// asks for another (``ViewportFollower`` decides). Any other path is watched whole.
public struct WatchSubscription: Sendable {
    /// The subscription's id; other requests use integers (``RequestsInFlight``), so they never collide with it.
    public static let id: JSON = "lifewatch"

    /// The part of the state watched (`--path`); the root for the whole world.
    public let path: JSONPointer
    /// The watched value, kept current from snapshots and diffs.
    public private(set) var mirror = SubscriptionMirror()
    /// The window of the grid asked for, and whether an answer is on its way.
    public private(set) var follower: ViewportFollower
    /// What ``content()`` made of the mirror, and the mirror's generation it was made from.
    private var cached: (generation: Int, content: WatchedContent?)?

    /// A subscription to `path` whose snapshot, at `version`, is `value`, taken through the
    /// window `requested` (nil when it is not the world's).
    public init(path: JSONPointer, requested: Viewport?, value: JSON, version: Int) {
        self.path = path
        follower = ViewportFollower(requested: requested)
        mirror.replace(with: value, version: version)
    }

    /// Whether the whole world is watched (through a window of its grid).
    public var watchesWorld: Bool { path.isRoot }

    /// The first `subscribe` to `path`: for the world, through a window covering a screen of
    /// `screenRows` x `cols` (two grid rows a line with `halfBlocks`) until the first frame says
    /// what shows.
    public static func firstRequest(path: JSONPointer, screenRows: Int, cols: Int, halfBlocks: Bool) -> ClientRequest {
        let window = path.isRoot ? ViewportFollower.window(screenRows: screenRows, cols: cols, halfBlocks: halfBlocks) : nil
        return ClientRequest(id: id, kind: .subscribe(path: path, viewport: window))
    }

    /// The `subscribe` request for the watched path, with the window last asked for (counted as
    /// sent): after lost diffs, or on a new connection (`newConnection`: nothing is in flight on it).
    public mutating func subscribeRequest(newConnection: Bool = false) -> ClientRequest {
        if newConnection { follower.connectionLost() }
        let window = watchesWorld ? follower.requested : nil
        if let window { follower.sent(window) }
        return ClientRequest(id: Self.id, kind: .subscribe(path: path, viewport: window))
    }

    /// What a message did to the subscription.
    public enum Update: Equatable, Sendable {
        /// A snapshot replaced the value (the reply to a `subscribe` or a `viewport`, or a resync).
        case snapshot
        /// A diff applied.
        case changed
        /// A diff for the subscription being replaced: nothing changed.
        case unchanged
        /// Diffs were lost or broken: send ``subscribeRequest(newConnection:)`` (the mirror is stale until its snapshot).
        case resubscribe
    }

    /// Takes in `message`: a snapshot or a diff of this subscription updates the mirror; any
    /// other message is not its business (nil).
    public mutating func receive(_ message: ServerMessage) -> Update? {
        switch message {
        case .snapshot(let id, let version, _, let value, let resync) where id == Self.id:
            follower.snapshotCame(resync: resync)
            mirror.replace(with: value, version: version)
            return .snapshot
        case .diff(let id, let base, let version, let patch) where id == Self.id:
            switch mirror.apply(base: base, version: version, patch: patch) {
            case .applied:
                carryContent(through: patch)
                return .changed
            case .ignored: return .unchanged
            case .resubscribe: return .resubscribe
            }
        default:
            return nil
        }
    }

    /// The connection is gone: the value stays for display (stale), and no answer is on its way.
    public mutating func connectionLost() {
        follower.connectionLost()
        mirror.markStale()
    }

    /// What the screen shows: the world, or the value at the path as text; nil before any value.
    /// Made again only when the mirror changed.
    public mutating func content() -> WatchedContent? {
        if let cached, cached.generation == mirror.generation { return cached.content }
        let content = mirror.value.map { WatchedContent(path: path.description, value: $0) }
        cached = (mirror.generation, content)
        return content
    }

    /// After a diff `patch` applied: when ``content()`` was made of the value before it, the
    /// world made again with the grid carried through the patch (only the rows it replaced read
    /// again), so that the next ``content()`` does not read every row of the window. Else the
    /// next ``content()`` reads the whole value.
    private mutating func carryContent(through patch: [PatchOperation]) {
        guard let previous = cached, previous.generation == mirror.generation - 1, case .world(let world)? = previous.content,
            let value = mirror.value
        else { return }
        // Out of the cache whatever happens: it is of the value before the diff.
        cached = nil
        guard let grid = world.grid else { return }
        let gridPath = GridWindow.pathInState
        guard let json = value.value(at: gridPath), let carried = grid.patched(by: patch, at: gridPath, grid: json),
            let fresh = WorldView(json: value, grid: { _ in carried })
        else { return }
        cached = (mirror.generation, .world(fresh))
    }

    /// After a frame that showed `visible` of the grid (``WatchFrame/visibleGrid``) at `scale`
    /// (``WatchFrame/gridScale``: zoomed out, the side of a dot's block): the `viewport` request
    /// for another window when the one held does not serve it (counted as sent), or nil. Nothing
    /// is asked while the mirror is stale, or for a text view.
    public mutating func follow(visible: Viewport?, scale: Int = 1) -> ClientRequest? {
        guard watchesWorld, !mirror.isStale, let visible, case .world(let world)? = content(), let grid = world.grid,
            let window = follower.update(visible: visible, held: grid.window, gridRows: grid.rows, gridCols: grid.cols, scale: scale)
        else { return nil }
        return ClientRequest(id: Self.id, kind: .viewport(window))
    }
}
