extension Array where Element == UInt8 {
    /// Appends `count` copies of `byte` (none when `count` is 0 or less) and returns where they
    /// start. A block copy from a filled buffer on the stack: appending a `repeatElement` goes a
    /// byte at a time, which was a tenth of the cost of rendering a busy world's rows of text.
    @discardableResult
    public mutating func appendRepeating(_ byte: UInt8, count: Int) -> Int {
        let start = self.count
        guard count > 0 else { return start }
        let chunk = Swift.min(count, 1024)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: chunk) { filled in
            filled.initialize(repeating: byte)
            var remaining = count
            while remaining > 0 {
                let part = Swift.min(remaining, chunk)
                append(contentsOf: UnsafeBufferPointer(rebasing: filled[..<part]))
                remaining -= part
            }
        }
        return start
    }
}

extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of `text`, a literal, as one block copy: an array of the same
    /// bytes kept in a static is retained and released on each use, and a patch appends its
    /// fixed texts thousands of times a tick.
    public mutating func append(literal text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }
}
