/// CRC-32C (Castagnoli: the polynomial 0x1EDC6F41, reflected 0x82F63B78), the checksum of iSCSI,
/// ext4's metadata and SQLite-like logs, over every snapshot and journal record.
///
/// A table-driven software implementation, eight bytes a step ("slicing by 8"): a 4 MB snapshot
/// takes a few milliseconds in a release build. `CRC32C.checksum("123456789")` is 0xE3069283.
public struct CRC32C: Sendable {
    /// The running value, before the final inversion.
    private var state: UInt32 = 0xFFFF_FFFF

    public init() {}

    /// The checksum of everything added so far.
    public var value: UInt32 { ~state }

    /// Adds `bytes` to the checksum.
    public mutating func add(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        var crc = state
        var index = 0
        let count = bytes.count
        Self.tables.withUnsafeBufferPointer { table in
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
        state = crc
    }

    /// Adds `bytes` to the checksum.
    public mutating func add(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { add($0) }
    }

    /// Adds `bytes` to the checksum.
    public mutating func add(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { add($0) }
    }

    /// The checksum of `bytes`.
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc = CRC32C()
        crc.add(bytes)
        return crc.value
    }

    /// The checksum of `bytes`.
    public static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc = CRC32C()
        crc.add(bytes)
        return crc.value
    }

    /// Eight tables of 256 entries: table 0 is the byte-at-a-time table; table k advances an entry
    /// of table k-1 by one more zero byte.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
            tables[byte] = crc
        }
        for slice in 1..<8 {
            for byte in 0..<256 {
                let previous = tables[(slice - 1) * 256 + byte]
                tables[slice * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()
}
