// Over 400 lines on purpose: one RFC 1951 decoder whose tables, Huffman decoding and block
// loop read as one algorithm; split, each part would need the others to be understood.

/// DEFLATE decompression (RFC 1951): stored blocks, blocks with the fixed Huffman codes and
/// blocks with their own (dynamic) codes, read straight from a byte buffer.
///
/// Everything about the input is checked: a code table that is over-subscribed or incomplete
/// (except the single one-bit code the RFC allows), a symbol that no table gives, a distance
/// further back than the output, a stored block whose length and its complement disagree, a
/// stream that ends before its last block does: each is a ``DecompressionError`` with the
/// byte offset where it was found, never a crash.
///
/// The output is bounded: it grows as needed, never past `limit` bytes, and the stream that
/// would write more fails as soon as it tries (a "deflate bomb" costs at most `limit` bytes
/// of memory and the time to write them).
public enum Inflate {
    /// Decompresses the raw deflate stream that starts at `start` in `input`: the output
    /// (at most `limit` bytes) and the offset just after the stream's last byte (the stream
    /// ends on a byte boundary, so whatever follows it, such as gzip's trailer, starts there).
    ///
    /// `capacity` is how many bytes to reserve at first (gzip's ISIZE is a good guess); it is
    /// clamped to `limit`, and the output grows past it when needed.
    public static func decompress(
        _ input: UnsafeBufferPointer<UInt8>, from start: Int = 0, limit: Int, capacity: Int = 0
    ) throws(DecompressionError) -> (output: [UInt8], end: Int) {
        var inflater = Inflater(input: input, start: start, limit: max(limit, 0), capacity: capacity)
        try inflater.run()
        return (inflater.finish(), inflater.consumedEnd)
    }

    /// Decompresses the raw deflate stream `input` (see the other `decompress`).
    public static func decompress(_ input: [UInt8], limit: Int) throws(DecompressionError) -> [UInt8] {
        let result = input.withUnsafeBufferPointer { buffer in
            Result { () throws(DecompressionError) in try decompress(buffer, limit: limit).output }
        }
        return try result.get()
    }
}

/// Why compressed data could not be decompressed: the byte offset (into the compressed
/// input) where the problem was found, and what it is.
public struct DecompressionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The offset into the compressed bytes, from 0.
    public var offset: Int
    /// What is wrong, for a person.
    public var message: String

    /// Creates an error at byte `offset`.
    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    /// Reads like "byte 1234: distance 300 is further back than the 120 bytes written".
    public var description: String { "byte \(offset): \(message)" }
}

// MARK: - Huffman tables

/// A canonical Huffman code as one lookup table indexed by the next `bits` input bits (least
/// significant bit first, as deflate packs codes): each entry holds the symbol and the code's
/// length, or 0 where no code starts with those bits.
struct HuffmanTable {
    /// Entry: `symbol << 4 | length`; 0 = no code.
    var entries: [UInt16]
    /// The longest code's length: the table has `1 << bits` entries.
    var bits: Int

    /// The longest code deflate allows.
    static let maxLength = 15

    /// Why code lengths do not make a code deflate accepts.
    struct Problem: Error {
        let reason: String
    }

    /// The table of the canonical code with these code lengths, one per symbol (0: unused).
    /// `allowEmpty`: no code at all is fine (a distance code of a block made only of literals).
    static func build(_ lengths: ArraySlice<UInt8>, allowEmpty: Bool) throws(Problem) -> HuffmanTable {
        var counts = [Int](repeating: 0, count: maxLength + 1)
        var longest = 0
        for length in lengths where length > 0 {
            counts[Int(length)] += 1
            longest = max(longest, Int(length))
        }
        let used = counts.reduce(0, +)
        if used == 0 {
            guard allowEmpty else { throw Problem(reason: "the code has no symbols") }
            return HuffmanTable(entries: [0, 0], bits: 1)
        }
        // Kraft: the codes must not over-subscribe the code space, and must fill it, except
        // for the one code of one bit that RFC 1951 allows (a single distance code).
        var left = 1
        for length in 1...maxLength {
            left = left * 2 - counts[length]
            if left < 0 { throw Problem(reason: "the code lengths are over-subscribed") }
        }
        if left > 0 && !(used == 1 && counts[1] == 1) {
            throw Problem(reason: "the code lengths are incomplete")
        }
        // The first code of each length, in canonical order.
        var next = [Int](repeating: 0, count: maxLength + 2)
        var code = 0
        for length in 1...maxLength {
            code = (code + counts[length - 1]) << 1
            next[length] = code
        }
        next[0] = 0
        var entries = [UInt16](repeating: 0, count: 1 << longest)
        var symbol = 0
        for length in lengths {
            defer { symbol += 1 }
            guard length > 0 else { continue }
            let n = Int(length)
            let code = next[n]
            next[n] += 1
            // Deflate sends a code's bits from the most significant: reversed, it indexes
            // the table by the input's next bits; every index ending in it decodes to it.
            var reversed = 0
            for bit in 0..<n where code & (1 << bit) != 0 { reversed |= 1 << (n - 1 - bit) }
            let entry = UInt16(symbol << 4 | n)
            var index = reversed
            while index < entries.count {
                entries[index] = entry
                index += 1 << n
            }
        }
        return HuffmanTable(entries: entries, bits: longest)
    }

    /// The fixed literal/length code of RFC 1951 section 3.2.6.
    static let fixedLiterals: HuffmanTable = {
        var lengths = [UInt8](repeating: 8, count: 288)
        for symbol in 144..<256 { lengths[symbol] = 9 }
        for symbol in 256..<280 { lengths[symbol] = 7 }
        guard let table = try? build(lengths[...], allowEmpty: false) else { preconditionFailure("fixed code") }
        return table
    }()

    /// The fixed distance code: 30 usable five-bit codes (30 and 31 are invalid).
    static let fixedDistances: HuffmanTable = {
        guard let table = try? build([UInt8](repeating: 5, count: 32)[...], allowEmpty: false) else {
            preconditionFailure("fixed code")
        }
        return table
    }()
}

// MARK: - The decoder

/// The state of one decompression: the input, its bit buffer, and the output so far.
private struct Inflater {
    let input: UnsafeBufferPointer<UInt8>
    /// The next input byte not yet in `bitBuffer`.
    var position: Int
    /// Input bits not yet used, the next one in bit 0.
    var bitBuffer: UInt64 = 0
    var bitCount = 0
    let limit: Int
    var output: [UInt8]
    var written = 0

    /// Length bases and extra bits of the length symbols 257...285.
    static let lengthBase: [Int] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    /// Distance bases and extra bits of the distance symbols 0...29.
    static let distanceBase: [Int] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
        8193, 12289, 16385, 24577,
    ]
    static let distanceExtra: [Int] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    /// The order in which a dynamic block sends its code-length code's lengths.
    static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    init(input: UnsafeBufferPointer<UInt8>, start: Int, limit: Int, capacity: Int) {
        self.input = input
        position = min(max(start, 0), input.count)
        self.limit = limit
        output = [UInt8](repeating: 0, count: min(max(capacity, 0), limit))
    }

    /// The offset of the first input byte not used, once the stream has ended (on a byte boundary).
    var consumedEnd: Int { position - bitCount / 8 }

    /// The offset of the byte holding the next unread bit, for messages.
    var offset: Int { max(position - (bitCount + 7) / 8, 0) }

    func fail(_ message: String) -> DecompressionError { DecompressionError(offset: offset, message: message) }

    mutating func finish() -> [UInt8] {
        output.removeLast(output.count - written)
        return output
    }

    // MARK: Bits

    /// Fills the bit buffer with whole bytes while there is room and input.
    @inline(__always) mutating func refill() {
        while bitCount <= 56 && position < input.count {
            bitBuffer |= UInt64(input[position]) << UInt64(bitCount)
            position += 1
            bitCount += 8
        }
    }

    /// The next `count` bits (at most 32) as a number, the first bit least significant.
    @inline(__always) mutating func bits(_ count: Int) throws(DecompressionError) -> Int {
        if bitCount < count {
            refill()
            guard bitCount >= count else { throw fail("the deflate stream ends in the middle of a block") }
        }
        let value = Int(truncatingIfNeeded: bitBuffer & ((1 << UInt64(count)) - 1))
        bitBuffer >>= UInt64(count)
        bitCount -= count
        return value
    }

    /// The next symbol of `table`.
    @inline(__always) mutating func decode(_ table: HuffmanTable, _ what: String) throws(DecompressionError) -> Int {
        if bitCount < table.bits { refill() }
        let entry = Int(table.entries[Int(truncatingIfNeeded: bitBuffer) & (table.entries.count - 1)])
        let length = entry & 15
        guard length != 0 else {
            throw fail(bitCount == 0 ? "the deflate stream ends in the middle of a block" : "no \(what) code matches the input")
        }
        guard length <= bitCount else { throw fail("the deflate stream ends in the middle of a block") }
        bitBuffer >>= UInt64(length)
        bitCount -= length
        return entry >> 4
    }

    // MARK: Output

    /// Makes room for `count` more bytes, or fails when that would pass the limit.
    mutating func reserve(_ count: Int) throws(DecompressionError) {
        let needed = written + count
        guard needed > output.count else { return }
        guard needed <= limit else {
            throw fail("the data decompresses to more than \(limit) bytes, the most lifed reads")
        }
        let grown = min(limit, max(needed, output.count * 2, 1 << 16))
        output.reserveCapacity(grown)
        output.append(contentsOf: repeatElement(0, count: grown - output.count))
    }

    // MARK: Blocks

    mutating func run() throws(DecompressionError) {
        var last = false
        while !last {
            last = try bits(1) == 1
            switch try bits(2) {
            case 0: try storedBlock()
            case 1: try huffmanBlock(literals: HuffmanTable.fixedLiterals, distances: HuffmanTable.fixedDistances)
            case 2:
                let (literals, distances) = try dynamicTables()
                try huffmanBlock(literals: literals, distances: distances)
            default: throw fail("block type 3 is reserved: this is not a deflate stream")
            }
        }
        // The stream ends on a byte boundary: the rest of the last byte is padding.
        let padding = bitCount & 7
        bitBuffer >>= UInt64(padding)
        bitCount -= padding
    }

    mutating func storedBlock() throws(DecompressionError) {
        let padding = bitCount & 7
        bitBuffer >>= UInt64(padding)
        bitCount -= padding
        let length = try bits(16)
        let complement = try bits(16)
        guard length == ~complement & 0xFFFF else {
            throw fail("a stored block's length \(length) does not match its complement")
        }
        try reserve(length)
        var remaining = length
        // Whole bytes still in the bit buffer come first, then the input itself.
        while remaining > 0 && bitCount >= 8 {
            output[written] = UInt8(truncatingIfNeeded: bitBuffer)
            bitBuffer >>= 8
            bitCount -= 8
            written += 1
            remaining -= 1
        }
        guard input.count - position >= remaining else {
            position = input.count
            throw fail("the deflate stream ends in the middle of a stored block")
        }
        if remaining > 0 {
            let source = UnsafeBufferPointer(rebasing: input[position..<(position + remaining)])
            output.withUnsafeMutableBufferPointer { out in
                _ = UnsafeMutableBufferPointer(rebasing: out[written..<(written + remaining)]).initialize(from: source)
            }
            position += remaining
            written += remaining
        }
    }

    /// The two code tables a dynamic block sends before its data (RFC 1951 section 3.2.7).
    mutating func dynamicTables() throws(DecompressionError) -> (HuffmanTable, HuffmanTable) {
        let literalCount = try bits(5) + 257
        let distanceCount = try bits(5) + 1
        let codeLengthCount = try bits(4) + 4
        guard literalCount <= 286 else { throw fail("a dynamic block declares \(literalCount) literal/length codes; at most 286") }
        guard distanceCount <= 30 else { throw fail("a dynamic block declares \(distanceCount) distance codes; at most 30") }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<codeLengthCount {
            codeLengthLengths[Self.codeLengthOrder[index]] = UInt8(try bits(3))
        }
        let codeLengths: HuffmanTable
        do {
            codeLengths = try HuffmanTable.build(codeLengthLengths[...], allowEmpty: false)
        } catch {
            throw fail("bad code-length code: \(error.reason)")
        }
        var lengths = [UInt8](repeating: 0, count: literalCount + distanceCount)
        var index = 0
        while index < lengths.count {
            let symbol = try decode(codeLengths, "code-length")
            var repeated: UInt8 = 0
            var count = 1
            switch symbol {
            case 0...15:
                repeated = UInt8(symbol)
            case 16:
                guard index > 0 else { throw fail("a code-length repeat (16) comes before any length") }
                repeated = lengths[index - 1]
                count = 3 + (try bits(2))
            case 17:
                count = 3 + (try bits(3))
            default:
                count = 11 + (try bits(7))
            }
            guard index + count <= lengths.count else { throw fail("the code lengths repeat past the declared codes") }
            for _ in 0..<count {
                lengths[index] = repeated
                index += 1
            }
        }
        guard lengths[256] != 0 else { throw fail("the literal/length code has no end-of-block symbol") }
        let literals: HuffmanTable
        let distances: HuffmanTable
        do {
            literals = try HuffmanTable.build(lengths[0..<literalCount], allowEmpty: false)
        } catch {
            throw fail("bad literal/length code: \(error.reason)")
        }
        do {
            distances = try HuffmanTable.build(lengths[literalCount...], allowEmpty: true)
        } catch {
            throw fail("bad distance code: \(error.reason)")
        }
        return (literals, distances)
    }

    /// Literals and copies until the end-of-block symbol.
    mutating func huffmanBlock(literals: HuffmanTable, distances: HuffmanTable) throws(DecompressionError) {
        while true {
            let symbol = try decode(literals, "literal/length")
            if symbol < 256 {
                if written == output.count { try reserve(1) }
                output[written] = UInt8(truncatingIfNeeded: symbol)
                written += 1
                continue
            }
            if symbol == 256 { return }
            guard symbol <= 285 else { throw fail("the length symbol \(symbol) is not used by deflate") }
            let lengthIndex = symbol - 257
            let length = Self.lengthBase[lengthIndex] + (try bits(Self.lengthExtra[lengthIndex]))
            let distanceSymbol = try decode(distances, "distance")
            guard distanceSymbol < 30 else { throw fail("the distance symbol \(distanceSymbol) is not used by deflate") }
            let distance = Self.distanceBase[distanceSymbol] + (try bits(Self.distanceExtra[distanceSymbol]))
            guard distance <= written else {
                throw fail("a copy reaches \(distance) bytes back, before the start of the data (\(written) bytes written)")
            }
            try reserve(length)
            let start = written
            output.withUnsafeMutableBufferPointer { out in
                guard let base = out.baseAddress else { return }
                let to = base + start
                let from = to - distance
                if distance >= length {
                    to.update(from: from, count: length)
                } else {
                    // Overlapping: the copy repeats the last `distance` bytes. Copy in chunks
                    // that never overlap their source: once `copied` bytes are written, the
                    // `copied + distance` bytes before `to + copied` repeat with that period.
                    var copied = 0
                    var period = distance
                    while copied < length {
                        let count = min(period, length - copied)
                        (to + copied).update(from: to + copied - period, count: count)
                        copied += count
                        period *= 2
                    }
                }
            }
            written += length
        }
    }
}
