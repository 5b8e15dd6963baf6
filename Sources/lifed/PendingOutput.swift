/// The output a turn of the event loop leaves for its end: the clients with output queued during
/// the turn, each written once when it ends (a thousand pipelined acks are one `sendmsg`, not a
/// thousand), and the clients holding an acknowledgement until the turn's commit.
struct PendingOutput {
    /// Clients with output queued during this turn, in the order they were queued.
    private(set) var toWrite: [Client] = []
    /// Clients holding an acknowledgement until the turn's commit.
    private(set) var holding: [Client] = []

    /// Adds `client` to those written at the end of the turn, once.
    mutating func markForWriting(_ client: Client) {
        guard !client.isMarkedForWriting else { return }
        client.isMarkedForWriting = true
        toWrite.append(client)
    }

    /// Adds `client` to those holding an acknowledgement, once.
    mutating func markHolding(_ client: Client) {
        if client.held.isEmpty { holding.append(client) }
    }

    /// The clients holding an acknowledgement, which hold none once they are told.
    mutating func takeHolding() -> [Client] {
        defer { holding.removeAll(keepingCapacity: true) }
        return holding
    }

    /// The clients to write (each still marked until it is written).
    mutating func takeToWrite() -> [Client] {
        defer { toWrite.removeAll(keepingCapacity: true) }
        return toWrite
    }
}
