/// A JSON value, as the wire carries it.
///
/// Integers that fit in `Int` are kept exact as ``int(_:)``; every other number
/// is a ``double(_:)``. Objects are unordered (RFC 8259); the encoder writes
/// their keys sorted, so equal values always encode to equal bytes.
///
/// Equality is JSON equality: numbers compare by numeric value, so
/// `.int(1) == .double(1.0)`, and hashing agrees with that. (`NaN`, which no
/// JSON text can hold, is treated as equal to itself so that `==` stays an
/// equivalence relation.)
public enum JSON: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])
}

extension JSON {
    /// The member `key` of an object, or nil for a missing key or a non-object.
    public subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The integer, when this is a number with no fractional part that fits in `Int`.
    @inlinable public var intValue: Int? {
        switch self {
        case .int(let i): return i
        case .double(let d):
            guard d.rounded() == d, let i = Int(exactly: d) else { return nil }
            return i
        default: return nil
        }
    }

    /// The integer, when this is one written as an integer: `2` but not `2.0`, `2e0` or a number
    /// beyond `Int` (where a protocol expects an integer, only this is one).
    @inlinable public var exactIntValue: Int? {
        if case .int(let i) = self { return i }
        return nil
    }

    /// The number as a `Double`, when this is a number.
    public var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }

    /// The boolean, when this is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSON]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The members, when this is an object.
    public var objectValue: [String: JSON]? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// The JSON type name, for error messages: "null", "boolean", "number", "string", "array", "object".
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .int, .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    /// A repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        // Inserted one by one into a table of the right size: the state's JSON is made of these
        // at every change, and merging with a closure for duplicates cost twice as much.
        var members = [String: JSON](minimumCapacity: elements.count)
        for (key, value) in elements { members[key] = value }
        self = .object(members)
    }
}

extension JSON {
    /// JSON equality: same type and same value, numbers compared by numeric value
    /// (`.int(1) == .double(1.0)`, `.int(2) != .double(2.5)`), arrays element-wise
    /// in order, objects by member set regardless of order.
    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b || (a.isNaN && b.isNaN)
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)):
            // Exact: `Double(a) == b` would call 2^53 + 1 equal to 2^53.
            return Int(exactly: b) == a
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a == b
        default: return false
        }
    }

    /// Hashes consistently with ``==(_:_:)``: a double with an exact `Int` value
    /// hashes like that `Int`.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0 as UInt8)
        case .bool(let b):
            hasher.combine(1 as UInt8)
            hasher.combine(b)
        case .int(let i):
            hasher.combine(2 as UInt8)
            hasher.combine(i)
        case .double(let d):
            if let i = Int(exactly: d) {
                hasher.combine(2 as UInt8)
                hasher.combine(i)
            } else if d.isNaN {
                hasher.combine(3 as UInt8)
                hasher.combine(UInt64.max)
            } else {
                hasher.combine(3 as UInt8)
                hasher.combine(d)
            }
        case .string(let s):
            hasher.combine(4 as UInt8)
            hasher.combine(s)
        case .array(let a):
            hasher.combine(5 as UInt8)
            hasher.combine(a)
        case .object(let o):
            hasher.combine(6 as UInt8)
            hasher.combine(o)
        }
    }
}
