import LifeClient
import LifeSystem
import Protocol

/// `shutdown`: asks the daemon to shut down, as SIGTERM does, and returns once it has exited
/// (its state saved, its state folder's lock and its socket let go), so that a script may start
/// another at once. Never starts lifed: with none running there is nothing to shut down, and it
/// says how to start one.
let shutdownCommand = Command(
    name: "shutdown", usage: "shutdown", summary: "Ask the daemon to shut down, as SIGTERM does, and wait until it has exited.",
    daemonStart: .never
) { arguments throws(UsageError) in
    try expectCount(arguments, 0...0, "shutdown")
    return { session throws(Connection.Failure) in
        let exit = DaemonExit(serving: try session.connection())
        let reply = try session.request(.shutdown)
        guard case .ack = reply else { return session.report(reply, said: Said("shutdown")) { nil } }
        if let exit {
            guard exit.wait(milliseconds: shutdownPatienceMs) else {
                printError("lifectl", "lifed (pid \(exit.pid)) agreed to shut down but has not exited after \(shutdownPatienceMs / 1000) s")
                return .failure
            }
        } else {
            // No pidfd here: the daemon closing the connection is the nearest sign, after its
            // state is saved.
            let connection = try session.connection()
            connection.setReceiveTimeout(seconds: shutdownPatienceMs / 1000)
            do throws(Connection.Failure) {
                while true { _ = try connection.receive() }
            } catch {
                guard case .closed = error else {
                    printError("lifectl", "lifed agreed to shut down, but whether it has: \(error)")
                    return .failure
                }
            }
        }
        return session.report(reply, said: Said("shutdown")) { "lifed has shut down" }
    }
}

/// How long `shutdown` waits for the daemon to exit after it agreed: a final snapshot of a
/// 4096 x 4096 world is written in well under a second.
let shutdownPatienceMs = 30_000
