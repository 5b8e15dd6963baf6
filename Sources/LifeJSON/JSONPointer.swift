/// A JSON Pointer (RFC 6901): a path of reference tokens into a JSON document.
///
/// The string form is `""` for the whole document, otherwise each token preceded
/// by `/`, with `~` written `~0` and `/` written `~1`.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible {
    /// The unescaped reference tokens, outermost first.
    public var tokens: [String]

    /// A pointer from unescaped tokens.
    public init(tokens: [String]) {
        self.tokens = tokens
    }

    /// The pointer to the whole document.
    public static let root = JSONPointer(tokens: [])

    /// Parses the string form: `""`, or `/`-separated tokens where `~0` means `~`
    /// and `~1` means `/`. Any other use of `~`, or a non-empty pointer that does
    /// not start with `/`, is an error.
    public init(parsing string: String) throws(JSONPointerError) {
        var tokens: [String] = []
        var current: [UInt8] = []
        var started = false
        var pendingTilde = false
        var offset = 0
        for byte in string.utf8 {
            defer { offset += 1 }
            if !started {
                guard byte == UInt8(ascii: "/") else {
                    throw JSONPointerError(message: "a non-empty pointer must start with '/'", pointer: string)
                }
                started = true
                continue
            }
            if pendingTilde {
                switch byte {
                case UInt8(ascii: "0"): current.append(UInt8(ascii: "~"))
                case UInt8(ascii: "1"): current.append(UInt8(ascii: "/"))
                default:
                    throw JSONPointerError(
                        message: "'~' at byte \(offset - 1) must be followed by '0' or '1'", pointer: string)
                }
                pendingTilde = false
                continue
            }
            switch byte {
            case UInt8(ascii: "~"):
                pendingTilde = true
            case UInt8(ascii: "/"):
                tokens.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            default:
                current.append(byte)
            }
        }
        if pendingTilde {
            throw JSONPointerError(message: "'~' at the end must be followed by '0' or '1'", pointer: string)
        }
        if started {
            tokens.append(String(decoding: current, as: UTF8.self))
        }
        self.tokens = tokens
    }

    /// The escaped string form; `""` for the root.
    public var description: String {
        var bytes: [UInt8] = []
        appendText(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the pointer's text (``description``'s UTF-8) to `bytes`.
    func appendText(to bytes: inout [UInt8]) {
        for token in tokens {
            bytes.append(UInt8(ascii: "/"))
            for byte in token.utf8 {
                switch byte {
                case UInt8(ascii: "~"): bytes.append(UInt8(ascii: "~")); bytes.append(UInt8(ascii: "0"))
                case UInt8(ascii: "/"): bytes.append(UInt8(ascii: "~")); bytes.append(UInt8(ascii: "1"))
                default: bytes.append(byte)
                }
            }
        }
    }

    /// This pointer extended by one (unescaped) token.
    public func appending(_ token: String) -> JSONPointer {
        JSONPointer(tokens: tokens + [token])
    }

    /// This pointer extended by an array index.
    public func appending(index: Int) -> JSONPointer {
        appending(String(index))
    }

    /// The pointer to the containing value; nil for the root.
    public var parent: JSONPointer? {
        guard !tokens.isEmpty else { return nil }
        return JSONPointer(tokens: Array(tokens.dropLast()))
    }

    /// The last token; nil for the root.
    public var lastToken: String? { tokens.last }

    /// Whether this is the pointer to the whole document.
    public var isRoot: Bool { tokens.isEmpty }

    /// Whether `other`'s tokens are a prefix of this pointer's (every pointer has
    /// itself and the root as prefixes).
    public func hasPrefix(_ other: JSONPointer) -> Bool {
        tokens.starts(with: other.tokens)
    }

    /// The array index a token denotes for a read: decimal digits without leading
    /// zeros (except "0" itself), below `count`. `-` never resolves.
    static func arrayIndex(_ token: String, count: Int) -> Int? {
        guard let index = parseArrayIndex(token), index < count else { return nil }
        return index
    }

    /// A token's value as an array index, or nil if it is not one (`-` is not one).
    static func parseArrayIndex(_ token: String) -> Int? {
        let utf8 = token.utf8
        guard let first = utf8.first else { return nil }
        if first == UInt8(ascii: "0") { return utf8.count == 1 ? 0 : nil }
        var value = 0
        for byte in utf8 {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = shifted.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            if o1 || o2 { return nil }
            value = next
        }
        return value
    }
}

/// Why a string is not a JSON Pointer.
public struct JSONPointerError: Error, Equatable, CustomStringConvertible {
    /// What was wrong.
    public var message: String
    /// The offending pointer text.
    public var pointer: String

    /// Creates an error for `pointer`.
    public init(message: String, pointer: String) {
        self.message = message
        self.pointer = pointer
    }

    /// Reads like `invalid JSON pointer "a/b": a non-empty pointer must start with '/'`.
    public var description: String { "invalid JSON pointer \"\(pointer)\": \(message)" }
}

extension JSON {
    /// The value `pointer` refers to, or nil when it does not resolve (a missing
    /// key, an index out of range or malformed, `-`, or a step into a scalar).
    public func value(at pointer: JSONPointer) -> JSON? {
        var current = self
        for token in pointer.tokens {
            switch current {
            case .object(let members):
                guard let next = members[token] else { return nil }
                current = next
            case .array(let elements):
                guard let index = JSONPointer.arrayIndex(token, count: elements.count) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}
