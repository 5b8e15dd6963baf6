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

extension Array where Element == UInt8 {
    /// Appends `value` in decimal, as `String(value)` writes it, without making a string: a
    /// busy tick writes thousands of row numbers and a version into every subscriber's head.
    public mutating func appendDecimal(_ value: Int) {
        guard value >= 0 else { return append(contentsOf: String(value).utf8) }
        // A window's row numbers are mostly one or two digits: written straight.
        if value < 100 {
            if value >= 10 { append(UInt8(ascii: "0") + UInt8(value / 10)) }
            append(UInt8(ascii: "0") + UInt8(value % 10))
            return
        }
        let digits = DecimalText.digits(value)
        let start = appendRepeating(UInt8(ascii: "0"), count: digits)
        withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress { DecimalText.write(value, digits: digits, to: base + start) }
        }
    }
}

/// Numbers (not negative) written as decimal digits in place.
public enum DecimalText {
    /// How many digits `value` (not negative) takes in decimal.
    public static func digits(_ value: Int) -> Int {
        var digits = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        return digits
    }

    /// Writes `value` (not negative) in decimal at `target`, as the `digits` digits it takes.
    public static func write(_ value: Int, digits: Int, to target: UnsafeMutablePointer<UInt8>) {
        var rest = value
        for position in stride(from: digits - 1, through: 0, by: -1) {
            target[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
    }
}
