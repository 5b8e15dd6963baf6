import Glibc
import LifeDaemon
import LifeSystem
import Protocol

/// Reading the clients' requests: what a socket holds, cut into frames (each handed to the
/// delegate as it is cut), with reading paused while a client's replies pile up unread.
extension Connections {
    func readAvailable(_ client: Client) {
        // On the stack, and not zeroed: a ping every few milliseconds must not cost a 64 KiB
        // allocation and its zeroing each time.
        withUnsafeTemporaryAllocation(byteCount: 65536, alignment: 16) { buffer in readAvailable(client, into: buffer) }
    }

    private func readAvailable(_ client: Client, into buffer: UnsafeMutableRawBufferPointer) {
        // Bounded per wake-up so one busy client cannot starve the others.
        for _ in 0..<16 {
            let received: Int?
            do throws(SystemError) {
                received = try nonBlockingCall("recv") { recv(client.fd, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT)) }
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
            if client.isClosing || client.isReadPaused || !isConnected(client) { return }
            // A read that did not fill the buffer took all there was: epoll is level-triggered and
            // says when more comes (or the end), so asking again now would only hear EAGAIN (a
            // second system call for every ping).
            if count < buffer.count { return }
        }
    }

    func processFrames(_ client: Client, atEndOfInput: Bool = false) {
        while !client.isClosing || atEndOfInput {
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
}
