/// Where the watcher's connection to the daemon stands.
public enum ConnectionStatus: Hashable, Sendable {
    /// Connected, waiting for the first snapshot.
    case connecting
    /// Connected, with a current mirror.
    case connected
    /// The daemon went away; `attempt` reconnections failed so far. The last state shows, dimmed.
    case reconnecting(attempt: Int)

    /// The words the header shows.
    public var text: String {
        switch self {
        case .connecting: return "connecting…"
        case .connected: return "connected"
        case .reconnecting(let attempt): return attempt == 0 ? "reconnecting…" : "reconnecting… (attempt \(attempt + 1))"
        }
    }

    /// Whether the mirror is live (keys can act).
    public var isConnected: Bool { self == .connected }
}
