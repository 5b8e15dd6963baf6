import LifeStore
import Protocol

/// The end of each turn of the event loop (its before-sleep hook, as Redis's `beforeSleep`):
/// the turn's changes are saved, then the clients' output is written; and what follows a failed
/// save (going back to the saved state, retrying).
extension Server {
    /// Once per turn of the event loop, before it waits again: saves the turn's changes, then
    /// releases the acknowledgements that waited for the save (or, when it failed, answers them
    /// `storage-failed` and goes back to the last saved state), then writes to every client with
    /// output. So no acknowledgement leaves before its change is on disk.
    func endOfTurn() {
        let failure = durability?.commit(store.state, version: store.version)
        releaseHeldOutput(failure: failure.map { _ in durability?.refusal ?? ProtocolError(.storageFailed, "the change could not be saved") })
        if failure != nil { rollBack() }
        let writing = clientsToWrite
        clientsToWrite.removeAll(keepingCapacity: true)
        for client in writing {
            client.isMarkedForWriting = false
            if isConnected(client), client.writableBytes > 0 { startWriting(client) }
        }
    }

    private func releaseHeldOutput(failure: ProtocolError?) {
        let holding = clientsHolding
        clientsHolding.removeAll(keepingCapacity: true)
        for client in holding where isConnected(client) { client.releaseHeld(failure: failure) }
    }

    /// After a failed save: the state goes back to what is on disk (as a new version, so watchers
    /// get the diff back), and a retry is scheduled.
    private func rollBack() {
        guard let durability else { return }
        if let saved = durability.lastSaved, store.state != saved.state {
            log.warning("going back to the last saved state (version \(saved.version)) as version \(store.version + 1)")
            store.restore(saved.state)
        }
        scheduleRetry()
    }

    /// Tries to save again after the retry delay, and again until it works.
    func scheduleRetry() {
        guard let durability, !isRetryScheduled else { return }
        isRetryScheduled = true
        _ = loop.schedule(after: durability.retryDelay) { [weak self] in
            guard let self else { return }
            isRetryScheduled = false
            if !durability.retry(store.state, version: store.version) { return scheduleRetry() }
            if let jumpEnd = refusedJumpEnd {
                refusedJumpEnd = nil
                // It came from the jump's effect, and is logged as such.
                effectRan(jumpEnd, store.send(jumpEnd, from: "an effect"))
            }
        }
    }

    /// Saves the timer's ticks of the last few seconds (the housekeeping timer calls this).
    func saveTicks() {
        guard durability?.saveTicks(store.state, version: store.version) != nil else { return }
        rollBack()
    }
}
