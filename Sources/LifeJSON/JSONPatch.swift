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
    ///
    /// Works in place (a uniquely referenced document is not copied); on failure
    /// the operations already applied are undone.
    public mutating func apply(_ patch: [PatchOperation]) throws(JSONPatchError) {
        // Inverse primitive steps of everything applied so far, to undo on failure.
        var undo: [PatchOperation] = []
        for (index, operation) in patch.enumerated() {
            do throws(JSONPatchError) {
                try apply(operation, recordingInversesIn: &undo)
            } catch {
                for inverse in undo.reversed() {
                    var ignored: [PatchOperation] = []
                    do throws(JSONPatchError) {
                        try apply(inverse, recordingInversesIn: &ignored)
                    } catch {
                        assertionFailure("undoing a JSON patch failed: \(error)")
                    }
                }
                throw JSONPatchError(message: error.message, operationIndex: index)
            }
        }
    }

    /// The result of applying the operations in order (RFC 6902).
    public func applying(_ patch: [PatchOperation]) throws(JSONPatchError) -> JSON {
        var document = self
        try document.apply(patch)
        return document
    }

    /// Applies one operation. Each primitive step either fails without changing
    /// anything or succeeds and appends its inverse (an `add`, `remove` or
    /// `replace` with a concrete path) to `undo`.
    private mutating func apply(
        _ operation: PatchOperation, recordingInversesIn undo: inout [PatchOperation]
    ) throws(JSONPatchError) {
        switch operation {
        case .add(let path, let value):
            undo.append(try add(value, at: path))
        case .remove(let path):
            undo.append(try remove(at: path).inverse)
        case .replace(let path, let value):
            let old = try modify(path.tokens[...], path: path) { (target: inout JSON) throws(JSONPatchError) -> JSON in
                let old = target
                target = value
                return old
            }
            undo.append(.replace(path: path, value: old))
        case .move(let from, let path):
            if from == path {
                guard self.value(at: from) != nil else { throw Self.missing(from) }
                return
            }
            if path.hasPrefix(from) {
                throw JSONPatchError(message: "cannot move \"\(from)\" into its own child \"\(path)\"")
            }
            let (value, inverse) = try remove(at: from)
            undo.append(inverse)
            undo.append(try add(value, at: path))
        case .copy(let from, let path):
            guard let value = self.value(at: from) else { throw Self.missing(from) }
            undo.append(try add(value, at: path))
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

    /// Adds `value` at `path`; returns the inverse step.
    private mutating func add(_ value: JSON, at path: JSONPointer) throws(JSONPatchError) -> PatchOperation {
        guard let last = path.tokens.last else {
            let old = self
            self = value
            return .replace(path: path, value: old)
        }
        let parentTokens = path.tokens.dropLast()
        return try modify(parentTokens, path: path) { (parent: inout JSON) throws(JSONPatchError) -> PatchOperation in
            if var members = parent.takeObject() {
                defer { parent = .object(members) }
                if let old = members.updateValue(value, forKey: last) { return .add(path: path, value: old) }
                return .remove(path: path)
            }
            if var elements = parent.takeArray() {
                defer { parent = .array(elements) }
                let index: Int
                if last == "-" {
                    index = elements.count
                } else if let i = JSONPointer.parseArrayIndex(last), i <= elements.count {
                    index = i
                } else {
                    throw JSONPatchError(message: "array index \"\(last)\" is out of bounds in \"\(path)\"")
                }
                elements.insert(value, at: index)
                return .remove(path: JSONPointer(tokens: Array(parentTokens) + [String(index)]))
            }
            throw JSONPatchError(message: "cannot add \"\(path)\": its parent is a \(parent.typeName)")
        }
    }

    /// Removes the existing value at `path`; returns it and the inverse step.
    private mutating func remove(at path: JSONPointer) throws(JSONPatchError) -> (value: JSON, inverse: PatchOperation) {
        guard let last = path.tokens.last else {
            throw JSONPatchError(message: "cannot remove the whole document")
        }
        return try modify(path.tokens.dropLast(), path: path) {
            (parent: inout JSON) throws(JSONPatchError) -> (value: JSON, inverse: PatchOperation) in
            if var members = parent.takeObject() {
                defer { parent = .object(members) }
                guard let position = members.index(forKey: last) else { throw Self.missing(path) }
                let removed = members.remove(at: position).value
                return (removed, .add(path: path, value: removed))
            }
            if var elements = parent.takeArray() {
                defer { parent = .array(elements) }
                guard let index = JSONPointer.arrayIndex(last, count: elements.count) else {
                    throw Self.missing(path)
                }
                let removed = elements.remove(at: index)
                return (removed, .add(path: path, value: removed))
            }
            throw Self.missing(path)
        }
    }

    /// Runs `body` on the existing value at `tokens` in place; `path` is for messages.
    /// When `body` throws, it must not have changed its argument.
    private mutating func modify<R>(
        _ tokens: ArraySlice<String>,
        path: JSONPointer,
        _ body: (inout JSON) throws(JSONPatchError) -> R
    ) throws(JSONPatchError) -> R {
        guard let token = tokens.first else { return try body(&self) }
        let rest = tokens.dropFirst()
        // Take the container out of `self` so that it is uniquely referenced while
        // it changes (no copy-on-write copy); every path puts it back.
        if var members = takeObject() {
            defer { self = .object(members) }
            guard let position = members.index(forKey: token) else { throw Self.missing(path) }
            return try members.values[position].modify(rest, path: path, body)
        }
        if var elements = takeArray() {
            defer { self = .array(elements) }
            guard let index = JSONPointer.arrayIndex(token, count: elements.count) else { throw Self.missing(path) }
            return try elements[index].modify(rest, path: path, body)
        }
        throw Self.missing(path)
    }

    /// The members of an object, moved out of `self` (which becomes `null`); nil
    /// and no change for other values.
    private mutating func takeObject() -> [String: JSON]? {
        guard case .object(let members) = self else { return nil }
        self = .null
        return members
    }

    /// The elements of an array, moved out of `self` (which becomes `null`); nil
    /// and no change for other values.
    private mutating func takeArray() -> [JSON]? {
        guard case .array(let elements) = self else { return nil }
        self = .null
        return elements
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
        var tokens = base.tokens
        diff(old, new, tokens: &tokens, into: &operations)
        return operations
    }

    /// The one `add` or `remove` that turns `a` into `b` when `b` is `a` with one element
    /// inserted or taken out before its end (one configuration removed from the middle of a list
    /// of 10000 is one operation, not the list replaced); nil otherwise, and for an element
    /// added or removed at the end, which the element-wise comparison says as well.
    private static func oneElementShift(_ a: [JSON], _ b: [JSON], tokens: [String]) -> PatchOperation? {
        guard abs(a.count - b.count) == 1 else { return nil }
        let (longer, shorter) = a.count > b.count ? (a, b) : (b, a)
        let start = sharedPrefix(shorter, 0, longer, 0)
        guard let at = shorter.indices[start...].first(where: { shorter[$0] != longer[$0] }) else { return nil }
        let same = sharedPrefix(shorter, at, longer, at + 1)
        guard shorter[(at + same)...].elementsEqual(longer[(at + 1 + same)...]) else { return nil }
        let path = JSONPointer(tokens: tokens + [String(at)])
        return a.count > b.count ? .remove(path: path) : .add(path: path, value: b[at])
    }

    /// How many elements from `a[i]` and `b[j]` on are the very same values (``sameBitsPrefix(_:_:_:_:)``).
    package static func sharedPrefix(_ a: [JSON], _ i: Int, _ b: [JSON], _ j: Int) -> Int { sameBitsPrefix(a, i, b, j) }

    /// Appends the operations turning `old` into `new`, both at `tokens` (which is
    /// used as a stack and restored before returning).
    private static func diff(_ old: JSON, _ new: JSON, tokens: inout [String], into operations: inout [PatchOperation]) {
        switch (old, new) {
        case (.object(let a), .object(let b)):
            // Each member is looked up once (a state's small objects are diffed at every change),
            // and `a` is searched for removals only when some of its members are not in `b`.
            var changed: [(key: String, old: JSON?, new: JSON)] = []
            var common = 0
            for (key, newValue) in b {
                let oldValue = a[key]
                if oldValue != nil { common += 1 }
                if oldValue != newValue { changed.append((key, oldValue, newValue)) }
            }
            if common < a.count {
                var removed: [String] = []
                for key in a.keys where b[key] == nil { removed.append(key) }
                for key in removed.sorted(by: utf8Precedes) {
                    operations.append(.remove(path: JSONPointer(tokens: tokens + [key])))
                }
            }
            for member in changed.sorted(by: { utf8Precedes($0.key, $1.key) }) {
                if let oldValue = member.old {
                    tokens.append(member.key)
                    diff(oldValue, member.new, tokens: &tokens, into: &operations)
                    tokens.removeLast()
                } else {
                    operations.append(.add(path: JSONPointer(tokens: tokens + [member.key]), value: member.new))
                }
            }
        case (.array(let a), .array(let b)):
            if let shift = oneElementShift(a, b, tokens: tokens) {
                operations.append(shift)
                return
            }
            var arrayOperations: [PatchOperation] = []
            let common = min(a.count, b.count)
            for i in sharedPrefix(a, 0, b, 0)..<common where a[i] != b[i] {
                tokens.append(String(i))
                diff(a[i], b[i], tokens: &tokens, into: &arrayOperations)
                tokens.removeLast()
            }
            if b.count > a.count {
                for i in a.count..<b.count {
                    arrayOperations.append(.add(path: JSONPointer(tokens: tokens + [String(i)]), value: b[i]))
                }
            } else {
                for i in (b.count..<a.count).reversed() {
                    arrayOperations.append(.remove(path: JSONPointer(tokens: tokens + [String(i)])))
                }
            }
            if arrayOperations.count > max(1, b.count) {
                operations.append(.replace(path: JSONPointer(tokens: tokens), value: new))
            } else {
                operations.append(contentsOf: arrayOperations)
            }
        default:
            if old != new {
                operations.append(.replace(path: JSONPointer(tokens: tokens), value: new))
            }
        }
    }
}

/// How many elements from `a[i]` and `b[j]` on have the very same bits: for values made of
/// references and plain numbers, the same values by identity (the same strings, objects and
/// arrays, as versions of a list share them). Compares words, not values, so a list of 10000
/// takes microseconds; elements whose bits differ may still be equal, and callers compare those
/// by value. Only each element's `size` bytes are read, never the padding after it.
package func sameBitsPrefix<Element>(_ a: [Element], _ i: Int, _ b: [Element], _ j: Int) -> Int {
    let count = min(a.count - i, b.count - j)
    guard count > 0 else { return 0 }
    let stride = MemoryLayout<Element>.stride
    let size = MemoryLayout<Element>.size
    return a.withUnsafeBytes { left in
        b.withUnsafeBytes { right in
            for k in 0..<count {
                let l = (i + k) * stride
                let r = (j + k) * stride
                var offset = 0
                while offset + 8 <= size {
                    if left.loadUnaligned(fromByteOffset: l + offset, as: UInt64.self)
                        != right.loadUnaligned(fromByteOffset: r + offset, as: UInt64.self)
                    {
                        return k
                    }
                    offset += 8
                }
                while offset < size {
                    if left[l + offset] != right[r + offset] { return k }
                    offset += 1
                }
            }
            return count
        }
    }
}
