extension JSONByteParser {
    // The parser's numbers: integers, and doubles by the Clinger fast path or the standard library (JSONParser.swift holds the rest).

    @inline(__always)
    static func isDigit(_ c: UInt8) -> Bool { c >= Byte.zero && c <= Byte.nine }

    mutating func parseNumber() throws(JSONParseError) -> JSON {
        let start = index
        var negative = false
        if bytes[index] == Byte.minus {
            negative = true
            index += 1
        }
        // Significant decimal digits, for the exact fast path: value = mantissa * 10^decimalExponent.
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var mantissaExact = true
        var decimalExponent = 0

        guard index < bytes.count, Self.isDigit(bytes[index]) else {
            throw unexpected("expected a digit in number")
        }
        let integerStart = index
        if bytes[index] == Byte.zero {
            index += 1
            if index < bytes.count && Self.isDigit(bytes[index]) {
                throw fail("leading zeros are not allowed in numbers", at: start)
            }
        } else {
            while index < bytes.count && Self.isDigit(bytes[index]) {
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- Byte.zero)
                    significantDigits += 1
                } else {
                    mantissaExact = false
                }
                index += 1
            }
        }
        let integerEnd = index

        var isInteger = true
        if index < bytes.count && bytes[index] == Byte.dot {
            isInteger = false
            index += 1
            guard index < bytes.count, Self.isDigit(bytes[index]) else {
                throw unexpected("expected a digit after the decimal point")
            }
            while index < bytes.count && Self.isDigit(bytes[index]) {
                let d = bytes[index] &- Byte.zero
                if mantissa == 0 && d == 0 {
                    decimalExponent -= 1  // leading zero of the fraction
                } else if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(d)
                    significantDigits += 1
                    decimalExponent -= 1
                } else {
                    mantissaExact = false
                }
                index += 1
            }
        }
        if index < bytes.count && (bytes[index] == Byte.lowerE || bytes[index] == Byte.upperE) {
            isInteger = false
            index += 1
            var exponentNegative = false
            if index < bytes.count && (bytes[index] == Byte.plus || bytes[index] == Byte.minus) {
                exponentNegative = bytes[index] == Byte.minus
                index += 1
            }
            guard index < bytes.count, Self.isDigit(bytes[index]) else {
                throw unexpected("expected a digit in exponent")
            }
            var exponent = 0
            while index < bytes.count && Self.isDigit(bytes[index]) {
                if exponent < 1_000_000 {
                    exponent = exponent * 10 + Int(bytes[index] &- Byte.zero)
                }
                index += 1
            }
            decimalExponent += exponentNegative ? -exponent : exponent
        }
        guard index - start <= limits.maxNumberLength else {
            throw JSONParseError(
                message: "a number of \(index - start) characters (at most \(limits.maxNumberLength))", offset: start, exceededLimit: true)
        }

        if isInteger, let value = Self.integerValue(bytes, from: integerStart, to: integerEnd, negative: negative) {
            return .int(value)
        }

        // Exact fast path (Clinger): a mantissa below 2^53 times an exactly
        // representable power of ten is correctly rounded by one operation.
        if mantissaExact && mantissa == 0 {
            return .double(negative ? -0.0 : 0.0)
        }
        if mantissaExact && mantissa < (1 << 53) && decimalExponent >= -22 && decimalExponent <= 22 {
            var d = Double(mantissa)
            if decimalExponent >= 0 {
                d *= exactPowersOfTen[decimalExponent]
            } else {
                d /= exactPowersOfTen[-decimalExponent]
            }
            return .double(negative ? -d : d)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let d = Double(text), d.isFinite else {
            throw fail("number out of range", at: start)
        }
        return .double(d)
    }

    /// The integer spelled by the digits in `from..<to`, or nil if it does not fit in `Int`.
    static func integerValue(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, negative: Bool) -> Int? {
        // Accumulate negatively so that Int.min is representable.
        var value = 0
        for k in from..<to {
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = shifted.subtractingReportingOverflow(Int(bytes[k] &- Byte.zero))
            if overflow1 || overflow2 { return nil }
            value = next
        }
        if negative { return value }
        return value == Int.min ? nil : -value
    }

}

/// Exact powers of ten usable in the Clinger fast path (10^0 ... 10^22).
let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]
