import LifeDaemon
import LifeSystem

/// The budget for unfinished frames (``FrameBudget``) at work: how much each read may take, the
/// clients left waiting for room and woken when there is some, and the bytes of each client
/// counted as they arrive and are handled.
extension Connections {
    /// How many bytes `client` may read now: its allowance and the budget's room, or what
    /// finishes its frame when that is the oldest being read.
    func readAllowance(for client: Client) -> Int {
        let held = client.input.bufferedByteCount
        let room = frameBudget.allowance(holding: held, readSize: Connections.readSize)
        guard room == 0, isOldestFrame(client) else { return room }
        return frameBudget.allowance(holding: held, readSize: Connections.readSize, oldestToFinish: client.input.bytesToFinishFrame)
    }

    /// Whether the frame `client` is in the middle of sending began before every other being read
    /// (clients that are closing, or whose reading is paused for their replies, are not reading).
    private func isOldestFrame(_ client: Client) -> Bool {
        guard let ticket = client.frameTicket else { return false }
        for other in clients.all where other !== client && !other.isClosing && !other.isReadPaused {
            if let otherTicket = other.frameTicket, otherTicket < ticket { return false }
        }
        return true
    }

    /// Stops reading `client` until there is room: its timer of the frame timeout stops too.
    func waitForBudget(_ client: Client) {
        if client.budgetWaitSince == nil {
            client.budgetWaitSince = loop.now
            frameBudget.countWait()
            budgetWaiters.append(client)
            armFrameTimer(client)
            // Tests wait for this line (at debug level) rather than for a while.
            log.debug("client \(client.number): \(frameBudget.buffered) bytes of unfinished frames held in all; reading waits for room")
        }
        loop.change(client.fd, to: client.pendingBytes > 0 ? .writable : [])
    }

    /// Counts what `client` holds now; when that freed room, the clients waiting for it read again.
    func budgetInput(of client: Client) {
        let connected = isConnected(client)
        let held = connected ? client.input.bufferedByteCount : 0
        let countedBefore = frameBudget.counted
        let hadTicket = client.frameTicket != nil
        frameBudget.changed(from: client.budgetedBytes, to: held)
        client.budgetedBytes = held
        let frames = client.input.framesReceived
        if !connected || client.input.bytesToFinishFrame == nil {
            client.frameTicket = nil
        } else if client.frameTicket == nil || client.ticketedFrames != frames {
            // A frame begun since the last count: it comes after every other.
            client.frameTicket = nextFrameTicket
            client.ticketedFrames = frames
            nextFrameTicket += 1
        }
        if frameBudget.counted < countedBefore || (hadTicket && client.frameTicket == nil) { wakeBudgetWaiters() }
    }

    /// Lets every client waiting for room read again (each takes what room there is, or waits
    /// again); the time each waited is excused from its frame timeout.
    private func wakeBudgetWaiters() {
        guard !budgetWaiters.isEmpty else { return }
        let waiters = budgetWaiters
        budgetWaiters.removeAll()
        for client in waiters where isConnected(client) {
            guard let since = client.budgetWaitSince else { continue }
            client.budgetWaitSince = nil
            client.input.excuse(loop.now - since)
            armFrameTimer(client)
            guard !client.isClosing, !client.isReadPaused else { continue }
            loop.change(client.fd, to: client.pendingBytes > 0 ? [.readable, .writable] : .readable)
        }
    }

    /// The clients waiting for room now.
    var budgetWaiterCount: Int { budgetWaiters.count { isConnected($0) && $0.budgetWaitSince != nil } }
}
