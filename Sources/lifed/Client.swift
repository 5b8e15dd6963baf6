import Glibc
import LifeJSON
import LifeSystem
import Protocol

/// One connected client: its input decoder and its bounded output buffer. (Its subscriptions
/// are in the server's subscription table, under its number.)
final class Client {
    /// Output that waits for the turn's changes to be saved: an acknowledgement, and everything
    /// queued for the client after it (so that order is kept).
    enum HeldOutput {
        case bytes([[UInt8]])
        case producer(OutputProducer)
        /// An acknowledgement: `ack` once the change is saved, `storage-failed` if the save fails.
        case ack(id: JSON?, version: Int)
    }

    let fd: Int32
    let number: Int
    var decoder: FrameDecoder
    /// Bytes waiting to be written.
    private var output = OutputQueue()
    /// Output held until the turn's save (empty unless this client waits for an acknowledgement).
    private(set) var held: [HeldOutput] = []
    private var heldBytes = 0
    /// Whether the server has this client in its list of clients to write to at the end of the turn.
    var isMarkedForWriting = false
    /// No more reading: the connection closes once its output is written.
    var isClosing = false
    /// Reading paused because replies are piling up unread.
    var isReadPaused = false
    /// How many times this client's subscriptions were resynchronised.
    var resyncs = 0
    /// Bytes written to the socket so far.
    private(set) var bytesWritten = 0

    /// When the client last sent anything (the loop's clock).
    var lastActivity: Duration
    /// When the frame the client is in the middle of sending began (nil between frames), so that
    /// a frame trickled in a byte at a time still has to arrive within the frame timeout.
    var partialFrameSince: Duration?
    /// Frames received so far.
    var framesReceived = 0

    init(fd: Int32, number: Int, maxFrameSize: Int, now: Duration) {
        self.fd = fd
        self.number = number
        lastActivity = now
        decoder = FrameDecoder(maxFrameSize: maxFrameSize)
    }

    /// Bytes queued or held and not yet written.
    var pendingBytes: Int { output.count + heldBytes }

    /// Bytes queued for writing now (held output not included).
    var writableBytes: Int { output.count }

    /// Queues `parts` behind what is already waiting (a large array is referenced, not copied:
    /// one encoded diff shared by every watcher stays one copy); behind held output while there is some.
    func enqueue(_ parts: [[UInt8]]) {
        guard held.isEmpty else {
            held.append(.bytes(parts))
            heldBytes += parts.reduce(0) { $0 + $1.count }
            return
        }
        for bytes in parts { output.append(bytes) }
    }

    /// Queues bytes that `producer` makes as the socket drains (a streamed reply).
    func enqueue(_ producer: OutputProducer) {
        guard held.isEmpty else {
            held.append(.producer(producer))
            heldBytes += producer.remaining
            return
        }
        output.append(producer)
    }

    /// Holds an acknowledgement (and everything after it) until the turn's changes are saved.
    func holdAcknowledgement(id: JSON?, version: Int) {
        held.append(.ack(id: id, version: version))
        heldBytes += 32
    }

    /// Releases held output into the queue: acknowledgements as `ack` frames, or, when the save
    /// failed, as `storage-failed` errors carrying `failure`.
    func releaseHeld(failure: ProtocolError?) {
        let items = held
        held.removeAll()
        heldBytes = 0
        for item in items {
            switch item {
            case .bytes(let parts):
                for bytes in parts { output.append(bytes) }
            case .producer(let producer):
                output.append(producer)
            case .ack(let id, let version):
                let message: ServerMessage = failure.map { .error(id: id, $0) } ?? .ack(id: id, version: version)
                output.append(Frame.encode(message.json))
            }
        }
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
