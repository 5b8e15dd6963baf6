import LifeClient
import LifeJSON
import LifeSystem
import Protocol

/// `stats [reset]`: the cumulative statistics (steps, alive, born, died, empty), or with `reset`
/// all of them back to 0 (`statistics.reset`). Starts lifed on demand.
let statsCommand = Command(
    name: "stats", usage: "stats [reset]", summary: "The cumulative statistics, or reset them (statistics.reset).",
    daemonStart: .onDemand
) { arguments throws(UsageError) in
    try expectCount(arguments, 0...1, "stats")
    if let sub = arguments.first {
        guard sub == "reset" else { throw UsageError("stats takes no argument or \"reset\", not \"\(sub)\"") }
        return { session throws(Connection.Failure) in
            try session.dispatch(.statistics(.reset), said: Said("stats reset")) { "statistics reset to 0 (version \($0))" }
        }
    }
    return { session throws(Connection.Failure) in
        let reply = try session.request(.get(path: JSONPointer(tokens: ["statistics"])))
        return session.report(reply, said: Said("stats")) {
            guard case .state(_, _, _, let value) = reply else { return nil }
            return ["steps", "alive", "born", "died", "empty"].map { "\($0) \(value[$0]?.intValue ?? 0)" }.joined(separator: "\n")
        }
    }
}
