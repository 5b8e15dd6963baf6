import LifeClient
import LifeJSON
import LifeSystem
import LifeTerminal
import Protocol

/// The watcher's first subscription, made before it takes over the screen, so that a bad path
/// or an unreachable daemon is a plain error message and an exit status.
enum FirstSnapshot {
    /// Why lifewatch could not start watching.
    struct Failure: Error {
        var message: String
        var status: Int32
    }

    /// Subscribes to `path` on `connection` (the grid windowed by `window` when there is one)
    /// and waits for the snapshot: the subscription, with its mirror.
    static func subscribe(_ connection: Connection, to path: JSONPointer, window: Viewport?) throws(Failure) -> WatchSubscription {
        do {
            try connection.send(ClientRequest(id: WatchSubscription.id, kind: .subscribe(path: path, viewport: window)))
            while true {
                let message = try connection.receive()
                // An error that ends the connection (a request over the daemon's --max-frame): its reason, not just the close.
                if let ending = Connection.ending(message) {
                    throw Failure(message: "\(ending)", status: ExitCode.failure.rawValue)
                }
                switch message {
                case .snapshot(let id, let version, _, let value, _) where id == WatchSubscription.id:
                    return WatchSubscription(path: path, requested: window, value: value, version: version)
                case .error(let id, let code, let message, _) where id == WatchSubscription.id:
                    throw Failure(message: "\(code): \(message)", status: ExitCode.failure.rawValue)
                case .bye(let reason):
                    throw Failure(message: "the daemon said goodbye (\(reason))", status: ExitCode.unreachable.rawValue)
                default:
                    continue
                }
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(message: "\(error)", status: ExitCode.unreachable.rawValue)
        }
    }
}
