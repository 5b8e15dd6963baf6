import LifeClient
import LifeJSON
import LifeSystem
import Protocol

/// `send JSON`: one raw protocol request, as given, and the daemon's reply as it came (exit
/// status 1 when it is an error). For trying the protocol by hand. Starts lifed on demand.
let sendCommand = Command(
    name: "send", usage: "send JSON", summary: "Send a raw protocol request and print the reply (see PROTOCOL.md).",
    details: "Example: lifectl send '{\"type\":\"dispatch\",\"id\":1,\"action\":{\"type\":\"grid.step\"}}'",
    daemonStart: .onDemand
) { arguments throws(UsageError) in
    try expectCount(arguments, 1...1, "send")
    let request: JSON
    do {
        request = try JSON(parsing: arguments[0])
    } catch {
        throw UsageError("send needs one JSON request object: \(error)")
    }
    return { session throws(Connection.Failure) in
        try session.connection().sendFrame(Frame.encode(request))
        let reply = try session.connection().receive()
        print(reply.json.text)
        if case .error = reply { return .failure }
        return .success
    }
}
