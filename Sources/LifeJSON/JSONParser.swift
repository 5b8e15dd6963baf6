/// Why a byte sequence is not a JSON text, and where.
public struct JSONParseError: Error, Equatable, CustomStringConvertible {
    /// What was wrong, e.g. "expected ':' after object key".
    public var message: String
    /// The zero-based byte offset in the input where the problem was found.
    public var offset: Int
    /// Whether the text passed one of the ``JSONLimits`` (it may be valid JSON, only too much of it).
    public var exceededLimit: Bool
    /// For a limit: the container (or number) that passed it, from the text's root.
    public var field: JSONPointer?

    /// Creates an error with a message and the byte offset it refers to.
    public init(message: String, offset: Int, exceededLimit: Bool = false, field: JSONPointer? = nil) {
        self.message = message
        self.offset = offset
        self.exceededLimit = exceededLimit
        self.field = field
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

    /// Parses one untrusted JSON text (RFC 8259) from UTF-8 bytes, as ``init(parsing:maxDepth:)-(some Collection<UInt8>,_)``
    /// does, refusing it as soon as it passes one of `limits`: the work and memory it takes are
    /// bounded by the limits, not by the length of the text.
    public init(parsing bytes: some Collection<UInt8>, limits: JSONLimits) throws(JSONParseError) {
        let contiguous = bytes.withContiguousStorageIfAvailable { buffer in
            JSONByteParser.parse(buffer, limits: limits)
        }
        let result = contiguous ?? ContiguousArray(bytes).withUnsafeBufferPointer { buffer in
            JSONByteParser.parse(buffer, limits: limits)
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
enum Byte {
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

extension JSON {
    /// The member `key` of the object that `bytes` hold, skimmed for without reading the rest as
    /// JSON (the rest need not even be JSON): the id of a request refused for a limit, to echo.
    /// Nil when the text is no object or has no such member.
    public static func rootMember(_ key: String, in bytes: some Collection<UInt8>, maxDepth: Int = 64) -> JSON? {
        let found = bytes.withContiguousStorageIfAvailable { buffer in
            JSONByteParser.rootMember(key, in: buffer, maxDepth: maxDepth)
        }
        return found ?? ContiguousArray(bytes).withUnsafeBufferPointer { JSONByteParser.rootMember(key, in: $0, maxDepth: maxDepth) }
    }
}

extension JSONByteParser {
    /// Skims the text for the root object's member `key`: only brackets and strings are told
    /// apart (a few nanoseconds a byte, nothing built); the member's value alone is parsed.
    static func rootMember(_ key: String, in bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) -> JSON? {
        var parser = JSONByteParser(bytes: bytes, maxDepth: maxDepth)
        parser.discardsValues = true
        parser.skipWhitespace()
        guard parser.index < bytes.count, bytes[parser.index] == Byte.openBrace else { return nil }
        let wanted = Array(key.utf8)
        var index = parser.index + 1
        var depth = 1
        var found: JSON?
        while index < bytes.count {
            switch bytes[index] {
            case Byte.quote:
                let start = index + 1
                index = start
                while index < bytes.count && bytes[index] != Byte.quote { index += bytes[index] == Byte.backslash ? 2 : 1 }
                guard index < bytes.count else { return found }
                let end = index
                index += 1
                guard depth == 1, end - start == wanted.count, wanted.elementsEqual(UnsafeBufferPointer(rebasing: bytes[start..<end])) else { continue }
                parser.index = index
                parser.skipWhitespace()
                guard parser.index < bytes.count, bytes[parser.index] == Byte.colon else { continue }
                parser.index += 1
                // The last duplicate wins, as in a whole parse.
                guard let value = try? parser.parseValue(toEndOfInput: false) else { return found }
                found = value
                index = parser.index
            case Byte.openBrace, Byte.openBracket:
                depth += 1
                index += 1
            case Byte.closeBrace, Byte.closeBracket:
                depth -= 1
                if depth == 0 { return found }
                index += 1
            default:
                index += 1
            }
        }
        return found
    }
}

/// An iterative JSON parser over a byte buffer.
///
/// Every read of `bytes[index]` is guarded by `index < bytes.count`. Within the module it also
/// reads one value at a time from a text known to be valid (the course's pattern files are
/// read so, without building the whole text's value).
package struct JSONByteParser {
    package let bytes: UnsafeBufferPointer<UInt8>
    let limits: JSONLimits
    package var index = 0
    /// Reused buffer for strings that contain escapes.
    var scratch: [UInt8] = []
    /// Whether values are only checked, not kept: containers come out as `null`.
    package var discardsValues = false

    package init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.init(bytes: bytes, limits: JSONLimits(maxDepth: maxDepth))
    }

    package init(bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) -> Result<JSON, JSONParseError> {
        parse(bytes, limits: JSONLimits(maxDepth: maxDepth))
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) -> Result<JSON, JSONParseError> {
        var parser = JSONByteParser(bytes: bytes, limits: limits)
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
        /// The elements (or members) begun so far.
        var count = 1
    }

    /// Parses the value at `index` and leaves `index` after it; with `toEndOfInput`, only
    /// whitespace may follow it.
    package mutating func parseValue(toEndOfInput: Bool) throws(JSONParseError) -> JSON {
        var containers: [OpenContainer] = []
        var values: [JSON] = []
        var keys: [String] = []
        var valueCount = 0

        parseValue: while true {
            skipWhitespace()
            guard index < bytes.count else { throw unexpected("expected a value") }
            valueCount += 1
            guard valueCount <= limits.maxValues else {
                throw limitFailure("more than \(limits.maxValues) values", at: containers.count, containers, keys)
            }
            var value: JSON
            switch bytes[index] {
            case Byte.openBracket:
                guard containers.count < limits.maxDepth else {
                    throw fail("nesting deeper than \(limits.maxDepth) levels", at: index)
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
                guard containers.count < limits.maxDepth else {
                    throw fail("nesting deeper than \(limits.maxDepth) levels", at: index)
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
                do {
                    value = try parseNumber()
                } catch where error.exceededLimit {
                    throw limitFailure(error.message, at: containers.count, containers, keys, current: true)
                }
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
                        containers[containers.count - 1].count += 1
                        guard top.count < limits.maxElements else {
                            throw limitFailure("more than \(limits.maxElements) elements in an array", at: containers.count - 1, containers, keys)
                        }
                        continue parseValue
                    }
                    guard c == Byte.closeBracket else { throw unexpected("expected ',' or ']' in array") }
                    index += 1
                    value = discardsValues ? .null : .array(Array(values[top.valueStart...]))
                    values.removeSubrange(top.valueStart...)
                case .object:
                    if c == Byte.comma {
                        index += 1
                        containers[containers.count - 1].count += 1
                        guard top.count < limits.maxMembers else {
                            throw limitFailure("more than \(limits.maxMembers) members in an object", at: containers.count - 1, containers, keys)
                        }
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

    /// A limit passed by the container at `depth` of `containers` (or, with `current`, by the
    /// value being read inside it), with the pointer to it.
    private func limitFailure(
        _ message: String, at depth: Int, _ containers: [OpenContainer], _ keys: [String], current: Bool = false
    ) -> JSONParseError {
        var tokens: [String] = []
        let end = current ? containers.count : depth
        for level in 0..<end {
            switch containers[level].kind {
            case .array: tokens.append(String(containers[level].count - 1))
            case .object:
                let keyEnd = level + 1 < containers.count ? containers[level + 1].keyStart : keys.count
                tokens.append(keyEnd > 0 ? keys[keyEnd - 1] : "")
            }
        }
        return JSONParseError(message: message, offset: index, exceededLimit: true, field: JSONPointer(tokens: tokens))
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

}
