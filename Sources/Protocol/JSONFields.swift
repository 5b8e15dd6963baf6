import LifeJSON

/// Reads typed fields out of a JSON object, with errors that name the field and what it must be.
///
/// Every untrusted object (a request, an action, a state file) is read through this,
/// so each message says which field was wrong and why, and each error's ``ProtocolError/field``
/// points at it.
public struct JSONFields {
    /// The object's members.
    public let members: [String: JSON]
    /// Where the object sits, for messages ("action", "/settings").
    public let context: String
    /// Where the object sits in what is being read (a request, or an action), for the errors'
    /// ``ProtocolError/field``: the root for the request or action itself, `/viewport` for a
    /// request's viewport, `/display` for a settings update's display.
    public let pointer: JSONPointer
    /// The error code a wrong field gets.
    public let code: ErrorCode

    /// Fails with `code` unless `json` is an object.
    public init(_ json: JSON, at context: String, pointer: JSONPointer = .root, code: ErrorCode = .invalidArgument) throws(ProtocolError) {
        guard case .object(let members) = json else {
            throw ProtocolError(
                code, "\(context.isEmpty ? "the value" : context) must be an object, not \(json.typeName)",
                field: pointer.isRoot ? nil : pointer)
        }
        self.members = members
        self.context = context
        self.pointer = pointer
        self.code = code
    }

    private func name(_ key: String) -> String { context.isEmpty ? key : "\(context).\(key)" }

    /// The pointer to the member `key`, for errors about it.
    public func field(_ key: String) -> JSONPointer { JSONPointer(tokens: pointer.tokens + [key]) }

    /// An error about the member `key`, with this object's error code.
    public func error(_ key: String, _ message: String) -> ProtocolError { ProtocolError(code, message, field: field(key)) }

    /// The member `key`, which must be present.
    public func required(_ key: String) throws(ProtocolError) -> JSON {
        guard let value = members[key] else { throw error(key, "\(name(key)) is required") }
        return value
    }

    /// An integer member within `range`, written as an integer (`2`, not `2.0`, `2e0` or, for 0,
    /// `-0.0`); `defaultValue` when absent (or an error when there is none).
    public func int(_ key: String, in range: ClosedRange<Int>, default defaultValue: Int? = nil) throws(ProtocolError) -> Int {
        guard let value = members[key], value != .null else {
            if let defaultValue { return defaultValue }
            throw error(key, "\(name(key)) is required: an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        guard let int = value.exactIntValue, range.contains(int) else {
            throw error(key, "\(name(key)) must be an integer from \(range.lowerBound) to \(range.upperBound), not \(value.preview)")
        }
        return int
    }

    /// An optional integer member within `range`.
    public func optionalInt(_ key: String, in range: ClosedRange<Int>) throws(ProtocolError) -> Int? {
        guard let value = members[key], value != .null else { return nil }
        return try int(key, in: range)
    }

    /// A boolean member; `defaultValue` when absent.
    public func bool(_ key: String, default defaultValue: Bool? = nil) throws(ProtocolError) -> Bool {
        guard let value = members[key], value != .null else {
            if let defaultValue { return defaultValue }
            throw error(key, "\(name(key)) is required: true or false")
        }
        guard let bool = value.boolValue else {
            throw error(key, "\(name(key)) must be true or false, not \(value.preview)")
        }
        return bool
    }

    /// A string member; nil when absent.
    public func optionalString(_ key: String) throws(ProtocolError) -> String? {
        guard let value = members[key], value != .null else { return nil }
        guard let string = value.stringValue else {
            throw error(key, "\(name(key)) must be a string, not \(value.typeName)")
        }
        return string
    }

    /// A string member, which must be present.
    public func string(_ key: String) throws(ProtocolError) -> String {
        guard let string = try optionalString(key) else { throw error(key, "\(name(key)) is required: a string") }
        return string
    }

    /// Fails when the object has a member not in `known`, so typos are not silently ignored.
    public func rejectUnknown(_ known: Set<String>) throws(ProtocolError) {
        for key in members.keys.sorted() where !known.contains(key) {
            throw error(key, "\(name(key)) is not a known field (known: \(known.sorted().joined(separator: ", ")))")
        }
    }
}

extension JSON {
    /// The value as compact JSON, cut to about 40 characters, for error messages about untrusted input.
    public var preview: String {
        let full = text
        guard full.count > 40 else { return full }
        return String(full.prefix(40)) + "…"
    }
}
