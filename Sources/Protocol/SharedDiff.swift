import LifeGrid
import LifeJSON

/// A diff encoded once for every subscriber of the same path and viewport.
///
/// A diff frame is `{"base":B,"id":ID,"patch":P,"type":"diff","version":V}` (keys in the
/// encoder's sorted order). Only the length prefix, `base` and `id` differ between
/// subscribers, and they come first; the patch, the type and the version, nearly all of the
/// bytes, are the same for all of them. So the frame is sent as two parts: a small ``head(id:base:)``
/// for each subscriber, then the ``sharedTail``, one array whose storage every queue references.
public struct SharedDiff: Sendable {
    /// The end of every subscriber's frame: `P,"type":"diff","version":V}`.
    public let sharedTail: [UInt8]

    /// The shared part of the diff to `version` whose patch encodes as `encodedPatch`. The tail
    /// is written after the patch in its own array when the caller hands over the only
    /// reference to it (a busy tick's patches are megabytes, and were copied here).
    public init(encodedPatch: consuming [UInt8], version: Int) {
        var tail = encodedPatch
        tail.append(contentsOf: #","type":"diff","version":"#.utf8)
        tail.append(contentsOf: String(version).utf8)
        tail.append(UInt8(ascii: "}"))
        sharedTail = tail
    }

    /// The start of one subscriber's frame: the length prefix of the whole payload, then
    /// `{"base":B,"id":ID,"patch":` (no `id` member when `id` is nil).
    public func head(id: JSON?, base: Int) -> [UInt8] {
        head(encodedID: id?.encoded(), base: base)
    }

    /// ``head(id:base:)`` with the id already encoded as JSON text (a subscription's, made once).
    public func head(encodedID: [UInt8]?, base: Int) -> [UInt8] {
        // One array: the length prefix is written last, into the four bytes kept for it at the
        // front (not the body, then the prefix, then the two joined: three arrays a subscriber).
        var head: [UInt8] = []
        head.reserveCapacity(52 + (encodedID?.count ?? 0))
        head.append(contentsOf: repeatElement(0, count: Frame.headerSize))
        head.append(contentsOf: #"{"base":"#.utf8)
        head.appendDecimal(base)
        if let encodedID {
            head.append(contentsOf: #","id":"#.utf8)
            head.append(contentsOf: encodedID)
        }
        head.append(contentsOf: #","patch":"#.utf8)
        Frame.setLength(head.count - Frame.headerSize + sharedTail.count, in: &head)
        return head
    }

    /// The whole frame for one subscriber: `head(id:base:)` then `sharedTail`. Equal to
    /// `Frame.encode(ServerMessage.diff(id:base:version:patch:).json)`.
    public func frame(id: JSON?, base: Int) -> [UInt8] { head(id: id, base: base) + sharedTail }
}
