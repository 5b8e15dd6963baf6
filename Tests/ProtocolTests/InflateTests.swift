import LifeGrid
import LifePatterns
import Protocol
import XCTest

/// The deflate decoder and the gzip reader: zlib's own streams (every block type, every header
/// field), streams built bit by bit, and every kind of damage, each an error and never a crash.
final class InflateTests: XCTestCase {
    private func gunzip(_ bytes: [UInt8], limit: Int = PatternFile.maxBytes, file: StaticString = #filePath, line: UInt = #line) -> [UInt8]? {
        do {
            return try Gzip.decompress(bytes, limit: limit)
        } catch {
            XCTFail("refused: \(error)", file: file, line: line)
            return nil
        }
    }

    private func gunzipError(_ bytes: [UInt8], limit: Int = PatternFile.maxBytes, file: StaticString = #filePath, line: UInt = #line)
        -> DecompressionError?
    {
        do {
            let output = try Gzip.decompress(bytes, limit: limit)
            XCTFail("accepted, \(output.count) bytes", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func inflateError(_ deflate: [UInt8], limit: Int = 1 << 20, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            let output = try Inflate.decompress(deflate, limit: limit)
            XCTFail("accepted, \(output.count) bytes", file: file, line: line)
            return ""
        } catch {
            return error.message
        }
    }

    // MARK: CRC-32

    func testCRC32CheckValues() {
        // The standard check value of CRC-32/ISO-HDLC, and values the slicing and the byte loop share.
        XCTAssertEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(CRC32.checksum([]), 0)
        XCTAssertEqual(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)), 0x414F_A339)
        // Continuing a CRC over a split gives the CRC of the whole, at every split point.
        let data = (0..<100).map { UInt8(truncatingIfNeeded: $0 * 37 + 11) }
        let whole = CRC32.checksum(data)
        for split in 0...data.count {
            let first = data[..<split].withUnsafeBufferPointer { CRC32.checksum($0) }
            let both = data[split...].withUnsafeBufferPointer { CRC32.checksum($0, continuing: first) }
            XCTAssertEqual(both, whole, "split at \(split)")
        }
    }

    // MARK: zlib's streams

    func testZlibFixturesDecompressWithTheirCRCAndLength() {
        for fixture in GzipFixtures.all {
            let bytes = fixture.bytes
            XCTAssertTrue(Gzip.isGzip(bytes), fixture.name)
            guard let output = gunzip(bytes) else { continue }
            XCTAssertEqual(output.count, fixture.count, fixture.name)
            XCTAssertEqual(CRC32.checksum(output), fixture.crc, fixture.name)
        }
        XCTAssertEqual(gunzip(GzipFixtures.gliderFixed.bytes).map { String(decoding: $0, as: UTF8.self) }, GzipFixtures.glider)
        XCTAssertEqual(gunzip(GzipFixtures.gliderAllFields.bytes).map { String(decoding: $0, as: UTF8.self) }, GzipFixtures.glider)
        let both = gunzip(GzipFixtures.twoMembers.bytes) ?? []
        XCTAssertTrue(both.starts(with: Array(GzipFixtures.glider.utf8)), "the first member comes first")
    }

    func testTheFixturesHaveTheBlockTypesTheyAreNamedFor() {
        // The first block's type is in bits 1-2 of the byte after the header.
        func firstBlockType(_ fixture: GzipFixtures.Fixture, headerLength: Int) -> UInt8 { (fixture.bytes[headerLength] >> 1) & 3 }
        XCTAssertEqual(firstBlockType(GzipFixtures.gliderFixed, headerLength: 10 + "glider.rle".utf8.count + 1), 1)
        XCTAssertEqual(firstBlockType(GzipFixtures.soupDynamic, headerLength: 10), 2)
        XCTAssertEqual(firstBlockType(GzipFixtures.soupStored, headerLength: 10), 0)
    }

    func testPaddingZerosAfterTheLastMemberAreIgnoredOtherDataIsNot() {
        let bytes = GzipFixtures.gliderFixed.bytes
        XCTAssertEqual(gunzip(bytes + [0, 0, 0, 0]).map { String(decoding: $0, as: UTF8.self) }, GzipFixtures.glider)
        XCTAssertEqual(gunzipError(bytes + [0, 0, 7])?.message, "unexpected data after the gzip stream")
        XCTAssertEqual(gunzipError(bytes + Array("junk".utf8))?.offset, bytes.count)
    }

    // MARK: Streams built bit by bit

    func testEveryBlockTypeInOneStream() {
        // A stored block, a fixed-code block, then zlib's dynamic block of the soup, the last one.
        var writer = DeflateWriter()
        let stored = Array("stored, ".utf8)
        writer.stored(stored, final: false)
        writer.header(final: false, type: 1)
        for byte in "fixed".utf8 { writer.literal(byte) }
        writer.copy(length: 5, distance: 5)  // "fixed" again
        writer.endOfBlock()
        // An empty stored block brings the stream to a byte boundary (zlib's sync flush), where
        // zlib's dynamic block can follow.
        writer.stored([], final: false)
        let soup = GzipFixtures.soupDynamic.bytes
        let deflate = writer.bytes + soup[10..<(soup.count - 8)]
        let output = (try? Inflate.decompress(deflate, limit: 1 << 20)) ?? []
        let prefix = Array("stored, fixedfixed".utf8)
        XCTAssertEqual(Array(output.prefix(prefix.count)), prefix)
        XCTAssertEqual(output.count, prefix.count + GzipFixtures.soupDynamic.count)
        XCTAssertEqual(CRC32.checksum(Array(output.dropFirst(prefix.count))), GzipFixtures.soupDynamic.crc)
    }

    func testRandomStreamsOfLiteralsCopiesAndStoredBlocksDecodeToWhatWasEncoded() throws {
        var random = SplitMix64(seed: 20_240_611)
        for round in 0..<40 {
            var writer = DeflateWriter()
            var expected: [UInt8] = []
            let blocks = 1 + Int(random.next() % 6)
            for block in 0..<blocks {
                let final = block == blocks - 1
                if random.next() % 3 == 0 {
                    let data = (0..<Int(random.next() % 300)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                    writer.stored(data, final: final)
                    expected += data
                    continue
                }
                writer.header(final: final, type: 1)
                for _ in 0..<Int(random.next() % 400) {
                    if expected.count >= 1 && random.next() % 2 == 0 {
                        let distance = 1 + Int(random.next() % UInt64(min(expected.count, 32768)))
                        let length = 3 + Int(random.next() % 256)
                        writer.copy(length: length, distance: distance)
                        for _ in 0..<length { expected.append(expected[expected.count - distance]) }
                    } else {
                        let byte = UInt8(truncatingIfNeeded: random.next())
                        writer.literal(byte)
                        expected.append(byte)
                    }
                }
                writer.endOfBlock()
            }
            let output = try Inflate.decompress(writer.bytes, limit: 1 << 22)
            XCTAssertEqual(output, expected, "round \(round)")
            // The same stream in gzip, with its CRC and length.
            let member = DeflateWriter.gzip(writer.bytes, of: expected, crc: CRC32.checksum(expected))
            XCTAssertEqual(try Gzip.decompress(member, limit: 1 << 22), expected, "round \(round)")
        }
    }

    func testLongestCopyAndFarthestDistance() throws {
        // 32768 literal bytes, then a 258-byte copy from 32768 back: the limits of deflate.
        var writer = DeflateWriter()
        let data = (0..<32768).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        writer.stored(Array(data[..<20000]), final: false)
        writer.stored(Array(data[20000...]), final: false)
        writer.header(final: true, type: 1)
        writer.copy(length: 258, distance: 32768)
        writer.endOfBlock()
        let output = try Inflate.decompress(writer.bytes, limit: 1 << 20)
        XCTAssertEqual(output.count, 32768 + 258)
        XCTAssertEqual(Array(output[32768...]), Array(data[..<258]))
    }

    // MARK: Damage

    func testACopyFromBeforeTheStartIsRefused() {
        var writer = DeflateWriter()
        writer.header(final: true, type: 1)
        writer.literal(UInt8(ascii: "a"))
        writer.copy(length: 3, distance: 2)
        writer.endOfBlock()
        XCTAssertEqual(inflateError(writer.bytes), "a copy reaches 2 bytes back, before the start of the data (1 bytes written)")
    }

    func testReservedBlockTypeAndBadStoredLength() {
        var reserved = DeflateWriter()
        reserved.header(final: true, type: 3)
        XCTAssertTrue(inflateError(reserved.bytes).contains("block type 3 is reserved"))

        var stored = DeflateWriter()
        stored.header(final: true, type: 0)
        stored.align()
        stored.bits(5, 16)
        stored.bits(5, 16)  // not the complement
        XCTAssertTrue(inflateError(stored.bytes + [1, 2, 3, 4, 5]).contains("does not match its complement"))
    }

    func testSymbolsTheFixedCodeHasButDeflateDoesNotUse() {
        var length286 = DeflateWriter()
        length286.header(final: true, type: 1)
        length286.literal(0)
        length286.fixedSymbol(286)
        XCTAssertTrue(inflateError(length286.bytes).contains("length symbol 286"))

        var distance30 = DeflateWriter()
        distance30.header(final: true, type: 1)
        distance30.literal(0)
        distance30.fixedSymbol(257)
        distance30.code(30, length: 5)
        XCTAssertTrue(inflateError(distance30.bytes).contains("distance symbol 30"))
    }

    /// A dynamic block's header: HLIT, HDIST, HCLEN and the code-length code's lengths (in
    /// the RFC's order).
    private func dynamicHeader(_ writer: inout DeflateWriter, literals: Int, distances: Int, codeLengthLengths: [Int]) {
        writer.header(final: true, type: 2)
        writer.bits(literals - 257, 5)
        writer.bits(distances - 1, 5)
        writer.bits(codeLengthLengths.count - 4, 4)
        for length in codeLengthLengths { writer.bits(length, 3) }
    }

    func testBadHuffmanTablesAreRefused() {
        // Over-subscribed: four code-length codes of one bit.
        var over = DeflateWriter()
        dynamicHeader(&over, literals: 257, distances: 1, codeLengthLengths: [1, 1, 1, 1])
        XCTAssertEqual(inflateError(over.bytes), "bad code-length code: the code lengths are over-subscribed")

        // Incomplete: three codes of two bits.
        var incomplete = DeflateWriter()
        dynamicHeader(&incomplete, literals: 257, distances: 1, codeLengthLengths: [2, 2, 2, 0])
        XCTAssertEqual(inflateError(incomplete.bytes), "bad code-length code: the code lengths are incomplete")

        // Code-length symbols 16, 17 and 18 get two bits each, 0 too (order 16, 17, 18, 0).
        // A repeat (16) before any length is refused.
        var repeatFirst = DeflateWriter()
        dynamicHeader(&repeatFirst, literals: 257, distances: 1, codeLengthLengths: [2, 2, 2, 2])
        repeatFirst.code(1, length: 2)  // symbol 16 (canonical codes: 0 -> 00, 16 -> 01, 17 -> 10, 18 -> 11)
        repeatFirst.bits(0, 2)
        XCTAssertEqual(inflateError(repeatFirst.bytes), "a code-length repeat (16) comes before any length")

        // All 257 literal/length lengths zero (18 repeats zeros): no end-of-block code.
        var noEnd = DeflateWriter()
        dynamicHeader(&noEnd, literals: 257, distances: 1, codeLengthLengths: [2, 2, 2, 2])
        noEnd.code(3, length: 2)  // 18: 11 + 7 bits zeros
        noEnd.bits(138 - 11, 7)
        noEnd.code(3, length: 2)
        noEnd.bits(120 - 11, 7)  // 258 lengths in all: 257 literal/length and 1 distance
        XCTAssertEqual(inflateError(noEnd.bytes), "the literal/length code has no end-of-block symbol")

        // Repeats past the declared codes.
        var past = DeflateWriter()
        dynamicHeader(&past, literals: 257, distances: 1, codeLengthLengths: [2, 2, 2, 2])
        past.code(3, length: 2)
        past.bits(127, 7)  // 138
        past.code(3, length: 2)
        past.bits(127, 7)  // 276 > 258
        XCTAssertEqual(inflateError(past.bytes), "the code lengths repeat past the declared codes")
    }

    func testEveryTruncationIsAnError() {
        for fixture in [GzipFixtures.gliderFixed, GzipFixtures.soupDynamic, GzipFixtures.soupStored, GzipFixtures.gliderAllFields] {
            let bytes = fixture.bytes
            for length in 0..<bytes.count {
                XCTAssertThrowsError(try Gzip.decompress(Array(bytes[..<length]), limit: 1 << 20), "\(fixture.name) cut to \(length)")
            }
        }
        XCTAssertEqual(gunzipError([0x1F, 0x8B, 8])?.message, "the gzip file ends inside its header")
    }

    func testEveryFlippedBitIsAnErrorOrTheRightData() {
        // Flipping any bit of a member either fails (most often: the CRC-32) or, in the few
        // bits that do not matter (MTIME, XFL, OS, FTEXT), gives the same data. Never a crash.
        let fixture = GzipFixtures.gliderAllFields
        let bytes = fixture.bytes
        var refused = 0
        for index in bytes.indices {
            for bit in 0..<8 {
                var damaged = bytes
                damaged[index] ^= 1 << bit
                if let output = try? Gzip.decompress(damaged, limit: 1 << 20) {
                    XCTAssertEqual(CRC32.checksum(output), fixture.crc, "byte \(index) bit \(bit)")
                } else {
                    refused += 1
                }
            }
        }
        XCTAssertGreaterThan(refused, bytes.count * 8 * 3 / 4)
    }

    func testBadTrailersAndHeaders() {
        var bytes = GzipFixtures.soupDynamic.bytes
        bytes[bytes.count - 8] ^= 0xFF
        XCTAssertTrue(gunzipError(bytes)?.message.hasPrefix("the CRC-32 does not match") ?? false)
        XCTAssertEqual(gunzipError(bytes)?.offset, bytes.count - 8)

        bytes = GzipFixtures.soupDynamic.bytes
        bytes[bytes.count - 1] ^= 1
        XCTAssertTrue(gunzipError(bytes)?.message.contains("the trailer gives the length") ?? false)

        bytes = GzipFixtures.soupDynamic.bytes
        bytes[2] = 7
        XCTAssertEqual(gunzipError(bytes)?.message, "compression method 7 is not deflate (8), the only one gzip defines")
        bytes = GzipFixtures.soupDynamic.bytes
        bytes[3] = 0x20
        XCTAssertEqual(gunzipError(bytes)?.message, "reserved header flags are set (0x20)")

        // The header CRC (FHCRC) is checked.
        bytes = GzipFixtures.gliderAllFields.bytes
        let comment = Array("made for the tests".utf8)
        let at = (0..<bytes.count).first { bytes[$0...].starts(with: comment) } ?? 0
        bytes[at] ^= 0x20
        XCTAssertTrue(gunzipError(bytes)?.message.hasPrefix("the header CRC does not match") ?? false)
    }

    // MARK: The limit

    /// A stream of `count` zero bytes: a stored zero, then copies of 258 from 1 back.
    private func zeros(_ count: Int) -> [UInt8] {
        precondition((count - 1) % 258 == 0)
        var writer = DeflateWriter()
        writer.stored([0], final: false)
        writer.header(final: true, type: 1)
        for _ in 0..<((count - 1) / 258) { writer.copy(length: 258, distance: 1) }
        writer.endOfBlock()
        let data = [UInt8](repeating: 0, count: count)
        return DeflateWriter.gzip(writer.bytes, of: data, crc: CRC32.checksum(data))
    }

    func testOutputAtTheLimitIsReadOnePastIsRefused() {
        let count = 1 + 258 * 1000
        let bomb = zeros(count)
        XCTAssertEqual(gunzip(bomb, limit: count)?.count, count)
        XCTAssertEqual(
            gunzipError(bomb, limit: count - 1)?.message, "the data decompresses to more than \(count - 1) bytes, the most lifed reads")
        XCTAssertEqual(gunzipError(bomb, limit: 0)?.message, "the data decompresses to more than 0 bytes, the most lifed reads")
    }

    func testAGzipBombStopsAtTheLimit() {
        // 8 MB of input that would decompress to about 8.6 GB (and says so, mod 2^32, in
        // ISIZE): refused once the output reaches the 64 MiB limit, which is all it allocates.
        var start = DeflateWriter()
        start.stored([0], final: false)
        start.header(final: true, type: 1)
        start.copy(length: 258, distance: 1)  // 3 + 13 bits: the groups start on a byte boundary
        var group = DeflateWriter()
        for _ in 0..<8 { group.copy(length: 258, distance: 1) }
        XCTAssertEqual(group.bytes.count, 13)
        var bomb: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3] + start.bytes
        bomb.reserveCapacity(bomb.count + 13 * 640_000 + 8)
        for _ in 0..<640_000 { bomb.append(contentsOf: group.bytes) }
        bomb += [0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF]
        let error = gunzipError(bomb)
        XCTAssertEqual(error?.message, "the data decompresses to more than \(PatternFile.maxBytes) bytes, the most lifed reads")
        XCTAssertLessThan(error?.offset ?? .max, bomb.count / 2, "it stopped early")
    }
}
