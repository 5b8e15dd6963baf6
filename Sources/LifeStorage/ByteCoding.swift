/// Little-endian integers appended to and read from byte arrays: the files' only encoding.
extension Array where Element == UInt8 {
    mutating func appendLittleEndian(_ value: UInt32) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    mutating func appendLittleEndian(_ value: UInt64) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    mutating func appendLittleEndian(_ value: Int64) {
        appendLittleEndian(UInt64(bitPattern: value))
    }
}

/// Reads little-endian integers from bytes; every read is bounds-checked by the caller's offsets.
extension UnsafeRawBufferPointer {
    /// The `UInt32` at `offset`; `offset + 4` must be within the buffer.
    func littleEndianUInt32(at offset: Int) -> UInt32 {
        UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// The `UInt64` at `offset`; `offset + 8` must be within the buffer.
    func littleEndianUInt64(at offset: Int) -> UInt64 {
        UInt64(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The `Int64` at `offset`; `offset + 8` must be within the buffer.
    func littleEndianInt64(at offset: Int) -> Int64 {
        Int64(bitPattern: littleEndianUInt64(at: offset))
    }
}
