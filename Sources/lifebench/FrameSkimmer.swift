import LifeJSON
import Protocol

/// Finds frame boundaries in a stream without copying or parsing the frames: the watchers of
/// `lifebench fanout` receive hundreds of megabytes a second, and a measuring client that
/// decoded them all would measure itself. It keeps only each frame's first and last bytes.
struct FrameSkimmer {
    /// How many bytes of each end of a frame are kept.
    static let kept = 64
    private var length = 0
    private var headerBytes = 0
    private var remaining = 0
    private var start: [UInt8] = []
    private var end: [UInt8] = []

    /// Feeds received bytes; calls `frameEnded` with the first and last bytes of each frame completed.
    mutating func feed(_ bytes: UnsafeRawBufferPointer, _ frameEnded: (_ start: [UInt8], _ end: [UInt8]) -> Void) {
        var index = 0
        while index < bytes.count {
            if headerBytes < Frame.headerSize {
                length = length << 8 | Int(bytes[index])
                headerBytes += 1
                index += 1
                if headerBytes == Frame.headerSize {
                    remaining = length
                    start.removeAll(keepingCapacity: true)
                    end.removeAll(keepingCapacity: true)
                }
                continue
            }
            let take = min(remaining, bytes.count - index)
            if start.count < Self.kept {
                start.append(contentsOf: bytes[index..<(index + min(take, Self.kept - start.count))])
            }
            let last = bytes[(index + take - min(take, Self.kept))..<(index + take)]
            if end.count + last.count > Self.kept { end.removeFirst(min(end.count, end.count + last.count - Self.kept)) }
            end.append(contentsOf: last)
            remaining -= take
            index += take
            if remaining == 0 {
                frameEnded(start, end)
                headerBytes = 0
                length = 0
            }
        }
    }
}

/// What a fanout watcher was sent, told from a frame's first and last bytes (the daemon writes
/// members in key order: a diff is `{"base":B,"id":N,"patch":[...],"type":"diff","version":V}`,
/// a snapshot `{"id":N,"path":...,"version":V}`).
enum SkimmedFrame: Equatable {
    /// A diff of subscription `id` from `base` to `version`.
    case diff(id: Int, base: Int, version: Int)
    /// A snapshot of subscription `id` at `version`: after subscribing, a resync.
    case snapshot(id: Int, version: Int)
    /// The pong of the barrier ping (``barrierPing``).
    case pong
    /// Anything else.
    case other

    /// The ping a watcher sends to learn that it has read everything before.
    static let barrierPing: [UInt8] = Frame.encode(["type": "ping", "id": "barrier"])
    /// How the barrier's pong begins (then its `version`, or the end).
    private static let pongText = Array(#"{"id":"barrier","type":"pong""#.utf8)

    init(start: [UInt8], end: [UInt8]) {
        if start.starts(with: Self.pongText) {
            self = .pong
            return
        }
        var reader = Scanner(bytes: start)
        if reader.skip(#"{"base":"#), let base = reader.integer(), reader.skip(#","id":"#), let id = reader.integer(),
            let version = Self.trailingVersion(end, after: #""type":"diff","version":"#)
        {
            self = .diff(id: id, base: base, version: version)
            return
        }
        reader = Scanner(bytes: start)
        if reader.skip(#"{"id":"#), let id = reader.integer(), reader.skip(#","path":"#),
            let version = Self.trailingVersion(end, after: #","version":"#)
        {
            self = .snapshot(id: id, version: version)
            return
        }
        self = .other
    }

    /// The number `V` at the end of a frame that ends `<marker>V}`, read backwards.
    static func trailingVersion(_ end: [UInt8], after marker: String) -> Int? {
        let marker = Array(marker.utf8)
        guard end.count > marker.count + 1, end.last == UInt8(ascii: "}") else { return nil }
        var index = end.count - 2
        var value = 0
        var scale = 1
        while index >= 0, end[index] >= UInt8(ascii: "0"), end[index] <= UInt8(ascii: "9") {
            value += Int(end[index] - UInt8(ascii: "0")) * scale
            scale *= 10
            index -= 1
        }
        let first = index - marker.count + 1
        guard index < end.count - 2, first >= 0, Array(end[first...index]) == marker else { return nil }
        return value
    }

    /// Reads literal text and non-negative integers from the front of some bytes.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skip(_ literal: String) -> Bool {
            let text = Array(literal.utf8)
            guard bytes.count - index >= text.count, Array(bytes[index..<(index + text.count)]) == text else { return false }
            index += text.count
            return true
        }

        mutating func integer() -> Int? {
            var value: Int?
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                value = (value ?? 0) * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            return value
        }
    }
}
