/// Why a byte sequence is not a JSON text, and where.
public struct JSONParseError: Error, Equatable, CustomStringConvertible {
    /// What was wrong, e.g. "expected ':' after object key".
    public var message: String
    /// The zero-based byte offset in the input where the problem was found.
    public var offset: Int

    /// Creates an error with a message and the byte offset it refers to.
    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// Reads like "invalid JSON at byte 12: expected ':' after object key".
    public var description: String { "invalid JSON at byte \(offset): \(message)" }
}

extension JSON {
    /// Parses one JSON text (RFC 8259) from UTF-8 bytes.
    ///
    /// Strict: exactly one value with optional surrounding whitespace, valid UTF-8,
    /// no control characters inside strings, no lone surrogates in `\u` escapes.
    /// Integer literals that fit in `Int` become ``int(_:)``; every other number
    /// becomes ``double(_:)``, and a number too large for `Double` is an error.
    /// Duplicate object keys: the last one wins.
    ///
    /// - Parameters:
    ///   - bytes: the UTF-8 encoded text.
    ///   - maxDepth: the deepest nesting of arrays and objects accepted; deeper
    ///     input is an error (the parser is iterative, so any depth fails fast).
    public init(parsing bytes: some Collection<UInt8>, maxDepth: Int = 512) throws(JSONParseError) {
        let contiguous = bytes.withContiguousStorageIfAvailable { buffer in
            JSONByteParser.parse(buffer, maxDepth: maxDepth)
        }
        let result = contiguous ?? ContiguousArray(bytes).withUnsafeBufferPointer { buffer in
            JSONByteParser.parse(buffer, maxDepth: maxDepth)
        }
        self = try result.get()
    }

    /// Parses one JSON text (RFC 8259) from a string; with the same rules as
    /// parsing its UTF-8 bytes.
    public init(parsing string: String, maxDepth: Int = 512) throws(JSONParseError) {
        let contiguous = string.utf8.withContiguousStorageIfAvailable { buffer in
            JSONByteParser.parse(buffer, maxDepth: maxDepth)
        }
        let result = contiguous ?? ContiguousArray(string.utf8).withUnsafeBufferPointer { buffer in
            JSONByteParser.parse(buffer, maxDepth: maxDepth)
        }
        self = try result.get()
    }
}

/// ASCII bytes the parser looks for.
private enum Byte {
    static let quote: UInt8 = 0x22  // "
    static let backslash: UInt8 = 0x5C  // \
    static let slash: UInt8 = 0x2F  // /
    static let comma: UInt8 = 0x2C  // ,
    static let colon: UInt8 = 0x3A  // :
    static let openBracket: UInt8 = 0x5B  // [
    static let closeBracket: UInt8 = 0x5D  // ]
    static let openBrace: UInt8 = 0x7B  // {
    static let closeBrace: UInt8 = 0x7D  // }
    static let minus: UInt8 = 0x2D  // -
    static let plus: UInt8 = 0x2B  // +
    static let dot: UInt8 = 0x2E  // .
    static let zero: UInt8 = 0x30  // 0
    static let nine: UInt8 = 0x39  // 9
    static let lowerE: UInt8 = 0x65  // e
    static let upperE: UInt8 = 0x45  // E
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
}

/// Exact powers of ten usable in the Clinger fast path (10^0 ... 10^22).
private let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

extension JSON {
    /// Checks that `bytes` hold one JSON text, exactly as ``init(parsing:maxDepth:)-(some Collection<UInt8>,_)``
    /// does (the same errors at the same offsets), without building its value: the memory it
    /// takes is the nesting, not the text.
    package static func validate(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = 512) throws(JSONParseError) {
        var parser = JSONByteParser(bytes: bytes, maxDepth: maxDepth)
        parser.discardsValues = true
        _ = try parser.parseValue(toEndOfInput: true)
    }
}

/// An iterative JSON parser over a byte buffer.
///
/// Every read of `bytes[index]` is guarded by `index < bytes.count`. Within the module it also
/// reads one value at a time from a text known to be valid (the course's pattern files are
/// read so, without building the whole text's value).
package struct JSONByteParser {
    package let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    package var index = 0
    /// Reused buffer for strings that contain escapes.
    var scratch: [UInt8] = []
    /// Whether values are only checked, not kept: containers come out as `null`.
    package var discardsValues = false

    package init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) -> Result<JSON, JSONParseError> {
        var parser = JSONByteParser(bytes: bytes, maxDepth: maxDepth)
        do throws(JSONParseError) {
            return .success(try parser.parseValue(toEndOfInput: true))
        } catch {
            return .failure(error)
        }
    }

    // MARK: Errors

    func fail(_ message: String, at offset: Int) -> JSONParseError {
        JSONParseError(message: message, offset: offset)
    }

    /// "unexpected character 'x'" / "unexpected byte 0xC3" / "unexpected end of input".
    func unexpected(_ context: String) -> JSONParseError {
        guard index < bytes.count else { return fail("unexpected end of input, \(context)", at: index) }
        let c = bytes[index]
        let what: String
        if c >= 0x21 && c < 0x7F {
            what = "unexpected character '\(Character(Unicode.Scalar(c)))'"
        } else {
            what = "unexpected byte 0x\(hex2(c))"
        }
        return fail("\(what), \(context)", at: index)
    }

    // MARK: Structure

    private enum ContainerKind { case array, object }

    private struct OpenContainer {
        var kind: ContainerKind
        /// Where this container's elements (or member values) start in `values`.
        var valueStart: Int
        /// Where this object's keys start in `keys`.
        var keyStart: Int
    }

    /// Parses the value at `index` and leaves `index` after it; with `toEndOfInput`, only
    /// whitespace may follow it.
    package mutating func parseValue(toEndOfInput: Bool) throws(JSONParseError) -> JSON {
        var containers: [OpenContainer] = []
        var values: [JSON] = []
        var keys: [String] = []

        parseValue: while true {
            skipWhitespace()
            guard index < bytes.count else { throw unexpected("expected a value") }
            var value: JSON
            switch bytes[index] {
            case Byte.openBracket:
                guard containers.count < maxDepth else {
                    throw fail("nesting deeper than \(maxDepth) levels", at: index)
                }
                index += 1
                skipWhitespace()
                if index < bytes.count && bytes[index] == Byte.closeBracket {
                    index += 1
                    value = .array([])
                } else {
                    containers.append(OpenContainer(kind: .array, valueStart: values.count, keyStart: keys.count))
                    continue parseValue
                }
            case Byte.openBrace:
                guard containers.count < maxDepth else {
                    throw fail("nesting deeper than \(maxDepth) levels", at: index)
                }
                index += 1
                skipWhitespace()
                if index < bytes.count && bytes[index] == Byte.closeBrace {
                    index += 1
                    value = .object([:])
                } else {
                    containers.append(OpenContainer(kind: .object, valueStart: values.count, keyStart: keys.count))
                    keys.append(try parseMemberKey())
                    continue parseValue
                }
            case Byte.quote:
                value = .string(try parseString())
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = .null
            case Byte.minus, Byte.zero...Byte.nine:
                value = try parseNumber()
            default:
                throw unexpected("expected a value")
            }

            // `value` is complete: hand it to the enclosing containers, closing
            // as many as the input closes.
            while true {
                guard let top = containers.last else {
                    guard toEndOfInput else { return value }
                    skipWhitespace()
                    guard index == bytes.count else { throw unexpected("expected end of input after the value") }
                    return value
                }
                if !discardsValues { values.append(value) }
                skipWhitespace()
                guard index < bytes.count else {
                    throw unexpected(top.kind == .array ? "expected ',' or ']' in array" : "expected ',' or '}' in object")
                }
                let c = bytes[index]
                switch top.kind {
                case .array:
                    if c == Byte.comma {
                        index += 1
                        continue parseValue
                    }
                    guard c == Byte.closeBracket else { throw unexpected("expected ',' or ']' in array") }
                    index += 1
                    value = discardsValues ? .null : .array(Array(values[top.valueStart...]))
                    values.removeSubrange(top.valueStart...)
                case .object:
                    if c == Byte.comma {
                        index += 1
                        keys.append(try parseMemberKey())
                        continue parseValue
                    }
                    guard c == Byte.closeBrace else { throw unexpected("expected ',' or '}' in object") }
                    index += 1
                    if discardsValues {
                        value = .null
                        keys.removeSubrange(top.keyStart...)
                        containers.removeLast()
                        continue
                    }
                    var members = [String: JSON](minimumCapacity: values.count - top.valueStart)
                    var k = top.keyStart
                    for v in values[top.valueStart...] {
                        members[keys[k]] = v  // last duplicate wins
                        k += 1
                    }
                    value = .object(members)
                    values.removeSubrange(top.valueStart...)
                    keys.removeSubrange(top.keyStart...)
                }
                containers.removeLast()
            }
        }
    }

    /// Parses `"key" :` (with whitespace), leaving `index` before the value.
    mutating func parseMemberKey() throws(JSONParseError) -> String {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == Byte.quote else {
            throw unexpected("expected string key in object")
        }
        let key = try parseString()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == Byte.colon else {
            throw unexpected("expected ':' after object key")
        }
        index += 1
        return key
    }

    /// Inlinable: the JSON pattern format (in Protocol) calls it before every token it reads.
    @inlinable
    package mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let start = index
        let count = literal.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for k in 0..<count {
            guard index < bytes.count, bytes[index] == expected[k] else {
                throw fail("invalid literal, expected '\(literal)'", at: start)
            }
            index += 1
        }
    }

    // MARK: Numbers

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

    // MARK: Strings

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
private func hex2(_ byte: UInt8) -> String {
    let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
}
