import LifeDaemon
import LifeSystem
import LifeJSON
import Protocol

/// Each client's output: queued during the turn, bounded, written at the turn's end after the
/// turn's commit, with acknowledgements held until then; and closing a connection once its
/// output is written.
extension Connections {
    func send(_ message: ServerMessage, to client: Client) {
        enqueue(Frame.encode(message.json), to: client)
    }

    func enqueue(_ parts: [UInt8]..., to client: Client) {
        guard isConnected(client) else { return }
        client.enqueue(parts)
        pending.markForWriting(client)
    }

    /// Queues a reply whose value is a part of the state: whole, or streamed as the socket drains.
    func enqueue(_ frame: StateRenderer.ReplyFrame, to client: Client) {
        guard isConnected(client) else { return }
        switch frame {
        case .whole(let bytes): client.enqueue([bytes])
        case .stream(let stream): client.enqueue(StreamedReply(stream, budget: replyBudget))
        }
        pending.markForWriting(client)
    }

    /// Holds the acknowledgement of a change until the turn's commit says whether it is on disk.
    func holdAcknowledgement(id: JSON?, version: Int, for client: Client) {
        pending.markHolding(client)
        client.holdAcknowledgement(id: id, version: version)
        pending.markForWriting(client)
    }

    /// Releases the held output of every client still connected: acknowledgements as `ack`, or as
    /// `storage-failed` with `failure` when the turn's commit failed.
    func releaseHeld(failure: ProtocolError?) {
        for client in pending.takeHolding() where isConnected(client) { client.releaseHeld(failure: failure) }
    }

    /// At the end of the turn, after its commit: one write to each client with output.
    func writePending() {
        for client in pending.takeToWrite() {
            client.isMarkedForWriting = false
            if isConnected(client), client.writableBytes > 0 { startWriting(client) }
        }
    }

    /// Writes what the socket takes now and watches for writability for the rest. A client that
    /// took everything at once while a resync is owed to it, or its reading is paused, is watched
    /// for writability too: the socket is writable, so the next turn runs ``afterFlush(_:)`` at
    /// once, which sends the resync and reads again. (Not here: this runs after the turn's
    /// commit, and reading may make changes.) Its requests wait meanwhile, so a `pong` follows
    /// the resync.
    func startWriting(_ client: Client) {
        guard client.flush() else { return disconnect(client, reason: "write failed") }
        if client.pendingBytes > 0 {
            loop.change(client.fd, to: client.isClosing || client.isReadPaused ? .writable : [.readable, .writable])
        } else if client.isReadPaused || delegate.awaitsResync(client) {
            loop.change(client.fd, to: .writable)
        }
    }

    func closeAfterFlush(_ client: Client) {
        guard isConnected(client) else { return }
        client.isClosing = true
        if client.pendingBytes == 0 {
            disconnect(client, reason: "closed after an error")
        } else {
            loop.change(client.fd, to: .writable)
        }
    }

    /// After a write: once `client` has written everything, the resyncs it waits for, and its
    /// reading again if it was paused (or the connection closed, if it was closing).
    func afterFlush(_ client: Client) {
        guard client.pendingBytes == 0 else { return }
        if client.isClosing { return disconnect(client, reason: "closed after an error") }
        delegate.drained(client)
        if client.pendingBytes > 0 { return }
        if client.isReadPaused {
            client.isReadPaused = false
            loop.change(client.fd, to: .readable)
            processFrames(client)
        } else {
            loop.change(client.fd, to: .readable)
        }
    }
}
