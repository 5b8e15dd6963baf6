/// Base64 (RFC 4648, the standard alphabet, with `=` padding), for bytes inside JSON records.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, symbol) in alphabet.enumerated() { table[Int(symbol)] = UInt8(index) }
        return table
    }()

    /// The text of `bytes`.
    public static func encode(_ bytes: [UInt8]) -> String {
        let whole = bytes.count / 3
        let rest = bytes.count - whole * 3
        let length = (whole + (rest > 0 ? 1 : 0)) * 4
        return String(unsafeUninitializedCapacity: length) { output in
            alphabet.withUnsafeBufferPointer { symbols in
                bytes.withUnsafeBufferPointer { input in
                    var at = 0
                    for group in 0..<whole {
                        let from = group * 3
                        let chunk = UInt32(input[from]) << 16 | UInt32(input[from + 1]) << 8 | UInt32(input[from + 2])
                        output[at] = symbols[Int(chunk >> 18)]
                        output[at + 1] = symbols[Int((chunk >> 12) & 63)]
                        output[at + 2] = symbols[Int((chunk >> 6) & 63)]
                        output[at + 3] = symbols[Int(chunk & 63)]
                        at += 4
                    }
                    if rest > 0 {
                        let from = whole * 3
                        let chunk = UInt32(input[from]) << 16 | (rest == 2 ? UInt32(input[from + 1]) << 8 : 0)
                        output[at] = symbols[Int(chunk >> 18)]
                        output[at + 1] = symbols[Int((chunk >> 12) & 63)]
                        output[at + 2] = rest == 2 ? symbols[Int((chunk >> 6) & 63)] : UInt8(ascii: "=")
                        output[at + 3] = UInt8(ascii: "=")
                    }
                }
            }
            return length
        }
    }

    /// The bytes of `text`; nil unless it is canonical base64: a multiple of 4 characters of the
    /// alphabet, `=` only as padding at the end, and no stray bits in the last character.
    public static func decode(_ text: String) -> [UInt8]? {
        let symbols = Array(text.utf8)
        guard symbols.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(symbols.count / 4 * 3)
        var index = 0
        while index < symbols.count {
            let isLast = index + 4 == symbols.count
            let padding = isLast ? (symbols[index + 3] == UInt8(ascii: "=") ? (symbols[index + 2] == UInt8(ascii: "=") ? 2 : 1) : 0) : 0
            var chunk: UInt32 = 0
            for offset in 0..<4 {
                let symbol = symbols[index + offset]
                if offset >= 4 - padding {
                    chunk <<= 6
                    continue
                }
                let value = values[Int(symbol)]
                guard value != 0xFF else { return nil }
                chunk = chunk << 6 | UInt32(value)
            }
            output.append(UInt8(chunk >> 16))
            if padding < 2 { output.append(UInt8((chunk >> 8) & 0xFF)) } else if (chunk >> 8) & 0xFF != 0 { return nil }
            if padding < 1 { output.append(UInt8(chunk & 0xFF)) } else if chunk & 0xFF != 0 { return nil }
            index += 4
        }
        return output
    }
}
