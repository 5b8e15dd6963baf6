import Glibc
import LifeSystem
import Protocol

/// Shutting down: a goodbye to every client, and a short grace to write it.
extension Connections {
    /// Says goodbye to every client and writes what it can for up to `grace`, without blocking on any one.
    func shutdown(grace: Duration = .milliseconds(500)) {
        let bye = Frame.encode(ServerMessage.bye(reason: "shutdown").json)
        for client in clients.all { client.enqueue([bye]) }
        let deadline = MonotonicClock.now + grace
        while MonotonicClock.now < deadline {
            var waiting: [pollfd] = []
            for client in clients.all {
                if !client.flush() || client.pendingBytes == 0 {
                    disconnect(client, reason: "shutdown")
                } else {
                    waiting.append(pollfd(fd: client.fd, events: Int16(POLLOUT), revents: 0))
                }
            }
            if waiting.isEmpty { break }
            _ = poll(&waiting, nfds_t(waiting.count), 20)
        }
        for client in Array(clients.all) { disconnect(client, reason: "shutdown") }
        acceptor?.stop()
        try? FileDescriptor(rawValue: listener).close()
        floodLog.flush()
    }
}
