/// A deflate encoder for the tests: stored blocks and blocks with the fixed Huffman codes,
/// written exactly as RFC 1951 says, so tests can build any stream (valid or not) bit by bit.
struct DeflateWriter {
    private(set) var bytes: [UInt8] = []
    private var used = 0  // bits used in the last byte (0: start a new byte)

    /// `count` bits of `value`, least significant first (deflate's header fields and extra bits).
    mutating func bits(_ value: Int, _ count: Int) {
        for bit in 0..<count { put(value >> bit & 1 == 1) }
    }

    /// A Huffman code of `length` bits, most significant first.
    mutating func code(_ value: Int, length: Int) {
        for bit in stride(from: length - 1, through: 0, by: -1) { put(value >> bit & 1 == 1) }
    }

    private mutating func put(_ bit: Bool) {
        if used == 0 { bytes.append(0) }
        if bit { bytes[bytes.count - 1] |= UInt8(1) << used }
        used = (used + 1) % 8
    }

    /// Pads to a byte boundary with zero bits.
    mutating func align() { used = 0 }

    /// A block header: BFINAL and BTYPE.
    mutating func header(final: Bool, type: Int) {
        bits(final ? 1 : 0, 1)
        bits(type, 2)
    }

    /// A whole stored block holding `data` (at most 65535 bytes).
    mutating func stored(_ data: [UInt8], final: Bool) {
        header(final: final, type: 0)
        align()
        bits(data.count, 16)
        bits(~data.count & 0xFFFF, 16)
        bytes += data
    }

    /// The fixed code of a literal/length symbol (0...287).
    mutating func fixedSymbol(_ symbol: Int) {
        switch symbol {
        case 0..<144: code(0x30 + symbol, length: 8)
        case 144..<256: code(0x190 + symbol - 144, length: 9)
        case 256..<280: code(symbol - 256, length: 7)
        default: code(0xC0 + symbol - 280, length: 8)
        }
    }

    /// A literal byte in a fixed-code block.
    mutating func literal(_ byte: UInt8) { fixedSymbol(Int(byte)) }

    /// A copy of `length` (3...258) bytes from `distance` (1...32768) back, in a fixed-code block.
    mutating func copy(length: Int, distance: Int) {
        let (lengthSymbol, lengthExtra, lengthBits) = Self.lengthCode(length)
        fixedSymbol(lengthSymbol)
        bits(lengthExtra, lengthBits)
        let (distanceSymbol, distanceExtra, distanceBits) = Self.distanceCode(distance)
        code(distanceSymbol, length: 5)
        bits(distanceExtra, distanceBits)
    }

    /// The end-of-block symbol of a fixed-code block.
    mutating func endOfBlock() { fixedSymbol(256) }

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtraBits = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289,
        16385, 24577,
    ]
    static let distanceExtraBits = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    static func lengthCode(_ length: Int) -> (symbol: Int, extra: Int, bits: Int) {
        let index = (0..<29).last { lengthBase[$0] <= length } ?? 0
        return (257 + index, length - lengthBase[index], lengthExtraBits[index])
    }

    static func distanceCode(_ distance: Int) -> (symbol: Int, extra: Int, bits: Int) {
        let index = (0..<30).last { distanceBase[$0] <= distance } ?? 0
        return (index, distance - distanceBase[index], distanceExtraBits[index])
    }

    /// `deflate` wrapped as a gzip member of `data` (the CRC-32 and length of `data`).
    static func gzip(_ deflate: [UInt8], of data: [UInt8], crc: UInt32) -> [UInt8] {
        var member: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]
        member += deflate
        for shift in stride(from: 0, to: 32, by: 8) { member.append(UInt8(truncatingIfNeeded: crc >> UInt32(shift))) }
        for shift in stride(from: 0, to: 32, by: 8) { member.append(UInt8(truncatingIfNeeded: UInt32(truncatingIfNeeded: data.count) >> UInt32(shift))) }
        return member
    }
}
