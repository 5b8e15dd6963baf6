import Glibc
import LifeDaemon
import LifeSystem
import Protocol

/// Reading the clients' requests: what a socket holds, cut into frames (each handed to the
/// delegate as it is cut), with reading paused while a client's replies pile up unread, or
/// while the budget for unfinished frames has no room for it (`Connections+FrameBudget.swift`).
extension Connections {
    /// The most one `recv` reads.
    static let readSize = 65536

    func readAvailable(_ client: Client) {
        // On the stack, and not zeroed: a ping every few milliseconds must not cost a 64 KiB
        // allocation and its zeroing each time.
        withUnsafeTemporaryAllocation(byteCount: Connections.readSize, alignment: 16) { buffer in readAvailable(client, into: buffer) }
    }

    private func readAvailable(_ client: Client, into buffer: UnsafeMutableRawBufferPointer) {
        // Bounded per wake-up so one busy client cannot starve the others.
        for _ in 0..<16 {
            let allowed = readAllowance(for: client)
            guard allowed > 0 else { return waitForBudget(client) }
            let received: Int?
            do throws(SystemError) {
                received = try nonBlockingCall("recv") { recv(client.fd, buffer.baseAddress, min(allowed, buffer.count), Int32(MSG_DONTWAIT)) }
            } catch {
                return disconnect(client, reason: "read failed: \(error)")
            }
            guard let count = received else { return }
            if count == 0 {
                // The client is done sending; it may still be reading, so write what it is owed first.
                client.isClosing = true
                processFrames(client, atEndOfInput: true)
                return closeAfterFlush(client)
            }
            client.input.append(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), at: loop.now)
            let framesBefore = client.input.framesReceived
            processFrames(client)
            // A frame begun in this read starts the clock; one that goes on keeps its start.
            client.input.readEnded(framesBefore: framesBefore, at: loop.now)
            armFrameTimer(client)
            if client.isClosing || client.isReadPaused || !isConnected(client) { return }
            // A read that did not fill the buffer took all there was: epoll is level-triggered and
            // says when more comes (or the end), so asking again now would only hear EAGAIN (a
            // second system call for every ping).
            if count < min(allowed, buffer.count) { return }
        }
    }

    func processFrames(_ client: Client, atEndOfInput: Bool = false) {
        // Whatever the frames handed out free goes back to the budget.
        defer { budgetInput(of: client) }
        while !client.isClosing || atEndOfInput {
            // A resync is owed: it goes out before any reply to what the client asks next, so
            // that a pong is a barrier for every mirror (the client is read again once it has it).
            if !atEndOfInput, delegate.awaitsResync(client) {
                pauseReading(client)
                return
            }
            let frame: [UInt8]?
            do {
                frame = try client.input.nextFrame()
            } catch {
                let reply: ProtocolError
                switch error {
                case .empty: reply = ProtocolError(.badFrame, "a frame's length must be at least 1")
                case .tooLarge(let length, let limit):
                    reply = ProtocolError(.frameTooLarge, "a frame of \(length) bytes is over the limit of \(limit) (lifed --max-frame)")
                }
                log.info("client \(client.number): \(reply); closing it")
                send(.error(id: nil, reply), to: client)
                closeAfterFlush(client)
                return
            }
            guard let frame else { return }
            delegate.received(frame, from: client)
            if atEndOfInput { continue }
            if client.pendingBytes > options.clientBuffer || delegate.awaitsResync(client) {
                // Replies pile up unread: stop reading until the client catches up.
                pauseReading(client)
                return
            }
        }
    }

    func pauseReading(_ client: Client) {
        // Tests wait for this line (at debug level) rather than for a while.
        if !client.isReadPaused { log.debug("client \(client.number): \(client.pendingBytes) bytes of replies unread; reading paused") }
        client.isReadPaused = true
        loop.change(client.fd, to: .writable)
    }

    // MARK: The frame timeout

    /// Keeps a timer on the frame `client` is in the middle of sending, to fire when the frame
    /// timeout of its first byte has passed; none between frames, or while lifed leaves the
    /// client waiting for room (that wait is not the client's, and does not count).
    func armFrameTimer(_ client: Client) {
        guard !client.isClosing, client.budgetWaitSince == nil,
            let left = client.input.timeLeft(at: loop.now, timeout: options.frameTimeout)
        else {
            client.frameTimer?.cancel()
            client.frameTimer = nil
            return
        }
        if client.frameTimer == nil { scheduleFrameTimer(client, after: left) }
    }

    private func scheduleFrameTimer(_ client: Client, after delay: Duration) {
        client.frameTimer = loop.schedule(after: delay) { [weak self, weak client] in
            guard let self, let client else { return }
            client.frameTimer = nil
            frameTimerFired(client)
        }
    }

    /// The frame timer of `client` fired: the frame it began is closed on, unless it began later
    /// than the timer knew (a frame finished and another began) or lifed is not reading it.
    private func frameTimerFired(_ client: Client) {
        guard isConnected(client), !client.isClosing, client.budgetWaitSince == nil,
            let left = client.input.timeLeft(at: loop.now, timeout: options.frameTimeout)
        else { return }
        // A client whose reading is paused may be stuck behind its own replies: look again later.
        guard left <= .zero, !client.isReadPaused else { return scheduleFrameTimer(client, after: left > .zero ? left : options.frameTimeout) }
        log.info("client \(client.number) did not finish a frame within \(options.frameTimeout); closing it")
        send(.error(id: nil, ProtocolError(.badFrame, "a frame took over \(options.frameTimeout) to arrive; closing")), to: client)
        send(.bye(reason: "frame-timeout"), to: client)
        closeAfterFlush(client)
    }
}
