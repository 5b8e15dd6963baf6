import LifeGrid
import LifeJSON
import Protocol

/// A grid's two bit planes as compact bytes, for the journal record that ends a jump: every cell
/// state kept exactly (born and died included), and empty stretches cost almost nothing.
///
/// The bytes are two planes, in turn: the live plane, then the live plane XOR the previous one
/// (the cells the last generation changed, sparse once a world settles). Each is its
/// `rows * wordsPerRow` 64-bit words in ``Grid``'s layout, as runs: a count of zero words and a
/// count of literal words (both unsigned LEB128), then the literal words, 8 bytes each, little
/// endian; runs repeat until the plane's words are all told. A world with dying states
/// (Generations) follows with the number of its dying planes (unsigned LEB128, 1 to 8) and those
/// planes (``Grid/dying``), coded the same way; a two-state world has nothing after the second
/// plane, and nothing may follow the last plane. A glider on a 4096 x 4096 grid takes a few dozen bytes; a dense soup about its 4 MiB of
/// planes. ``text(of:)`` is that in base64.
public enum GridPlanesCoding {
    /// The bytes of `grid`'s planes.
    public static func bytes(of grid: Grid) -> [UInt8] {
        var output: [UInt8] = []
        append(grid.livePlane, to: &output)
        append(zip(grid.livePlane, grid.previousPlane).map { $0 ^ $1 }, to: &output)
        if !grid.dying.isEmpty {
            appendVarint(grid.dying.count, to: &output)
            for plane in grid.dying { append(plane.words, to: &output) }
        }
        return output
    }

    /// ``bytes(of:)`` as base64 text.
    public static func text(of grid: Grid) -> String { Base64.encode(bytes(of: grid)) }

    /// The `rows` x `cols` grid whose planes `text` holds; throws unless it is exactly that
    /// (base64, whole runs, the right number of words, no bits past the last column, nothing more).
    public static func grid(rows: Int, cols: Int, text: String) throws(ProtocolError) -> Grid {
        guard let bytes = Base64.decode(text) else { throw failure("is not base64") }
        return try grid(rows: rows, cols: cols, bytes: bytes)
    }

    /// The `rows` x `cols` grid whose planes `bytes` holds (see ``grid(rows:cols:text:)``).
    public static func grid(rows: Int, cols: Int, bytes: [UInt8]) throws(ProtocolError) -> Grid {
        guard (0...Grid.maxSide).contains(rows), (0...Grid.maxSide).contains(cols) else {
            throw failure("needs a size from 0x0 to \(Grid.maxSide)x\(Grid.maxSide), not \(rows)x\(cols)")
        }
        let words = rows * ((cols + 63) >> 6)
        var reader = Reader(bytes: bytes)
        let live = try reader.plane(words: words)
        let changed = try reader.plane(words: words)
        var dying: [[UInt64]] = []
        let planesEnd = reader.offset
        if reader.offset < bytes.count {
            let count = try reader.varint(atMost: Grid.dyingPlaneCount(states: Grid.maxStates))
            guard count > 0 else { throw failure("has \(bytes.count - planesEnd) bytes after its planes") }
            for _ in 0..<count { dying.append(try reader.plane(words: words)) }
        }
        guard reader.offset == bytes.count else { throw failure("has \(bytes.count - reader.offset) bytes after its planes") }
        let previous = zip(live, changed).map { $0 ^ $1 }
        guard let grid = Grid(rows: rows, cols: cols, livePlane: live, previousPlane: previous, dyingPlanes: dying),
            grid.livePlane == live, grid.previousPlane == previous
        else {
            throw failure("has live cells past its last column")
        }
        guard grid.dying.map(\.words) == dying else { throw failure("has dying cells past its last column or where cells are live") }
        return grid
    }

    private static func append(_ plane: [UInt64], to output: inout [UInt8]) {
        output.reserveCapacity(output.count + plane.count * 8 + 32)
        plane.withUnsafeBufferPointer { words in
            var index = 0
            while index < words.count {
                var zeros = 0
                while index + zeros < words.count, words[index + zeros] == 0 { zeros += 1 }
                var literals = 0
                while index + zeros + literals < words.count, words[index + zeros + literals] != 0 { literals += 1 }
                appendVarint(zeros, to: &output)
                appendVarint(literals, to: &output)
                let start = output.count
                output.append(contentsOf: repeatElement(0, count: 8 * literals))
                output.withUnsafeMutableBytes { bytes in
                    for offset in 0..<literals {
                        // Little endian, whatever the host.
                        bytes.storeBytes(of: words[index + zeros + offset].littleEndian, toByteOffset: start + 8 * offset, as: UInt64.self)
                    }
                }
                index += zeros + literals
            }
        }
    }

    private static func appendVarint(_ value: Int, to output: inout [UInt8]) {
        var rest = UInt64(value)
        while rest >= 0x80 {
            output.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        output.append(UInt8(rest))
    }

    fileprivate static func failure(_ what: String) -> ProtocolError {
        ProtocolError(.invalidArgument, "the grid's planes \(what)")
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func plane(words: Int) throws(ProtocolError) -> [UInt64] {
            var plane = [UInt64](repeating: 0, count: words)
            var index = 0
            while index < words {
                let zeros = try varint(atMost: words - index)
                let literals = try varint(atMost: words - index - zeros)
                guard zeros + literals > 0 else { throw GridPlanesCoding.failure("hold an empty run") }
                index += zeros
                guard offset + 8 * literals <= bytes.count else { throw GridPlanesCoding.failure("end in the middle of a run") }
                for _ in 0..<literals {
                    var word: UInt64 = 0
                    for byte in 0..<8 { word |= UInt64(bytes[offset + byte]) << UInt64(8 * byte) }
                    plane[index] = word
                    index += 1
                    offset += 8
                }
            }
            return plane
        }

        mutating func varint(atMost limit: Int) throws(ProtocolError) -> Int {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard offset < bytes.count else { throw GridPlanesCoding.failure("end in the middle of a run") }
                let byte = bytes[offset]
                offset += 1
                guard shift < 63 else { throw GridPlanesCoding.failure("hold a run too long for the grid") }
                value |= UInt64(byte & 0x7F) << shift
                shift += 7
                if byte & 0x80 == 0 { break }
            }
            guard value <= UInt64(limit) else { throw GridPlanesCoding.failure("hold a run too long for the grid") }
            return Int(value)
        }
    }
}
