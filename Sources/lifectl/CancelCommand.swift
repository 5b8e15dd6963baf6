import LifeClient
import LifeSystem
import Protocol

/// `cancel`: cancels the jump in flight (`grid.cancelJump`), and says whether there was one; the
/// grid stays as it was before the jump. Starts lifed on demand (one just started has no jump,
/// and says so).
let cancelCommand = Command(
    name: "cancel", usage: "cancel", summary: "Cancel the jump in flight; the grid stays as it was before it. (grid.cancelJump)",
    daemonStart: .onDemand
) { arguments throws(UsageError) in
    try expectCount(arguments, 0...0, "cancel")
    return { session throws(Connection.Failure) in
        let running = try session.get("/simulation/jump") != .null
        return try session.dispatch(.simulation(.grid(.cancelJump)), said: Said("cancel")) { version in
            running ? "cancelled the jump; the grid is as it was before it (version \(version))" : "no jump was running (version \(version))"
        }
    }
}
