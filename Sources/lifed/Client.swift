import CLinux
import Glibc
import LifeDaemon
import LifeSystem
import LifeJSON
import LifeScheduling
import Protocol

/// One connected client: its input (``ClientInput``: frames, and the clocks of its reading) and
/// its bounded output buffer, with what waits for the turn's commit (``HeldOutput``). (Its
/// subscriptions are in the server's subscription table, under its number.)
final class Client {
    let fd: Int32
    let number: Int
    /// What the client has sent: the frames, and when.
    var input: ClientInput
    /// Bytes waiting to be written.
    private var output = OutputQueue()
    /// Output held until the turn's commit (empty unless this client waits for an acknowledgement).
    private(set) var held = HeldOutput()
    /// Whether the server has this client in its list of clients to write to at the end of the turn.
    var isMarkedForWriting = false
    /// No more reading: the connection closes once its output is written.
    var isClosing = false
    /// Reading paused because replies are piling up unread.
    var isReadPaused = false
    /// Since when the client has waited, unread, for room in the daemon's budget for unfinished
    /// frames (``FrameBudget``); nil while it may read.
    var budgetWaitSince: Duration?
    /// Where the frame it is in the middle of sending comes among all clients' unfinished frames
    /// (nil between frames): the oldest may always finish.
    var frameTicket: Int?
    /// The frames received when the frame ticket was given (a later frame gets a later ticket).
    var ticketedFrames = 0
    /// The bytes of its input the frame budget last counted.
    var budgetedBytes = 0
    /// Fires when the frame it is in the middle of sending has taken the frame timeout.
    var frameTimer: Cancellable?
    /// How many times this client's subscriptions were resynchronised.
    var resyncs = 0
    /// Bytes written to the socket so far.
    private(set) var bytesWritten = 0

    /// The peer's uid and pid (SO_PEERCRED), read when first needed: what the history records
    /// of the changes it makes (-1 each when the kernel does not say).
    lazy var peer: (uid: Int, pid: Int) = {
        var pid: UInt32 = 0
        var uid: UInt32 = 0
        var gid: UInt32 = 0
        guard clinux_peer_credentials(fd, &pid, &uid, &gid) == 0 else { return (-1, -1) }
        return (Int(uid), Int(pid))
    }()

    init(fd: Int32, number: Int, maxFrameSize: Int, now: Duration) {
        self.fd = fd
        self.number = number
        input = ClientInput(maxFrameSize: maxFrameSize, now: now)
    }

    /// Bytes queued or held and not yet written.
    var pendingBytes: Int { output.count + held.bytes }

    /// Bytes queued for writing now (held output not included).
    var writableBytes: Int { output.count }

    /// Queues `parts` behind what is already waiting (a large array is referenced, not copied:
    /// one encoded diff shared by every watcher stays one copy); behind held output while there is some.
    func enqueue(_ parts: [[UInt8]]) {
        guard held.isEmpty else { return held.append(parts) }
        for bytes in parts { output.append(bytes) }
    }

    /// Queues bytes that `producer` makes as the socket drains (a streamed reply).
    func enqueue(_ producer: OutputProducer) {
        guard held.isEmpty else { return held.append(producer) }
        output.append(producer)
    }

    /// Holds an acknowledgement (and everything after it) until the turn's changes are saved.
    func holdAcknowledgement(id: JSON?, version: Int) {
        held.appendAcknowledgement(id: id, version: version)
    }

    /// Releases held output into the queue: acknowledgements as `ack` frames, or, when the save
    /// failed, as `storage-failed` errors carrying `failure`.
    func releaseHeld(failure: ProtocolError?) {
        held.release(into: &output, failure: failure)
    }

    /// Writes as much as the socket takes without blocking.
    /// Returns false when the connection is broken.
    func flush() -> Bool {
        let waiting = output.count
        let result = output.write(to: fd)
        bytesWritten += waiting - output.count
        if case .failed = result { return false }
        return true
    }
}
