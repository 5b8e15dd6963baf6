import LifeSystem
import LifeJSON
import Protocol

/// A client's output that waits for the turn's commit: an acknowledgement, and everything queued
/// for the client after it (so that order is kept). Empty unless the client waits for an
/// acknowledgement.
struct HeldOutput {
    enum Item {
        case bytes([[UInt8]])
        case producer(OutputProducer)
        /// An acknowledgement: `ack` once the change is saved, `storage-failed` if the save fails.
        case ack(id: JSON?, version: Int)
    }

    private var items: [Item] = []
    /// The bytes held (an acknowledgement counts as 32).
    private(set) var bytes = 0

    var isEmpty: Bool { items.isEmpty }

    mutating func append(_ parts: [[UInt8]]) {
        items.append(.bytes(parts))
        bytes += parts.reduce(0) { $0 + $1.count }
    }

    mutating func append(_ producer: OutputProducer) {
        items.append(.producer(producer))
        bytes += producer.remaining
    }

    mutating func appendAcknowledgement(id: JSON?, version: Int) {
        items.append(.ack(id: id, version: version))
        bytes += 32
    }

    /// Moves everything held to `output`: acknowledgements as `ack` frames, or, when the save
    /// failed, as `storage-failed` errors carrying `failure`.
    mutating func release(into output: inout OutputQueue, failure: ProtocolError?) {
        let items = items
        self.items.removeAll()
        bytes = 0
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
}
