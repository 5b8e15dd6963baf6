/// A reflected 32-bit CRC computed eight bytes a step with eight tables ("slicing by 8"): the
/// engine behind gzip's CRC-32 (``CRC32``) and the storage's CRC-32C, which differ only in
/// their polynomial.
public struct SlicedCRC32: Sendable {
    /// Table k gives the CRC of a byte followed by k zero bytes.
    private let tables: [UInt32]

    /// The tables for `polynomial`, bit-reflected (0xEDB88320 for CRC-32, 0x82F63B78 for CRC-32C).
    public init(reflectedPolynomial polynomial: UInt32) {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ polynomial : crc >> 1 }
            tables[byte] = crc
        }
        for slice in 1..<8 {
            for byte in 0..<256 {
                let previous = tables[(slice - 1) * 256 + byte]
                tables[slice * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        self.tables = tables
    }

    /// The register after `bytes`, from `register` (no initial or final inversion: the caller's).
    public func update(_ register: UInt32, with bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress else { return register }
        var crc = register
        var index = 0
        let count = bytes.count
        tables.withUnsafeBufferPointer { table in
            while count - index >= 8 {
                let low = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt32.self)) ^ crc
                let high = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self))
                crc = table[7 &* 256 &+ Int(low & 0xFF)] ^ table[6 &* 256 &+ Int((low >> 8) & 0xFF)]
                    ^ table[5 &* 256 &+ Int((low >> 16) & 0xFF)] ^ table[4 &* 256 &+ Int(low >> 24)]
                    ^ table[3 &* 256 &+ Int(high & 0xFF)] ^ table[2 &* 256 &+ Int((high >> 8) & 0xFF)]
                    ^ table[1 &* 256 &+ Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
                index &+= 8
            }
            while index < count {
                crc = table[Int((crc ^ UInt32(base.load(fromByteOffset: index, as: UInt8.self))) & 0xFF)] ^ (crc >> 8)
                index &+= 1
            }
        }
        return crc
    }
}
