import Protocol

/// What the daemon has read from one client: the frames its bytes make, and the clocks that tell
/// a stalled or idle connection (when the client last sent anything, and when the frame it is in
/// the middle of sending began). A value: the connection reads the socket and hands it the bytes.
public struct ClientInput: Sendable {
    private var decoder: FrameDecoder
    /// When the client last sent anything (the loop's clock).
    public private(set) var lastActivity: Duration
    /// When the frame the client is in the middle of sending began (nil between frames), so that
    /// a frame trickled in a byte at a time still has to arrive within the frame timeout.
    public private(set) var partialFrameSince: Duration?
    /// Frames received so far.
    public private(set) var framesReceived = 0

    /// Input of frames of at most `maxFrameSize` bytes, from a client that connected at `now`.
    public init(maxFrameSize: Int, now: Duration) {
        decoder = FrameDecoder(maxFrameSize: maxFrameSize)
        lastActivity = now
    }

    /// Bytes the client sent, read at `now`.
    public mutating func append(_ bytes: ArraySlice<UInt8>, at now: Duration) {
        decoder.append(bytes)
        lastActivity = now
    }

    /// Buffers bytes as ``append(_:at:)`` does, straight from a read's memory.
    public mutating func append(_ bytes: UnsafeRawBufferPointer, at now: Duration) {
        decoder.append(bytes)
        lastActivity = now
    }

    /// The next whole frame, or nil until more bytes come; throws when the next frame cannot be
    /// one (an empty frame, or one over the limit).
    public mutating func nextFrame() throws(FrameError) -> [UInt8]? {
        guard let frame = try decoder.next() else { return nil }
        framesReceived += 1
        return frame
    }

    /// After the frames of a read were handled (`framesBefore` had been received before it): a
    /// frame begun in this read starts the clock; one that goes on keeps its start.
    public mutating func readEnded(framesBefore: Int, at now: Duration) {
        if !decoder.hasPartialFrame {
            partialFrameSince = nil
        } else if partialFrameSince == nil || framesReceived != framesBefore {
            partialFrameSince = now
        }
    }

    /// Bytes read and not yet handed out as frames.
    public var bufferedByteCount: Int { decoder.bufferedByteCount }

    /// How many more bytes finish the frame the client is in the middle of sending (see
    /// ``FrameDecoder/bytesToFinishFrame``), or nil between frames.
    public var bytesToFinishFrame: Int? { decoder.bytesToFinishFrame }

    /// Forgives the frame begun `wait` of time the daemon itself kept the client waiting (it did
    /// not read it): the frame timeout counts only the time the client had to send it.
    public mutating func excuse(_ wait: Duration) {
        guard let since = partialFrameSince else { return }
        partialFrameSince = since + wait
    }

    /// How long after `now` a frame begun now would time out: nil between frames, else the rest
    /// of `timeout` from the frame's beginning (zero or less once it has passed).
    public func timeLeft(at now: Duration, timeout: Duration) -> Duration? {
        partialFrameSince.map { $0 + timeout - now }
    }

    /// Whether a frame begun at least `timeout` before `now` has still not arrived whole.
    public func hasStalled(at now: Duration, timeout: Duration) -> Bool {
        guard let since = partialFrameSince else { return false }
        return now - since > timeout
    }
}
