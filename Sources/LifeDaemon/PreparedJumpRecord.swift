import Protocol
import Synchronization

/// The journal record of a jump's end, encoded on the jump's worker thread rather than on the
/// event loop: for a dense 4096 x 4096 world it is 5 MB of base64 planes, tens of milliseconds
/// of work that every other client would otherwise wait for. The worker prepares it just before
/// it hands the result over (``JumpRunner/thread(on:threads:finishing:)``), and
/// ``ActionRecorder/payload(of:from:to:)`` takes it when the end is recorded. At most one is kept.
public final class PreparedJumpRecord: Sendable {
    private let stored = Mutex<(jump: Jump, payload: [UInt8])?>(nil)

    public init() {}

    /// Encodes the record of the end that `result` makes (on any thread).
    public func prepare(_ result: JumpResult) {
        let payload = JournaledAction(action: .simulation(.grid(.jumpFinished(result)))).payload
        stored.withLock { $0 = (result.jump, payload) }
    }

    /// The record prepared for `result`, once; nil if none was (it is then encoded as usual).
    public func take(for result: JumpResult) -> [UInt8]? {
        stored.withLock { prepared in
            guard let entry = prepared, entry.jump == result.jump else { return nil }
            prepared = nil
            return entry.payload
        }
    }
}
