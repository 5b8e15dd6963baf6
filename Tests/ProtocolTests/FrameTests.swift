import LifeGrid
import LifeTestSupport
import LifeJSON
import Protocol
import XCTest

final class FrameTests: XCTestCase {
    private let payloads: [[UInt8]] = [
        [0x41],
        Array("{\"type\":\"ping\"}".utf8),
        Array(repeating: 0xAB, count: 300),
        [0x00, 0x00, 0x00, 0x00, 0x01],
        Array(0...255),
    ]

    private var stream: [UInt8] { payloads.flatMap { Frame.encode($0) } }

    /// Every frame currently decodable.
    private func drain(_ decoder: inout FrameDecoder) throws -> [[UInt8]] {
        var frames: [[UInt8]] = []
        while let frame = try decoder.next() { frames.append(frame) }
        return frames
    }

    func testEncodeLayout() {
        XCTAssertEqual(Frame.headerSize, 4)
        XCTAssertEqual(Frame.encode([0x61, 0x62] as [UInt8]), [0, 0, 0, 2, 0x61, 0x62])
        XCTAssertEqual(Frame.encode(Array(repeating: UInt8(7), count: 0x0102_03)).prefix(4), [0x00, 0x01, 0x02, 0x03])
        XCTAssertEqual(Frame.encode("abc".utf8), [0, 0, 0, 3, 0x61, 0x62, 0x63])
        XCTAssertEqual(Frame.encode(JSON.object(["b": 1, "a": [true]])), [0, 0, 0, 18] + Array(#"{"a":[true],"b":1}"#.utf8))
    }

    func testDecodeWholeStream() throws {
        var decoder = FrameDecoder(maxFrameSize: 1024)
        XCTAssertNil(try decoder.next())
        decoder.append(stream)
        XCTAssertEqual(decoder.bufferedByteCount, stream.count)
        XCTAssertFalse(decoder.hasPartialFrame)
        XCTAssertEqual(try drain(&decoder), payloads)
        XCTAssertNil(try decoder.next())
        XCTAssertEqual(decoder.bufferedByteCount, 0)
        XCTAssertFalse(decoder.hasPartialFrame)
    }

    func testEverySplitPoint() throws {
        let bytes = stream
        for split in 0...bytes.count {
            var decoder = FrameDecoder(maxFrameSize: 1024)
            decoder.append(bytes[..<split])
            var frames = try drain(&decoder)
            decoder.append(bytes[split...])
            frames += try drain(&decoder)
            XCTAssertEqual(frames, payloads, "split at \(split)")
            XCTAssertFalse(decoder.hasPartialFrame)
        }
    }

    func testOneByteAtATime() throws {
        var decoder = FrameDecoder(maxFrameSize: 1024)
        var frames: [[UInt8]] = []
        for (i, byte) in stream.enumerated() {
            decoder.append(CollectionOfOne(byte))
            frames += try drain(&decoder)
            XCTAssertEqual(decoder.hasPartialFrame, decoder.bufferedByteCount > 0, "after byte \(i)")
        }
        XCTAssertEqual(frames, payloads)
    }

    func testRawBufferAppend() throws {
        var decoder = FrameDecoder(maxFrameSize: 1024)
        let bytes = stream
        bytes.withUnsafeBytes { raw in
            decoder.append(UnsafeRawBufferPointer(rebasing: raw[0..<7]))
            decoder.append(UnsafeRawBufferPointer(rebasing: raw[7...]))
        }
        XCTAssertEqual(try drain(&decoder), payloads)
    }

    func testPartialFrameReporting() throws {
        var decoder = FrameDecoder(maxFrameSize: 10)
        decoder.append([0, 0, 0] as [UInt8])
        XCTAssertNil(try decoder.next())
        XCTAssertTrue(decoder.hasPartialFrame)
        XCTAssertEqual(decoder.bufferedByteCount, 3)
        decoder.append([2, 9] as [UInt8])
        XCTAssertNil(try decoder.next())
        XCTAssertTrue(decoder.hasPartialFrame)
        decoder.append([8, 0, 0] as [UInt8])
        XCTAssertTrue(decoder.hasPartialFrame)  // a complete frame and 2 bytes of the next header
        XCTAssertEqual(try decoder.next(), [9, 8])
        XCTAssertEqual(decoder.bufferedByteCount, 2)
        XCTAssertTrue(decoder.hasPartialFrame)
        XCTAssertNil(try decoder.next())
    }

    func testFrameAtExactLimit() throws {
        var decoder = FrameDecoder(maxFrameSize: 5)
        decoder.append(Frame.encode([1, 2, 3, 4, 5] as [UInt8]))
        XCTAssertEqual(try decoder.next(), [1, 2, 3, 4, 5])
    }

    func testZeroLengthIsEmptyError() throws {
        var decoder = FrameDecoder(maxFrameSize: 100)
        decoder.append(Frame.encode([7] as [UInt8]) + [0, 0, 0, 0] + Frame.encode([8] as [UInt8]))
        XCTAssertEqual(try decoder.next(), [7])  // frames before the error still arrive
        XCTAssertThrowsError(try decoder.next()) { XCTAssertEqual($0 as? FrameError, .empty) }
        XCTAssertThrowsError(try decoder.next()) { XCTAssertEqual($0 as? FrameError, .empty) }  // sticky
        decoder.append([0, 0, 0, 1, 5] as [UInt8])
        XCTAssertThrowsError(try decoder.next()) { XCTAssertEqual($0 as? FrameError, .empty) }
        XCTAssertEqual(decoder.bufferedByteCount, 0)
    }

    func testTooLargeDetectedRightAfterHeader() throws {
        var decoder = FrameDecoder(maxFrameSize: 16)
        decoder.append([0, 0] as [UInt8])
        XCTAssertNil(try decoder.next())
        decoder.append([0, 17] as [UInt8])  // header complete: no body needed to reject it
        XCTAssertThrowsError(try decoder.next()) {
            XCTAssertEqual($0 as? FrameError, .tooLarge(length: 17, limit: 16))
        }
        // The body of the oversized frame is not buffered.
        decoder.append(Array(repeating: 1, count: 1000))
        XCTAssertEqual(decoder.bufferedByteCount, 0)
        XCTAssertThrowsError(try decoder.next()) {
            XCTAssertEqual($0 as? FrameError, .tooLarge(length: 17, limit: 16))
        }
    }

    func testTooLargeBodyInSameChunkIsDropped() throws {
        var decoder = FrameDecoder(maxFrameSize: 16)
        decoder.append(Frame.encode([1, 2] as [UInt8]) + [0, 0, 1, 0] + Array(repeating: 9, count: 256))
        XCTAssertEqual(decoder.bufferedByteCount, 6)
        XCTAssertEqual(try decoder.next(), [1, 2])
        XCTAssertThrowsError(try decoder.next()) {
            XCTAssertEqual($0 as? FrameError, .tooLarge(length: 256, limit: 16))
        }
    }

    func testMaximalLength() throws {
        var decoder = FrameDecoder(maxFrameSize: 1 << 20)
        decoder.append([0xFF, 0xFF, 0xFF, 0xFF, 0x01] as [UInt8])
        XCTAssertThrowsError(try decoder.next()) {
            XCTAssertEqual($0 as? FrameError, .tooLarge(length: 0xFFFF_FFFF, limit: 1 << 20))
        }
        var unlimited = FrameDecoder(maxFrameSize: Int.max)
        unlimited.append([0xFF, 0xFF, 0xFF, 0xFF, 0x01] as [UInt8])
        XCTAssertNil(try unlimited.next())  // a legal length: waits for 4 GiB of body
        XCTAssertTrue(unlimited.hasPartialFrame)
    }

    func testManySmallFramesCompaction() throws {
        // A long stream fed in odd-sized chunks, drained as it goes.
        var g = SplitMix64(seed: 5)
        var expected: [[UInt8]] = []
        var bytes: [UInt8] = []
        for i in 0..<3000 {
            let payload = (0..<Int.random(in: 1...40, using: &g)).map { UInt8(truncatingIfNeeded: $0 &+ i) }
            expected.append(payload)
            bytes += Frame.encode(payload)
        }
        var decoder = FrameDecoder(maxFrameSize: 64)
        var frames: [[UInt8]] = []
        var position = 0
        while position < bytes.count {
            let end = min(bytes.count, position + Int.random(in: 1...700, using: &g))
            decoder.append(bytes[position..<end])
            position = end
            // Sometimes leave frames buffered for a while.
            if Bool.random(using: &g) { frames += try drain(&decoder) }
        }
        frames += try drain(&decoder)
        XCTAssertEqual(frames, expected)
        XCTAssertEqual(decoder.bufferedByteCount, 0)
    }

    func testJSONMessageRoundTrip() throws {
        var g = SplitMix64(seed: 11)
        var decoder = FrameDecoder(maxFrameSize: 1 << 20)
        for _ in 0..<200 {
            let message = RandomJSON.value(&g, depth: 4)
            decoder.append(Frame.encode(message))
            if message.encoded().isEmpty { continue }
            guard let payload = try decoder.next() else { return XCTFail("no frame") }
            XCTAssertEqual(try JSON(parsing: payload), message)
        }
    }
}
