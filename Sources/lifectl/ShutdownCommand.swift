import LifeClient
import LifeSystem
import Protocol

/// `shutdown`: asks the daemon to shut down, as SIGTERM does. Never starts lifed: with none
/// running there is nothing to shut down, and it says how to start one.
let shutdownCommand = Command(
    name: "shutdown", usage: "shutdown", summary: "Ask the daemon to shut down, as SIGTERM does.",
    daemonStart: .never
) { arguments throws(UsageError) in
    try expectCount(arguments, 0...0, "shutdown")
    return { session throws(Connection.Failure) in
        let reply = try session.request(.shutdown)
        return session.report(reply, said: Said("shutdown")) { "lifed is shutting down" }
    }
}
