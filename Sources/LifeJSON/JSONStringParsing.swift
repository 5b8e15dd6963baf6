extension JSONByteParser {
    // The parser's strings: the fast path, escapes and UTF-8 validation (JSONParser.swift holds the rest).
    /// Parses a string starting at its opening quote; leaves `index` after the closing quote.
    package mutating func parseString() throws(JSONParseError) -> String {
        let open = index
        index += 1
        let start = index
        // Fast path: no escapes. Plain ASCII is skipped sixteen bytes at a time.
        let raw = UnsafeRawPointer(bytes.baseAddress)
        while index < bytes.count {
            if index + 16 <= bytes.count, let raw, SWAR.sixteenPlainASCII(raw, at: index) {
                index += 16
                continue
            }
            let c = bytes[index]
            if c == Byte.quote {
                let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return s
            }
            if c == Byte.backslash { break }
            if c < 0x20 { throw fail("unescaped control character in string", at: index) }
            if c < 0x80 {
                index += 1
            } else {
                try skipUTF8Sequence()
            }
        }
        guard index < bytes.count else { throw fail("unterminated string", at: open) }

        // Slow path: build the string in `scratch`, copying unescaped runs whole.
        scratch.removeAll(keepingCapacity: true)
        var runStart = start
        while index < bytes.count {
            if index + 16 <= bytes.count, let raw, SWAR.sixteenPlainASCII(raw, at: index) {
                index += 16
                continue
            }
            let c = bytes[index]
            if c == Byte.quote {
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if c == Byte.backslash {
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                try parseEscape()
                runStart = index
                continue
            }
            if c < 0x20 { throw fail("unescaped control character in string", at: index) }
            if c < 0x80 {
                index += 1
            } else {
                try skipUTF8Sequence()
            }
        }
        throw fail("unterminated string", at: open)
    }

    /// Decodes the escape at `index` (a backslash) into `scratch`.
    mutating func parseEscape() throws(JSONParseError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw fail("unterminated string", at: escapeStart) }
        let c = bytes[index]
        index += 1
        switch c {
        case Byte.quote: scratch.append(Byte.quote)
        case Byte.backslash: scratch.append(Byte.backslash)
        case Byte.slash: scratch.append(Byte.slash)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(Byte.lineFeed)
        case UInt8(ascii: "r"): scratch.append(Byte.carriageReturn)
        case UInt8(ascii: "t"): scratch.append(Byte.tab)
        case UInt8(ascii: "u"):
            let unit = try parseHex4(escapeStart: escapeStart)
            var scalarValue = UInt32(unit)
            if unit >= 0xD800 && unit <= 0xDBFF {
                // A high surrogate must be followed by an escaped low surrogate.
                guard index + 1 < bytes.count, bytes[index] == Byte.backslash, bytes[index + 1] == UInt8(ascii: "u")
                else { throw fail("lone high surrogate in \\u escape", at: escapeStart) }
                let lowStart = index
                index += 2
                let low = try parseHex4(escapeStart: lowStart)
                guard low >= 0xDC00 && low <= 0xDFFF else {
                    throw fail("lone high surrogate in \\u escape", at: escapeStart)
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if unit >= 0xDC00 && unit <= 0xDFFF {
                throw fail("lone low surrogate in \\u escape", at: escapeStart)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else {
                throw fail("invalid \\u escape", at: escapeStart)
            }
            appendUTF8(scalar)
        default:
            throw fail("invalid escape sequence", at: escapeStart)
        }
    }

    mutating func parseHex4(escapeStart: Int) throws(JSONParseError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw fail("invalid \\u escape", at: escapeStart) }
            let c = bytes[index]
            let digit: UInt8
            switch c {
            case Byte.zero...Byte.nine: digit = c - Byte.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
            default: throw fail("invalid \\u escape", at: escapeStart)
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    mutating func appendUTF8(_ scalar: Unicode.Scalar) {
        let v = scalar.value
        switch v {
        case 0..<0x80:
            scratch.append(UInt8(v))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | (v >> 6)))
            scratch.append(UInt8(0x80 | (v & 0x3F)))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | (v >> 12)))
            scratch.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (v & 0x3F)))
        default:
            scratch.append(UInt8(0xF0 | (v >> 18)))
            scratch.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            scratch.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (v & 0x3F)))
        }
    }

    /// Validates the multi-byte UTF-8 sequence at `index` (RFC 3629: no overlong
    /// forms, no surrogates, nothing above U+10FFFF) and steps over it.
    @inline(__always)
    mutating func skipUTF8Sequence() throws(JSONParseError) {
        let lead = bytes[index]
        let continuationCount: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: continuationCount = 1
        case 0xE0: continuationCount = 2; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: continuationCount = 2
        case 0xED: continuationCount = 2; high = 0x9F
        case 0xF0: continuationCount = 3; low = 0x90
        case 0xF1...0xF3: continuationCount = 3
        case 0xF4: continuationCount = 3; high = 0x8F
        default: throw fail("invalid UTF-8 in string", at: index)
        }
        guard index + continuationCount < bytes.count else { throw fail("invalid UTF-8 in string", at: index) }
        let second = bytes[index + 1]
        guard second >= low && second <= high else { throw fail("invalid UTF-8 in string", at: index) }
        if continuationCount >= 2 {
            for k in 2...continuationCount where bytes[index + k] & 0xC0 != 0x80 {
                throw fail("invalid UTF-8 in string", at: index)
            }
        }
        index += continuationCount + 1
    }
}

/// Two uppercase hex digits.
func hex2(_ byte: UInt8) -> String {
    let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
}
