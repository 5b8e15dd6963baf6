/// gzip files (RFC 1952): one or more members, each a header, a deflate stream (``Inflate``)
/// and a trailer with the CRC-32 and the length of what it decompresses to.
///
/// The header's optional fields (FEXTRA, FNAME, FCOMMENT and the header CRC, FHCRC) are read
/// and skipped, the header CRC checked; reserved flags are refused. Each member's CRC-32 and
/// ISIZE are checked against what it decompressed to. Members follow one another (as
/// `cat a.gz b.gz` makes); zero bytes after the last member are padding and ignored, anything
/// else is an error. The whole output is bounded by `limit`, as in ``Inflate``.
public enum Gzip {
    /// Whether `bytes` starts with gzip's magic number, 1f 8b.
    public static func isGzip(_ bytes: some Collection<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        return iterator.next() == 0x1F && iterator.next() == 0x8B
    }

    /// The decompressed contents of the gzip file `bytes`, at most `limit` bytes.
    public static func decompress(_ bytes: [UInt8], limit: Int) throws(DecompressionError) -> [UInt8] {
        let result = bytes.withUnsafeBufferPointer { input in
            Result { () throws(DecompressionError) in try decompress(input, limit: limit) }
        }
        return try result.get()
    }

    /// The decompressed contents of the gzip file `input`, at most `limit` bytes.
    public static func decompress(_ input: UnsafeBufferPointer<UInt8>, limit: Int) throws(DecompressionError) -> [UInt8] {
        var output: [UInt8] = []
        var offset = 0
        repeat {
            let body = try headerEnd(input, at: offset)
            // ISIZE, the length mod 2^32, is a hint for the first allocation, bounded by the limit
            // and by deflate's largest ratio (258 bytes from a copy of about two bits, so 1032 to 1).
            let hint = input.count >= 4 ? min(Int(littleEndian32(input, at: input.count - 4)), input.count * 1032) : 0
            let (member, end) = try Inflate.decompress(
                input, from: body, limit: limit - output.count, capacity: output.isEmpty ? hint : 0)
            guard input.count - end >= 8 else {
                throw DecompressionError(offset: input.count, message: "the gzip file ends before its trailer (CRC-32 and length)")
            }
            let crc = littleEndian32(input, at: end)
            let size = littleEndian32(input, at: end + 4)
            let actual = CRC32.checksum(member)
            guard crc == actual else {
                throw DecompressionError(
                    offset: end,
                    message: "the CRC-32 does not match: the trailer says \(hex(crc)), the data gives \(hex(actual)); the file is damaged")
            }
            guard size == UInt32(truncatingIfNeeded: member.count) else {
                throw DecompressionError(
                    offset: end + 4, message: "the trailer gives the length \(size), but the data decompresses to \(member.count) bytes")
            }
            if output.isEmpty {
                output = member
            } else {
                output.reserveCapacity(output.count + member.count)  // exactly: no doubling past the limit
                output += member
            }
            offset = end + 8
            // Trailing zeros are padding (some tools write them); another member starts with the magic number.
            while offset < input.count && input[offset] == 0 { offset += 1 }
            if offset < input.count && !isGzip(input[offset...]) {
                throw DecompressionError(offset: offset, message: "unexpected data after the gzip stream")
            }
        } while offset < input.count
        return output
    }

    /// The header flags (RFC 1952 section 2.3.1).
    private static let textFlag: UInt8 = 1, headerCRCFlag: UInt8 = 2, extraFlag: UInt8 = 4, nameFlag: UInt8 = 8,
        commentFlag: UInt8 = 16

    /// Checks the member header at `start` and returns where its deflate data starts.
    private static func headerEnd(_ input: UnsafeBufferPointer<UInt8>, at start: Int) throws(DecompressionError) -> Int {
        func fail(_ offset: Int, _ message: String) -> DecompressionError { DecompressionError(offset: offset, message: message) }
        let truncated = "the gzip file ends inside its header"
        guard input.count - start >= 10 else { throw fail(input.count, truncated) }
        guard input[start] == 0x1F, input[start + 1] == 0x8B else { throw fail(start, "not a gzip file (no 1f 8b magic number)") }
        guard input[start + 2] == 8 else {
            throw fail(start + 2, "compression method \(input[start + 2]) is not deflate (8), the only one gzip defines")
        }
        let flags = input[start + 3]
        guard flags & 0xE0 == 0 else { throw fail(start + 3, "reserved header flags are set (\(hex(UInt32(flags))))") }
        var offset = start + 10
        if flags & extraFlag != 0 {
            guard input.count - offset >= 2 else { throw fail(input.count, truncated) }
            let length = Int(input[offset]) | Int(input[offset + 1]) << 8
            offset += 2
            guard input.count - offset >= length else { throw fail(input.count, truncated) }
            offset += length
        }
        for flag in [nameFlag, commentFlag] where flags & flag != 0 {
            // A zero-terminated string (the original name, or a comment).
            while offset < input.count && input[offset] != 0 { offset += 1 }
            guard offset < input.count else { throw fail(input.count, truncated) }
            offset += 1
        }
        if flags & headerCRCFlag != 0 {
            guard input.count - offset >= 2 else { throw fail(input.count, truncated) }
            let stored = UInt16(input[offset]) | UInt16(input[offset + 1]) << 8
            let actual = UInt16(truncatingIfNeeded: CRC32.checksum(UnsafeBufferPointer(rebasing: input[start..<offset])))
            guard stored == actual else {
                throw fail(offset, "the header CRC does not match (\(hex(UInt32(stored))) stored, \(hex(UInt32(actual))) computed)")
            }
            offset += 2
        }
        return offset
    }

    private static func littleEndian32(_ input: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
        UInt32(input[offset]) | UInt32(input[offset + 1]) << 8 | UInt32(input[offset + 2]) << 16 | UInt32(input[offset + 3]) << 24
    }

    private static func hex(_ value: UInt32) -> String { "0x" + String(value, radix: 16) }
}

/// The CRC-32 of gzip, zip and PNG (ISO 3309, polynomial 0xEDB88320 reflected), eight bytes
/// at a time with eight tables ("slicing by eight").
public enum CRC32 {
    /// The CRC-32 of `bytes`.
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { checksum($0) }
    }

    /// The CRC-32 of `bytes`, continuing from `crc` (the CRC of what came before; 0 to start).
    public static func checksum(_ bytes: UnsafeBufferPointer<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
        ~engine.update(~crc, with: UnsafeRawBufferPointer(bytes))
    }

    private static let engine = SlicedCRC32(reflectedPolynomial: 0xEDB8_8320)
}
