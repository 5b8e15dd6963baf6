import DaemonTestSupport
import LifeTestSupport

/// A gzip bomb for the fetch tests: a valid gzip stream of zero bytes that decodes to about
/// 159 times its length, built directly (no compressor needed, so it costs nothing to make).
///
/// The deflate data is a stored block holding one zero byte, then one final block with the
/// fixed Huffman codes made only of "copy 258 bytes from 1 back" (13 bits each: length code
/// 285, distance code 0). The copies start on a byte boundary, and 8 of them fill 13 bytes, so
/// the block is 2 bytes, then `groups` times the same 13 bytes, then the end-of-block byte.
enum GzipBomb {
    /// A stream of `groups` 13-byte groups, and how many bytes it decodes to:
    /// 1 + 258 × (1 + 8 × groups).
    static func make(groups: Int) -> (body: [UInt8], decodedSize: UInt64) {
        var start = BitWriter()
        start.bits(1, count: 1)  // BFINAL
        start.bits(1, count: 2)  // BTYPE 01: fixed Huffman codes
        start.copy258()
        var group = BitWriter()
        for _ in 0..<8 { group.copy258() }
        var end = BitWriter()
        end.code(0, length: 7)  // end of block (256)
        let decoded = 1 + 258 * (1 + 8 * UInt64(groups))

        var body: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]  // gzip, deflate, no name, Unix
        body += [0x00, 0x01, 0x00, 0xFE, 0xFF, 0x00]  // stored block: LEN 1, NLEN, one zero byte
        body += start.bytes
        body.reserveCapacity(body.count + 13 * groups + 9)
        for _ in 0..<groups { body += group.bytes }
        body += end.bytes
        body += littleEndian(crc32OfZeros(decoded)) + littleEndian(UInt32(truncatingIfNeeded: decoded))
        return (body, decoded)
    }

    /// Deflate's bit order: fields from the least significant bit, Huffman codes from their first bit.
    private struct BitWriter {
        var bytes: [UInt8] = []
        private var used = 0

        mutating func bit(_ value: Bool) {
            if used == 0 { bytes.append(0) }
            if value { bytes[bytes.count - 1] |= UInt8(1) << used }
            used = (used + 1) % 8
        }

        mutating func bits(_ value: Int, count: Int) {
            for index in 0..<count { bit(value >> index & 1 == 1) }
        }

        mutating func code(_ value: Int, length: Int) {
            for index in (0..<length).reversed() { bit(value >> index & 1 == 1) }
        }

        /// Length 258 (code 285: 8 bits 11000101) at distance 1 (code 0: 5 bits 00000).
        mutating func copy258() {
            code(0b1100_0101, length: 8)
            code(0, length: 5)
        }
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// The CRC-32 of `count` zero bytes. On a zero byte the CRC register goes through a fixed
    /// linear map (over GF(2)), so `count` bytes are that map to the power `count`, by squaring.
    static func crc32OfZeros(_ count: UInt64) -> UInt32 {
        func apply(_ map: [UInt32], _ vector: UInt32) -> UInt32 {
            var result: UInt32 = 0
            for index in 0..<32 where vector >> index & 1 == 1 { result ^= map[index] }
            return result
        }
        func square(_ map: [UInt32]) -> [UInt32] { map.map { apply(map, $0) } }
        // One zero bit: bit 0 shifts out and brings in the polynomial; bit i becomes bit i - 1.
        var map: [UInt32] = [0xEDB8_8320] + (1..<32).map { UInt32(1) << ($0 - 1) }
        for _ in 0..<3 { map = square(map) }  // one zero byte
        var register: UInt32 = 0xFFFF_FFFF
        var remaining = count
        while remaining > 0 {
            if remaining & 1 == 1 { register = apply(map, register) }
            map = square(map)
            remaining >>= 1
        }
        return register ^ 0xFFFF_FFFF
    }
}
