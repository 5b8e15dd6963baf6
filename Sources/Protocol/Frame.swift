import LifeJSON

/// The wire framing: each message is a 4-byte unsigned big-endian length N
/// followed by N bytes of payload. N is never 0.
public enum Frame {
    /// The size of the length prefix in bytes.
    public static let headerSize = 4

    /// The largest payload a frame can carry (the length field's maximum).
    public static let maxPayloadSize = Int(UInt32.max)

    /// The frame carrying `payload`: its big-endian length, then the bytes.
    ///
    /// - Precondition: `payload.count <= Frame.maxPayloadSize` (a programming
    ///   error, not something input can cause: receivers bound frame sizes far lower).
    public static func encode(_ payload: some Collection<UInt8>) -> [UInt8] {
        let count = payload.count
        var frame = [UInt8](repeating: 0, count: headerSize)
        // Checked here, before any room is made for the payload.
        setLength(count, in: &frame)
        frame.reserveCapacity(headerSize + count)
        frame.append(contentsOf: payload)
        return frame
    }

    /// Writes `count` as a frame's big-endian length into the ``headerSize`` bytes of `bytes` at
    /// `index`: for a frame whose payload's length is known once it is written after them.
    ///
    /// - Precondition: `count <= Frame.maxPayloadSize`, and the bytes are there.
    public static func setLength(_ count: Int, in bytes: inout [UInt8], at index: Int = 0) {
        precondition(count <= maxPayloadSize, "frame payload of \(count) bytes exceeds the 32-bit length field")
        let length = UInt32(truncatingIfNeeded: count)
        bytes[index] = UInt8(truncatingIfNeeded: length >> 24)
        bytes[index + 1] = UInt8(truncatingIfNeeded: length >> 16)
        bytes[index + 2] = UInt8(truncatingIfNeeded: length >> 8)
        bytes[index + 3] = UInt8(truncatingIfNeeded: length)
    }

    /// The frame carrying a message's compact JSON text.
    ///
    /// Note that an array literal argument is taken as a `JSON` array; pass a
    /// typed `[UInt8]` to frame raw bytes.
    public static func encode(_ message: JSON) -> [UInt8] {
        encode(message.encoded())
    }
}

/// Why a byte stream is not a valid sequence of frames. Either error ends the
/// stream: the decoder keeps reporting it.
public enum FrameError: Error, Equatable {
    /// A frame declared a length of 0.
    case empty
    /// A frame declared a length above the decoder's limit.
    case tooLarge(length: UInt32, limit: Int)
}

/// Splits a byte stream into frame payloads, incrementally.
///
/// Feed bytes as they arrive with `append`, then call ``next()`` until it
/// returns nil. Each frame's length is checked as soon as its 4 header bytes
/// have arrived; the body of an oversized frame is never kept. After an error
/// the frames before it are still returned, then ``next()`` throws that error
/// every time and further input is ignored.
public struct FrameDecoder: Sendable {
    /// The largest payload accepted, in bytes.
    public let maxFrameSize: Int

    private var buffer: [UInt8] = []
    /// Start of the next frame to return.
    private var readIndex = 0
    /// Start of the first frame not yet known to be complete; every frame in
    /// `readIndex..<scanIndex` is complete and has a valid length.
    private var scanIndex = 0
    /// The error found at `scanIndex`, if any; nothing after it is buffered.
    private var failure: FrameError?

    /// A decoder accepting payloads of at most `maxFrameSize` bytes (negative counts as 0).
    public init(maxFrameSize: Int) {
        self.maxFrameSize = max(0, maxFrameSize)
    }

    /// Buffers more of the stream.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        guard failure == nil else { return }
        compactIfWorthwhile()
        buffer.append(contentsOf: bytes)
        scan()
    }

    /// Buffers more of the stream from raw memory (e.g. a `read(2)` buffer).
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil else { return }
        compactIfWorthwhile()
        buffer.append(contentsOf: bytes)
        scan()
    }

    /// The next complete frame's payload, or nil when more bytes are needed.
    ///
    /// - Throws: ``FrameError`` once the stream reaches an invalid frame header
    ///   (after all complete frames before it have been returned).
    public mutating func next() throws(FrameError) -> [UInt8]? {
        guard readIndex < scanIndex else {
            if let failure { throw failure }
            return nil
        }
        let length = Self.length(in: buffer, at: readIndex)
        let start = readIndex + Frame.headerSize
        let end = start + length
        let payload = Array(buffer[start..<end])
        readIndex = end
        if readIndex == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            readIndex = 0
            scanIndex = 0
        }
        return payload
    }

    /// Bytes received but not yet returned as frames.
    public var bufferedByteCount: Int { buffer.count - readIndex }

    /// How many more bytes finish the frame begun in the buffer (its header first, when that is
    /// not whole yet), or nil when no frame is begun.
    public var bytesToFinishFrame: Int? {
        let begun = buffer.count - scanIndex
        guard begun > 0, failure == nil else { return nil }
        guard begun >= Frame.headerSize else { return Frame.headerSize - begun }
        return Frame.headerSize + Self.length(in: buffer, at: scanIndex) - begun
    }

    /// Whether bytes of an incomplete frame are buffered (at end of stream, this
    /// means the stream was cut short).
    public var hasPartialFrame: Bool { buffer.count > scanIndex }

    /// Advances `scanIndex` over complete frames, validating each header as soon
    /// as it is available.
    private mutating func scan() {
        while buffer.count - scanIndex >= Frame.headerSize {
            let length = Self.length(in: buffer, at: scanIndex)
            if length == 0 {
                fail(.empty)
                return
            }
            if length > maxFrameSize {
                fail(.tooLarge(length: UInt32(truncatingIfNeeded: length), limit: maxFrameSize))
                return
            }
            let end = scanIndex + Frame.headerSize + length
            guard end <= buffer.count else { return }
            scanIndex = end
        }
    }

    private mutating func fail(_ error: FrameError) {
        failure = error
        buffer.removeSubrange(scanIndex...)
    }

    /// Drops consumed bytes once they are at least half the buffer, so that each
    /// byte is moved O(1) times on average.
    private mutating func compactIfWorthwhile() {
        guard readIndex > 0 else { return }
        if readIndex >= 4096 && readIndex * 2 >= buffer.count {
            buffer.removeSubrange(0..<readIndex)
            scanIndex -= readIndex
            readIndex = 0
        }
    }

    private static func length(in buffer: [UInt8], at index: Int) -> Int {
        Int(buffer[index]) << 24 | Int(buffer[index + 1]) << 16 | Int(buffer[index + 2]) << 8 | Int(buffer[index + 3])
    }
}
