/// One JSON Patch (RFC 6902) operation.
public enum PatchOperation: Hashable, Sendable {
    /// Adds `value` at `path`: inserts into an array (index or `-` for the end),
    /// sets an object member (replacing any existing one), or replaces the whole
    /// document at the root. The parent must exist.
    case add(path: JSONPointer, value: JSON)
    /// Removes the existing value at `path`.
    case remove(path: JSONPointer)
    /// Replaces the existing value at `path`.
    case replace(path: JSONPointer, value: JSON)
    /// Removes the value at `from` and adds it at `path`.
    case move(from: JSONPointer, path: JSONPointer)
    /// Adds a copy of the value at `from` at `path`.
    case copy(from: JSONPointer, path: JSONPointer)
    /// Fails unless the value at `path` equals `value` (numbers by numeric value).
    case test(path: JSONPointer, value: JSON)

    /// The RFC 6902 object form, e.g. `{"op":"add","path":"/a","value":1}`.
    public var json: JSON {
        switch self {
        case .add(let path, let value):
            return ["op": "add", "path": .string(path.description), "value": value]
        case .remove(let path):
            return ["op": "remove", "path": .string(path.description)]
        case .replace(let path, let value):
            return ["op": "replace", "path": .string(path.description), "value": value]
        case .move(let from, let path):
            return ["op": "move", "from": .string(from.description), "path": .string(path.description)]
        case .copy(let from, let path):
            return ["op": "copy", "from": .string(from.description), "path": .string(path.description)]
        case .test(let path, let value):
            return ["op": "test", "path": .string(path.description), "value": value]
        }
    }

    /// Reads the RFC 6902 object form. Members other than `op`, `path`, `from`
    /// and `value` are ignored; a `value` of `null` is a value, a missing one is an error.
    public init(json: JSON) throws(JSONPatchError) {
        guard case .object(let members) = json else {
            throw JSONPatchError(message: "an operation must be an object, not \(json.typeName)")
        }
        guard let op = members["op"]?.stringValue else {
            throw JSONPatchError(message: "an operation needs a string \"op\" member")
        }

        func pointer(_ name: String) throws(JSONPatchError) -> JSONPointer {
            guard let text = members[name]?.stringValue else {
                throw JSONPatchError(message: "\"\(op)\" needs a string \"\(name)\" member")
            }
            do throws(JSONPointerError) {
                return try JSONPointer(parsing: text)
            } catch {
                throw JSONPatchError(message: "\"\(name)\": \(error.description)")
            }
        }
        func value() throws(JSONPatchError) -> JSON {
            guard let value = members["value"] else {
                throw JSONPatchError(message: "\"\(op)\" needs a \"value\" member")
            }
            return value
        }

        switch op {
        case "add": self = .add(path: try pointer("path"), value: try value())
        case "remove": self = .remove(path: try pointer("path"))
        case "replace": self = .replace(path: try pointer("path"), value: try value())
        case "move": self = .move(from: try pointer("from"), path: try pointer("path"))
        case "copy": self = .copy(from: try pointer("from"), path: try pointer("path"))
        case "test": self = .test(path: try pointer("path"), value: try value())
        default: throw JSONPatchError(message: "unknown op \"\(op)\"")
        }
    }

    /// Reads a patch document: a JSON array of operations in object form.
    /// A failing element is reported with its index.
    public static func patch(from json: JSON) throws(JSONPatchError) -> [PatchOperation] {
        guard case .array(let elements) = json else {
            throw JSONPatchError(message: "a patch must be an array, not \(json.typeName)")
        }
        var operations: [PatchOperation] = []
        operations.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            do throws(JSONPatchError) {
                operations.append(try PatchOperation(json: element))
            } catch {
                throw JSONPatchError(message: error.message, operationIndex: index)
            }
        }
        return operations
    }

    /// A patch document: the JSON array of the operations' object forms.
    public static func json(for patch: [PatchOperation]) -> JSON {
        .array(patch.map(\.json))
    }
}

/// Why a patch could not be read or applied.
public struct JSONPatchError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, e.g. "path \"/a/b\" does not exist".
    public var message: String
    /// The zero-based index of the failing operation in its patch, when known.
    public var operationIndex: Int?

    /// Creates an error, optionally naming the failing operation's index.
    public init(message: String, operationIndex: Int? = nil) {
        self.message = message
        self.operationIndex = operationIndex
    }

    /// Reads like "JSON patch operation 2: test failed at \"/a\"".
    public var description: String {
        if let operationIndex { return "JSON patch operation \(operationIndex): \(message)" }
        return "invalid JSON patch: \(message)"
    }
}

extension JSON {
    /// Applies the operations in order (RFC 6902). Atomic: if any operation fails
    /// the error names it and `self` is left unchanged.
    public mutating func apply(_ patch: [PatchOperation]) throws(JSONPatchError) {
        self = try applying(patch)
    }

    /// The result of applying the operations in order (RFC 6902).
    public func applying(_ patch: [PatchOperation]) throws(JSONPatchError) -> JSON {
        var document = self
        for (index, operation) in patch.enumerated() {
            do throws(JSONPatchError) {
                try document.apply(operation)
            } catch {
                throw JSONPatchError(message: error.message, operationIndex: index)
            }
        }
        return document
    }

    /// Applies one operation; may leave `self` partly changed on failure (callers
    /// work on a copy).
    private mutating func apply(_ operation: PatchOperation) throws(JSONPatchError) {
        switch operation {
        case .add(let path, let value):
            try add(value, at: path)
        case .remove(let path):
            _ = try remove(at: path)
        case .replace(let path, let value):
            try modify(path.tokens[...], path: path) { (target: inout JSON) throws(JSONPatchError) in
                target = value
            }
        case .move(let from, let path):
            if from == path {
                guard self.value(at: from) != nil else { throw Self.missing(from) }
                return
            }
            if path.hasPrefix(from) {
                throw JSONPatchError(message: "cannot move \"\(from)\" into its own child \"\(path)\"")
            }
            let value = try remove(at: from)
            try add(value, at: path)
        case .copy(let from, let path):
            guard let value = self.value(at: from) else { throw Self.missing(from) }
            try add(value, at: path)
        case .test(let path, let value):
            guard let actual = self.value(at: path) else { throw Self.missing(path) }
            guard actual == value else {
                throw JSONPatchError(message: "test failed at \"\(path)\": found \(actual.text), expected \(value.text)")
            }
        }
    }

    private static func missing(_ path: JSONPointer) -> JSONPatchError {
        JSONPatchError(message: "path \"\(path)\" does not exist")
    }

    private mutating func add(_ value: JSON, at path: JSONPointer) throws(JSONPatchError) {
        guard let last = path.tokens.last else {
            self = value
            return
        }
        try modify(path.tokens.dropLast(), path: path) { (parent: inout JSON) throws(JSONPatchError) in
            switch parent {
            case .object(var members):
                parent = .null  // keep `members` uniquely referenced
                members[last] = value
                parent = .object(members)
            case .array(var elements):
                let index: Int
                if last == "-" {
                    index = elements.count
                } else if let i = JSONPointer.parseArrayIndex(last), i <= elements.count {
                    index = i
                } else {
                    throw JSONPatchError(message: "array index \"\(last)\" is out of bounds in \"\(path)\"")
                }
                parent = .null
                elements.insert(value, at: index)
                parent = .array(elements)
            default:
                throw JSONPatchError(message: "cannot add \"\(path)\": its parent is a \(parent.typeName)")
            }
        }
    }

    /// Removes and returns the existing value at `path`.
    private mutating func remove(at path: JSONPointer) throws(JSONPatchError) -> JSON {
        guard let last = path.tokens.last else {
            throw JSONPatchError(message: "cannot remove the whole document")
        }
        return try modify(path.tokens.dropLast(), path: path) { (parent: inout JSON) throws(JSONPatchError) -> JSON in
            switch parent {
            case .object(var members):
                parent = .null
                let removed = members.removeValue(forKey: last)
                parent = .object(members)
                guard let removed else { throw Self.missing(path) }
                return removed
            case .array(var elements):
                guard let index = JSONPointer.arrayIndex(last, count: elements.count) else {
                    throw Self.missing(path)
                }
                parent = .null
                let removed = elements.remove(at: index)
                parent = .array(elements)
                return removed
            default:
                throw Self.missing(path)
            }
        }
    }

    /// Runs `body` on the existing value at `tokens` in place; `path` is for messages.
    private mutating func modify<R>(
        _ tokens: ArraySlice<String>,
        path: JSONPointer,
        _ body: (inout JSON) throws(JSONPatchError) -> R
    ) throws(JSONPatchError) -> R {
        guard let token = tokens.first else { return try body(&self) }
        let rest = tokens.dropFirst()
        switch self {
        case .object(var members):
            guard let position = members.index(forKey: token) else { throw Self.missing(path) }
            self = .null  // keep `members` uniquely referenced while it changes
            defer { self = .object(members) }
            return try members.values[position].modify(rest, path: path, body)
        case .array(var elements):
            guard let index = JSONPointer.arrayIndex(token, count: elements.count) else { throw Self.missing(path) }
            self = .null
            defer { self = .array(elements) }
            return try elements[index].modify(rest, path: path, body)
        default:
            throw Self.missing(path)
        }
    }
}

/// Computes JSON Patches between documents.
public enum JSONDiff {
    /// A small patch that turns `old` into `new`: `old.applying(patch) == new`.
    ///
    /// Objects are compared member by member (removals, additions, recursion into
    /// common keys); arrays element-wise over the common prefix, then tail elements
    /// are added at explicit indices or removed from the highest index down — unless
    /// that takes more operations than `new` has elements, in which case the array
    /// is replaced whole. Any other change is a `replace`. Equal values produce no
    /// operations. Paths are `base` followed by the path inside `old`.
    public static func patch(from old: JSON, to new: JSON, at base: JSONPointer = .root) -> [PatchOperation] {
        var operations: [PatchOperation] = []
        diff(old, new, at: base, into: &operations)
        return operations
    }

    private static func diff(_ old: JSON, _ new: JSON, at path: JSONPointer, into operations: inout [PatchOperation]) {
        switch (old, new) {
        case (.object(let a), .object(let b)):
            for key in a.keys.sorted(by: utf8Order) where b[key] == nil {
                operations.append(.remove(path: path.appending(key)))
            }
            for key in b.keys.sorted(by: utf8Order) {
                guard let newValue = b[key] else { continue }
                if let oldValue = a[key] {
                    diff(oldValue, newValue, at: path.appending(key), into: &operations)
                } else {
                    operations.append(.add(path: path.appending(key), value: newValue))
                }
            }
        case (.array(let a), .array(let b)):
            var arrayOperations: [PatchOperation] = []
            let common = min(a.count, b.count)
            for i in 0..<common {
                diff(a[i], b[i], at: path.appending(index: i), into: &arrayOperations)
            }
            if b.count > a.count {
                for i in a.count..<b.count {
                    arrayOperations.append(.add(path: path.appending(index: i), value: b[i]))
                }
            } else {
                for i in (b.count..<a.count).reversed() {
                    arrayOperations.append(.remove(path: path.appending(index: i)))
                }
            }
            if arrayOperations.count > max(1, b.count) {
                operations.append(.replace(path: path, value: new))
            } else {
                operations.append(contentsOf: arrayOperations)
            }
        default:
            if old != new {
                operations.append(.replace(path: path, value: new))
            }
        }
    }

    private static func utf8Order(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}
