import LifeGrid
import LifeJSON
import Protocol

/// The watcher's requests whose reply is still to come, by id, with what each reply is for.
///
/// Every request gets one reply with its id, so a reply finds its purpose once and the purpose
/// is then forgotten. Ids are integers from 1; the subscription's id is a string
/// (``WatchSubscription/id``), so they never collide. A lost connection loses every reply owed.
public struct RequestsInFlight: Equatable, Sendable {
    /// What a request's reply is for.
    public enum Purpose: Equatable, Sendable {
        /// An action a key or the mouse sent (a `dispatch`): a refusal is flashed in lifewatch's words.
        case dispatch(AppAction)
        /// Where the live cells are (a `status`), to centre on them or fit them.
        case liveCells(LiveCellsIntent)
        /// The configuration at `index`, titled `title` when it was chosen (a `configurations.read`),
        /// to paste with its top-left corner at `at`.
        case paste(index: Int, title: String, at: Pattern.Coordinate)

        /// The purpose of the request `command` makes; nil for a command that sends nothing.
        public init?(_ command: WatchCommand) {
            switch command {
            case .dispatch(let action): self = .dispatch(action)
            case .findLiveCells(let intent): self = .liveCells(intent)
            case .pasteConfiguration(let index, let title, let cell): self = .paste(index: index, title: title, at: cell)
            case .quit, .suspend, .redraw: return nil
            }
        }

        /// The request that serves it. This is where an action takes its wire form.
        public var kind: ClientRequest.Kind {
            switch self {
            case .dispatch(let action): return .dispatch(action: action.json)
            case .liveCells: return .status
            case .paste(let index, _, _): return .readConfiguration(.index(index))
            }
        }
    }

    private var pending: [Int: Purpose] = [:]
    private var nextID = 1

    /// No requests in flight.
    public init() {}

    /// How many replies are owed.
    public var count: Int { pending.count }

    /// The request for `purpose`, with a fresh id; its reply is owed from now on.
    public mutating func request(for purpose: Purpose) -> ClientRequest {
        let id = nextID
        nextID += 1
        pending[id] = purpose
        return ClientRequest(id: .int(id), kind: purpose.kind)
    }

    /// What the reply with `id` is for (forgotten from then on); nil for an id not owed a reply.
    public mutating func take(_ id: JSON?) -> Purpose? {
        guard let number = id?.intValue else { return nil }
        return pending.removeValue(forKey: number)
    }

    /// The connection is gone: none of the replies will come.
    public mutating func connectionLost() {
        pending.removeAll()
    }
}
