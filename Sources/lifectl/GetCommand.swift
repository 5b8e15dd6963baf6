import LifeClient
import LifeJSON
import LifeSystem
import Protocol

/// `get [POINTER]`: the daemon's state, or the part of it at a JSON Pointer, as indented JSON.
/// Starts lifed on demand.
let getCommand = Command(
    name: "get", usage: "get [POINTER]",
    summary: "The state, or the part at a JSON Pointer such as /simulation/gridState or /settings/rule.",
    daemonStart: .onDemand
) { arguments throws(UsageError) in
    try expectCount(arguments, 0...1, "get")
    let pointer: JSONPointer
    do {
        pointer = try JSONPointer(parsing: arguments.first ?? "")
    } catch {
        throw UsageError("\"\(arguments.first ?? "")\" is not a JSON Pointer (use \"\" or a path such as /simulation/gridState): \(error)")
    }
    let said = Said("get").with(pointer: "/path", "POINTER", pointer.description)
    return { session throws(Connection.Failure) in
        let reply = try session.request(.get(path: pointer))
        return session.report(reply, said: said) {
            if case .state(_, _, _, let value) = reply { return value.prettyText() }
            return nil
        }
    }
}
